cortex_add_grammar(grammar_bash "${NM}/tree-sitter-bash/src")
cortex_plugin_from_dir(bash GRAMMARS grammar_bash)
