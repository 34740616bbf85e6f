/*
 * The store's read API (read.h): one read-only connection and the queries
 * the tools, the MCP resources and the pipeline ask, each delivering rows as
 * structs to a callback. The full-text scopes are in search.c.
 */
#define _POSIX_C_SOURCE 200809L
#include "read.h"

#include "bind.h"
#include "bindings_scan.h"
#include "ids.h"
#include "packed_text.h"
#include "read_internal.h"
#include "stmt_cache.h"
#include "store.h"

#include "../util/error.h"
#include "../util/glob.h"
#include "../util/mem.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cortex_store_reader {
    sqlite3 *db;
    const atomic_int *cancelled; /* the watched call's flag, or NULL */
    cortex_stmt_cache statements;
};

sqlite3 *cortex_store__reader_db(cortex_store_reader *r)
{
    return r->db;
}

static void glob_function(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *pattern = (const char *)sqlite3_value_text(argv[0]);
    const char *path = (const char *)sqlite3_value_text(argv[1]);
    sqlite3_result_int(ctx, pattern && path && cortex_glob_match(pattern, path));
}

int cortex_store_reader_open(cortex_store_reader **out, const char *path)
{
    *out = NULL;
    if (access(path, F_OK) != 0)
        return cortex_error_set(CORTEX_ENOTFOUND, "%s: no index yet; run `cortex index`", path);
    /* the store wrapper checks the schema; the reader keeps a raw connection */
    cortex_store *store;
    int rc = cortex_store_open(&store, path, CORTEX_STORE_READ);
    if (rc) return rc;
    cortex_store_close(store);
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        rc = cortex_error_set(CORTEX_EIO, "%s: %s", path, db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return rc;
    }
    sqlite3_busy_timeout(db, 5000);
    /* A server answers many lookups from one connection: map the store and keep a
     * larger page cache rather than re-reading pages through read(2) each call. */
    sqlite3_exec(db, "PRAGMA mmap_size = 1073741824; PRAGMA cache_size = -65536", NULL, NULL, NULL);
    /* A plan that does not depend on the values bound: without this SQLite
     * prepares a statement again at its first step once a `LIMIT ?` or
     * `OFFSET ?` is bound, so every paged read was compiled twice. */
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_QPSG, 1, NULL);
    sqlite3_create_function(db, "cortex_glob", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, glob_function, NULL, NULL);
    if (cortex_store__register_coverage(db) != 0 || cortex_store__register_terms(db) != 0 ||
        cortex_store__register_unpack(db) != 0) {
        sqlite3_close(db);
        return cortex_error_set(CORTEX_EIO, "%s: cannot register the store's SQL functions: %s", path, sqlite3_errmsg(db));
    }
    cortex_store_reader *r = cortex_xcalloc(1, sizeof *r);
    r->db = db;
    *out = r;
    return 0;
}

/* How many virtual-machine steps between two looks at the cancel flag. */
#define CANCEL_CHECK_STEPS 1000

static int cancel_requested(void *flag)
{
    return atomic_load((const atomic_int *)flag) != 0;
}

int cortex_store__cancelled(cortex_store_reader *r)
{
    return r->cancelled && atomic_load(r->cancelled) ? cortex_error_set(CORTEX_ECANCELLED, "cancelled") : 0;
}

void cortex_store_reader_watch(cortex_store_reader *r, const atomic_int *cancelled)
{
    r->cancelled = cancelled;
    if (cancelled) sqlite3_progress_handler(r->db, CANCEL_CHECK_STEPS, cancel_requested, (void *)cancelled);
    else sqlite3_progress_handler(r->db, 0, NULL, NULL);
}

int cortex_store__failed(sqlite3 *db, const char *what)
{
    if (sqlite3_errcode(db) == SQLITE_INTERRUPT) return cortex_error_set(CORTEX_ECANCELLED, "cancelled");
    return cortex_error_set(CORTEX_EIO, "%s: %s", what, sqlite3_errmsg(db));
}

void cortex_store_reader_snapshot(cortex_store_reader *r)
{
    if (!r) return;
    cortex_store_reader_snapshot_end(r);
    /* deferred: the read transaction starts at the first read and then
     * holds its snapshot (and takes SQLite's locks once, not per statement) */
    sqlite3_exec(r->db, "BEGIN", NULL, NULL, NULL);
}

