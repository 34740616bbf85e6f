/* Shared by the javascript, typescript and tsx plugins. */
#ifndef CORTEX_PLUGIN_JS_COMMON_H
#define CORTEX_PLUGIN_JS_COMMON_H

#include <cortex/plugin.h>

/* Relative specifiers (`./x`, `../y/z.js`) to candidate repository files:
 * as written, then with each source extension, then as a directory's index. */
void cortex_js_import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload);

/* `#name` class members are private. */
void cortex_js_refine(const cortex_symbol_view *v, const char **kind, const char **visibility);

#endif
