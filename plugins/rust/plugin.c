/*
 * The Rust plugin: functions (async, const, unsafe, extern, generic), structs
 * (named, tuple, unit) and their fields, enums and their variants (constants),
 * unions, traits (interfaces) with their method signatures, default methods,
 * associated types and consts, impl blocks named after the type they
 * implement (so their functions are `Type.method`), type aliases, consts and
 * statics, modules, macro_rules!, `use` trees with each leaf its own import,
 * `extern crate`, calls (plain, methods, paths, turbofish, macros named
 * without their `!`), struct literals as instantiations (tuple-struct
 * constructors are calls), type uses, `///`, `//!` and block doc comments.
 *
 * Visibility: `pub` items are public, `pub(crate)`, `pub(super)` and
 * `pub(in path)` keep their text, the others are private; trait items, enum
 * variants and their fields, and the items of `impl Trait for Type` have none
 * of their own. A `macro_rules!` under #[macro_export] is public.
 *
 * Import files: `mod name;` resolves to name.rs or name/mod.rs beside the
 * declaring file (in its own directory for a foo.rs); `use self::`, `use
 * super::` and `use crate::` paths resolve to the module files they name,
 * the crate root being the innermost `src` directory of the importer.
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
        /* The items of `impl Trait for Type` are as visible as the trait: none of their own. */
        if (strcmp(*visibility, "trait") == 0) *visibility = NULL;
        /* `pub` is public; `pub(crate)`, `pub(super)`, `pub(in path)` say more and stay as written. */
        else if (strcmp(*visibility, "pub") == 0) *visibility = "public";
        return;
    }
    /* Trait items and enum variants take their trait's or enum's visibility. */
    if (v->parent_kind && (strcmp(v->parent_kind, "interface") == 0 || strcmp(v->parent_kind, "enum") == 0)) return;
    /* The fields of a struct-like enum variant (`Circle { r: f64 }`) are as public as the enum. */
    if (v->parent_kind && strcmp(v->parent_kind, "constant") == 0) return;
    *visibility = "private";
}

/* The directory holding the submodules of the module `file` defines:
 * dir/ for dir/mod.rs, dir/lib.rs and dir/main.rs; dir/foo/ for dir/foo.rs.
 * Written without a trailing slash ("" at the repository root). */
static void module_dir(const char *file, char *out, size_t cap)
{
    const char *slash = strrchr(file, '/');
    int dir_len = slash ? (int)(slash - file) : 0;
    const char *base = slash ? slash + 1 : file;
    size_t blen = strlen(base);
    if (strcmp(base, "mod.rs") == 0 || strcmp(base, "lib.rs") == 0 || strcmp(base, "main.rs") == 0 || blen < 4 ||
        strcmp(base + blen - 3, ".rs") != 0)
        snprintf(out, cap, "%.*s", dir_len, file);
    else
        snprintf(out, cap, "%.*s%s%.*s", dir_len, file, dir_len ? "/" : "", (int)(blen - 3), base);
}

/* dir/a/b.rs and dir/a/b/mod.rs for the module path a::b (len bytes of `path`,
 * `::` already turned into `/`). */
static void emit_module(const char *dir, const char *path, size_t len, cortex_path_fn emit, void *payload)
{
    char out[1200];
    const char *sep = dir[0] ? "/" : "";
    snprintf(out, sizeof out, "%s%s%.*s.rs", dir, sep, (int)len, path);
    emit(out, payload);
    snprintf(out, sizeof out, "%s%s%.*s/mod.rs", dir, sep, (int)len, path);
    emit(out, payload);
}

/* `use crate::a::b::C`, `use super::x`, `use self::y::*`: the files of the
 * module path, longest first (C may be a module or an item of b). */
static void use_paths(const char *importer, const char *name, cortex_path_fn emit, void *payload)
{
    char dir[1024];
    const char *rest;
    if (strncmp(name, "crate::", 7) == 0) {
        /* the crate root: the innermost `src` directory of the importer */
        const char *src = NULL;
        for (const char *p = importer; (p = strstr(p, "src/")) != NULL; p += 4)
            if (p == importer || p[-1] == '/') src = p;
        if (!src) return;
        snprintf(dir, sizeof dir, "%.*s", (int)(src - importer + 3), importer);
        rest = name + 7;
    } else if (strncmp(name, "self::", 6) == 0) {
        module_dir(importer, dir, sizeof dir);
        rest = name + 6;
    } else if (strncmp(name, "super::", 7) == 0) {
        module_dir(importer, dir, sizeof dir);
        rest = name + 7;
        for (;;) {
            char *slash = strrchr(dir, '/');
            if (slash) *slash = '\0';
            else if (dir[0]) dir[0] = '\0';
            else return; /* above the repository root */
            if (strncmp(rest, "super::", 7) != 0) break;
            rest += 7;
        }
    } else {
        return; /* a crate (std::, serde::) or a name the core could not join in full */
    }

    char path[1024];
    snprintf(path, sizeof path, "%s", rest);
    size_t len = strlen(path);
    if (len >= 3 && strcmp(path + len - 3, "::*") == 0) len -= 3;
    else if (strcmp(path, "*") == 0) len = 0;
    path[len] = '\0';
    /* a::b::C -> a/b/C */
    size_t w = 0;
    for (size_t r = 0; r < len; r++) {
        if (path[r] == ':' && path[r + 1] == ':') {
            path[w++] = '/';
            r++;
        } else {
            path[w++] = path[r];
        }
    }
    path[w] = '\0';
    len = w;
    while (len > 0) {
        emit_module(dir, path, len, emit, payload);
        const char *last = NULL;
        for (size_t i = 0; i < len; i++)
            if (path[i] == '/') last = path + i;
        if (!last) break;
        len = (size_t)(last - path);
    }
    /* An item of the module itself (`use super::helper`): the module's own
     * file, dir.rs or dir/mod.rs, or the crate root's lib.rs or main.rs. */
    if (strncmp(name, "self::", 6) == 0 || !dir[0]) return;
    char out[1100];
    if (strncmp(name, "super::", 7) == 0) {
        snprintf(out, sizeof out, "%s.rs", dir);
        emit(out, payload);
        snprintf(out, sizeof out, "%s/mod.rs", dir);
        emit(out, payload);
    }
    snprintf(out, sizeof out, "%s/lib.rs", dir);
    emit(out, payload);
    snprintf(out, sizeof out, "%s/main.rs", dir);
    emit(out, payload);
}

/* `mod name;` in dir/file.rs: dir/file/name.rs, dir/file/name/mod.rs (in
 * dir/ itself from a mod.rs, lib.rs or main.rs). */
static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    if (origin && strcmp(origin, "module") == 0) {
        char dir[1024];
        module_dir(importer, dir, sizeof dir);
        emit_module(dir, name, strlen(name), emit, payload);
        return;
    }
    use_paths(importer, name, emit, payload);
}

/* The grammar's attribute and decorator node types: written before a
 * definition, they start it (cortex/plugin.h). */
static const char *const leading_node_types[] = {"attribute_item", NULL};

/* Rust says trait where the index says interface. */
static const char *const kind_words[] = {"trait", "interface", NULL};

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
    .line_comment = "//",
    .leading_node_types = leading_node_types,
    .kind_words = kind_words,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
