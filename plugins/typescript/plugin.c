/*
 * The TypeScript plugin: JavaScript's definitions, imports, calls and texts
 * (plugins/javascript/queries), and TypeScript's own — interfaces and their
 * members, type aliases, enums and their members, namespaces, class fields
 * with public/private/protected, declared functions, and type references in
 * annotations, extends and implements clauses (queries/types.scm). Built a
 * second time with CORTEX_TSX for the tsx plugin: the TSX grammar and JSX.
 */
#include <cortex/plugin.h>

#include "js_common.h"

#ifdef CORTEX_TSX
#include "tsx_queries.h"
#define PLUGIN_NAME "tsx"
#define GRAMMAR tree_sitter_tsx
static const char *const extensions[] = {".tsx", NULL};
#else
#include "typescript_queries.h"
#define PLUGIN_NAME "typescript"
#define GRAMMAR tree_sitter_typescript
static const char *const extensions[] = {".ts", ".mts", ".cts", NULL};
#endif

const struct TSLanguage *GRAMMAR(void);

/* types first: where it and tags.scm capture one node, its pattern (with the
 * accessibility modifier) wins. */
static const cortex_query queries[] = {
    {"types", cortex_query_types},
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
#ifdef CORTEX_TSX
    {"jsx", cortex_query_jsx},
#endif
    {"texts", cortex_query_texts},
};

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = PLUGIN_NAME,
    .version = "0.1.0",
    .extensions = extensions,
    .language = GRAMMAR,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = cortex_js_refine,
    .import_paths = cortex_js_import_paths,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
