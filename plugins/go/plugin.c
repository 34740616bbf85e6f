/*
 * The Go plugin: the package (a module), functions, methods named after
 * their receiver's type (`Server.Start`, a child of `Server` when the type
 * is in the same file), structs and their fields, interfaces and their
 * methods, other types and aliases, constants (iota blocks included) and
 * variables, imports with their names, calls with their operand, composite
 * literals as instantiations, type uses, doc comments. Exported (capitalised)
 * names are public, the rest private.
 */
#include <cortex/plugin.h>

#include <string.h>

#include "go_queries.h"

const struct TSLanguage *tree_sitter_go(void);

static const char *const extensions[] = {".go", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

/* Go's visibility is the case of the first letter. */
static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (strcmp(*kind, "import") == 0 || strcmp(*kind, "module") == 0 || v->name_len == 0) return;
    unsigned char c = (unsigned char)v->name[0];
    *visibility = (c >= 'A' && c <= 'Z') ? "public" : "private";
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "go",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_go,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
