cortex_add_grammar(grammar_ruby "${NM}/tree-sitter-ruby/src"
                   SCANNER "${CMAKE_CURRENT_SOURCE_DIR}/ruby/scanner_bounded.c")
cortex_plugin_from_dir(ruby GRAMMARS grammar_ruby)