void cortex_store_reader_snapshot_end(cortex_store_reader *r)
{
    if (!r || sqlite3_get_autocommit(r->db)) return;
    /* a transaction left open would keep its snapshot for the next call */
    if (sqlite3_exec(r->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) sqlite3_exec(r->db, "ROLLBACK", NULL, NULL, NULL);
}

void cortex_store_reader_close(cortex_store_reader *r)
{
    if (!r) return;
    cortex_stmt_cache_clear(&r->statements);
    sqlite3_close(r->db);
    free(r);
}

sqlite3_stmt *cortex_store__prepare(cortex_store_reader *r, const char *sql)
{
    if (cortex_store__cancelled(r)) return NULL;
    sqlite3_stmt *st = cortex_stmt_cache_prepare(&r->statements, r->db, sql);
    if (!st) cortex_error_set(CORTEX_EIO, "store query failed: %s", sqlite3_errmsg(r->db));
    return st;
}

void cortex_store__release(cortex_store_reader *r, sqlite3_stmt *st)
{
    cortex_stmt_cache_release(&r->statements, st);
}

int cortex_store__prepare_failed(cortex_store_reader *r)
{
    return r->cancelled && atomic_load(r->cancelled) ? CORTEX_ECANCELLED : CORTEX_EIO;
}

int cortex_store__step_error(cortex_store_reader *r, const char *what)
{
    return cortex_store__failed(r->db, what);
}

const char *cortex_store__text(sqlite3_stmt *st, int col)
{
    return (const char *)sqlite3_column_text(st, col);
}

int cortex_store__each_row(cortex_store_reader *r, sqlite3_stmt *st, const char *what,
                           int (*row)(sqlite3_stmt *st, void *cb, void *payload), void *cb, void *payload)
{
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) stop = row(st, cb, payload);
    if (!stop && rc != SQLITE_DONE) stop = cortex_store__step_error(r, what);
    cortex_store__release(r, st);
    return stop;
}

/* One integer from a statement's first row; 0 when none. Finalizes `st`. */
static int one_int(cortex_store_reader *r, sqlite3_stmt *st, const char *what, int64_t *out)
{
    *out = 0;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) *out = sqlite3_column_int64(st, 0);
    cortex_store__release(r, st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : cortex_store__step_error(r, what);
}

/* ---- files ------------------------------------------------------------------ */

#define FILE_COLUMNS "f.id, f.path, f.lang, f.project, f.lines, f.bytes, f.mtime, f.parse_errors, f.definitions, f.generation"

static int file_row(sqlite3_stmt *st, void *cb, void *payload)
{
    cortex_store_file f = {sqlite3_column_int64(st, 0), cortex_store__text(st, 1),   cortex_store__text(st, 2),
                           cortex_store__text(st, 3),   sqlite3_column_int64(st, 4), sqlite3_column_int64(st, 5),
                           sqlite3_column_int64(st, 6), sqlite3_column_int64(st, 7), sqlite3_column_int64(st, 8),
                           sqlite3_column_int64(st, 9)};
    return ((cortex_store_file_cb)cb)(&f, payload);
}

int cortex_store_read_file(cortex_store_reader *r, const char *path, cortex_store_file_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT " FILE_COLUMNS " FROM files f WHERE f.path = ?");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW    ? file_row(st, (void *)cb, payload)
              : rc == SQLITE_DONE ? CORTEX_ENOTFOUND
                                  : cortex_store__step_error(r, "looking up the file");
    cortex_store__release(r, st);
    return out;
}

int cortex_store_read_file_by_id(cortex_store_reader *r, int64_t file_id, cortex_store_file_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT " FILE_COLUMNS " FROM files f WHERE f.id = ?");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, file_id);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW    ? file_row(st, (void *)cb, payload)
              : rc == SQLITE_DONE ? CORTEX_ENOTFOUND
                                  : cortex_store__step_error(r, "looking up the file");
    cortex_store__release(r, st);
    return out;
}

/* The filter's conditions on `f` (the files table), ?1 dir, ?2 project, ?3 glob. */
static void filter_where(char *out, size_t size, const cortex_store_file_filter *f)
{
    snprintf(out, size, "1%s%s%s%s",
             /* under ?1: from "?1/" up to "?10" ('0' follows '/'), a range of the path index */
             f && f->dir && *f->dir ? " AND (f.path = ?1 OR (f.path >= ?1 || '/' AND f.path < ?1 || '0'))" : "",
             f && f->project ? " AND f.project = ?2" : "", f && f->glob ? " AND cortex_glob(?3, f.path)" : "",
             f && f->parse_errors ? " AND f.parse_errors > 0" : "");
}

static void filter_bind(sqlite3_stmt *st, const cortex_store_file_filter *f)
{
    if (!f) return;
    if (f->dir && *f->dir) sqlite3_bind_text(st, 1, f->dir, -1, SQLITE_STATIC);
    if (f->project) sqlite3_bind_text(st, 2, f->project, -1, SQLITE_STATIC);
    if (f->glob) sqlite3_bind_text(st, 3, f->glob, -1, SQLITE_STATIC);
}

int cortex_store_read_files(cortex_store_reader *r, const cortex_store_file_filter *filter, cortex_store_file_cb cb,
                            void *payload)
{
    char where[256], sql[512];
    filter_where(where, sizeof where, filter);
    snprintf(sql, sizeof sql, "SELECT " FILE_COLUMNS " FROM files f WHERE %s %s LIMIT ?4 OFFSET ?5", where,
             filter && filter->unordered ? "" : "ORDER BY f.path");
    sqlite3_stmt *st = cortex_store__prepare(r, sql);
    if (!st) return cortex_store__prepare_failed(r);
    filter_bind(st, filter);
    sqlite3_bind_int64(st, 4, filter && filter->limit > 0 ? filter->limit : -1);
    sqlite3_bind_int64(st, 5, filter ? filter->offset : 0);
    return cortex_store__each_row(r, st, "listing files", file_row, (void *)cb, payload);
}

