/*
 * Statements kept prepared between uses, found by their text: compiling the
 * SQL of a lookup cost more than running it, and a service answers the same
 * few lookups over and over. One cache per connection, used by one thread at
 * a time. A statement in use is never handed out twice: a second use of the
 * same text while the first runs gets a statement of its own.
 */
#ifndef CORTEX_STORE_STMT_CACHE_H
#define CORTEX_STORE_STMT_CACHE_H

#include <sqlite3.h>
#include <stdint.h>

#define CORTEX_STMT_CACHE_SLOTS 64

typedef struct cortex_stmt_cache {
    struct {
        char *sql; /* NULL: a free slot */
        uint64_t hash;
        sqlite3_stmt *st;
        int in_use;    /* handed out and not yet released */
        uint64_t used; /* the clock at its last use: the least recent is replaced */
    } kept[CORTEX_STMT_CACHE_SLOTS];
    uint64_t clock;
} cortex_stmt_cache;

/** `sql` prepared on `db`, or the cache's statement of that text when it is
 *  not in use; NULL when it does not prepare (SQLite's error is on `db`).
 *  Hand it back with cortex_stmt_cache_release(). A zeroed cache is empty. */
sqlite3_stmt *cortex_stmt_cache_prepare(cortex_stmt_cache *c, sqlite3 *db, const char *sql);
/** Resets `st` and clears its bindings for the next use; finalizes it when
 *  the cache had no room for it. NULL is ignored. */
void cortex_stmt_cache_release(cortex_stmt_cache *c, sqlite3_stmt *st);
/** Finalizes every kept statement (before the connection closes). */
void cortex_stmt_cache_clear(cortex_stmt_cache *c);

#endif
