cortex_add_grammar(grammar_csharp "${NM}/tree-sitter-c-sharp/src")
cortex_plugin_from_dir(csharp GRAMMARS grammar_csharp)
