/*
 * The index's totals, counted in the store: what `cortex index` reports as
 * "in the index" beside what the run parsed, and flush_index the same.
 */
#include "totals.h"

#include "read_internal.h"

#include "../util/error.h"

#include <string.h>

static int totals_of(cortex_store_totals *out, sqlite3 *db)
{
    memset(out, 0, sizeof *out);
    /* from each file's counts of its rows (the writer's): a count(*) of the
     * references reads the whole of an index, hundreds of megabytes on a
     * large repository, into a reader's mapped pages */
    static const char sql[] = "SELECT count(*), total(symbol_rows), total(ref_rows), total(text_rows),"
                              " count(*) FILTER (WHERE parse_errors != 0) FROM files";
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return cortex_error_set(CORTEX_EIO, "counting the index: %s", sqlite3_errmsg(db));
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        out->files = (uint64_t)sqlite3_column_int64(st, 0);
        out->symbols = (uint64_t)sqlite3_column_int64(st, 1);
        out->refs = (uint64_t)sqlite3_column_int64(st, 2);
        out->texts = (uint64_t)sqlite3_column_int64(st, 3);
        out->parse_errors = (uint64_t)sqlite3_column_int64(st, 4);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 0 : cortex_error_set(CORTEX_EIO, "counting the index: %s", sqlite3_errmsg(db));
}

int cortex_store_totals_read(cortex_store_totals *out, cortex_store *store) { return totals_of(out, cortex_store_db(store)); }

int cortex_store_read_totals(cortex_store_totals *out, cortex_store_reader *r)
{
    return totals_of(out, cortex_store__reader_db(r));
}
