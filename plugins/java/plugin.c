/*
 * The Java plugin: the tree-sitter-java grammar, the queries in queries/,
 * a refine hook for modifiers and an import_paths hook.
 *
 * Definitions: the package (a module), classes, records (classes; their
 * components are properties), interfaces and annotation types (interfaces),
 * enums and their constants, methods, constructors and annotation elements
 * (methods), fields (properties; `static final` ones and interface constants
 * are constants), nested, local and enum-constant-body types.
 * Imports: each `import` its own record named by its dotted path, origin
 * "static", "wildcard" or "static wildcard" (`import a.b.*;` is `a.b`).
 * References: calls with their object (`this`, `super`, `a.b`) as qualifier,
 * `this(...)`/`super(...)` constructor calls (named `this`, `super`), method
 * references (`X::m` a call, `X::new` an instantiation), `new X()` as an
 * instantiation, type uses. Texts: comments (Javadoc is the doc of the
 * declaration below it) and prose strings, text blocks included.
 *
 * Visibility: the access modifier; without one, members of interfaces and
 * annotation types are public (their constants, methods and nested types),
 * enum constructors are private, and everything else has package access
 * ("package"). Enum constants and record components are public (queries).
 */
#include <cortex/plugin.h>

#include <stdio.h>
#include <string.h>

#include "java_queries.h"

const struct TSLanguage *tree_sitter_java(void);

static const char *const extensions[] = {".java", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

static int is_word_char(char c)
{
    return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (unsigned char)c >= 0x80;
}

/* The modifiers of a declaration: the words before its type or name,
 * skipping annotations (`@Deprecated(since = "9")`, `@a.b.C`), comments and
 * `non-sealed`. Bit per modifier. */
enum { M_PUBLIC = 1, M_PRIVATE = 2, M_PROTECTED = 4, M_STATIC = 8, M_FINAL = 16 };

static unsigned modifiers(const char *s, size_t n, size_t *end)
{
    static const struct {
        const char *word;
        unsigned bit;
    } known[] = {
        {"public", M_PUBLIC},  {"private", M_PRIVATE}, {"protected", M_PROTECTED}, {"static", M_STATIC},
        {"final", M_FINAL},    {"abstract", 0},        {"default", 0},             {"synchronized", 0},
        {"native", 0},         {"transient", 0},       {"volatile", 0},            {"strictfp", 0},
        {"sealed", 0},         {"non-sealed", 0},
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
        } else if (c == '@' && !(i + 9 < n && memcmp(s + i, "@interface", 10) == 0)) {
            i++; /* an annotation: its dotted name, then maybe a parenthesized argument list */
            while (i < n && (is_word_char(s[i]) || s[i] == '.' || s[i] == ' ')) i++;
            if (i < n && s[i] == '(') {
                int depth = 0;
                char quote = 0;
                for (; i < n; i++) {
                    if (quote) {
                        if (s[i] == '\\') i++;
                        else if (s[i] == quote) quote = 0;
                    } else if (s[i] == '"' || s[i] == '\'') {
                        quote = s[i];
                    } else if (s[i] == '(') {
                        depth++;
                    } else if (s[i] == ')' && --depth == 0) {
                        i++;
                        break;
                    }
                }
            }
        } else if (is_word_char(c)) {
            size_t start = i;
            while (i < n && (is_word_char(s[i]) || (s[i] == '-' && i - start == 3))) i++;
            size_t len = i - start;
            size_t k = 0;
            for (; k < sizeof known / sizeof *known; k++)
                if (strlen(known[k].word) == len && memcmp(known[k].word, s + start, len) == 0) break;
            if (k == sizeof known / sizeof *known) {
                *end = start; /* the type or the name: no more modifiers */
                return bits;
            }
            bits |= known[k].bit;
        } else {
            *end = i; /* `<T>`, `@interface`, `(`: past the modifiers */
            return bits;
        }
    }
    *end = n;
    return bits;
}

