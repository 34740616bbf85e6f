/*
 * Every reference's binding in one pass over the store, as the ref_bindings
 * view gives it (store.c), for the readers that want them all: the view
 * looks a reference's name up in definition_names three times for each
 * reference, which on a store of millions of references is most of a
 * whole-graph read; here the names are read once into memory and each
 * reference is looked up there. The view stays the one definition: the two
 * are compared reference by reference on the resolution cases
 * (tests/resolution, tests/unit/bindings_agree.c). Internal to core/store/.
 */
#ifndef CORTEX_STORE_BINDINGS_SCAN_H
#define CORTEX_STORE_BINDINGS_SCAN_H

#include "read.h"

#include <stdint.h>

/** One reference as the view binds it; strings borrowed for the callback. */
typedef struct cortex_store__binding {
    int64_t id, file_id, caller_id, target_id;
    int has_caller, has_target; /* whether caller_id, target_id are set (the view's NULL otherwise) */
    const char *kind;           /* "call", "type", ... */
    const char *resolution;     /* the view's label, or NULL */
} cortex_store__binding;

typedef int (*cortex_store__binding_cb)(const cortex_store__binding *b, void *payload);

/** Calls `cb` on every reference in id order until it returns non-zero.
 *  0, the callback's code, or a failed read's (cancellation included). */
int cortex_store__scan_bindings(cortex_store_reader *r, cortex_store__binding_cb cb, void *payload);

/** The same for the references named `name` alone, in id order: the
 *  names held are that name's, so the cost is its references'. */
int cortex_store__scan_bindings_named(cortex_store_reader *r, const char *name, cortex_store__binding_cb cb,
                                      void *payload);

/** The definitions' ids, sorted, for many lookups of their files (a
 *  definition's id names its file: ids.h). */
typedef struct cortex_store__symbol_files {
    int64_t *ids;
    size_t n;
} cortex_store__symbol_files;

int cortex_store__symbol_files_load(cortex_store_reader *r, cortex_store__symbol_files *out);
/** The file of definition `id`, or 0 when the store has no such definition. */
int64_t cortex_store__symbol_file(const cortex_store__symbol_files *m, int64_t id);
void cortex_store__symbol_files_free(cortex_store__symbol_files *m);

#endif
