/* The store rewritten when edits have left it larger than a fresh one (compact.h). */
#include "compact.h"

#include "../util/error.h"

#include <stdio.h>

static int one_int64(sqlite3 *db, const char *sql, int64_t *out)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_step(st);
    *out = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 0 : cortex_error_set(CORTEX_EIO, "sqlite store: %s: %s", sql, sqlite3_errmsg(db));
}

/* The bytes of the pages in use, the rows they hold, and the bytes a store
 * takes with no rows: a page for each table and index (on a small store, a
 * good part of it). */
static int measure(sqlite3 *db, int64_t *bytes, int64_t *rows, int64_t *fixed)
{
    int64_t pages = 0, free_pages = 0, page_size = 0, btrees = 0;
    int rc = one_int64(db, "PRAGMA page_count", &pages);
    if (!rc) rc = one_int64(db, "PRAGMA freelist_count", &free_pages);
    if (!rc) rc = one_int64(db, "PRAGMA page_size", &page_size);
    if (!rc) rc = one_int64(db, "SELECT count(*) FROM sqlite_master WHERE rootpage > 0", &btrees);
    /* the rows of symbols, refs and texts as each file records them (the
     * churn test checks they are its rows): a count(*) of each read every
     * page of an index, a tenth of a one-file edit on the whole kernel */
    if (!rc)
        rc = one_int64(db,
                       "SELECT (SELECT total(symbol_rows) + total(ref_rows) + total(text_rows) + count(*) FROM files)"
                       " + (SELECT count(*) FROM chunks)",
                       rows);
    *bytes = (pages - free_pages) * page_size;
    *fixed = btrees * page_size;
    return rc;
}

int cortex_store_note_fresh(cortex_store *s)
{
    sqlite3 *db = cortex_store_db(s);
    int64_t bytes, rows, fixed;
    int rc = measure(db, &bytes, &rows, &fixed);
    if (rc) return rc;
    char sql[160];
    snprintf(sql, sizeof sql, "INSERT OR REPLACE INTO meta(key, value) VALUES ('fresh_bytes', '%lld'), ('fresh_rows', '%lld')",
             (long long)bytes, (long long)rows);
    return cortex_store__exec(db, sql, "sqlite store");
}

int cortex_store_compact_if_grown(cortex_store *s, int *compacted)
{
    *compacted = 0;
    sqlite3 *db = cortex_store_db(s);
    int64_t fresh_bytes = 0, fresh_rows = 0, bytes, rows, fixed;
    int rc = one_int64(db, "SELECT COALESCE((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'fresh_bytes'), 0)",
                       &fresh_bytes);
    if (!rc)
        rc = one_int64(db, "SELECT COALESCE((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'fresh_rows'), 0)",
                       &fresh_rows);
    if (!rc) rc = measure(db, &bytes, &rows, &fixed);
    if (rc) return rc;
    /* what a fresh store of these rows takes: the empty store's pages, and
     * the rest in proportion to the rows; a store made before sizes were
     * noted takes what it takes now as the reference */
    double per_row = fresh_rows > 0 && fresh_bytes > fixed ? (double)(fresh_bytes - fixed) / (double)fresh_rows : 0;
    int grown = fresh_rows > 0 && (double)bytes > ((double)fixed + per_row * (double)rows) * (1.0 + CORTEX_STORE_COMPACT_SLACK);
    if (grown) {
        /* Most of the growth is full-text segments an edit's deletions leave
         * behind, which VACUUM copies as they are: merged into one first. */
        if ((rc = cortex_store__exec(db,
                                     "BEGIN IMMEDIATE;"
                                     " INSERT INTO symbols_fts(symbols_fts) VALUES ('optimize');"
                                     " INSERT INTO texts_fts(texts_fts) VALUES ('optimize');"
                                     " INSERT INTO files_fts(files_fts) VALUES ('optimize');"
                                     " INSERT INTO chunks_fts(chunks_fts) VALUES ('optimize');"
                                     " COMMIT",
                                     "sqlite store: merge the full-text segments"))) {
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            return rc;
        }
        if ((rc = cortex_store__exec(db, "VACUUM", "sqlite store: compact"))) return rc;
        *compacted = 1;
    } else if (fresh_rows > 0) {
        return 0;
    }
    if ((rc = cortex_store__exec(db, "BEGIN IMMEDIATE", "sqlite store"))) return rc;
    if ((rc = cortex_store_note_fresh(s)) || (rc = cortex_store__exec(db, "COMMIT", "sqlite store"))) {
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        return rc;
    }
    return 0;
}
