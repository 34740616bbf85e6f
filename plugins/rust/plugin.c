/*
 * The Rust plugin: functions, structs and their fields, enums and their
 * variants, unions, traits (interfaces) and their methods, impl blocks
 * named after the type they implement (so their functions are `Type.method`),
 * type aliases, consts and statics, modules, macro_rules!, `use` trees with
 * each leaf its own import, calls (methods, paths, macros), struct literals
 * as instantiations, type uses, `///` and `//!` docs. `pub` items are public,
 * the others private; `mod x;` resolves to x.rs or x/mod.rs.
 */
#include <cortex/plugin.h>

#include <stdio.h>
#include <string.h>

#include "rust_queries.h"

const struct TSLanguage *tree_sitter_rust(void);

static const char *const extensions[] = {".rs", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

/* An item without `pub` is private to its module. Impl blocks and imports
 * have no visibility of their own. */
static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (strcmp(*kind, "import") == 0 || strcmp(*kind, "impl") == 0) return;
    if (*visibility) {
        /* `pub` is public; `pub(crate)`, `pub(super)`, `pub(in path)` say more and stay as written. */
        if (strcmp(*visibility, "pub") == 0) *visibility = "public";
        return;
    }
    /* Trait items and enum variants take their trait's or enum's visibility. */
    if (v->parent_kind && (strcmp(v->parent_kind, "interface") == 0 || strcmp(v->parent_kind, "enum") == 0)) return;
    *visibility = "private";
}

/* `mod name;` in dir/file.rs: dir/name.rs, dir/name/mod.rs (and, from a
 * mod.rs or lib.rs/main.rs, the same directory). */
static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    if (!origin || strcmp(origin, "module") != 0) return;
    char path[1024];
    const char *slash = strrchr(importer, '/');
    int dir_len = slash ? (int)(slash - importer) : 0;
    const char *file = slash ? slash + 1 : importer;
    const char *sep = dir_len ? "/" : "";
    if (strcmp(file, "mod.rs") == 0 || strcmp(file, "lib.rs") == 0 || strcmp(file, "main.rs") == 0) {
        snprintf(path, sizeof path, "%.*s%s%s.rs", dir_len, importer, sep, name);
        emit(path, payload);
        snprintf(path, sizeof path, "%.*s%s%s/mod.rs", dir_len, importer, sep, name);
        emit(path, payload);
        return;
    }
    /* foo.rs declares its submodules in foo/ */
    int stem = (int)strlen(file) - 3;
    snprintf(path, sizeof path, "%.*s%s%.*s/%s.rs", dir_len, importer, sep, stem, file, name);
    emit(path, payload);
    snprintf(path, sizeof path, "%.*s%s%.*s/%s/mod.rs", dir_len, importer, sep, stem, file, name);
    emit(path, payload);
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "rust",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_rust,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
    .import_paths = import_paths,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
