cortex_add_grammar(grammar_markdown "${NM}/@tree-sitter-grammars/tree-sitter-markdown/tree-sitter-markdown/src"
                   SCANNER "${CMAKE_CURRENT_SOURCE_DIR}/markdown/scanner_bounded.c")
cortex_plugin_from_dir(markdown GRAMMARS grammar_markdown)
