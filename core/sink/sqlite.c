/*
 * The SQLite sink: the queryable store in .cortex/cortex.db. One transaction
 * per run, so a killed indexer leaves the previous generation intact. The
 * sink holds a run's life (open, begin, commit, abort) and orders a bulk
 * load's commit; the rows, ids, binding and full-text tables are the store's
 * (core/store/: write.h, bind.h, fts.h, fts_side.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "sink.h"
#include "sqlite_sink.h"

#include "../store/bind.h"
#include "../store/bulk_names.h"
#include "../store/compact.h"
#include "../store/fts.h"
#include "../store/fts_side.h"
#include "../store/import_targets.h"
#include "../store/manifest.h"
#include "../store/store.h"
#include "../store/write.h"
#include "../util/error.h"
#include "../util/mem.h"
#include "../util/step_times.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct sqlite_sink {
    char path[PATH_MAX];
    cortex_store *store; /* NULL between a first run's commit and the next begin */
    cortex_store_writer *writer;
    int building; /* the store is new: written aside, moved into place by commit */
    unsigned threads; /* the run's: the index builds use the spare ones */
    int full;         /* the run rebuilds: every file is written anew */
    int64_t generation;
    int in_txn;
    int bulk; /* the run started on an empty store: indexes are built at commit */
    cortex_fts_side *side; /* a bulk load on several threads: its full-text tables, built beside */
    int fts_beside;        /* the last commit built its full-text tables beside the store */
    unsigned side_tables;  /* how many of them the side thread built */
    cortex_bulk_names *names; /* a bulk load's definitions by name, counted at commit */
    int dirty; /* a file was written or removed: bindings are recomputed at commit */
    int paths_changed; /* a file came or went (not only edits): every import's target is looked up again */
    int same_extractor; /* the store's rows came from this extractor: they can be kept */
    char *extractor;
} sqlite_sink;

static sqlite3 *db_of(const sqlite_sink *s) { return s->store ? cortex_store_db(s->store) : NULL; }

static void store_disconnect(sqlite_sink *s)
{
    cortex_store_writer_free(s->writer);
    s->writer = NULL;
    cortex_store_close(s->store);
    s->store = NULL;
}

static void sqlite_close(void *self)
{
    sqlite_sink *s = self;
    if (!s) return;
    if (s->in_txn) cortex_store_rollback(s->store);
    cortex_fts_side_close(s->side, db_of(s));
    cortex_bulk_names_free(s->names);
    store_disconnect(s);
    free(s->extractor);
    free(s);
}

/* Opens the store and readies its writes. A first run builds the store
 * aside and moves it into place at commit, after which the next run (a sink
 * can serve several) connects again to the store in place. */
static int store_connect(sqlite_sink *s)
{
    s->building = access(s->path, F_OK) != 0 && errno == ENOENT;
    int rc = cortex_store_open(&s->store, s->path, s->building ? CORTEX_STORE_BUILD : CORTEX_STORE_WRITE);
    return rc ? rc : cortex_store_writer_new(&s->writer, s->store);
}

static int sqlite_open(void **out, const cortex_sink_context *ctx)
{
    sqlite_sink *s = cortex_xcalloc(1, sizeof *s);
    if (snprintf(s->path, sizeof s->path, "%s/cortex.db", ctx->data_dir) >= (int)sizeof s->path) {
        free(s);
        return cortex_error_set(CORTEX_EINVALID, "%s/cortex.db: path too long", ctx->data_dir);
    }
    s->extractor = cortex_xstrdup(ctx->extractor ? ctx->extractor : "");
    s->threads = ctx->threads;
    s->full = ctx->full;
    int rc = store_connect(s);
    if (rc) {
        sqlite_close(s);
        return rc;
    }
    *out = s;
    return 0;
}

static int sqlite_begin(void *self)
{
    sqlite_sink *s = self;
    int rc = s->store ? 0 : store_connect(s);
    if (rc) return rc;
    if ((rc = cortex_store_begin(s->store))) return rc;
    s->in_txn = 1;
    s->generation = cortex_store_meta_int(s->store, "generation", 0) + 1;
    s->bulk = cortex_store_is_empty(s->store);
    s->dirty = 0;
    s->paths_changed = 0;
    s->fts_beside = 0;
    s->side_tables = 0;
    s->same_extractor = cortex_store_same_extractor(s->store, s->extractor);
    if (s->full && !s->bulk) {
        /* A rebuild writes every file anew: emptied, the store takes them as a
         * bulk load. Rewritten file by file in place it took 23.4 s on the
         * kernel subtree at two threads, against 14 s for a first run. Readers
         * see the old rows until the commit. */
        if ((rc = cortex_store_empty(s->store))) return rc;
        s->bulk = 1;
    }
    cortex_bulk_names_free(s->names);
    s->names = s->bulk ? cortex_bulk_names_new() : NULL;
    /* a bulk load builds the indexes at commit; otherwise any this build
     * added since the store was made are built now, once */
    rc = s->bulk ? cortex_store_drop_indexes(s->store) : cortex_store_create_indexes(s->store);
    /* with a spare core, its full-text tables are built beside the indexes
     * (an optimisation: when its spool cannot be made, they are built here) */
    if (!rc && s->bulk && s->threads > 1) cortex_fts_side_open(&s->side, s->path);
    else cortex_fts_side_remove_stale(s->path); /* a killed rebuild's */
    return rc ? rc : cortex_store_writer_start(s->writer, s->generation, s->bulk, s->side, s->names);
}

