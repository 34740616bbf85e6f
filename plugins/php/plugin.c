/*
 * The PHP plugin (the tree-sitter-php "php" grammar, which also reads the
 * HTML around <?php ... ?> as text).
 *
 * Definitions: namespaces (modules, braced or `namespace A;` up to the next
 * one), classes (abstract, final, readonly), interfaces, traits (the core's
 * `trait` kind, a type container), enums with their cases (constants),
 * methods and functions, properties (also promoted constructor parameters,
 * which the core names after the constructor: `Cls.__construct.prop`), class
 * constants, namespace `const` and define('NAME', ...), global variables
 * (`$x = ...` at the top level; a closure assigned there is a function).
 * Imports: `use` clauses (class, function, const; grouped; aliased), each its
 * own record named by its full path (origin "function" / "const" for
 * `use function` / `use const`), resolved to the file autoloading would load;
 * require/include(_once) of a literal path or of __DIR__ . '/path' (origin
 * "relative"; "absolute" for a path from /).
 * References: calls (f(), $this->m() with qualifier `$this`, Foo::m() with
 * qualifier `Foo`), `new Foo` as an instantiation, type uses (extends,
 * implements, trait use, parameter/return/property types, catch, instanceof,
 * attributes, Foo::CONST). Texts: comments (PHPDoc is the doc of the
 * definition below it) and prose strings.
 * Visibility: the public/protected/private modifier; class members without
 * one are public, as in PHP.
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

static int is_member_scope(const char *kind)
{
    return kind && (strcmp(kind, "class") == 0 || strcmp(kind, "interface") == 0 || strcmp(kind, "trait") == 0 ||
                    strcmp(kind, "enum") == 0);
}

/* Members of a class, interface, trait or enum without a modifier are public
 * (`function f()`, `var $x`, `const A`, enum cases); so are promoted
 * constructor parameters, whose parent is the constructor. Namespace-level
 * definitions have no visibility. */
static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (*visibility) return;
    if (strcmp(*kind, "method") == 0 || strcmp(*kind, "property") == 0 || strcmp(*kind, "constant") == 0) {
        if (is_member_scope(v->parent_kind) ||
            (strcmp(*kind, "property") == 0 && v->parent_kind && strcmp(v->parent_kind, "method") == 0))
            *visibility = "public";
    }
}

/* Appends `rel` to `out` (holding a directory, possibly empty), resolving
 * `.` and `..` segments. Returns 0 when the path climbs above the root. */
static int join_path(char *out, size_t cap, const char *rel)
{
    size_t len = strlen(out);
    while (*rel) {
        const char *end = strchr(rel, '/');
        size_t n = end ? (size_t)(end - rel) : strlen(rel);
        if (n == 0 || (n == 1 && rel[0] == '.')) {
            /* nothing: `//` or `./` */
        } else if (n == 2 && rel[0] == '.' && rel[1] == '.') {
            if (len == 0) return 0;
            char *slash = strrchr(out, '/');
            len = slash ? (size_t)(slash - out) : 0;
            out[len] = '\0';
        } else {
            if (len + (len ? 1 : 0) + n + 1 > cap) return 0;
            if (len) out[len++] = '/';
            memcpy(out + len, rel, n);
            len += n;
            out[len] = '\0';
        }
        rel += n + (end ? 1 : 0);
    }
    return len > 0;
}

/* `use A\B\C` (a class, interface, trait or enum): autoloading (PSR-4, PSR-0)
 * puts it in a file named after it, under a directory that maps some prefix
 * of the namespace. Candidates: A/B/C.php from the root, then any one file
 * ending in A/B/C.php, B/C.php (a suffix of at least two segments, so a lone
 * `Exception.php` is never guessed). */
static void use_paths(const char *name, cortex_path_fn emit, void *payload)
{
    char rel[1024], path[1100];
    size_t n = 0;
    for (const char *p = name; *p && n + 1 < sizeof rel; p++) rel[n++] = *p == '\\' ? '/' : *p;
    rel[n] = '\0';
    if (n == 0 || n == sizeof rel - 1 || !strchr(rel, '/')) return;
    snprintf(path, sizeof path, "%s.php", rel);
    emit(path, payload);
    for (const char *s = rel, *slash; (slash = strchr(s, '/')) != NULL; s = slash + 1) {
        snprintf(path, sizeof path, "*/%s.php", s);
        emit(path, payload);
    }
}

/* require 'lib/x.php' and require __DIR__ . '/../x.php' (named "/../x.php"):
 * beside the requiring file first (with `.` and `..` resolved), then from the
 * root (PHP's include_path usually holds the project's root), then, for a
 * plain 'dir/x.php', the one file anywhere ending with it (another
 * include_path entry). Absolute paths (origin "absolute") are outside the
 * repository. */
static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    if (!origin) {
        use_paths(name, emit, payload);
        return;
    }
    if (strcmp(origin, "relative") != 0 || !*name) return;
    char path[1024];
    const char *slash = strrchr(importer, '/');
    size_t dir = slash ? (size_t)(slash - importer) : 0;
    if (dir < sizeof path) {
        memcpy(path, importer, dir);
        path[dir] = '\0';
        if (join_path(path, sizeof path, name)) emit(path, payload);
    }
    path[0] = '\0';
    if (!join_path(path, sizeof path, name)) return;
    emit(path, payload);
    /* 'Psr/Log/LoggerInterface.php' found through include_path: the one
     * file anywhere that ends with it */
    if (name[0] != '/' && name[0] != '.' && strchr(path, '/')) {
        char suffix[1100];
        snprintf(suffix, sizeof suffix, "*/%s", path);
        emit(suffix, payload);
    }
}

/* The grammar's attribute and decorator node types: written before a
 * definition, they start it (cortex/plugin.h). */
static const char *const leading_node_types[] = {"attribute_group", "attribute_list", NULL};

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
    .line_comment = "//",
    .leading_node_types = leading_node_types,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
