/*
 * Full-text search over the store, one scope at a time: symbols (names split
 * into words, signatures, docs), file paths, texts (comments, docstrings,
 * strings, samples) and chunks, each ranked by BM25. The query is FTS5
 * syntax already (the tools translate the agent's); merging the scopes and
 * paging them is the caller's.
 */
#ifndef CORTEX_STORE_SEARCH_H
#define CORTEX_STORE_SEARCH_H

#include "read.h"

#include <stdint.h>

typedef enum cortex_store_scope {
    CORTEX_STORE_SCOPE_SYMBOL, /* the tie-break order of equal scores */
    CORTEX_STORE_SCOPE_FILE,
    CORTEX_STORE_SCOPE_TEXT,
    CORTEX_STORE_SCOPE_CHUNK,
    CORTEX_STORE_SCOPES
} cortex_store_scope;

/** A language's own word for a kind stored under another name: the symbols
 *  of `kind` in files of `lang`. */
typedef struct cortex_store_kind_word {
    const char *lang, *kind;
} cortex_store_kind_word;

/** How many kind words one search may add to its kind. */
#define CORTEX_STORE_KIND_WORDS_MAX 8

typedef struct cortex_store_search {
    const char *fts;     /* an FTS5 query */
    const char *exact;   /* a symbol named this (either case) ranks first */
    const char *kind;    /* or NULL: rows of this kind only (not for files) */
    /* symbols of these (language, kind) pairs too, when `kind` is a word some
     * languages store under another kind */
    cortex_store_kind_word kind_words[CORTEX_STORE_KIND_WORDS_MAX];
    size_t nkind_words;
    const char *glob;    /* or NULL: files whose path matches */
    const char *project; /* or NULL: files of one project only */
    int all_chunks;      /* chunks of every kind; otherwise documentation only, unless `kind` says */
    int64_t want;        /* the best this many rows of each scope */
} cortex_store_search;

/** One hit; strings borrowed for the callback, NULL when absent. */
typedef struct cortex_store_hit {
    cortex_store_scope scope;
    double score; /* lower is better */
    int coverage; /* how many of the query's phrases the row matches */
    cortex_store_symbol symbol; /* SCOPE_SYMBOL */
    /* the other scopes: */
    const char *kind, *file, *parent, *headers, *content, *project;
    int64_t line, line_end;
} cortex_store_hit;

typedef int (*cortex_store_hit_cb)(const cortex_store_hit *hit, void *payload);

/** Adds the count of `scope`'s matches to `*total` and calls `cb` on its best
 *  `want`. CORTEX_EINVALID when FTS5 rejects the query (the message is
 *  SQLite's), CORTEX_EIO on another failure. */
int cortex_store_search_scope(int64_t *total, cortex_store_reader *r, cortex_store_scope scope,
                              const cortex_store_search *q, cortex_store_hit_cb cb, void *payload);

#endif
