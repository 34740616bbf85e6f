/*
 * A memory store's derived index, memory.db (docs/memory.md): the memories
 * and categories tables of reference design 001, the file stamps that
 * notice hand edits, and FTS5 over titles, bodies and tags. Apart from the
 * code store (a cold index run holds its write transaction for the whole
 * run); derived from the files, so it may be deleted at any time.
 */
#ifndef CORTEX_STORE_MEMORY_INDEX_H
#define CORTEX_STORE_MEMORY_INDEX_H

#include <stddef.h>
#include <stdint.h>

typedef struct cortex_memory_index cortex_memory_index;

/* The schema's version: an index of another is rebuilt from the files. */
#define CORTEX_MEMORY_INDEX_SCHEMA 1

/** Opens (creating) the index at `path`, WAL. `*fresh` is set when it was
 *  missing or of another schema (then deleted and made anew, empty): the
 *  caller fills it from the files. Caller owns `*out`; close with
 *  cortex_memory_index_close(). */
int cortex_memory_index_open(cortex_memory_index **out, int *fresh, const char *path);
void cortex_memory_index_close(cortex_memory_index *x); /* NULL-safe */

int cortex_memory_index_begin(cortex_memory_index *x);
int cortex_memory_index_commit(cortex_memory_index *x);
void cortex_memory_index_rollback(cortex_memory_index *x);

/** One memory as the index holds it; strings borrowed (for the call, or the callback). */
typedef struct cortex_memory_row {
    const char *path, *category, *title, *tags_json, *source, *summary, *body;
    int64_t token_estimate, created_at, updated_at, expires_at; /* expires_at 0: never */
    int64_t mtime_ns, size;
    int64_t hash; /* of the file's bytes */
} cortex_memory_row;

typedef int (*cortex_memory_row_cb)(const cortex_memory_row *row, void *payload);

/** Inserts or replaces the row of `row->path`. */
int cortex_memory_index_put(cortex_memory_index *x, const cortex_memory_row *row);
/** Removes the row of `path` (none: no error). */
int cortex_memory_index_remove(cortex_memory_index *x, const char *path);
/** Records that `path`'s file, unchanged in content, has a new stamp. */
int cortex_memory_index_touch(cortex_memory_index *x, const char *path, int64_t mtime_ns, int64_t size);
/** Every row's path and stamp (path, mtime_ns, size, hash set; the rest not), by path. */
int cortex_memory_index_stamps(cortex_memory_index *x, cortex_memory_row_cb cb, void *payload);
/** The row of `path` with every field; CORTEX_ENOTFOUND (no message) when none. */
int cortex_memory_index_get(cortex_memory_index *x, const char *path, cortex_memory_row_cb cb, void *payload);

/** Replaces the categories table: `paths[i]` with `descriptions[i]` (NULL: none). */
int cortex_memory_index_set_categories(cortex_memory_index *x, const char *const *paths,
                                       const char *const *descriptions, size_t n);

typedef int (*cortex_memory_category_cb)(const char *path, const char *description, int64_t memories,
                                         void *payload);
/** The categories under `parent` ("" = the root): its children, or with
 *  `recursive` every descendant; each with the count of memories directly in it. */
int cortex_memory_index_categories(cortex_memory_index *x, const char *parent, int recursive,
                                   cortex_memory_category_cb cb, void *payload);

typedef enum cortex_memory_sort {
    CORTEX_MEMORY_SORT_UPDATED,
    CORTEX_MEMORY_SORT_CREATED,
    CORTEX_MEMORY_SORT_TOKENS,
    CORTEX_MEMORY_SORT_RELEVANCE /* BM25 of `text`: best first, whatever the order */
} cortex_memory_sort;

/** Design 001's MemoryFilter, plus full text. Filters combine with AND. */
typedef struct cortex_memory_filter {
    const char *category;     /* NULL or "": every category; else it and its subtree */
    int recursive;            /* 0: the category's own memories only */
    const char *const *tags;  /* NULL-terminated; a memory with any of them */
    int64_t updated_after;    /* > 0: updated_at strictly after (epoch ms) */
    int64_t updated_before;   /* > 0: updated_at strictly before */
    const char *source;       /* NULL: any */
    const char *fts;          /* NULL: no text; else an FTS5 query over title, body, tags */
    int include_expired;      /* 0: memories whose expires_at <= now are left out */
    int expired_only;         /* only those (prune) */
    int64_t now;              /* epoch ms */
    cortex_memory_sort sort;
    int ascending;
    int64_t limit, offset;    /* limit < 0: all */
} cortex_memory_filter;

/** The memories `f` keeps, in its order, every field but body; `*total`
 *  (may be NULL) counts them all. CORTEX_EINVALID when FTS5 rejects `fts`. */
int cortex_memory_index_query(int64_t *total, cortex_memory_index *x, const cortex_memory_filter *f,
                              cortex_memory_row_cb cb, void *payload);

#endif
