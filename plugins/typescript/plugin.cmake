# TypeScript shares JavaScript's queries (the grammars agree on those nodes)
# and adds its own types.scm: interfaces, type aliases, enums, namespaces,
# fields and accessibility, type references.
cortex_add_grammar(grammar_typescript "${NM}/tree-sitter-typescript/typescript/src")
set(js "${CMAKE_CURRENT_SOURCE_DIR}/javascript/queries")
cortex_add_plugin(typescript
  SOURCES typescript/plugin.c javascript/imports.c
  GRAMMARS grammar_typescript
  QUERIES "${CMAKE_CURRENT_SOURCE_DIR}/typescript/queries/types.scm" "${js}/tags.scm" "${js}/imports.scm" "${js}/calls.scm" "${js}/texts.scm")
target_include_directories(cortex_plugin_typescript PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/javascript")
set_property(GLOBAL APPEND PROPERTY CORTEX_PLUGIN_TARGETS cortex_plugin_typescript)