/* A constructor: its name comes right after the modifiers (and type
 * parameters), followed by its parameters; a method has its type first. */
static int is_constructor(const cortex_symbol_view *v, size_t at)
{
    const char *s = v->source, *end = v->source + v->source_len, *p = s + at;
    if (p < end && *p == '<') {
        int depth = 0;
        for (; p < end; p++) {
            if (*p == '<') depth++;
            else if (*p == '>' && --depth == 0) break;
        }
        if (p < end) p++;
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    }
    if ((size_t)(end - p) <= v->name_len || memcmp(p, v->name, v->name_len) != 0) return 0;
    p += v->name_len;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    return p < end && *p == '(';
}

static int is(const char *kind, const char *what) { return kind && strcmp(kind, what) == 0; }

static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (is(*kind, "module")) return;
    size_t end = 0;
    unsigned m = modifiers(v->source, v->source_len, &end);
    if (is(*kind, "property") && (m & M_STATIC) && (m & M_FINAL)) *kind = "constant";
    if (*visibility) return; /* set by the query: enum constants, record components */
    if (m & M_PUBLIC) *visibility = "public";
    else if (m & M_PRIVATE) *visibility = "private";
    else if (m & M_PROTECTED) *visibility = "protected";
    else if (is(v->parent_kind, "interface")) *visibility = "public"; /* interface and annotation members */
    else if (is(v->parent_kind, "enum") && is(*kind, "method") && is_constructor(v, end)) *visibility = "private";
    else *visibility = "package";
}

/* Emits `dir/a/b/C.java` for the first `len` bytes of the dotted `name`,
 * then the one file anywhere ending in `/a/b/C.java` (a src/main/java or
 * module source root). */
static void emit_class(const char *name, size_t len, cortex_path_fn emit, void *payload)
{
    char path[1024];
    if (len == 0 || len + 8 >= sizeof path) return;
    path[0] = '*';
    path[1] = '/';
    for (size_t i = 0; i < len; i++) path[2 + i] = name[i] == '.' ? '/' : name[i];
    memcpy(path + 2 + len, ".java", 6);
    emit(path + 2, payload);
    if (memchr(name, '.', len)) emit(path, payload); /* a lone `C.java` suffix is too loose */
}

/* The start of the last dotted component of name[0, len). */
static size_t last_component(const char *name, size_t len)
{
    size_t i = len;
    while (i > 0 && name[i - 1] != '.') i--;
    return i;
}

/* `import a.b.C;` is the file a/b/C.java. `import a.b.C.Inner;` may be
 * a/b/C/Inner.java but is usually the nested class in a/b/C.java: while the
 * component before the last is capitalized (a class, not a package), the
 * shorter path is a candidate too. `import static a.b.C.member;` names a
 * member of a/b/C.java. `import a.b.*;` names a package, a directory, not a
 * file: no candidate, unless `a.b` is capitalized (`import a.B.*;`, the
 * nested classes of a/B.java). */
static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit,
                         void *payload)
{
    (void)importer;
    size_t len = strlen(name);
    int is_static = origin && strstr(origin, "static") != NULL;
    int wildcard = origin && strstr(origin, "wildcard") != NULL;
    if (is_static && !wildcard) {
        size_t member = last_component(name, len);
        if (member < 2) return;
        len = member - 1; /* the member's class */
    }
    if (wildcard && !is_static && !(name[last_component(name, len)] >= 'A' && name[last_component(name, len)] <= 'Z'))
        return; /* a package */
    while (len > 0) {
        emit_class(name, len, emit, payload);
        size_t last = last_component(name, len);
        if (last < 2) break;
        size_t outer = last_component(name, last - 1);
        if (!(name[outer] >= 'A' && name[outer] <= 'Z')) break; /* a package: the class is not nested */
        len = last - 1;
    }
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "java",
    .version = "0.2.0",
    .extensions = extensions,
    .language = tree_sitter_java,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
    .import_paths = import_paths,
    .line_comment = "//",
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
