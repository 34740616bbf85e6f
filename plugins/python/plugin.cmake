cortex_add_grammar(grammar_python "${NM}/tree-sitter-python/src")
cortex_plugin_from_dir(python GRAMMARS grammar_python)
