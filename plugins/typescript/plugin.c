/*
 * The TypeScript plugin: JavaScript's definitions, imports, calls and texts
 * (plugins/javascript/queries), and TypeScript's own — interfaces and their
 * members, type aliases, enums and their members, namespaces, class fields
 * with public/private/protected, declared functions, and type references in
 * annotations, extends and implements clauses (queries/types.scm).
 */
#include <cortex/plugin.h>

#include "typescript_queries.h"
#include "js_common.h"

const struct TSLanguage *tree_sitter_typescript(void);

static const char *const extensions[] = {".ts", ".mts", ".cts", NULL};

/* types first: where it and tags.scm capture one node, its pattern (with the
 * accessibility modifier) wins. */
static const cortex_query queries[] = {
    {"types", cortex_query_types},
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},

    {"texts", cortex_query_texts},
};

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "typescript",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_typescript,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = cortex_js_refine,
    .import_paths = cortex_js_import_paths,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
