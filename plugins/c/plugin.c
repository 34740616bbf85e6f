/*
 * The C plugin: the tree-sitter-c grammar, the queries in queries/, and a
 * refine hook that marks `static` functions and variables private (file
 * scope) — storage class is visible in the declaration text only.
 */
#include <cortex/plugin.h>

#include <stdio.h>
#include <string.h>

#include "c_queries.h"
#include "includes.h"

const struct TSLanguage *tree_sitter_c(void);

static const char *const extensions[] = {".c", ".h", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

/* True when the word `static` appears before the name in the declaration. */
static int declared_static(const cortex_symbol_view *v)
{
    const char *end = v->source + v->source_len;
    for (const char *p = v->source; p + 6 <= end; p++) {
        if (p + v->name_len <= end && memcmp(p, v->name, v->name_len) == 0) return 0;
        if (memcmp(p, "static", 6) == 0 && (p == v->source || !(p[-1] == '_' || ((p[-1] | 32) >= 'a' && (p[-1] | 32) <= 'z'))) &&
            (p + 6 == end || p[6] == ' ' || p[6] == '\t' || p[6] == '\n'))
            return 1;
    }
    return 0;
}

static void refine(const cortex_symbol_view *view, const char **kind, const char **visibility)
{
    if (strcmp(*kind, "function") != 0 && strcmp(*kind, "variable") != 0 && strcmp(*kind, "prototype") != 0) return;
    if (declared_static(view)) *visibility = "private";
}

/* The grammar's attribute and decorator node types: written before a
 * definition, they start it (cortex/plugin.h). */
static const char *const leading_node_types[] = {"attribute_specifier", "attribute_declaration",
                                                 "attributed_declarator", "attributed_statement", NULL};

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "c",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_c,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
    .import_paths = cortex_c_include_paths,
    .line_comment = "//",
    .leading_node_types = leading_node_types,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
