/*
 * The C# plugin: namespaces (block and file-scoped) as modules, classes,
 * records, structs, interfaces, enums and their members, delegates (types),
 * methods and constructors, properties, fields (const ones are constants) and
 * events, `using` directives (aliases, static), calls with their receiver,
 * `new` as instantiation, base types, `///` doc comments. Visibility comes
 * from the modifiers; without one, members are private and types internal.
 */
#include <cortex/plugin.h>

#include <string.h>

#include "csharp_queries.h"

const struct TSLanguage *tree_sitter_c_sharp(void);

static const char *const extensions[] = {".cs", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

/* Whether `word` is a whole word of the declaration before its name. */
static int modifier(const cortex_symbol_view *v, const char *word)
{
    size_t n = strlen(word);
    const char *end = v->source + v->source_len;
    for (const char *p = v->source; p + n <= end; p++) {
        if (p + v->name_len <= end && memcmp(p, v->name, v->name_len) == 0) return 0; /* reached the name */
        if (memcmp(p, word, n) == 0 && (p == v->source || p[-1] == ' ' || p[-1] == '\n' || p[-1] == '\t') &&
            (p + n == end || p[n] == ' ' || p[n] == '\n' || p[n] == '\t'))
            return 1;
    }
    return 0;
}

static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (strcmp(*kind, "import") == 0 || strcmp(*kind, "module") == 0) return;
    if (strcmp(*kind, "property") == 0 && modifier(v, "const")) *kind = "constant";
    if (v->parent_kind && (strcmp(v->parent_kind, "interface") == 0 || strcmp(v->parent_kind, "enum") == 0)) return;
    int is_type = strcmp(*kind, "class") == 0 || strcmp(*kind, "struct") == 0 || strcmp(*kind, "interface") == 0 ||
                  strcmp(*kind, "enum") == 0 || strcmp(*kind, "type") == 0;
    *visibility = modifier(v, "public")                               ? "public"
                : modifier(v, "protected") && modifier(v, "internal") ? "protected internal"
                : modifier(v, "private")                              ? "private"
                : modifier(v, "protected")                            ? "protected"
                : modifier(v, "internal")                             ? "internal"
                : is_type && (!v->parent_kind || strcmp(v->parent_kind, "module") == 0) ? "internal"
                                                                      : "private";
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "csharp",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_c_sharp,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
