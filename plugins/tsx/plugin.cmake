# TSX: TypeScript's plugin.c and queries, with JavaScript's JSX ones, on the tsx grammar.
cortex_add_grammar(grammar_tsx "${NM}/tree-sitter-typescript/tsx/src")
set(js "${CMAKE_CURRENT_SOURCE_DIR}/javascript/queries")
cortex_add_plugin(tsx
  SOURCES typescript/plugin.c javascript/imports.c
  GRAMMARS grammar_tsx
  QUERIES "${CMAKE_CURRENT_SOURCE_DIR}/typescript/queries/types.scm" "${js}/tags.scm" "${js}/imports.scm" "${js}/calls.scm" "${js}/jsx.scm"
          "${js}/texts.scm")
target_include_directories(cortex_plugin_tsx PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/javascript")
target_compile_definitions(cortex_plugin_tsx PRIVATE CORTEX_TSX) # typescript/plugin.c, built as tsx
set_property(GLOBAL APPEND PROPERTY CORTEX_PLUGIN_TARGETS cortex_plugin_tsx)
