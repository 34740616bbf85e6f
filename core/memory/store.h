/*
 * One memory store (docs/memory.md): a directory of Markdown files, the
 * source of truth, and its derived index memory.db. Opening a store takes
 * its lock (an exclusive flock on <store>/.lock, held until it is closed, so
 * two writers never interleave) and brings the index up to date with the
 * files: a missing or old index is rebuilt, a file edited by hand is read
 * again (its stamp differs and its hash too), a removed one leaves the index.
 * Every write puts the file first, then the index.
 */
#ifndef CORTEX_MEMORY_STORE_H
#define CORTEX_MEMORY_STORE_H

#include "front_matter.h"
#include "names.h"

#include "../store/memory_index.h"

typedef struct cortex_memory_store cortex_memory_store;

/** Opens the store in directory `dir` named `name`, making the directory
 *  (and its parents) when `create`; CORTEX_ENOTFOUND when it is missing
 *  otherwise. Caller owns `*out`; close with cortex_memory_store_close(). */
int cortex_memory_store_open(cortex_memory_store **out, const char *name, const char *dir, int create);
/** Releases the lock. NULL-safe. */
void cortex_memory_store_close(cortex_memory_store *s);

/** Borrowed; valid until the store is closed. */
const char *cortex_memory_store_name(const cortex_memory_store *s);
const char *cortex_memory_store_dir(const cortex_memory_store *s);
cortex_memory_index *cortex_memory_store_index(cortex_memory_store *s);
/** What opening did that a caller should say (the index rebuilt), or NULL. */
const char *cortex_memory_store_notice(const cortex_memory_store *s);
/** The files the last sync skipped, each "file:line:col: why" (or "file: why"). */
size_t cortex_memory_store_problems(const cortex_memory_store *s, const char *const **out);

/** Deletes the index and rebuilds it from the files; `*count` memories indexed. */
int cortex_memory_store_reindex(cortex_memory_store *s, int64_t *count);

/** The memory at `path` ("cat/slug") read from its file. Caller disposes `*out`. */
int cortex_memory_load(cortex_memory_doc *out, cortex_memory_store *s, const char *path);

typedef enum cortex_memory_save_mode {
    CORTEX_MEMORY_CREATE, /* fails when the memory exists */
    CORTEX_MEMORY_REPLACE /* fails when it does not */
} cortex_memory_save_mode;

/** Writes `doc` to `path`'s file (its category made as needed), then the index. */
int cortex_memory_save(cortex_memory_store *s, const char *path, const cortex_memory_doc *doc,
                       cortex_memory_save_mode mode);
int cortex_memory_delete(cortex_memory_store *s, const char *path);
/** Renames `from` to `to` (never over an existing memory). */
int cortex_memory_rename(cortex_memory_store *s, const char *from, const char *to);

/** Makes category `category` and its parents (existing ones: no error). */
int cortex_memory_category_make(cortex_memory_store *s, const char *category);
/** Removes an empty category (CORTEX_EINVALID when it holds memories or categories). */
int cortex_memory_category_remove(cortex_memory_store *s, const char *category);
/** Sets (NULL or "": clears) a category's description. */
int cortex_memory_category_describe(cortex_memory_store *s, const char *category, const char *description);
/** Whether `category` exists ("" always does). */
int cortex_memory_category_exists(cortex_memory_store *s, const char *category);

#endif
