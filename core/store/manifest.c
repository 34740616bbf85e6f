/*
 * The previous run's manifest (manifest.h): the files table read whole, in
 * path order, and the extractor fingerprint kept in meta, written at each
 * commit and compared by the pipeline and the sink.
 */
#define _POSIX_C_SOURCE 200809L
#include "manifest.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdio.h>
#include <unistd.h>

int cortex_store_same_extractor(cortex_store *s, const char *extractor)
{
    sqlite3_stmt *st;
    int same = 0;
    if (sqlite3_prepare_v2(cortex_store_db(s), "SELECT value = ? FROM meta WHERE key = 'extractor'", -1, &st, NULL) ==
        SQLITE_OK) {
        sqlite3_bind_text(st, 1, extractor, -1, SQLITE_STATIC);
        same = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0);
        sqlite3_finalize(st);
    }
    return same;
}

int cortex_store_set_extractor(cortex_store *s, const char *extractor)
{
    sqlite3 *db = cortex_store_db(s);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO meta(key, value) VALUES ('extractor', ?)", -1, &st, NULL) != SQLITE_OK)
        return cortex_error_set(CORTEX_EIO, "sqlite store: record the extractor: %s", sqlite3_errmsg(db));
    sqlite3_bind_text(st, 1, extractor, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : cortex_error_set(CORTEX_EIO, "sqlite store: record the extractor: %s", sqlite3_errmsg(db));
}

void cortex_store_manifest_read(cortex_store_manifest_entry **out, size_t *count, int *same_extractor,
                                const char *store_path, const char *extractor)
{
    *out = NULL;
    *count = 0;
    *same_extractor = 0;
    if (access(store_path, F_OK) != 0) return;
    cortex_store *store;
    if (cortex_store_open(&store, store_path, CORTEX_STORE_READ) != 0) return; /* the sink reports it */
    size_t cap = 0;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(cortex_store_db(store), "SELECT path, lang, hash, lines, bytes, mtime, parse_errors, variant FROM files ORDER BY path", -1,
                           &st, NULL) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            cortex_store_manifest_entry *e = CORTEX_PUSH(*out, *count, cap);
            e->path = cortex_xstrdup((const char *)sqlite3_column_text(st, 0));
            snprintf(e->lang, sizeof e->lang, "%s", sqlite3_column_text(st, 1));
            snprintf(e->hash, sizeof e->hash, "%s", sqlite3_column_text(st, 2));
            e->lines = (uint32_t)sqlite3_column_int64(st, 3);
            e->bytes = (uint64_t)sqlite3_column_int64(st, 4);
            e->mtime_ns = sqlite3_column_int64(st, 5);
            e->parse_errors = sqlite3_column_int(st, 6) != 0;
            e->variant = sqlite3_column_int(st, 7) != 0;
        }
        sqlite3_finalize(st);
    }
    *same_extractor = cortex_store_same_extractor(store, extractor);
    cortex_store_close(store);
}
