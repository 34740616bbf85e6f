/*
 * The SQLite store (.cortex/cortex.db): opening with a schema-version check,
 * the schema itself, a run's transaction and the store-wide steps of a bulk
 * load. The schema is documented in docs/index-format.md; the writes are in
 * write.h, binding in bind.h, ids in ids.h, the previous run's manifest in
 * manifest.h, the full-text rows in fts.h and the reads in read.h.
 */
#ifndef CORTEX_STORE_STORE_H
#define CORTEX_STORE_STORE_H

#include <sqlite3.h>
#include <stdint.h>

/** A writer's page cache, as a PRAGMA cache_size value (KiB when negative). */
#define CORTEX_STORE_CACHE_SIZE "-16384"
/** A new store's page cache while files are loaded into it: its rows are
 *  appended, and the workers' parse trees need the memory more. The commit
 *  takes CORTEX_STORE_CACHE_SIZE again (cortex_store_create_indexes_bulk). */
#define CORTEX_STORE_LOAD_CACHE_SIZE "-8192"
/** A new store's page size (see cortex_store_open), and its side database's. */
#define CORTEX_STORE_PAGE_SIZE "16384"

/** The schema this build writes and reads; bumped on any incompatible change. */
#define CORTEX_STORE_SCHEMA 23

/** A text's or a reference's id is its file's id in the high bits and a
    number within the file in the low ones: a file's texts, and its references,
    are one range of ids each, found without an index by file (building those
    two indexes was a quarter of a cold run's index builds). */
#define CORTEX_STORE_ROW_ID_BITS 32
/** SQL: the row id `id` belongs to the file whose id is `file`. */
#define CORTEX_STORE_ROW_OF_FILE(id, file) id " BETWEEN (" file ") << 32 AND ((" file ") << 32) + 4294967295"

typedef struct cortex_store cortex_store;

/** The full-text (FTS5) tables' declarations and settings, part of the schema:
 *  also run on the side database where a bulk load builds them (fts_side.h). */
extern const char cortex_store_fts_sql[];

typedef enum cortex_store_mode {
    CORTEX_STORE_READ,  /* an existing store; never created or migrated */
    CORTEX_STORE_WRITE, /* created when missing; an older schema is rebuilt empty */
    CORTEX_STORE_BUILD  /* a store that does not exist yet, written whole by one run
                           beside `path` and moved there by cortex_store_publish() */
} cortex_store_mode;

/** Opens the store at `path`. A store written by a newer schema is refused
 *  (CORTEX_EVERSION); in WRITE mode an older one is deleted and recreated, since
 *  the store is derived data, and in READ mode refused with CORTEX_ESCHEMA; a
 *  store never committed is CORTEX_ENOTFOUND in READ mode. Caller owns `*out`; close with cortex_store_close(). */
int cortex_store_open(cortex_store **out, const char *path, cortex_store_mode mode);
/** Closes the store; a BUILD store never published is deleted. */
void cortex_store_close(cortex_store *s);

/** Starts writing what a BUILD store has written so far to the disk, on a
 *  thread of its own (joined by the next call, publish and close), without
 *  waiting: the sync at publish then waits only for the rest (0.16 s of the
 *  kernel subtree's cold run was that wait). No-op for other stores. */
void cortex_store_start_writeback(cortex_store *s);

/** Makes a BUILD store the store at its path: switches it to WAL, closes its
 *  connection (finalize every statement first), syncs it and renames it into
 *  place. After this only cortex_store_close() may be called. */
int cortex_store_publish(cortex_store *s);

/** cortex_store_open for a given schema version: lets tests exercise upgrades. */
/** Runs `sql` (statements) on `db`: 0, or CORTEX_EIO with "<what>: <SQLite's message>". */
int cortex_store__exec(sqlite3 *db, const char *sql, const char *what);

int cortex_store__open_schema(cortex_store **out, const char *path, cortex_store_mode mode, int schema);

/** Borrowed; valid until the store is closed. */
sqlite3 *cortex_store_db(cortex_store *s);

/** Drops the full-text tables and makes them again, empty, inside the run's
 *  transaction: a rebuild's tables then hold the bytes a first run's do
 *  (emptied with FTS5's 'delete-all', 3.54 writes their structure record with
 *  another cookie). 0 or a negative code with the message set. */
int cortex_store_remake_fts(cortex_store *s);

/** Drops the secondary indexes built after the rows, for a bulk load into an
 *  empty store, and makes those kept as the rows come (store.c says which);
 *  call inside the run's transaction, and cortex_store_create_indexes() before
 *  it commits. Both return 0 or a negative code with the message set. */
int cortex_store_drop_indexes(cortex_store *s);
/** Creates every secondary index that does not exist. */
int cortex_store_create_indexes(cortex_store *s);

/** True when the last open found an older schema and rebuilt the store. */
int cortex_store_was_rebuilt(const cortex_store *s);

/** Reads a meta value as an integer, `fallback` when absent. */
int64_t cortex_store_meta_int(cortex_store *s, const char *key, int64_t fallback);
/** Records the generation the run commits. */
int cortex_store_set_generation(cortex_store *s, int64_t generation);

/** A run's transaction: BEGIN IMMEDIATE, so a second writer waits at once
 *  rather than failing at its first write. These return 0 or a negative code
 *  with the message set; rollback cannot fail. */
int cortex_store_begin(cortex_store *s);
int cortex_store_commit(cortex_store *s);
void cortex_store_rollback(cortex_store *s);
/** Gives the free pages back to the file system, inside the transaction
 *  (a store made before auto_vacuum has none to give: a no-op). */
int cortex_store_reclaim(cortex_store *s);
/** Whether the transaction begun has written anything: a row, or an index
 *  cortex_store_create_indexes() made. */
int cortex_store_changed(const cortex_store *s);
/** Folds the WAL back into the store, without waiting for readers. */
void cortex_store_checkpoint(cortex_store *s);
/** Writes the pages the connection holds dirty to the file, in the transaction. */
int cortex_store_flush_pages(cortex_store *s);

/** Whether the store has no file (a run on it is a bulk load). */
int cortex_store_is_empty(cortex_store *s);
/** Deletes every row, inside the run's transaction, and makes the full-text
 *  tables anew (cortex_store_remake_fts): a rebuild then writes the bytes a
 *  first run does. */
int cortex_store_empty(cortex_store *s);
/** Which of the secondary indexes a bulk load creates: those the commit's
 *  binding reads, first; the others once the binding has written its
 *  targets (no row-by-row upkeep of them while it does). */
typedef enum {
    CORTEX_STORE_INDEXES_ALL,
    CORTEX_STORE_INDEXES_FOR_BINDING,
    CORTEX_STORE_INDEXES_AFTER_BINDING,
} cortex_store_index_set;
/** A bulk load's cortex_store_create_indexes(), of `set`: on a large store
 *  sorted in runs on `spare_threads` threads with a small cache (see store.c). */
int cortex_store_create_indexes_bulk(cortex_store *s, cortex_store_index_set set, unsigned spare_threads);

/** Writes `name` split into words for full-text search: the name itself, then
 *  its parts split on '_', '.', ':' and case changes ("parseConfig" ->
 *  "parseConfig parse Config"). `out` must hold 3*strlen(name)+2 bytes: the name,
 *  a space, and its characters each with a space before it at worst. */
void cortex_store_name_terms(char *out, const char *name);

/** Registers cortex_terms(name), cortex_store_name_terms() in SQL, on `db`:
 *  every connection that reads symbols_fts' text needs it. 0 or CORTEX_EIO. */
int cortex_store__register_terms(sqlite3 *db);

#endif