int cortex_store_read_count_files(int64_t *out, cortex_store_reader *r, const cortex_store_file_filter *filter)
{
    char where[256], sql[512];
    filter_where(where, sizeof where, filter);
    snprintf(sql, sizeof sql, "SELECT count(*) FROM files f WHERE %s", where);
    sqlite3_stmt *st = cortex_store__prepare(r, sql);
    if (!st) return cortex_store__prepare_failed(r);
    filter_bind(st, filter);
    return one_int(r, st, "counting files", out);
}

static int project_row(sqlite3_stmt *st, void *cb, void *payload)
{
    return ((cortex_store_project_cb)cb)(cortex_store__text(st, 0), sqlite3_column_int64(st, 1), payload);
}

int cortex_store_read_projects(cortex_store_reader *r, cortex_store_project_cb cb, void *payload)
{
    sqlite3_stmt *st =
        cortex_store__prepare(r, "SELECT project, count(*) FROM files GROUP BY project ORDER BY project");
    if (!st) return cortex_store__prepare_failed(r);
    return cortex_store__each_row(r, st, "listing projects", project_row, (void *)cb, payload);
}

/* ---- the index as a whole ----------------------------------------------------- */

static int64_t query_int(cortex_store_reader *r, const char *sql)
{
    int64_t v = 0;
    sqlite3_stmt *st = cortex_store__prepare(r, sql);
    if (st) {
        if (sqlite3_step(st) == SQLITE_ROW) v = sqlite3_column_int64(st, 0);
        cortex_store__release(r, st);
    }
    return v;
}

int64_t cortex_store_read_generation(cortex_store_reader *r)
{
    return query_int(r, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'generation'");
}

int cortex_store_read_identity(cortex_store_reader *r, char *id, size_t size, int64_t *generation)
{
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT (SELECT value FROM meta WHERE key = 'store_id'),"
                                                " (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'generation')");
    if (!st) return cortex_store__prepare_failed(r);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        snprintf(id, size, "%s", cortex_store__text(st, 0) ? cortex_store__text(st, 0) : "");
        *generation = sqlite3_column_int64(st, 1);
    }
    int out = rc == SQLITE_ROW ? 0 : cortex_store__step_error(r, "reading the store's identity");
    cortex_store__release(r, st);
    return out;
}

int64_t cortex_store_read_count(cortex_store_reader *r, cortex_store_table table)
{
    static const char *const sql[] = {
        [CORTEX_STORE_FILES] = "SELECT count(*) FROM files",
        [CORTEX_STORE_SYMBOLS] = "SELECT count(*) FROM symbols",
        [CORTEX_STORE_REFS] = "SELECT count(*) FROM refs",
        [CORTEX_STORE_TEXTS] = "SELECT count(*) FROM texts",
    };
    return query_int(r, sql[table]);
}

int cortex_store_read_kind_exists(cortex_store_reader *r, const char *kind)
{
    int found = 0;
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT EXISTS (SELECT 1 FROM symbols WHERE kind = ?1) OR EXISTS (SELECT 1 FROM texts WHERE kind = ?1) "
           "OR EXISTS (SELECT 1 FROM chunks WHERE kind = ?1)");
    if (st) {
        sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
        if (sqlite3_step(st) == SQLITE_ROW) found = sqlite3_column_int(st, 0);
        cortex_store__release(r, st);
    }
    return found;
}

/* ---- symbols ------------------------------------------------------------------ */

/* The records' own order (line, column, outer before inner, name): `int x, y;`
 * puts two fields at one position, and the ids are hashes. */
#define SOURCE_ORDER "s.line_start, s.col, s.line_end DESC, s.name, s.id"

int cortex_store__symbol_row(sqlite3_stmt *st, int c, cortex_store_symbol *out)
{
    *out = (cortex_store_symbol){
        sqlite3_column_int64(st, c),    cortex_store__text(st, c + 1),   cortex_store__text(st, c + 2),
        cortex_store__text(st, c + 3),  cortex_store__text(st, c + 4),   cortex_store__text(st, c + 7),
        cortex_store__text(st, c + 8),  cortex_store__text(st, c + 9),   cortex_store__text(st, c + 10),
        cortex_store__text(st, c + 11), sqlite3_column_int64(st, c + 5), sqlite3_column_int64(st, c + 6)};
    return 0;
}

static int symbol_row(sqlite3_stmt *st, void *cb, void *payload)
{
    cortex_store_symbol sym;
    cortex_store__symbol_row(st, 0, &sym);
    return ((cortex_store_symbol_cb)cb)(&sym, payload);
}

int cortex_store__symbol_rows(cortex_store_reader *r, sqlite3_stmt *st, const char *what, cortex_store_symbol_cb cb,
                              void *payload)
{
    return cortex_store__each_row(r, st, what, symbol_row, (void *)cb, payload);
}

