/*
 * The C++ plugin: namespaces (modules), classes, structs, unions, enums
 * (enum class too) and their enumerators, member functions defined in the
 * class or outside it (`void Foo::bar()` is Foo's, through @receiver),
 * constructors, destructors and operators, templates, prototypes, fields,
 * type aliases and typedefs, global variables and constants, macros,
 * #include (system or local, resolved as in C), using-declarations,
 * using-directives and namespace aliases, calls with their object, `new`,
 * type uses, comments and strings.
 *
 * Headers named .h stay with the C plugin (most are C, and a C++ one still
 * yields its functions, structs, macros and includes there); a project of
 * C++ headers can hand them to this plugin in its configuration
 * (`extensions: {".h": cpp}`).
 */
#include <cortex/plugin.h>

#include "includes.h"

#include <stdio.h>
#include <string.h>

#include "cpp_queries.h"

const struct TSLanguage *tree_sitter_cpp(void);

static const char *const extensions[] = {".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tpp", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

static int is_word_char(char c)
{
    return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

/* True when the word `static` appears before the name in the declaration. */
static int declared_static(const cortex_symbol_view *v)
{
    const char *end = v->source + v->source_len;
    for (const char *p = v->source; p + 6 <= end; p++) {
        if (p + v->name_len <= end && memcmp(p, v->name, v->name_len) == 0 && (p == v->source || !is_word_char(p[-1])))
            return 0;
        if (memcmp(p, "static", 6) == 0 && (p == v->source || !is_word_char(p[-1])) && (p + 6 == end || !is_word_char(p[6])))
            return 1;
    }
    return 0;
}

static int is_aggregate(const char *kind)
{
    return kind && (strcmp(kind, "class") == 0 || strcmp(kind, "struct") == 0 || strcmp(kind, "union") == 0);
}

/*
 * Members take their section's visibility (`private:`, set by the core from
 * the access specifiers), else the default: private in a class, public in a
 * struct or union. A variable directly in a class is a data member: the
 * grammar reads a class with an export macro (`class API Foo {`) as a
 * function, its fields as declarations. Outside classes, `static` functions
 * and variables are file-private.
 */
static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (is_aggregate(v->parent_kind)) {
        if (strcmp(*kind, "variable") == 0) *kind = "property";
        if (!*visibility) *visibility = strcmp(v->parent_kind, "class") == 0 ? "private" : "public";
        return;
    }
    if (v->parent_kind && strcmp(v->parent_kind, "enum") == 0) return;
    if (strcmp(*kind, "function") != 0 && strcmp(*kind, "variable") != 0 && strcmp(*kind, "constant") != 0 &&
        strcmp(*kind, "prototype") != 0)
        return;
    if (!*visibility && declared_static(v)) *visibility = "private";
}

/*
 * Where an #include may point: the C plugin's lookup (plugins/c/includes.c,
 * built into both): beside the including file, then from the repository
 * root, then by a unique path suffix (`<gtest/gtest.h>` is
 * include/gtest/gtest.h). Using-declarations and namespace aliases name
 * namespaces, not files.
 */
static void include_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    if (origin && strcmp(origin, "local") != 0 && strcmp(origin, "system") != 0) return;
    cortex_c_include_paths(importer, name, origin, emit, payload);
}

/* The grammar's attribute and decorator node types: written before a
 * definition, they start it (cortex/plugin.h). */
static const char *const leading_node_types[] = {"attribute_specifier", "attribute_declaration",
                                                 "attributed_declarator", "attributed_statement", NULL};
/* `template <...>` starts the declaration it ends with. */
static const char *const wrapper_node_types[] = {"template_declaration", NULL};

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "cpp",
    .version = "0.2.0",
    .extensions = extensions,
    .language = tree_sitter_cpp,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
    .import_paths = include_paths,
    .line_comment = "//",
    .leading_node_types = leading_node_types,
    .wrapper_node_types = wrapper_node_types,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
