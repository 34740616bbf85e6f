cortex_add_grammar(grammar_rust "${NM}/tree-sitter-rust/src")
cortex_plugin_from_dir(rust GRAMMARS grammar_rust)
