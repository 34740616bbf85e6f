cortex_add_grammar(grammar_java "${NM}/tree-sitter-java/src")
cortex_plugin_from_dir(java GRAMMARS grammar_java)