/* Runs a symbol listing whose statement binds ?1 = id, ?2 = limit, ?3 = offset, ?4 = name. */
static int list_symbols(cortex_store_reader *r, const char *sql, int64_t id, const char *name, cortex_store_page page,
                        cortex_store_symbol_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(r, sql);
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, id);
    if (name) sqlite3_bind_text(st, 4, name, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, page.limit);
    sqlite3_bind_int64(st, 3, page.offset);
    return cortex_store__each_row(r, st, "listing symbols", symbol_row, (void *)cb, payload);
}

/* Binds ?1 = id and, when not NULL, ?4 = name. */
static int count_rows(cortex_store_reader *r, const char *sql, int64_t id, const char *name, int64_t *out)
{
    *out = 0;
    sqlite3_stmt *st = cortex_store__prepare(r, sql);
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, id);
    if (name) sqlite3_bind_text(st, 4, name, -1, SQLITE_STATIC);
    return one_int(r, st, "counting symbols", out);
}

int cortex_store_read_file_symbols(int64_t *total, cortex_store_reader *r, int64_t file_id, cortex_store_page page,
                                   cortex_store_symbol_cb cb, void *payload)
{
    int rc = list_symbols(r,
                          "SELECT " CORTEX_STORE__SYMBOL_COLUMNS CORTEX_STORE__SYMBOL_FROM "WHERE s.file_id = ?1 "
                          "ORDER BY " SOURCE_ORDER " LIMIT ?2 OFFSET ?3",
                          file_id, NULL, page, cb, payload);
    if (!rc && total) rc = count_rows(r, "SELECT count(*) FROM symbols WHERE file_id = ?1", file_id, NULL, total);
    return rc;
}

/* The parent by qualified or short name; several definitions (a class
 * redefined under a condition) contribute all their children, found among
 * the file's symbols (a parent is always in its children's file: no index by
 * parent to build). */
/* The definitions of file ?1 named ?4 (by qualified or short name), each
 * name through its index: a file of thousands of definitions is not read
 * through. A name with no short one is its own short name. */
#define PARENTS                                                                                                        \
    "(SELECT id FROM symbols WHERE short_name = ?4 AND file_id = ?1 AND kind <> 'import'"                            \
    " UNION SELECT id FROM symbols WHERE short IS NOT NULL AND name = ?4 AND file_id = ?1 AND kind <> 'import')"
/* The symbols of file ?1: a range of ids (ids.h), read in place. */
_Static_assert(CORTEX_STORE_SYMBOL_HASH_BITS == 23, "FILE_SYMBOLS spells the bits out");
#define FILE_SYMBOLS(id) id " BETWEEN ?1 << 23 AND (?1 << 23) + 8388607"

int cortex_store_read_count_parents(int64_t *out, cortex_store_reader *r, int64_t file_id, const char *parent)
{
    return count_rows(r, "SELECT count(*) FROM " PARENTS, file_id, parent, out);
}

int cortex_store_read_children(int64_t *total, cortex_store_reader *r, int64_t file_id, const char *parent,
                               cortex_store_page page, cortex_store_symbol_cb cb, void *payload)
{
    int rc =
        list_symbols(r,
                     "SELECT " CORTEX_STORE__SYMBOL_COLUMNS CORTEX_STORE__SYMBOL_FROM
                     "WHERE " FILE_SYMBOLS("s.id") " AND s.parent_id IN " PARENTS " ORDER BY " SOURCE_ORDER
                     " LIMIT ?2 OFFSET ?3",
                     file_id, parent, page, cb, payload);
    if (!rc && total)
        rc = count_rows(r, "SELECT count(*) FROM symbols WHERE " FILE_SYMBOLS("id") " AND parent_id IN " PARENTS, file_id, parent,
                        total);
    return rc;
}

/* The definitions a name denotes: `Class.method` by qualified name, a bare
 * name by its short name (every method of that name). ?1 = the name. That is
 * `name = ?1 OR (no '.' in ?1 AND short_name = ?1)`, spelled so that each
 * side has an index: a name with no short one is its own short name. */
#define DEFINITION_WHERE                                                                                               \
    " s.kind <> 'import' AND ((s.short IS NOT NULL AND s.name = ?1)"                                                  \
    " OR (s.short_name = ?1 AND (s.short IS NULL OR instr(?1, '.') = 0)))"
#define DEFINITIONS "SELECT s.id FROM symbols s WHERE" DEFINITION_WHERE

int cortex_store_read_definitions(cortex_store_reader *r, const char *name, cortex_store_page page,
                                  cortex_store_symbol_cb cb, void *payload)
{
    sqlite3_stmt *st =
        cortex_store__prepare(r, "SELECT " CORTEX_STORE__SYMBOL_COLUMNS CORTEX_STORE__SYMBOL_FROM
                                 "WHERE" DEFINITION_WHERE " ORDER BY f.path, s.line_start, s.id LIMIT ?2 OFFSET ?3");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, page.limit);
    sqlite3_bind_int64(st, 3, page.offset);
    return cortex_store__each_row(r, st, "finding definitions", symbol_row, (void *)cb, payload);
}

