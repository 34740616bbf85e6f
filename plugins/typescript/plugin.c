/*
 * The TypeScript plugin (.ts .mts .cts, declaration files included):
 * JavaScript's definitions, imports, calls and texts (plugins/javascript/
 * queries: tags, imports, calls, texts) and TypeScript's own
 * (queries/types.scm): interfaces and their members, type aliases (and the
 * members of object types), enums and their members, namespaces and
 * `declare module`, abstract classes and methods, overload and ambient
 * signatures, class fields, public/private/protected, `import x =
 * require()`, and type references (annotations, generic arguments,
 * extends/implements, unions, `as`, `satisfies`, ...).
 * Built a second time with CORTEX_TSX as the tsx plugin (.tsx): the TSX
 * grammar, with JSX (plugins/javascript/queries/jsx.scm).
 */
#include <cortex/plugin.h>

#include "js_common.h"

#ifdef CORTEX_TSX
#include "tsx_queries.h"
#define PLUGIN_NAME "tsx"
#define GRAMMAR tree_sitter_tsx
static const char *const extensions[] = {".tsx", NULL};
#else
#include "typescript_queries.h"
#define PLUGIN_NAME "typescript"
#define GRAMMAR tree_sitter_typescript
static const char *const extensions[] = {".ts", ".mts", ".cts", NULL};
#endif

const struct TSLanguage *GRAMMAR(void);

/* types first: where it and tags.scm capture one node, its pattern (with the
 * accessibility modifier) wins. */
static const cortex_query queries[] = {
    {"types", cortex_query_types},
    {"tags", cortex_query_tags},
    {"imports", cortex_query_imports},
    {"calls", cortex_query_calls},
#ifdef CORTEX_TSX
    {"jsx", cortex_query_jsx},
#endif
    {"texts", cortex_query_texts},
};

/* The grammar's attribute and decorator node types: written before a
 * definition, they start it (cortex/plugin.h). */
static const char *const leading_node_types[] = {"import_attribute",
#ifdef CORTEX_TSX
                                                 "jsx_attribute",
#endif
                                                 "decorator", NULL};

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = PLUGIN_NAME,
    .version = "0.1.0",
    .extensions = extensions,
    .language = GRAMMAR,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = cortex_js_refine,
    .import_paths = cortex_js_import_paths,
    .line_comment = "//",
    .leading_node_types = leading_node_types,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
