/*
 * The PHP plugin: namespaces (modules), classes, interfaces, traits (the
 * core's `trait`, a type container), enums and their cases, methods and
 * functions, properties (not yet promoted constructor parameters) and class
 * constants, `use` imports with aliases, require/include of a literal path
 * (resolved beside the file, then from the root), trait `use` as a type use,
 * calls ($this->x(), Foo::bar(), f()), `new` as instantiation, base classes
 * and interfaces, PHPDoc. Visibility comes from the modifier; none is public.
 */
#include <cortex/plugin.h>

#include <stdio.h>
#include <string.h>

#include "php_queries.h"

const struct TSLanguage *tree_sitter_php(void);

static const char *const extensions[] = {".php", ".phtml", ".php8", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (strcmp(*kind, "import") == 0 || strcmp(*kind, "module") == 0 || *visibility) return;
    if (v->parent_kind && (strcmp(*kind, "method") == 0 || strcmp(*kind, "property") == 0 || strcmp(*kind, "constant") == 0))
        *visibility = "public"; /* PHP's default for class members */
}

/* require 'lib/x.php' beside the requiring file, then from the root. */
static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    if (!origin || strcmp(origin, "file") != 0 || name[0] == '/') return;
    char path[1024];
    const char *start = strncmp(name, "./", 2) == 0 ? name + 2 : name;
    const char *slash = strrchr(importer, '/');
    if (slash) {
        snprintf(path, sizeof path, "%.*s/%s", (int)(slash - importer), importer, start);
        emit(path, payload);
    }
    emit(start, payload);
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "php",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_php,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
    .import_paths = import_paths,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
