/*
 * The Java plugin: the package (a module), classes, interfaces and annotation
 * types (interfaces), enums and their constants, records and their
 * components, methods and constructors, fields (`static final` ones are
 * constants), imports (static and wildcard ones labelled), calls with their
 * object, `new` as instantiation, type uses, Javadoc. Visibility comes from
 * the modifiers; none is "package".
 */
#include <cortex/plugin.h>

#include <string.h>

#include "java_queries.h"

const struct TSLanguage *tree_sitter_java(void);

static const char *const extensions[] = {".java", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

/* Whether `word` appears as a whole word in the declaration before its name. */
static int modifier(const cortex_symbol_view *v, const char *word)
{
    size_t n = strlen(word);
    const char *end = v->source + v->source_len;
    for (const char *p = v->source; p + n <= end; p++) {
        if (p + v->name_len <= end && memcmp(p, v->name, v->name_len) == 0 &&
            (p + v->name_len == end || !(p[v->name_len] == '_' || (p[v->name_len] | 32) >= 'a')))
            return 0; /* reached the name */
        if (memcmp(p, word, n) == 0 && (p == v->source || p[-1] == ' ' || p[-1] == '\n' || p[-1] == '\t') &&
            (p + n == end || p[n] == ' ' || p[n] == '\n' || p[n] == '\t'))
            return 1;
    }
    return 0;
}

static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (strcmp(*kind, "import") == 0 || strcmp(*kind, "module") == 0) return;
    if (strcmp(*kind, "property") == 0 && modifier(v, "static") && modifier(v, "final")) *kind = "constant";
    if (v->parent_kind && (strcmp(v->parent_kind, "interface") == 0 || strcmp(v->parent_kind, "enum") == 0) &&
        strcmp(*kind, "constant") == 0)
        return; /* interface constants and enum constants are public by the language */
    *visibility = modifier(v, "public") ? "public" : modifier(v, "private") ? "private"
                : modifier(v, "protected")       ? "protected"
                                                 : "package";
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "java",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_java,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
