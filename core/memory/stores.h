/*
 * Where memory stores live: "project" at <repository>/.cortex/memory
 * (committed with the code), "user" at $XDG_DATA_HOME/cortex/memory (else
 * ~/.local/share/cortex/memory), and named stores at
 * $XDG_DATA_HOME/cortex/stores/<name>.
 */
#ifndef CORTEX_MEMORY_STORES_H
#define CORTEX_MEMORY_STORES_H

/** The directory of store `name` for the repository whose data directory
 *  is `data_dir` (<root>/.cortex). Caller frees `*out`. CORTEX_EINVALID for
 *  a name that is no store name, or when no data directory can be found. */
int cortex_memory_store_dir_of(char **out, const char *data_dir, const char *name);

/** Whether `name` is always there (project, user): opened with create. */
int cortex_memory_store_builtin(const char *name);

typedef int (*cortex_memory_store_cb)(const char *name, const char *dir, void *payload);
/** project, user, then each named store by name. */
int cortex_memory_stores_each(const char *data_dir, cortex_memory_store_cb cb, void *payload);

/** Makes the named store `name`; CORTEX_EINVALID when it exists or is built in. */
int cortex_memory_store_create(char **dir, const char *data_dir, const char *name);

#endif
