/*
 * The C++ plugin: namespaces (modules), classes, structs, unions, enums
 * (enum class too) and their enumerators, member functions defined in the
 * class or outside it (`void Foo::bar()` is Foo's, through @receiver),
 * constructors, destructors and operators, templates, fields, type aliases
 * and typedefs, global variables and constants, macros, #include (system or
 * local, resolved like C's), using-declarations and directives, calls with
 * their object, `new`, base classes as type uses, comments and strings.
 * Headers (.h) stay with the C plugin unless the configuration says
 * otherwise (`extensions: {".h": cpp}`).
 */
#include <cortex/plugin.h>

#include <string.h>

#include "cpp_queries.h"
#include "includes.h"

const struct TSLanguage *tree_sitter_cpp(void);

static const char *const extensions[] = {".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tpp", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

/* Members take their section's visibility (`private:`), else the default:
 * private in a class, public in a struct or union. `static` at namespace
 * scope is file-private. */
static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (v->parent_kind && strcmp(v->parent_kind, "module") != 0) {
        if (!*visibility && strcmp(*kind, "constant") != 0)
            *visibility = strcmp(v->parent_kind, "class") == 0 ? "private" : "public";
        return;
    }
    if (strcmp(*kind, "function") != 0 && strcmp(*kind, "variable") != 0) return;
    for (const char *p = v->source; p + 6 <= v->source + v->source_len; p++) {
        if (p + v->name_len <= v->source + v->source_len && memcmp(p, v->name, v->name_len) == 0) return;
        if (memcmp(p, "static", 6) == 0 && (p == v->source || p[-1] == ' ' || p[-1] == '\n')) {
            *visibility = "private";
            return;
        }
    }
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "cpp",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_cpp,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
    .import_paths = cortex_c_include_paths,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