int cortex_store_read_symbol(cortex_store_reader *r, int64_t id, cortex_store_symbol_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT " CORTEX_STORE__SYMBOL_COLUMNS CORTEX_STORE__SYMBOL_FROM
                                                     "WHERE s.id = ?");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW    ? symbol_row(st, (void *)cb, payload)
              : rc == SQLITE_DONE ? CORTEX_ENOTFOUND
                                  : cortex_store__step_error(r, "looking up the symbol");
    cortex_store__release(r, st);
    return out;
}

/* ---- imports ------------------------------------------------------------------- */

static int import_row(sqlite3_stmt *st, void *cb, void *payload)
{
    cortex_store_import im = {cortex_store__text(st, 0), cortex_store__text(st, 1), cortex_store__text(st, 2),
                              sqlite3_column_int64(st, 3), cortex_store__text(st, 4)};
    return ((cortex_store_import_cb)cb)(&im, payload);
}

int cortex_store_read_imports(cortex_store_reader *r, int64_t file_id, cortex_store_import_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT i.name, i.alias, i.origin, i.line, t.path FROM imports i "
           "LEFT JOIN files t ON t.id = i.target_file_id WHERE i.file_id = ? ORDER BY i.line, i.id");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, file_id);
    return cortex_store__each_row(r, st, "listing imports", import_row, (void *)cb, payload);
}

/* ---- edges -------------------------------------------------------------------- */

#define EDGE_COLUMNS                                                                                                   \
    "f.path, b.line, b.col, b.kind, b.name, b.qualifier, c.name, b.resolution, t.name, t.kind, tf.path, "              \
    "t.line_start, f.project, b.id, c.kind, c.line_start, c.line_end"
#define EDGE_FROM                                                                                                      \
    " FROM ref_bindings b JOIN files f ON f.id = b.file_id LEFT JOIN symbols c ON c.id = b.caller_id "                 \
    "LEFT JOIN symbols t ON t.id = b.target_id LEFT JOIN files tf ON tf.id = t.file_id "

/* Which references an edge listing covers, binding ?1 the name and ?2 its short name. */
static const char *const edge_where[] = {
    /* References bound to one of the definitions (under any name: an import
     * alias), and those that name it but could not be bound to one
     * (ambiguous, or no definition at all). */
    [CORTEX_STORE_CALLERS] = "((b.name = ?2 AND (b.target_id IS NULL OR b.target_id IN (" DEFINITIONS ")))"
                             " OR b.id IN (SELECT id FROM refs WHERE target_id IN (" DEFINITIONS ")))",
    /* a reference's caller is a symbol of its own file: the caller's file's
     * range of reference ids is searched, not an index by caller */
    [CORTEX_STORE_CALLEES] = "b.id IN (SELECT r.id FROM symbols s JOIN refs r ON " CORTEX_STORE_ROW_OF_FILE(
        "r.id", "s.file_id") " AND r.caller_id = s.id WHERE" DEFINITION_WHERE ")",
};

static int edge_row(sqlite3_stmt *st, void *cb, void *payload)
{
    cortex_store_edge e = {cortex_store__text(st, 0),  cortex_store__text(st, 3),   cortex_store__text(st, 4),
                           cortex_store__text(st, 5),  sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2),
                           cortex_store__text(st, 6),  cortex_store__text(st, 7),   cortex_store__text(st, 8),
                           cortex_store__text(st, 9),  cortex_store__text(st, 10),  sqlite3_column_int64(st, 11),
                           cortex_store__text(st, 12), sqlite3_column_int64(st, 13),
                           cortex_store__text(st, 14), sqlite3_column_int64(st, 15),
                           sqlite3_column_int64(st, 16)};
    return ((cortex_store_edge_cb)cb)(&e, payload);
}

/* ---- a name's callers, one page at a time ----------------------------------------- *
 * A hub's references (tens of thousands for a C allocator's free) are
 * counted per file from the references bearing the name, bound in memory
 * against that name's definition_names rows alone (bindings_scan.h), and
 * from the few stored bound to a definition under another name (an alias);
 * the page is then read through the view file by file in path order, so
 * only the files it covers are decorated and sorted. */

typedef struct caller_file {
    int64_t id, n;
    char *path;
} caller_file;

typedef struct callers_count {
    int64_t *defs; /* the definitions the name denotes, sorted */
    size_t ndefs, defs_cap;
    int64_t *named; /* the references bearing the name, counted or not: sorted */
    size_t nnamed, named_cap;
    int64_t *stored; /* the references stored bound to one of the definitions: sorted */
    size_t nstored, stored_cap;
    const char *kind; /* NULL: any */
    caller_file *files;
    size_t n, cap;
} callers_count;

