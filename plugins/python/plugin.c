/*
 * The Python plugin: the tree-sitter-python grammar, the queries in queries/,
 * and a refine hook for Python's naming convention (a leading underscore
 * marks a name private; dunder names are public).
 */
#include <cortex/plugin.h>

#include <stdio.h>
#include <string.h>

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

/* Emits `base/module.py` and `base/module/__init__.py` for a dotted module. */
static void emit_module(const char *base, const char *dotted, size_t len, cortex_path_fn emit, void *payload)
{
    char path[1024];
    int n = snprintf(path, sizeof path, "%s%s%.*s", base, *base ? "/" : "", (int)len, dotted);
    if (n < 0 || (size_t)n >= sizeof path - 16) return;
    for (char *c = path + strlen(base); *c; c++)
        if (*c == '.') *c = '/';
    size_t end = strlen(path);
    memcpy(path + end, ".py", 4);
    emit(path, payload);
    memcpy(path + end, "/__init__.py", 13);
    emit(path, payload);
}

/* `a.b.c` is module a/b/c or item c of module a/b; `..pkg.x` starts two
 * packages up from the importing file; a module not at the repository root
 * (a src/ layout) is found by its unique path suffix. */
static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit,
                         void *payload)
{
    (void)origin;
    char base[1024] = "";
    size_t dots = strspn(name, ".");
    if (dots > 0) {
        snprintf(base, sizeof base, "%s", importer);
        for (size_t up = 0; up < dots; up++) {
            char *slash = strrchr(base, '/');
            if (slash) *slash = '\0';
            else if (base[0]) base[0] = '\0';
            else return; /* above the repository root */
        }
    }
    const char *mod = name + dots;
    size_t len = strlen(mod);
    if (len >= 2 && strcmp(mod + len - 2, ".*") == 0) len -= 2;
    for (int pass = 0; pass < 2 && len > 0; pass++) {
        emit_module(base, mod, len, emit, payload);
        if (dots == 0) {
            char suffix[1100];
            snprintf(suffix, sizeof suffix, "*/%.*s", (int)len, mod);
            for (char *c = suffix + 2; *c; c++)
                if (*c == '.') *c = '/';
            size_t end = strlen(suffix);
            if (end + 4 < sizeof suffix) {
                memcpy(suffix + end, ".py", 4);
                emit(suffix, payload);
            }
        }
        const char *last = memchr(mod, '.', len) ? strrchr(mod, '.') : NULL;
        while (last && last > mod + len) last = NULL;
        if (!last) break;
        len = (size_t)(last - mod); /* the last component may be an item of its parent module */
    }
    if (dots > 0 && len == 0) emit_module(base, "__init__", 8, emit, payload);
}

/* Decorators sit inside a decorated_definition, which holds what it decorates
 * in its `definition` field: a wrapper by the core's own convention, so
 * nothing leads a definition that needs declaring. */
static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "python",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_python,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
    .import_paths = import_paths,
    .line_comment = "#",
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