static int sqlite_keep(void *self, const cortex_file_records *r)
{
    sqlite_sink *s = self;
    if (!s->same_extractor) return CORTEX_ENOTFOUND;
    return cortex_store_writer_keep(s->writer, r);
}

static int sqlite_file(void *self, const cortex_file_records *r)
{
    sqlite_sink *s = self;
    s->dirty = 1;
    int added = 0, rc = cortex_store_writer_file(&added, s->writer, r);
    if (added) s->paths_changed = 1;
    return rc;
}

static int sqlite_remove(void *self, const char *path)
{
    sqlite_sink *s = self;
    s->dirty = 1;
    s->paths_changed = 1;
    return cortex_store_writer_remove(s->writer, path);
}

/* A bulk load's indexes, on the run's spare threads less the one building
 * the full-text tables while it does: sharing it, the kernel subtree's
 * indexes took 1.8 s instead of 1.35 s. */
static int build_indexes(sqlite_sink *s, cortex_store_index_set set)
{
    unsigned spare = s->threads > 1 ? s->threads - 1 : 0;
    if (cortex_fts_side_busy(s->side) && spare) spare--;
    return cortex_store_create_indexes_bulk(s->store, set, spare);
}

/* A new store's pages so far go to its file, and their writeback starts,
 * while the full-text tables are built: the COMMIT and the publish's fsync
 * after them are left only those tables' pages. On the Python standard
 * library, COMMIT and publish together: 0.053 -> 0.012 s at two threads
 * (written while the side thread finishes), 0.046-0.053 -> 0.011 s at one
 * (written before the full-text build). */
static int write_pages_ahead(sqlite_sink *s)
{
    if (!s->building) return 0;
    int rc = cortex_store_flush_pages(s->store);
    if (rc) return rc;
    cortex_store_start_writeback(s->store);
    return 0;
}

/* The full-text tables of a bulk load with a side build under way: those it
 * has not started are built here (the sink's own commit work is done), the
 * rest copied from it; a table it failed to build is built here too. */
static int build_fts_with_side(sqlite_sink *s)
{
    int here[CORTEX_FTS_TABLES] = {0}, rc = 0, t;
    s->fts_beside = 1;
    while (!rc && (t = cortex_fts_side_claim(s->side)) >= 0) {
        rc = cortex_store_fts_fill(s->store, (cortex_fts_table)t);
        here[t] = 1;
    }
    if (!rc) rc = write_pages_ahead(s);
    cortex_fts_side_finish(s->side); /* on failure its tables are built here */
    for (t = 0; t < CORTEX_FTS_TABLES && !rc; t++) {
        if (here[t]) continue;
        if (cortex_fts_side_built(s->side, (cortex_fts_table)t)) s->side_tables++;
        else rc = cortex_store_fts_fill(s->store, (cortex_fts_table)t);
    }
    return rc ? rc : cortex_fts_side_copy(s->side, db_of(s));
}

/* Every file written in this run carries this generation: its rows enter
 * the full-text tables in one statement per table (see the schema's note on
 * triggers), by id. A bulk load's rows are all this run's, in id order as
 * stored, or were indexed beside and are copied in. */
static int index_fts_rows(sqlite_sink *s)
{
    if (s->side) return build_fts_with_side(s);
    int rc = 0;
    if (s->bulk) {
        rc = write_pages_ahead(s);
        for (int t = 0; t < CORTEX_FTS_TABLES && !rc; t++) rc = cortex_store_fts_fill(s->store, (cortex_fts_table)t);
        return rc;
    }
    if (!s->dirty) return 0; /* nothing written */
    return cortex_store_fts_fill_generation(s->store, s->generation);
}

/* The side build's spool and the bulk load's names, once the transaction
 * is over. */
static void end_run(sqlite_sink *s)
{
    s->in_txn = 0;
    cortex_fts_side_close(s->side, db_of(s));
    s->side = NULL;
    cortex_bulk_names_free(s->names);
    s->names = NULL;
}