int cortex_store__compare_ids(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

int cortex_store__sorted_has(const int64_t *ids, size_t n, int64_t id)
{
    return n && bsearch(&id, ids, n, sizeof *ids, cortex_store__compare_ids) != NULL;
}

/* The ids `sql` selects with ?1 = `name`, appended to *ids and sorted. */
static int read_ids(cortex_store_reader *r, const char *sql, const char *name, int64_t **ids, size_t *n, size_t *cap,
                    const char *what)
{
    sqlite3_stmt *st = cortex_store__prepare(r, sql);
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) *CORTEX_PUSH(*ids, *n, *cap) = sqlite3_column_int64(st, 0);
    cortex_store__release(r, st);
    if (rc != SQLITE_DONE) return cortex_store__step_error(r, what);
    if (*n > 1) qsort(*ids, *n, sizeof **ids, cortex_store__compare_ids);
    return 0;
}

static void count_in(callers_count *c, int64_t file_id)
{
    if (c->n && c->files[c->n - 1].id == file_id) c->files[c->n - 1].n++;
    else *CORTEX_PUSH(c->files, c->n, c->cap) = (caller_file){file_id, 1, NULL};
}

/* edge_where's first arm: bearing the name, and unbound or bound to one of its definitions */
static int count_named(const cortex_store__binding *b, void *payload)
{
    callers_count *c = payload;
    *CORTEX_PUSH(c->named, c->nnamed, c->named_cap) = b->id;
    if ((!c->kind || strcmp(b->kind, c->kind) == 0) &&
        (!b->has_target || cortex_store__sorted_has(c->defs, c->ndefs, b->target_id)))
        count_in(c, b->file_id);
    return 0;
}

/* The first arm for a bare name, from the index alone: the view binds a
 * reference without a stored target to the one definition of its name, and
 * every definition of a bare name is one of the name's (DEFINITION_WHERE),
 * so whether it is bound does not change whether it is listed; one with a
 * stored target is listed when that target is a definition of the name. */
static int count_bare_name(cortex_store_reader *r, callers_count *c, const char *name)
{
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT id, COALESCE(other_kind, 'call'), target_id IS NULL FROM refs WHERE name = ?1");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(st, 0);
        *CORTEX_PUSH(c->named, c->nnamed, c->named_cap) = id;
        if ((!c->kind || strcmp(cortex_store__text(st, 1), c->kind) == 0) &&
            (sqlite3_column_int(st, 2) || cortex_store__sorted_has(c->stored, c->nstored, id)))
            count_in(c, id >> CORTEX_STORE_ROW_ID_BITS);
    }
    cortex_store__release(r, st);
    if (rc != SQLITE_DONE) return cortex_store__step_error(r, "counting references");
    /* the index gives them by kind first: back in id order */
    if (c->nnamed > 1) qsort(c->named, c->nnamed, sizeof *c->named, cortex_store__compare_ids);
    return 0;
}

static int compare_caller_files(const void *a, const void *b)
{
    const caller_file *x = a, *y = b;
    if (x->path && y->path) return strcmp(x->path, y->path);
    return x->id < y->id ? -1 : x->id > y->id;
}

/* Sorts c->files by id, one entry a file. */
static void merge_files(callers_count *c)
{
    if (c->n > 1) qsort(c->files, c->n, sizeof *c->files, compare_caller_files);
    size_t w = 0;
    for (size_t i = 0; i < c->n; i++) {
        if (w && c->files[w - 1].id == c->files[i].id) c->files[w - 1].n += c->files[i].n;
        else c->files[w++] = c->files[i];
    }
    c->n = w;
}

/* edge_where's second arm, less what the first saw: stored bound to a
 * definition under another name (an alias). Only these are read row by row. */
static int count_aliases(cortex_store_reader *r, callers_count *c)
{
    sqlite3_stmt *kind_of = NULL;
    if (c->kind && !(kind_of = cortex_store__prepare(r, "SELECT COALESCE(other_kind, 'call') FROM refs WHERE id = ?1")))
        return cortex_store__prepare_failed(r);
    int rc = SQLITE_ROW;
    for (size_t i = 0; i < c->nstored; i++) {
        int64_t id = c->stored[i];
        if (cortex_store__sorted_has(c->named, c->nnamed, id)) continue;
        if (kind_of) {
            sqlite3_reset(kind_of);
            sqlite3_bind_int64(kind_of, 1, id);
            if ((rc = sqlite3_step(kind_of)) == SQLITE_DONE) continue;
            if (rc != SQLITE_ROW) break;
            if (strcmp(cortex_store__text(kind_of, 0), c->kind) != 0) continue;
        }
        count_in(c, id >> CORTEX_STORE_ROW_ID_BITS);
    }
    cortex_store__release(r, kind_of);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : cortex_store__step_error(r, "reading a reference's kind");
}

