# C++: its own grammar and queries; #include resolution is the C plugin's
# (plugins/c/includes.c, compiled into both).
cortex_add_grammar(grammar_cpp "${NM}/tree-sitter-cpp/src")
cortex_plugin_from_dir(cpp GRAMMARS grammar_cpp SOURCES ../c/includes.c)
target_include_directories(cortex_plugin_cpp PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/c")
