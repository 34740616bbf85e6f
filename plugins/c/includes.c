/* Where an #include may point (C and C++). */
#include "includes.h"

#include <stdio.h>
#include <string.h>

void cortex_c_include_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    char path[1024];
    if (!origin || strcmp(origin, "local") == 0) {
        const char *slash = strrchr(importer, '/');
        if (slash) {
            snprintf(path, sizeof path, "%.*s/%s", (int)(slash - importer), importer, name);
            emit(path, payload);
        }
        emit(name, payload);
    }
    snprintf(path, sizeof path, "*/%s", name);
    emit(path, payload);
}
