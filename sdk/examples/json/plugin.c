/*
 * An example cortex plugin for JSON files: object keys become `property`
 * symbols (nested keys get their parent from nesting: "server.port"), and
 * string values become texts. It includes only <cortex/plugin.h>.
 */
#include <cortex/plugin.h>

#include "json_queries.h"

const struct TSLanguage *tree_sitter_json(void);

static const char *const extensions[] = {".json", NULL};

static const cortex_query queries[] = {{"tags", cortex_query_tags}};

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "json",
    .version = "1.0.0",
    .extensions = extensions,
    .language = tree_sitter_json,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
