/*
 * The C# plugin: the tree-sitter-c-sharp grammar, the queries in queries/
 * and a refine hook for modifiers.
 *
 * Definitions: namespaces (modules; block ones enclose their types, a
 * file-scoped one the rest of its file), classes, records (classes; `record
 * struct` a struct) and their positional parameters (properties), structs,
 * interfaces, enums and their members (constants), delegates (types),
 * methods, constructors and destructors (methods), local functions,
 * properties and indexers (properties named `this`), the accessors with a
 * body (methods named get, set, init, add, remove), fields (properties;
 * `const` ones constants), events (properties).
 * Imports: each `using` directive its own record named by the namespace or
 * type, with its alias (`using Json = System.Text.Json;`) and origin
 * "static", "global" or "global static". Namespaces do not name files: no
 * import_paths hook.
 * References: calls with their receiver as qualifier (`this`, `base`,
 * `Console`, `user?.` ones too), `: base(...)`/`: this(...)` constructor
 * calls (named `base`, `this`), `new X()` as an instantiation, type uses.
 * Texts: comments (`///` XML doc lines are the doc of the declaration below
 * them) and prose strings.
 *
 * Visibility: the access modifiers (`protected internal` and `private
 * protected` as written); without one, members of interfaces are public,
 * types in a namespace or the file internal, and other members and nested
 * types private. Enum members, positional record parameters and explicit
 * interface implementations are public (queries); local functions have none.
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

static int is_word_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (unsigned char)c >= 0x80;
}

enum { M_PUBLIC = 1, M_PRIVATE = 2, M_PROTECTED = 4, M_INTERNAL = 8, M_CONST = 16, M_FILE = 32 };

/* The modifiers of a declaration: the words before its type, keyword or
 * name, skipping attribute lists (`[Obsolete("use X")]`), comments and
 * preprocessor lines. A bit per access modifier, and `const`. */
static unsigned modifiers(const char *s, size_t n)
{
    static const struct {
        const char *word;
        unsigned bit;
    } known[] = {
        {"public", M_PUBLIC}, {"private", M_PRIVATE}, {"protected", M_PROTECTED}, {"internal", M_INTERNAL},
        {"const", M_CONST},   {"file", M_FILE},       {"static", 0},              {"readonly", 0},
        {"volatile", 0},      {"unsafe", 0},          {"extern", 0},              {"new", 0},
        {"override", 0},      {"virtual", 0},         {"abstract", 0},            {"sealed", 0},
        {"async", 0},         {"partial", 0},         {"required", 0},            {"ref", 0},
        {"fixed", 0},         {"implicit", 0},        {"explicit", 0},
    };
    unsigned bits = 0;
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
            i++;
        } else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
            while (i < n && s[i] != '\n') i++;
        } else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
            i += 2;
            while (i + 1 < n && !(s[i] == '*' && s[i + 1] == '/')) i++;
            i += 2;
        } else if (c == '#') {
            while (i < n && s[i] != '\n') i++;
        } else if (c == '[') {
            int depth = 0;
            char quote = 0;
            for (; i < n; i++) {
                if (quote) {
                    if (s[i] == '\\') i++;
                    else if (s[i] == quote) quote = 0;
                } else if (s[i] == '"' || s[i] == '\'') {
                    quote = s[i];
                } else if (s[i] == '[') {
                    depth++;
                } else if (s[i] == ']' && --depth == 0) {
                    i++;
                    break;
                }
            }
        } else if (is_word_char(c)) {
            size_t start = i;
            while (i < n && is_word_char(s[i])) i++;
            size_t len = i - start, k = 0;
            for (; k < sizeof known / sizeof *known; k++)
                if (strlen(known[k].word) == len && memcmp(known[k].word, s + start, len) == 0) break;
            if (k == sizeof known / sizeof *known) return bits; /* the type, keyword or name */
            bits |= known[k].bit;
        } else {
            return bits;
        }
    }
    return bits;
}

static int is(const char *kind, const char *what) { return kind && strcmp(kind, what) == 0; }

static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (is(*kind, "module")) return;
    unsigned m = modifiers(v->source, v->source_len);
    if (is(*kind, "property") && (m & M_CONST)) *kind = "constant";
    if (*visibility) return; /* set by the query */
    if (is(*kind, "function")) return; /* a local function: no access of its own */
    if (is(v->parent_kind, "property") && !(m & (M_PUBLIC | M_PRIVATE | M_PROTECTED | M_INTERNAL)))
        return; /* an accessor has its property's access unless it narrows it */
    int is_type = is(*kind, "class") || is(*kind, "struct") || is(*kind, "interface") || is(*kind, "enum") ||
                  is(*kind, "type");
    if ((m & M_PROTECTED) && (m & M_INTERNAL)) *visibility = "protected internal";
    else if ((m & M_PRIVATE) && (m & M_PROTECTED)) *visibility = "private protected";
    else if (m & M_PUBLIC) *visibility = "public";
    else if (m & M_PRIVATE) *visibility = "private";
    else if (m & M_PROTECTED) *visibility = "protected";
    else if (m & M_INTERNAL) *visibility = "internal";
    else if (m & M_FILE) *visibility = "file";
    else if (is(v->parent_kind, "interface")) *visibility = "public";
    else if (is_type && (!v->parent_kind || is(v->parent_kind, "module"))) *visibility = "internal";
    else *visibility = "private";
}

/* The grammar's attribute and decorator node types: written before a
 * definition, they start it (cortex/plugin.h). */
static const char *const leading_node_types[] = {"global_attribute", "attribute_argument_list",
                                                 "attribute_argument", "attribute_list",
                                                 "attribute_target_specifier", "preproc_if_in_attribute_list",
                                                 NULL};

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "csharp",
    .version = "0.2.0",
    .extensions = extensions,
    .language = tree_sitter_c_sharp,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
    .line_comment = "//",
    .leading_node_types = leading_node_types,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
