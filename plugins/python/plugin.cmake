cortex_add_grammar(grammar_python "${NM}/tree-sitter-python/src"
                   SCANNER "${CMAKE_CURRENT_SOURCE_DIR}/python/scanner_bounded.c")
cortex_plugin_from_dir(python GRAMMARS grammar_python)
