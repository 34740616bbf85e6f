/*
 * Full-text tables built beside the store (see fts_side.h). Each table's
 * spool is an unlinked file of rows, each column a 32-bit length (UINT32_MAX:
 * NULL) and its bytes, with an index of (id, offset) in memory: 16 bytes a
 * row instead of the text (63 MB on the kernel subtree, the largest table's
 * 22 MB mapped at a time). The build thread sorts each index by id and
 * streams the rows into FTS5 through a virtual table over the mapped spool,
 * one INSERT ... SELECT per table: FTS5 writes a segment at every statement
 * and whenever ids go backwards, so row-by-row inserts cost three times as
 * much.
 */
#define _GNU_SOURCE
#include "fts_side.h"

#include "../store/store.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SPOOL_BUFFER (256 << 10)
#define NULL_COLUMN UINT32_MAX

typedef struct spool_row {
    int64_t id;
    uint64_t offset;
} spool_row;

typedef struct spool_table {
    int fd;                /* the spool, unlinked */
    unsigned char *buffer; /* its bytes not yet written */
    size_t buffered;
    uint64_t size; /* bytes, written and buffered */
    int write_errno;
    spool_row *rows; /* where each row starts */
    size_t n, cap;
    const unsigned char *map; /* while the thread builds the table */
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
    int attached; /* the side database is attached to the store's connection */
    int rc;       /* the build's outcome, and its message */
    char *message; /* set with rc, freed with the builder */
};

static void spool_flush(spool_table *t)
{
    size_t done = 0;
    while (done < t->buffered && !t->write_errno) {
        ssize_t w = write(t->fd, t->buffer + done, t->buffered - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) t->write_errno = w < 0 ? errno : EIO;
        else done += (size_t)w;
    }
    t->buffered = 0;
}

static void spool_put(spool_table *t, const void *bytes, size_t n)
{
    const unsigned char *p = bytes;
    while (n > 0) {
        if (t->buffered == SPOOL_BUFFER) spool_flush(t);
        size_t take = SPOOL_BUFFER - t->buffered < n ? SPOOL_BUFFER - t->buffered : n;
        memcpy(t->buffer + t->buffered, p, take);
        t->buffered += take;
        t->size += take;
        p += take;
        n -= take;
    }
}

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
    for (int t = 0; t < CORTEX_FTS_TABLES; t++) f->table[t].fd = -1;
    for (int t = 0; t < CORTEX_FTS_TABLES; t++) {
        spool_table *st = &f->table[t];
        char spool[PATH_MAX + 32];
        snprintf(spool, sizeof spool, "%s.spool%d", f->side_path, t);
        st->fd = open(spool, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (st->fd < 0) {
            int rc = cortex_error_set(CORTEX_EIO, "%s: cannot create: %s", spool, strerror(errno));
            cortex_fts_side_close(f, NULL);
            return rc;
        }
        unlink(spool); /* it lives as long as the descriptor */
        st->buffer = cortex_xmalloc(SPOOL_BUFFER);
    }
    *out = f;
    return 0;
}

void cortex_fts_side_add(cortex_fts_side *f, cortex_fts_table table, int64_t id, const char *const *cols)
{
    spool_table *t = &f->table[table];
    spool_row *row = CORTEX_PUSH(t->rows, t->n, t->cap);
    row->id = id;
    row->offset = t->size;
    for (int c = 0; c < tables[table].ncols; c++) {
        size_t len = cols[c] ? strlen(cols[c]) : 0;
        uint32_t header = cols[c] ? (uint32_t)(len < NULL_COLUMN ? len : NULL_COLUMN - 1) : NULL_COLUMN;
        spool_put(t, &header, sizeof header);
        if (cols[c]) spool_put(t, cols[c], header);
    }
}

/* ---- the spool as a virtual table: rowid and the table's columns -------- */

typedef struct spool_vtab {
    sqlite3_vtab base;
    const spool_table *t;
} spool_vtab;