/* Fills c->defs and c->stored, then c->files: every file with references in the listing, with how many. */
static int count_callers(cortex_store_reader *r, callers_count *c, const char *name, const char *short_name,
                         const char *project)
{
    int rc = read_ids(r, DEFINITIONS, name, &c->defs, &c->ndefs, &c->defs_cap, "finding definitions");
    /* the references stored bound to one of them, from the index of stored targets */
    if (!rc)
        rc = read_ids(r, "SELECT id FROM refs WHERE target_id IN (" DEFINITIONS ")", name, &c->stored, &c->nstored,
                      &c->stored_cap, "listing references bound to the definitions");
    if (rc) return rc;
    /* a qualified name's short name may bind to another type's member: its references are bound one by one */
    rc = !strchr(name, '.') ? count_bare_name(r, c, name)
                            : cortex_store__scan_bindings_named(r, short_name, count_named, c);
    if (!rc) rc = count_aliases(r, c);
    if (rc) return rc;
    merge_files(c);
    /* JOIN files, and the project: each file's path and project */
    sqlite3_stmt *st;
    if (!(st = cortex_store__prepare(r, "SELECT path, project FROM files WHERE id = ?1"))) return cortex_store__prepare_failed(r);
    size_t w = 0;
    rc = SQLITE_DONE;
    for (size_t i = 0; i < c->n; i++) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, c->files[i].id);
        if ((rc = sqlite3_step(st)) == SQLITE_DONE) continue;
        if (rc != SQLITE_ROW) break;
        if (project && strcmp(cortex_store__text(st, 1), project) != 0) continue;
        c->files[w] = c->files[i];
        c->files[w++].path = cortex_xstrdup(cortex_store__text(st, 0));
    }
    int failed = rc != SQLITE_ROW && rc != SQLITE_DONE;
    cortex_store__release(r, st);
    c->n = w;
    if (failed) return cortex_store__step_error(r, "reading the files of references");
    if (c->n > 1) qsort(c->files, c->n, sizeof *c->files, compare_caller_files);
    return 0;
}

static int read_callers(int64_t *total, cortex_store_reader *r, const char *name, const char *short_name,
                        const char *project, const char *kind, cortex_store_page page, cortex_store_edge_cb cb,
                        void *payload)
{
    callers_count c = {.kind = kind};
    int rc = count_callers(r, &c, name, short_name, project);
    if (!rc && total) {
        *total = 0;
        for (size_t i = 0; i < c.n; i++) *total += c.files[i].n;
    }
    char sql[2048];
    snprintf(sql, sizeof sql,
             /* the file's references that may be listed first (CROSS JOIN: the view's rows after) */
             "SELECT " EDGE_COLUMNS " FROM (SELECT id FROM refs WHERE " CORTEX_STORE_ROW_OF_FILE("id", "?7")
             " AND (name = ?2 OR target_id IN (" DEFINITIONS "))) k CROSS JOIN ref_bindings b ON b.id = k.id"
             " JOIN files f ON f.id = b.file_id LEFT JOIN symbols c ON c.id = b.caller_id"
             " LEFT JOIN symbols t ON t.id = b.target_id LEFT JOIN files tf ON tf.id = t.file_id"
             " WHERE (%s)%s ORDER BY b.line, b.col, b.id LIMIT ?3 OFFSET ?4",
             edge_where[CORTEX_STORE_CALLERS], kind ? " AND b.kind = ?6" : "");
    int64_t skip = page.offset > 0 ? page.offset : 0, left = page.limit < 0 ? INT64_MAX : page.limit;
    sqlite3_stmt *st = NULL; /* prepared once for the page's files, each bound in turn */
    for (size_t i = 0; !rc && i < c.n && left > 0; i++) {
        if (skip >= c.files[i].n) { /* a file wholly before the page */
            skip -= c.files[i].n;
            continue;
        }
        if (!st && !(st = cortex_store__prepare(r, sql))) {
            rc = cortex_store__prepare_failed(r);
            break;
        }
        sqlite3_reset(st);
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, short_name, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 3, left);
        sqlite3_bind_int64(st, 4, skip);
        if (kind) sqlite3_bind_text(st, 6, kind, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 7, c.files[i].id);
        left -= c.files[i].n - skip;
        skip = 0;
        int step;
        while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW) rc = edge_row(st, (void *)cb, payload);
        if (!rc && step != SQLITE_DONE) rc = cortex_store__step_error(r, "listing references");
    }
    cortex_store__release(r, st);
    for (size_t i = 0; i < c.n; i++) free(c.files[i].path);
    free(c.files);
    free(c.named);
    free(c.stored);
    free(c.defs);
    return rc;
}

