/*
 * The Python plugin: the tree-sitter-python grammar, the queries in queries/,
 * and a refine hook for Python's naming convention (a leading underscore
 * marks a name private; dunder names are public).
 */
#include <cortex/plugin.h>

#include "python_queries.h"

const struct TSLanguage *tree_sitter_python(void);

static const char *const extensions[] = {".py", ".pyi", ".pyw", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

static void refine(const cortex_symbol_view *view, const char **kind, const char **visibility)
{
    (void)kind;
    if (view->name_len == 0 || view->name[0] != '_') return;
    int dunder = view->name_len > 4 && view->name[1] == '_' && view->name[view->name_len - 1] == '_' &&
                 view->name[view->name_len - 2] == '_';
    if (!dunder) *visibility = "private";
}

static const cortex_plugin descriptor = {
    CORTEX_PLUGIN_ABI_VERSION,
    sizeof(cortex_plugin),
    "python",
    "0.1.0",
    extensions,
    NULL,
    tree_sitter_python,
    queries,
    sizeof queries / sizeof *queries,
    refine,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
