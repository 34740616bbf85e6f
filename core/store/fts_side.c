/*
 * Full-text tables built beside the store (see fts_side.h). Each table's rows
 * go to a spool (spool.h) as the sink writes them, and the build thread
 * streams them back in id order into FTS5 through a virtual table over the
 * spool, one INSERT ... SELECT per table: FTS5 writes a segment at every
 * statement and whenever ids go backwards, so row-by-row inserts cost three
 * times as much. The spool holds a bounded part of its rows in memory: an
 * index of every row and the spool mapped whole, as this file once kept
 * them, were much of a large repository's peak memory.
 */
#define _GNU_SOURCE
#include "fts_side.h"
#include "spool.h"

#include "../store/store.h"
#include "../util/error.h"
#include "../util/mem.h"
#include "../util/step_times.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct spool_table {
    cortex_spool *spool;
    int error; /* a failed read while the thread built the table: its errno */
} spool_table;

static const struct {
    const char *name;
    const char *columns; /* as the FTS table and the spool's virtual table declare them */
    int ncols;
} tables[CORTEX_FTS_TABLES] = {
    [CORTEX_FTS_SYMBOLS] = {"symbols_fts", "terms, sig, doc", 3},
    [CORTEX_FTS_TEXTS] = {"texts_fts", "text", 1},
    [CORTEX_FTS_CHUNKS] = {"chunks_fts", "content, headers", 2},
    [CORTEX_FTS_FILES] = {"files_fts", "path", 1},
};

/* FTS5's shadow tables of an external-content table: what the copy moves. */
static const char *const shadow_suffixes[] = {"data", "idx", "docsize", "config", NULL};

struct cortex_fts_side {
    char side_path[PATH_MAX]; /* the database the thread builds */
    spool_table table[CORTEX_FTS_TABLES];
    int order[CORTEX_FTS_TABLES]; /* the tables, largest spool first, as they are claimed */
    atomic_int next;              /* the next in `order` to claim */
    int built[CORTEX_FTS_TABLES]; /* by the thread, in the side database: read after the join */
    pthread_t thread;
    int running;  /* the thread was started and not joined */
    atomic_int ended; /* the thread's build is over */
    int attached; /* the side database is attached to the store's connection */
    int rc;       /* the build's outcome, and its message */
    char *message; /* set with rc, freed with the builder */
};

static void side_path_of(char out[PATH_MAX], const char *store_path) { snprintf(out, PATH_MAX, "%s.fts", store_path); }

void cortex_fts_side_remove_stale(const char *store_path)
{
    char side[PATH_MAX];
    side_path_of(side, store_path);
    unlink(side);
}

int cortex_fts_side_open(cortex_fts_side **out, const char *store_path)
{
    *out = NULL;
    cortex_fts_side *f = cortex_xcalloc(1, sizeof *f);
    side_path_of(f->side_path, store_path);
    unlink(f->side_path); /* a killed run's */
    for (int t = 0; t < CORTEX_FTS_TABLES; t++) {
        char spool[PATH_MAX + 32];
        snprintf(spool, sizeof spool, "%s.spool%d", f->side_path, t);
        int err = cortex_spool_open(&f->table[t].spool, spool, tables[t].ncols, 0);
        if (err) {
            int rc = cortex_error_set(CORTEX_EIO, "%s: cannot create: %s", spool, strerror(err));
            cortex_fts_side_close(f, NULL);
            return rc;
        }
    }
    *out = f;
    return 0;
}

void cortex_fts_side_add(cortex_fts_side *f, cortex_fts_table table, int64_t id, const char *const *cols)
{
    cortex_spool_add(f->table[table].spool, id, cols);
}

/* ---- the spool as a virtual table: rowid and the table's columns -------- */

typedef struct spool_vtab {
    sqlite3_vtab base;
    spool_table *t;
} spool_vtab;

typedef struct spool_cursor {
    sqlite3_vtab_cursor base;
    cortex_spool_row row;
    int more; /* row holds a row */
} spool_cursor;

static int spool_connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out, char **err)
{
    int table = argc == 4 ? atoi(argv[3]) : -1;
    if (table < 0 || table >= CORTEX_FTS_TABLES) {
        *err = sqlite3_mprintf("cortex_spool: expected a table number");
        return SQLITE_ERROR;
    }
    char sql[128];
    snprintf(sql, sizeof sql, "CREATE TABLE x(%s)", tables[table].columns);
    int rc = sqlite3_declare_vtab(db, sql);
    if (rc != SQLITE_OK) return rc;
    spool_vtab *v = sqlite3_malloc(sizeof *v);
    if (!v) return SQLITE_NOMEM;
    memset(v, 0, sizeof *v);
    v->t = &((cortex_fts_side *)aux)->table[table];
    *out = &v->base;
    return SQLITE_OK;
}

static int spool_disconnect(sqlite3_vtab *v)
{
    sqlite3_free(v);
    return SQLITE_OK;
}