static int sqlite_commit(void *self)
{
    sqlite_sink *s = self;
    sqlite3 *db = db_of(s);
    double t = cortex_step_clock();
    cortex_store_start_writeback(s->store); /* while the indexes and bindings are computed */
    int rc = s->side ? cortex_fts_side_start(s->side) : 0;
    /* a bulk load's names are counted into their table, and let go, before
     * the indexes' sorts and the side build take their memory */
    if (!rc && s->dirty && s->bulk) rc = cortex_bulk_names_write(s->names, db);
    cortex_bulk_names_free(s->names);
    s->names = NULL;
    cortex_step_done("commit", "definition names", &t);
    /* a bulk load builds them once, now: those the binding reads */
    if (!rc && s->bulk) rc = build_indexes(s, CORTEX_STORE_INDEXES_FOR_BINDING);
    cortex_step_done("commit", "indexes for binding", &t);
    /* Nothing written or removed: every binding still holds (a no-change run
     * must cost a fraction of a cold one). */
    if (!rc && s->dirty && !s->bulk) rc = cortex_store_bind_touched(db);
    if (!rc && s->dirty) rc = cortex_import_targets_resolve(db, s->bulk || s->paths_changed, s->generation);
    if (!rc && s->dirty && !s->bulk && !s->paths_changed) rc = cortex_store_bind_choose(db, s->generation);
    if (!rc && s->dirty) rc = cortex_store_bind_imports(db, s->bulk || s->paths_changed);
    cortex_step_done("commit", "binding by name and import", &t);
    if (!rc && s->dirty) rc = cortex_store_bind_includes(db, s->paths_changed && !s->bulk, s->generation);
    cortex_step_done("commit", "binding through includes", &t);
    if (!rc && s->dirty) rc = cortex_store_bind_scopes(db, s->bulk || s->paths_changed);
    if (!rc && s->dirty) rc = cortex_store_bind_done(db);
    if (!rc && s->bulk) rc = build_indexes(s, CORTEX_STORE_INDEXES_AFTER_BINDING);
    cortex_step_done("commit", "scopes and indexes after binding", &t);
    /* A run that changed nothing leaves the generation, and the handles
     * issued from it, as they were, and writes nothing. */
    if (!rc && !s->building && s->same_extractor && !cortex_store_changed(s->store)) {
        cortex_store_rollback(s->store);
        end_run(s);
        return 0;
    }
    if (!rc) rc = cortex_store_set_extractor(s->store, s->extractor);
    if (!rc) rc = index_fts_rows(s);
    cortex_step_done("commit", "full-text tables (waited for and copied)", &t);
    if (!rc) rc = cortex_store_set_generation(s->store, s->generation);
    if (!rc && !s->bulk) rc = cortex_store_reclaim(s->store);
    if (!rc && s->bulk) rc = cortex_store_note_fresh(s->store);
    if (!rc) rc = cortex_store_commit(s->store);
    if (rc) return rc;
    end_run(s);
    /* Edits leave part-full pages behind: past a bound, the store is
     * rewritten. The run is committed whatever becomes of that (a failed
     * VACUUM, out of disk space, changes nothing). */
    int compacted;
    if (!s->bulk) (void)cortex_store_compact_if_grown(s->store, &compacted);
    cortex_store_start_writeback(s->store);
    /* Fold the WAL back so the store is one file at rest; readers keep working. */
    cortex_store_checkpoint(s->store);
    cortex_step_done("commit", "commit", &t);
    if (!s->building) return 0;
    cortex_store_writer_free(s->writer); /* publish closes the connection: no statement may be left */
    s->writer = NULL;
    rc = cortex_store_publish(s->store);
    store_disconnect(s);
    cortex_step_done("commit", "publish", &t);
    return rc;
}

static void sqlite_abort(void *self)
{
    sqlite_sink *s = self;
    if (s->in_txn) cortex_store_rollback(s->store);
    end_run(s);
}

int cortex_sink_sqlite__fts_beside(const void *self) { return ((const sqlite_sink *)self)->fts_beside; }

unsigned cortex_sink_sqlite__side_tables(const void *self) { return ((const sqlite_sink *)self)->side_tables; }

const cortex_sink_type cortex_sink_sqlite = {
    CORTEX_SINK_ABI_VERSION, "sqlite", "queryable SQLite store with FTS5 in .cortex/cortex.db",
    sqlite_open, sqlite_begin, sqlite_file, sqlite_remove, sqlite_commit, sqlite_abort, sqlite_close, sqlite_keep,
    CORTEX_SINK_PARTIAL,
};
