cortex_add_grammar(grammar_go "${NM}/tree-sitter-go/src")
cortex_plugin_from_dir(go GRAMMARS grammar_go SOURCES constraints.c)