typedef struct spool_cursor {
    sqlite3_vtab_cursor base;
    size_t at;
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
    v->t = &((const cortex_fts_side *)aux)->table[table];
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
    info->estimatedRows = (sqlite3_int64)sv->t->n;
    info->estimatedCost = (double)sv->t->n;
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

static int spool_filter(sqlite3_vtab_cursor *c, int idx, const char *idx_str, int argc, sqlite3_value **argv)
{
    (void)idx, (void)idx_str, (void)argc, (void)argv;
    ((spool_cursor *)c)->at = 0;
    return SQLITE_OK;
}

static int spool_next(sqlite3_vtab_cursor *c)
{
    ((spool_cursor *)c)->at++;
    return SQLITE_OK;
}

static const spool_table *cursor_table(sqlite3_vtab_cursor *c) { return ((const spool_vtab *)c->pVtab)->t; }

static int spool_eof(sqlite3_vtab_cursor *c) { return ((spool_cursor *)c)->at >= cursor_table(c)->n; }

static int spool_column(sqlite3_vtab_cursor *c, sqlite3_context *ctx, int col)
{
    const spool_table *t = cursor_table(c);
    const unsigned char *p = t->map + t->rows[((spool_cursor *)c)->at].offset;
    uint32_t len;
    for (int i = 0;; i++) {
        memcpy(&len, p, sizeof len);
        p += sizeof len;
        if (i == col) break;
        if (len != NULL_COLUMN) p += len;
    }
    if (len == NULL_COLUMN) sqlite3_result_null(ctx);
    else sqlite3_result_text(ctx, (const char *)p, (int)len, SQLITE_STATIC);
    return SQLITE_OK;
}

static int spool_rowid(sqlite3_vtab_cursor *c, sqlite3_int64 *id)
{
    *id = cursor_table(c)->rows[((spool_cursor *)c)->at].id;
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

static int compare_rows(const void *a, const void *b)
{
    int64_t x = ((const spool_row *)a)->id, y = ((const spool_row *)b)->id;
    return (x > y) - (x < y);
}

/* Whether the spool's rows came in id order (a bulk load's texts, chunks and
 * files do: only symbols, whose ids are hashes, need the sort). */
static int in_id_order(const spool_table *t)
{
    for (size_t i = 1; i < t->n; i++)
        if (t->rows[i - 1].id > t->rows[i].id) return 0;
    return 1;
}

/* Maps a table's spool for the build; 0 or errno. */
static int map_spool(spool_table *t)
{
    if (t->size == 0) return 0;
    void *map = mmap(NULL, t->size, PROT_READ, MAP_PRIVATE, t->fd, 0);
    if (map == MAP_FAILED) return errno;
    t->map = map;
    return 0;
}

static void unmap_spool(spool_table *t)
{
    if (t->map) munmap((void *)t->map, t->size);
    t->map = NULL;
}

/* A spool no longer needed: its pages and row index freed. The thread frees
 * each as soon as its table is built, while the store's indexes are still
 * being built: done at the end, closing the kernel subtree's 63 MB of spools
 * held up the commit. */
static void release_spool(spool_table *t)
{
    unmap_spool(t);
    if (t->fd >= 0) close(t->fd);
    t->fd = -1;
    free(t->rows);
    free(t->buffer);
    t->rows = NULL;
    t->buffer = NULL;
    t->n = t->cap = 0;
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
    int t, map_err = 0;
    while (rc == SQLITE_OK && (t = cortex_fts_side_claim(f)) >= 0) {
        spool_table *st = &f->table[t];
        if ((map_err = map_spool(st))) {
            cortex_buf m = {0};
            cortex_buf_printf(&m, "%s.spool%d: cannot map: %s", f->side_path, t, strerror(map_err));
            free(f->message);
            f->message = m.data;
            break;
        }
        if (!in_id_order(st)) qsort(st->rows, st->n, sizeof *st->rows, compare_rows);
        char sql[512];
        snprintf(sql, sizeof sql,
                 "CREATE VIRTUAL TABLE temp.spool_%d USING cortex_spool(%d);"
                 "INSERT INTO %s(rowid, %s) SELECT rowid, * FROM temp.spool_%d;",
                 t, t, tables[t].name, tables[t].columns, t);
        rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
        release_spool(st); /* built, or to be built in the store from its own rows */
        f->built[t] = rc == SQLITE_OK;
    }
    if (rc == SQLITE_OK && !map_err) rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    int out = map_err ? CORTEX_EIO : rc == SQLITE_OK ? 0 : build_failed(f, db, "cannot build the full-text tables");
    if (sqlite3_close(db) != SQLITE_OK && !out) out = build_failed(f, db, "cannot close");
    /* without a journal a failed build leaves the file undefined: nothing of it is copied */
    if (out) memset(f->built, 0, sizeof f->built);
    return out;
}

static void *build_thread(void *arg)
{
    cortex_fts_side *f = arg;
    f->rc = build_tables(f);
    return NULL;
}

static int compare_spool_sizes(const void *a, const void *b, void *tables_arg)
{
    const spool_table *t = tables_arg;
    uint64_t x = t[*(const int *)a].size, y = t[*(const int *)b].size;
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
        spool_table *st = &f->table[t];
        spool_flush(st);
        if (st->write_errno)
            return cortex_error_set(CORTEX_EIO, "%s.spool%d: cannot write: %s", f->side_path, t, strerror(st->write_errno));
    }
    int err = pthread_create(&f->thread, NULL, build_thread, f);
    if (err) return cortex_error_set(CORTEX_EIO, "cannot start the full-text build: %s", strerror(err));
    f->running = 1;
    return 0;
}

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
