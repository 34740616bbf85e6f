cortex_add_grammar(grammar_c "${NM}/tree-sitter-c/src") # also used by tests/fixtures/plugins
cortex_plugin_from_dir(c GRAMMARS grammar_c SOURCES includes.c)
