cortex_add_grammar(grammar_php "${NM}/tree-sitter-php/php/src")
cortex_plugin_from_dir(php GRAMMARS grammar_php)
