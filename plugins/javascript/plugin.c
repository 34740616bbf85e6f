/*
 * The JavaScript plugin (.js .mjs .cjs .jsx):
 *   queries/tags.scm    functions (declared, and function, arrow or generator
 *                       expressions bound to a name, returned or passed named,
 *                       exported through CommonJS), classes and their methods
 *                       and accessors, object literals' functions, prototype
 *                       methods (Foo.prototype.bar = function), module-level
 *                       constants (const) and variables (let, var, exports.x)
 *   queries/fields.scm  class fields (#private ones private), extends
 *   queries/imports.scm ES imports and re-exports, import(), require()
 *   queries/calls.scm   calls with their receiver, new and decorators
 *   queries/jsx.scm     JSX components (instantiations) and JSX text
 *   queries/texts.scm   comments (JSDoc is the doc of what follows) and prose
 *                       strings and template literals
 * tags, imports, calls and texts are shared with the typescript and tsx
 * plugins (plugins/typescript). imports.c resolves relative specifiers to
 * repository files and makes `#private` names private.
 */
#include <cortex/plugin.h>

#include "javascript_queries.h"
#include "js_common.h"

const struct TSLanguage *tree_sitter_javascript(void);

static const char *const extensions[] = {".js", ".mjs", ".cjs", ".jsx", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"fields", cortex_query_fields},
    {"imports", cortex_query_imports},
    {"calls", cortex_query_calls},
    {"jsx", cortex_query_jsx},
    {"texts", cortex_query_texts},
};

/* The grammar's attribute and decorator node types: written before a
 * definition, they start it (cortex/plugin.h). */
static const char *const leading_node_types[] = {"import_attribute", "jsx_attribute", "decorator", NULL};

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "javascript",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_javascript,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = cortex_js_refine,
    .import_paths = cortex_js_import_paths,
    .line_comment = "//",
    .leading_node_types = leading_node_types,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