static int spool_best_index(sqlite3_vtab *v, sqlite3_index_info *info)
{
    const spool_vtab *sv = (const spool_vtab *)v;
    info->estimatedRows = (sqlite3_int64)cortex_spool_rows(sv->t->spool);
    info->estimatedCost = (double)info->estimatedRows;
    return SQLITE_OK;
}

static int spool_open(sqlite3_vtab *v, sqlite3_vtab_cursor **out)
{
    (void)v;
    spool_cursor *c = sqlite3_malloc(sizeof *c);
    if (!c) return SQLITE_NOMEM;
    memset(c, 0, sizeof *c);
    *out = &c->base;
    return SQLITE_OK;
}

static int spool_close(sqlite3_vtab_cursor *c)
{
    sqlite3_free(c);
    return SQLITE_OK;
}

/* A failed read: the table's build fails with it. */
static int read_failed(sqlite3_vtab_cursor *c, int err)
{
    spool_vtab *v = (spool_vtab *)c->pVtab;
    v->t->error = err;
    sqlite3_free(v->base.zErrMsg);
    v->base.zErrMsg = sqlite3_mprintf("cannot read the spool: %s", strerror(err));
    return SQLITE_IOERR;
}

static int spool_next(sqlite3_vtab_cursor *c)
{
    spool_cursor *sc = (spool_cursor *)c;
    int rc = cortex_spool_next(((spool_vtab *)c->pVtab)->t->spool, &sc->row);
    sc->more = rc == 1;
    return rc < 0 ? read_failed(c, -rc) : SQLITE_OK;
}

static int spool_filter(sqlite3_vtab_cursor *c, int idx, const char *idx_str, int argc, sqlite3_value **argv)
{
    (void)idx, (void)idx_str, (void)argc, (void)argv;
    int err = cortex_spool_rewind(((spool_vtab *)c->pVtab)->t->spool);
    if (err) return read_failed(c, err);
    return spool_next(c);
}

static int spool_eof(sqlite3_vtab_cursor *c) { return !((spool_cursor *)c)->more; }

static int spool_column(sqlite3_vtab_cursor *c, sqlite3_context *ctx, int col)
{
    const cortex_spool_row *row = &((spool_cursor *)c)->row;
    if (!row->col[col]) sqlite3_result_null(ctx);
    else sqlite3_result_text(ctx, row->col[col], (int)row->len[col], SQLITE_STATIC);
    return SQLITE_OK;
}

static int spool_rowid(sqlite3_vtab_cursor *c, sqlite3_int64 *id)
{
    *id = ((spool_cursor *)c)->row.id;
    return SQLITE_OK;
}

static const sqlite3_module spool_module = {
    .xCreate = spool_connect,
    .xConnect = spool_connect,
    .xBestIndex = spool_best_index,
    .xDisconnect = spool_disconnect,
    .xDestroy = spool_disconnect,
    .xOpen = spool_open,
    .xClose = spool_close,
    .xFilter = spool_filter,
    .xNext = spool_next,
    .xEof = spool_eof,
    .xColumn = spool_column,
    .xRowid = spool_rowid,
};

/* ---- the build ----------------------------------------------------------- */

/* A spool no longer needed: its files closed. The thread closes each as soon
 * as its table is built, while the store's indexes are still being built. */
static void release_spool(spool_table *t)
{
    cortex_spool_close(t->spool);
    t->spool = NULL;
}

static int build_failed(cortex_fts_side *f, sqlite3 *db, const char *what)
{
    cortex_buf m = {0};
    cortex_buf_printf(&m, "%s: %s: %s", f->side_path, what, db ? sqlite3_errmsg(db) : "out of memory");
    free(f->message);
    f->message = m.data;
    return CORTEX_EIO;
}

