cortex_add_grammar(grammar_ruby "${NM}/tree-sitter-ruby/src")
cortex_plugin_from_dir(ruby GRAMMARS grammar_ruby)
