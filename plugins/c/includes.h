/* Shared by the C and C++ plugins: where an #include may point. */
#ifndef CORTEX_PLUGIN_C_INCLUDES_H
#define CORTEX_PLUGIN_C_INCLUDES_H

#include <cortex/plugin.h>

/* `#include "x.h"` is looked up beside the including file, then from the
 * root; both forms, last, by a unique path suffix (an include directory). */
void cortex_c_include_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload);

#endif
