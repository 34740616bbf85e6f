/*
 * The JavaScript plugin: functions (declared, and arrow or function
 * expressions bound to a name), classes with their methods and fields,
 * module-level variables, ES imports and exports, require(), calls and `new`,
 * JSDoc and comments, prose strings. Relative imports resolve to repository
 * files; `#private` members are private.
 */
#include <cortex/plugin.h>

#include "javascript_queries.h"
#include "js_common.h"

const struct TSLanguage *tree_sitter_javascript(void);

static const char *const extensions[] = {".js", ".mjs", ".cjs", ".jsx", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"fields", cortex_query_fields},
    {"calls", cortex_query_calls},
    {"jsx", cortex_query_jsx},
    {"texts", cortex_query_texts},
};

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "javascript",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_javascript,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = cortex_js_refine,
    .import_paths = cortex_js_import_paths,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
