cortex_add_grammar(grammar_javascript "${NM}/tree-sitter-javascript/src")
cortex_plugin_from_dir(javascript GRAMMARS grammar_javascript SOURCES imports.c)
