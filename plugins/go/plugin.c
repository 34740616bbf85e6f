/*
 * The Go plugin: the package (a module), functions, methods named after
 * their receiver's type (`Server.Start`, a child of `Server` when the type
 * is in the same file), structs and their fields, interfaces and their
 * methods, other types and aliases, constants (iota blocks included) and
 * variables, imports with their names, calls with their operand, composite
 * literals as instantiations, type uses, doc comments. Exported (capitalised)
 * names are public, the rest private. Imports name the file of the package
 * they most likely import (import_paths, below).
 */
#include <cortex/plugin.h>

#include <stdio.h>
#include <string.h>

#include "go_queries.h"

const struct TSLanguage *tree_sitter_go(void);

static const char *const extensions[] = {".go", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

/* Go's visibility is the case of the first letter: an identifier starting
 * with an upper-case letter is exported (public), any other is private. A
 * non-ASCII initial (rare in Go names) counts as private, although a Unicode
 * capital (`Δ`) would be exported. */
static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (strcmp(*kind, "import") == 0 || strcmp(*kind, "module") == 0 || v->name_len == 0) return;
    unsigned char c = (unsigned char)v->name[0];
    *visibility = (c >= 'A' && c <= 'Z') ? "public" : "private";
}

/* ---- import paths ---------------------------------------------------------- */

/* An import names a package, which is a directory; an import's target has to
 * be a file. The files tried are the one named after the package
 * (`store/store.go`, the usual home of its main type) and its `doc.go` (the
 * home of the package comment), in each directory the import path may be in
 * the repository, most specific first:
 *   - for a module path (`example.com/app/internal/store`): <dir>/vendor/<path>/
 *     for each directory from the importer's up to the root (a vendored
 *     dependency, found where the go command finds it), then <path>/ anywhere in the repository
 *     (`*` + `/example.com/app/...`, when a single file ends so: a nested
 *     vendor directory, a GOPATH layout); then the path's suffixes, longest
 *     first (`app/internal/store/`, `internal/store/`, `store/`), each at the
 *     root (the repository root is usually the module root, whose path the
 *     plugin does not know) and, when it has two elements or more, anywhere
 *     (a module in a subdirectory); last the root itself for a path of three
 *     elements or fewer (the module `github.com/spf13/cobra` is cobra.go);
 *   - for a standard library path (`net/http`, or a module named without a
 *     dot, `myapp/internal/x`): the path under src/ (the Go tree itself),
 *     the path at the root when it has two elements or more, then its shorter
 *     suffixes of two elements or more. A one-element path or suffix
 *     (`errors/`, `log/`) is not tried at the root: it would bind the
 *     standard library's errors to a repository's own errors package.
 * The pseudo-package C (cgo) is no file. */
static void emit_dir(cortex_path_fn emit, void *payload, const char *prefix, const char *dir, size_t dir_len,
                     const char *pkg, size_t pkg_len)
{
    char buf[1024];
    if (dir_len + pkg_len + strlen(prefix) + 16 >= sizeof buf) return;
    const char *sep = dir_len ? "/" : "";
    snprintf(buf, sizeof buf, "%s%.*s%s%.*s.go", prefix, (int)dir_len, dir, sep, (int)pkg_len, pkg);
    emit(buf, payload);
    if (dir_len) {
        snprintf(buf, sizeof buf, "%s%.*s/doc.go", prefix, (int)dir_len, dir);
        emit(buf, payload);
    }
}

static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit,
                         void *payload)
{
    if (!importer) importer = "";
    size_t len = strlen(name);
    if (len == 0 || len > 512 || (origin && strcmp(origin, "cgo") == 0)) return;
    if (name[0] == '/' || name[0] == '.' || strstr(name, "..")) return; /* relative imports: GOPATH-era, not resolved */
    int stdlib = origin && strcmp(origin, "stdlib") == 0;

    /* the package's name: the last element (a major version suffix `v2` is not it) */
    const char *last = strrchr(name, '/');
    const char *pkg = last ? last + 1 : name;
    size_t pkg_len = strlen(pkg);
    if (last && pkg_len >= 2 && pkg[0] == 'v' && strspn(pkg + 1, "0123456789") == pkg_len - 1) {
        const char *prev = last;
        while (prev > name && prev[-1] != '/') prev--;
        pkg = prev;
        pkg_len = (size_t)(last - prev);
    }
    /* `gopkg.in/yaml.v3` is package yaml */
    for (size_t i = pkg_len; i >= 3; i--) {
        if (pkg[i - 1] < '0' || pkg[i - 1] > '9') {
            if (i < pkg_len && pkg[i - 1] == 'v' && pkg[i - 2] == '.') pkg_len = i - 2;
            break;
        }
    }

    /* the start of each suffix, longest first: name, after the 1st slash, ... */
    const char *starts[64];
    size_t n = 0;
    starts[n++] = name;
    for (const char *p = name; *p && n < 64; p++)
        if (*p == '/' && p[1]) starts[n++] = p + 1;

    if (stdlib) {
        emit_dir(emit, payload, "src/", name, len, pkg, pkg_len);
        if (n >= 2) emit_dir(emit, payload, "", name, len, pkg, pkg_len);
        for (size_t i = 1; i + 1 < n; i++) emit_dir(emit, payload, "", starts[i], strlen(starts[i]), pkg, pkg_len);
        for (size_t i = 1; i + 1 < n; i++) emit_dir(emit, payload, "*/", starts[i], strlen(starts[i]), pkg, pkg_len);
        return;
    }
    /* the nearest vendor directory up from the importer's, as the go command looks */
    char vendor[512];
    size_t dir_len = strlen(importer);
    while (dir_len > 0 && importer[dir_len - 1] != '/') dir_len--;
    while (dir_len > 0) {
        dir_len--; /* drop the slash */
        if (dir_len + sizeof "/vendor/" < sizeof vendor) {
            snprintf(vendor, sizeof vendor, "%.*s/vendor/", (int)dir_len, importer);
            emit_dir(emit, payload, vendor, name, len, pkg, pkg_len);
        }
        while (dir_len > 0 && importer[dir_len - 1] != '/') dir_len--;
    }
    emit_dir(emit, payload, "vendor/", name, len, pkg, pkg_len);
    emit_dir(emit, payload, "*/", name, len, pkg, pkg_len);
    for (size_t i = 1; i < n; i++) {
        emit_dir(emit, payload, "", starts[i], strlen(starts[i]), pkg, pkg_len);
        if (i + 1 < n) emit_dir(emit, payload, "*/", starts[i], strlen(starts[i]), pkg, pkg_len);
    }
    if (n <= 3) emit_dir(emit, payload, "", "", 0, pkg, pkg_len);
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
    .import_paths = import_paths,
    .line_comment = "//",
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