static int build_tables(cortex_fts_side *f)
{
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(f->side_path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK) {
        int rc = build_failed(f, db, "cannot open");
        sqlite3_close(db);
        return rc;
    }
    /* scratch: written once, read once by the copy, then deleted; in the
     * store's page size (a quarter of the writes, and of the reads that copy
     * it: on the Python standard library at two threads, the full-text step
     * of the commit ended at 0.153-0.167 s with 4 KiB pages, 0.127-0.129 s) */
    int rc = sqlite3_exec(db,
                          "PRAGMA page_size=" CORTEX_STORE_PAGE_SIZE "; PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
                          " PRAGMA locking_mode=EXCLUSIVE; BEGIN",
                          NULL, NULL, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_exec(db, cortex_store_fts_sql, NULL, NULL, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_create_module(db, "cortex_spool", &spool_module, f);
    int t, read_err = 0;
    while (rc == SQLITE_OK && (t = cortex_fts_side_claim(f)) >= 0) {
        spool_table *st = &f->table[t];
        char sql[512];
        snprintf(sql, sizeof sql,
                 "CREATE VIRTUAL TABLE temp.spool_%d USING cortex_spool(%d);"
                 "INSERT INTO %s(rowid, %s) SELECT rowid, * FROM temp.spool_%d;",
                 t, t, tables[t].name, tables[t].columns, t);
        double t0 = cortex_step_clock();
        rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
        cortex_step_done("full-text side build", tables[t].name, &t0);
        if (st->error) {
            read_err = st->error;
            cortex_buf m = {0};
            cortex_buf_printf(&m, "%s.spool%d: cannot read: %s", f->side_path, t, strerror(read_err));
            free(f->message);
            f->message = m.data;
        }
        release_spool(st); /* built, or to be built in the store from its own rows */
        f->built[t] = rc == SQLITE_OK;
    }
    if (rc == SQLITE_OK && !read_err) rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    int out = read_err ? CORTEX_EIO : rc == SQLITE_OK ? 0 : build_failed(f, db, "cannot build the full-text tables");
    if (sqlite3_close(db) != SQLITE_OK && !out) out = build_failed(f, db, "cannot close");
    /* without a journal a failed build leaves the file undefined: nothing of it is copied */
    if (out) memset(f->built, 0, sizeof f->built);
    return out;
}

static void *build_thread(void *arg)
{
    cortex_fts_side *f = arg;
    f->rc = build_tables(f);
    atomic_store(&f->ended, 1);
    return NULL;
}

static int compare_spool_sizes(const void *a, const void *b, void *tables_arg)
{
    const spool_table *t = tables_arg;
    uint64_t x = cortex_spool_bytes(t[*(const int *)a].spool), y = cortex_spool_bytes(t[*(const int *)b].spool);
    return (x < y) - (x > y);
}

int cortex_fts_side_claim(cortex_fts_side *f)
{
    int k = atomic_fetch_add(&f->next, 1);
    return k < CORTEX_FTS_TABLES ? f->order[k] : -1;
}

int cortex_fts_side_built(const cortex_fts_side *f, cortex_fts_table table) { return f->built[table]; }

int cortex_fts_side_start(cortex_fts_side *f)
{
    for (int t = 0; t < CORTEX_FTS_TABLES; t++) f->order[t] = t;
    qsort_r(f->order, CORTEX_FTS_TABLES, sizeof *f->order, compare_spool_sizes, f->table);
    for (int t = 0; t < CORTEX_FTS_TABLES; t++) {
        int err = cortex_spool_flush(f->table[t].spool);
        if (err) return cortex_error_set(CORTEX_EIO, "%s.spool%d: cannot write: %s", f->side_path, t, strerror(err));
    }
    atomic_store(&f->ended, 0);
    int err = pthread_create(&f->thread, NULL, build_thread, f);
    if (err) return cortex_error_set(CORTEX_EIO, "cannot start the full-text build: %s", strerror(err));
    f->running = 1;
    return 0;
}

int cortex_fts_side_busy(cortex_fts_side *f) { return f && f->running && !atomic_load(&f->ended); }

static void join_build(cortex_fts_side *f)
{
    if (f->running) pthread_join(f->thread, NULL);
    f->running = 0;
}

static int copy_failed(sqlite3 *db, const char *what)
{
    return cortex_error_set(CORTEX_EIO, "sqlite store: %s the side full-text tables: %s", what, sqlite3_errmsg(db));
}

int cortex_fts_side_finish(cortex_fts_side *f)
{
    join_build(f);
    return f->rc ? cortex_error_set(f->rc, "%s", f->message) : 0;
}

int cortex_fts_side_copy(cortex_fts_side *f, sqlite3 *db)
{
    int any = 0;
    for (int t = 0; t < CORTEX_FTS_TABLES; t++) any |= f->built[t];
    if (!any) return 0;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "ATTACH ? AS fts_side", -1, &st, NULL) != SQLITE_OK) return copy_failed(db, "attach");
    sqlite3_bind_text(st, 1, f->side_path, -1, SQLITE_STATIC);
    int step = sqlite3_step(st);
    sqlite3_finalize(st);
    if (step != SQLITE_DONE) return copy_failed(db, "attach");
    f->attached = 1;
    for (int t = 0; t < CORTEX_FTS_TABLES; t++)
        for (int s = 0; f->built[t] && shadow_suffixes[s]; s++) {
            char sql[256];
            snprintf(sql, sizeof sql, "DELETE FROM main.%s_%s; INSERT INTO main.%s_%s SELECT * FROM fts_side.%s_%s;",
                     tables[t].name, shadow_suffixes[s], tables[t].name, shadow_suffixes[s], tables[t].name,
                     shadow_suffixes[s]);
            if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) return copy_failed(db, "copy");
        }
    return 0;
}

void cortex_fts_side_close(cortex_fts_side *f, sqlite3 *db)
{
    if (!f) return;
    join_build(f);
    if (f->attached && db) sqlite3_exec(db, "DETACH fts_side", NULL, NULL, NULL);
    unlink(f->side_path);
    for (int t = 0; t < CORTEX_FTS_TABLES; t++) release_spool(&f->table[t]);
    free(f->message);
    free(f);
}