int cortex_store_read_edges(int64_t *total, cortex_store_reader *r, cortex_store_edge_dir dir, const char *name,
                            const char *project, const char *kind, cortex_store_page page, cortex_store_edge_cb cb,
                            void *payload)
{
    const char *dot = strrchr(name, '.');
    const char *short_name = dot && dot[1] ? dot + 1 : name;
    if (dir == CORTEX_STORE_CALLERS)
        return read_callers(total, r, name, short_name, project, kind, page, cb, payload);
    const char *where = edge_where[dir];
    /* the references made in one project's files (?5) */
    const char *in_project = project ? " AND b.file_id IN (SELECT id FROM files WHERE project = ?5)" : "";
    /* the references of one kind (?6) */
    const char *of_kind = kind ? " AND b.kind = ?6" : "";
    char sql[2048];
    for (int pass = total ? 0 : 1; pass < 2; pass++) {
        /* The count reads the view alone: the joins only decorate a page. */
        if (pass == 0)
            snprintf(sql, sizeof sql, "SELECT count(*) FROM ref_bindings b WHERE (%s)%s%s", where, in_project, of_kind);
        else
            snprintf(sql, sizeof sql,
                     "SELECT " EDGE_COLUMNS EDGE_FROM
                     "WHERE (%s)%s%s ORDER BY f.path, b.line, b.col, b.id LIMIT ?3 OFFSET ?4",
                     where, in_project, of_kind);
        sqlite3_stmt *st = cortex_store__prepare(r, sql);
        if (!st) return cortex_store__prepare_failed(r);
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, short_name, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 3, page.limit);
        sqlite3_bind_int64(st, 4, page.offset);
        if (project) sqlite3_bind_text(st, 5, project, -1, SQLITE_STATIC);
        if (kind) sqlite3_bind_text(st, 6, kind, -1, SQLITE_STATIC);
        int rc = pass == 0 ? one_int(r, st, "listing references", total)
                           : cortex_store__each_row(r, st, "listing references", edge_row, (void *)cb, payload);
        if (rc) return rc;
    }
    return 0;
}

int cortex_store_read_reference(cortex_store_reader *r, int64_t ref_id, cortex_store_edge_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT " EDGE_COLUMNS EDGE_FROM "WHERE b.id = ?");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, ref_id);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW    ? edge_row(st, (void *)cb, payload)
              : rc == SQLITE_DONE ? CORTEX_ENOTFOUND
                                  : cortex_store__step_error(r, "looking up the reference");
    cortex_store__release(r, st);
    return out;
}

int cortex_store_read_refs_at(cortex_store_reader *r, int64_t file_id, int64_t line, cortex_store_edge_cb cb,
                              void *payload)
{
    /* a file's references are the range of ids its own id makes (CORTEX_STORE_ROW_ID_BITS) */
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT " EDGE_COLUMNS EDGE_FROM "WHERE b.id IN (SELECT id FROM refs WHERE " CORTEX_STORE_ROW_OF_FILE("id", "?1") " AND line = ?2) ORDER BY b.col, b.id");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, file_id);
    sqlite3_bind_int64(st, 2, line);
    return cortex_store__each_row(r, st, "listing references", edge_row, (void *)cb, payload);
}

/* A reference's candidates: ?1 the reference. A definition is a member when
 * it is a method or sits directly in a type (bind.h's places); a directory
 * is a path without its last component (rtrim of the characters after the
 * last '/'). */
#define CANDIDATES_FROM                                                                                                \
    " FROM refs r JOIN files rf ON rf.id = r.file_id CROSS JOIN symbols s ON s.short_name = r.name"                    \
    " JOIN files f ON f.id = s.file_id AND f.lang = rf.lang LEFT JOIN symbols p ON p.id = s.parent_id"                 \
    " WHERE r.id = ?1 AND s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL                                                  \
    " AND (s.kind = 'method' OR COALESCE(p.kind IN " CORTEX_STORE_TYPE_KINDS_SQL ", 0)) = (r.reach = 1)"               \
    " AND (s.visibility IS NOT '" CORTEX_STORE_FILE_LOCAL_VISIBILITY "' OR s.file_id = r.file_id) "

int cortex_store_read_candidates(int64_t *total, cortex_store_reader *r, int64_t ref_id, int64_t limit,
                                 cortex_store_symbol_cb cb, void *payload)
{
    int rc;
    if (total) {
        sqlite3_stmt *st = cortex_store__prepare(r, "SELECT count(*)" CANDIDATES_FROM);
        if (!st) return cortex_store__prepare_failed(r);
        sqlite3_bind_int64(st, 1, ref_id);
        if ((rc = one_int(r, st, "counting candidates", total))) return rc;
    }
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT " CORTEX_STORE__SYMBOL_COLUMNS CANDIDATES_FROM "ORDER BY s.file_id = r.file_id DESC,"
           " rtrim(f.path, replace(f.path, '/', '')) = rtrim(rf.path, replace(rf.path, '/', '')) DESC,"
           " f.path, s.line_start, s.id LIMIT ?2");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, ref_id);
    sqlite3_bind_int64(st, 2, limit);
    return cortex_store__each_row(r, st, "listing candidates", symbol_row, (void *)cb, payload);
}

/* ---- the whole graph ----------------------------------------------------------- */

typedef struct bound_edges {
    cortex_store_bound_edge_cb cb;
    void *payload;
} bound_edges;

static int bound_edge(const cortex_store__binding *b, void *payload)
{
    const bound_edges *out = payload;
    if (!b->has_caller || !b->has_target) return 0;
    cortex_store_bound_edge e = {b->caller_id, b->target_id, b->resolution, b->kind};
    return out->cb(&e, out->payload);
}

int cortex_store_read_bound_edges(cortex_store_reader *r, cortex_store_bound_edge_cb cb, void *payload)
{
    /* the view's bindings of every reference, in one pass (bindings_scan.h) */
    bound_edges out = {cb, payload};
    return cortex_store__scan_bindings(r, bound_edge, &out);
}
