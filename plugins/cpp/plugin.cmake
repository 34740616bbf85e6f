# C++: its own grammar and queries; plugin.c resolves #include as C does.
cortex_add_grammar(grammar_cpp "${NM}/tree-sitter-cpp/src")
cortex_plugin_from_dir(cpp GRAMMARS grammar_cpp)
