/*
 * Full-text tables built beside the store, on a core of their own. A bulk
 * load's commit used to index every row for full-text search after the rows
 * and before the secondary indexes, on one core while the other idled: 1.2 s
 * of the kernel subtree's 2.5 s serial commit. With more than one thread the
 * SQLite sink instead spools each row's searchable columns to an unlinked
 * file as it writes the row; at commit a thread builds the FTS5 tables from
 * the spool in a database of its own (`<store>.fts`) while the sink builds
 * the indexes, and the sink then copies the tables' shadow tables into the
 * store, inside the run's transaction. Done with the indexes first, the sink
 * builds the tables the thread has not started in the store itself. The
 * rows go in by id in one statement per table, as the serial build does, so
 * the copied tables are the same bytes the serial build writes.
 */
#ifndef CORTEX_STORE_FTS_SIDE_H
#define CORTEX_STORE_FTS_SIDE_H

#include <sqlite3.h>
#include <stdint.h>

/* The store's full-text tables, in schema order, and the columns each indexes:
 * symbols_fts(terms, sig, doc), texts_fts(text), chunks_fts(content, headers),
 * files_fts(path). */
typedef enum cortex_fts_table {
    CORTEX_FTS_SYMBOLS,
    CORTEX_FTS_TEXTS,
    CORTEX_FTS_CHUNKS,
    CORTEX_FTS_FILES,
    CORTEX_FTS_TABLES
} cortex_fts_table;

typedef struct cortex_fts_side cortex_fts_side;

/* Starts a spool for the store at `store_path` (a stale side database is
 * deleted). Returns 0 or a CORTEX_E* code with the message set. */
int cortex_fts_side_open(cortex_fts_side **out, const char *store_path);

/* Deletes a side database a killed run left beside the store. */
void cortex_fts_side_remove_stale(const char *store_path);

/* Spools row `id` of a table: `cols` holds the table's columns, NULL for SQL
 * NULL. Rows may come in any order. A write error is reported by start. */
void cortex_fts_side_add(cortex_fts_side *f, cortex_fts_table table, int64_t id, const char *const *cols);

/* Starts building the tables on a thread of its own, the largest first. */
int cortex_fts_side_start(cortex_fts_side *f);

/* Whether the thread is still building (NULL: no side build). */
int cortex_fts_side_busy(cortex_fts_side *f);

/* Claims the next table the thread has not started, for the caller to build
 * in the store itself once its own work is done; -1 when none is left. */
int cortex_fts_side_claim(cortex_fts_side *f);

/* Waits for the build: 0, or a CORTEX_E* code with the message set when it
 * failed (the side database could not be written: the caller builds the
 * tables the thread did not in the store instead). */
int cortex_fts_side_finish(cortex_fts_side *f);

/* After finish: whether the thread built `table`. */
int cortex_fts_side_built(const cortex_fts_side *f, cortex_fts_table table);

/* Replaces the contents of `db`'s full-text tables the thread built with its
 * build; call inside the transaction that wrote the rows. */
int cortex_fts_side_copy(cortex_fts_side *f, sqlite3 *db);

/* Waits for a build still running, detaches the side database from `db` (it
 * cannot be detached inside a transaction: call after the commit or rollback)
 * and deletes it. NULL-safe; `db` may be NULL when never copied. */
void cortex_fts_side_close(cortex_fts_side *f, sqlite3 *db);

#endif
