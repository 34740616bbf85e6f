/*
 * The handle log (handle_log.h): issued handles by id, and expand feedback
 * counted per (query term, handle). WAL, so the readers of several threads
 * and one writer at a time share it; every write is one short transaction.
 */
#include "handle_log.h"
#include "stmt_cache.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bumped when the tables change: an older log is emptied, never migrated
 * (it holds nothing an index run cannot give again). */
#define HANDLE_LOG_VERSION 1

struct cortex_handle_log {
    sqlite3 *db;
    /* a service records and finds handles on most requests */
    cortex_stmt_cache statements;
};

/* The connections of one process (a service's readers, one log each) take
 * turns at writing here: SQLite's busy handler would make a writer that finds
 * the log locked sleep a millisecond or more before it looks again, on the
 * request's path. Other processes still meet at SQLite's lock. */
static pthread_mutex_t writing = PTHREAD_MUTEX_INITIALIZER;

static const char schema_sql[] =
    "CREATE TABLE IF NOT EXISTS handles(id TEXT PRIMARY KEY, unit TEXT NOT NULL, file TEXT NOT NULL,\n"
    "  kind TEXT NOT NULL, name TEXT, line INTEGER NOT NULL, line_end INTEGER NOT NULL,\n"
    "  generation INTEGER NOT NULL, terms TEXT) WITHOUT ROWID;\n"
    "CREATE TABLE IF NOT EXISTS feedback(term TEXT NOT NULL, id TEXT NOT NULL, expands INTEGER NOT NULL,\n"
    "  last INTEGER NOT NULL, PRIMARY KEY (term, id)) WITHOUT ROWID;\n";

static int failed(sqlite3 *db, const char *what)
{
    return cortex_error_set(CORTEX_EIO, "handle log: %s: %s", what, sqlite3_errmsg(db));
}

static int exec(sqlite3 *db, const char *sql, const char *what)
{
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK) return 0;
    int rc = cortex_error_set(CORTEX_EIO, "handle log: %s: %s", what, msg ? msg : sqlite3_errmsg(db));
    sqlite3_free(msg);
    return rc;
}

int cortex_handle_log_open(cortex_handle_log **out, const char *path)
{
    *out = NULL;
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK) {
        int rc = cortex_error_set(CORTEX_EIO, "handle log %s: %s", path, db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return rc;
    }
    sqlite3_busy_timeout(db, 5000);
    int rc = exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", "opening");
    sqlite3_stmt *st = NULL;
    int version = 0;
    if (rc == 0 && sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (rc == 0 && version != HANDLE_LOG_VERSION) {
        char sql[160];
        snprintf(sql, sizeof sql,
                 "DROP TABLE IF EXISTS handles; DROP TABLE IF EXISTS feedback; PRAGMA user_version=%d;",
                 HANDLE_LOG_VERSION);
        rc = exec(db, sql, "resetting");
    }
    if (rc == 0) rc = exec(db, schema_sql, "creating");
    if (rc) {
        sqlite3_close(db);
        return rc;
    }
    cortex_handle_log *log = cortex_xcalloc(1, sizeof *log);
    log->db = db;
    *out = log;
    return 0;
}

void cortex_handle_log_close(cortex_handle_log *log)
{
    if (!log) return;
    cortex_stmt_cache_clear(&log->statements);
    sqlite3_close(log->db);
    free(log);
}

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
    if (s) sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
    else sqlite3_bind_null(st, i);
}

int cortex_handle_log_issue(cortex_handle_log *log, const cortex_handle_record *records, size_t n)
{
    if (n == 0) return 0;
    pthread_mutex_lock(&writing);
    int rc = exec(log->db, "BEGIN IMMEDIATE", "recording handles");
    if (rc) {
        pthread_mutex_unlock(&writing);
        return rc;
    }
    sqlite3_stmt *st = cortex_stmt_cache_prepare(&log->statements, log->db,
                                                 "INSERT OR REPLACE INTO handles(id, unit, file, kind, name, line, line_end, generation, terms)"
                            " VALUES (?,?,?,?,?,?,?,?,?)");
    if (!st) rc = failed(log->db, "recording handles");
    for (size_t i = 0; rc == 0 && i < n; i++) {
        const cortex_handle_record *h = &records[i];
        bind_text(st, 1, h->id);
        bind_text(st, 2, h->unit);
        bind_text(st, 3, h->file);
        bind_text(st, 4, h->kind);
        bind_text(st, 5, h->name);
        sqlite3_bind_int64(st, 6, h->line);
        sqlite3_bind_int64(st, 7, h->line_end);
        sqlite3_bind_int64(st, 8, h->generation);
        bind_text(st, 9, h->terms);
        if (sqlite3_step(st) != SQLITE_DONE) rc = failed(log->db, "recording handles");
        sqlite3_reset(st);
    }
    cortex_stmt_cache_release(&log->statements, st);
    if (rc == 0) rc = exec(log->db, "COMMIT", "recording handles");
    if (rc) sqlite3_exec(log->db, "ROLLBACK", NULL, NULL, NULL);
    pthread_mutex_unlock(&writing);
    return rc;
}

int cortex_handle_log_find(cortex_handle_log *log, const char *id, cortex_handle_record_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_stmt_cache_prepare(&log->statements, log->db,
                                                 "SELECT id, unit, file, kind, name, line, line_end, generation, terms FROM handles WHERE id = ?");
    if (!st) return failed(log->db, "finding a handle");
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    int step = sqlite3_step(st), rc;
    if (step == SQLITE_ROW) {
        cortex_handle_record h = {(const char *)sqlite3_column_text(st, 0),
                                  (const char *)sqlite3_column_text(st, 1),
                                  (const char *)sqlite3_column_text(st, 2),
                                  (const char *)sqlite3_column_text(st, 3),
                                  (const char *)sqlite3_column_text(st, 4),
                                  sqlite3_column_int64(st, 5),
                                  sqlite3_column_int64(st, 6),
                                  sqlite3_column_int64(st, 7),
                                  (const char *)sqlite3_column_text(st, 8)};
        rc = cb(&h, payload);
    } else {
        rc = step == SQLITE_DONE ? CORTEX_ENOTFOUND : failed(log->db, "finding a handle");
    }
    cortex_stmt_cache_release(&log->statements, st);
    return rc;
}

int cortex_handle_log_expanded(cortex_handle_log *log, const char *id, int64_t now)
{
    /* one row per distinct term of the issuing query, split in SQL by a recursive walk over its spaces */
    static const char sql[] =
        "WITH RECURSIVE split(term, rest) AS ("
        " SELECT '', (SELECT COALESCE(terms, '') || ' ' FROM handles WHERE id = ?1)"
        " UNION ALL SELECT substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1)"
        " FROM split WHERE rest <> '')"
        " INSERT INTO feedback(term, id, expands, last) SELECT DISTINCT term, ?1, 1, ?2 FROM split WHERE term <> ''"
        " ON CONFLICT(term, id) DO UPDATE SET expands = expands + 1, last = excluded.last";
    sqlite3_stmt *st = cortex_stmt_cache_prepare(&log->statements, log->db, sql);
    if (!st) return failed(log->db, "recording an expand");
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, now);
    pthread_mutex_lock(&writing);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : failed(log->db, "recording an expand");
    pthread_mutex_unlock(&writing);
    cortex_stmt_cache_release(&log->statements, st);
    return rc;
}

int cortex_handle_log_prior(cortex_handle_log *log, const char *const *terms, cortex_handle_prior_cb cb, void *payload)
{
    size_t n = 0;
    while (terms[n]) n++;
    if (n == 0) return 0;
    cortex_buf sql = {0};
    cortex_buf_puts(&sql, "SELECT id, sum(expands), max(last) FROM feedback WHERE term IN (");
    for (size_t i = 0; i < n; i++) cortex_buf_puts(&sql, i ? ",?" : "?");
    cortex_buf_puts(&sql, ") GROUP BY id");
    sqlite3_stmt *st = NULL;
    int rc =
        sqlite3_prepare_v2(log->db, sql.data, -1, &st, NULL) == SQLITE_OK ? 0 : failed(log->db, "reading feedback");
    cortex_buf_free(&sql);
    for (size_t i = 0; rc == 0 && i < n; i++) sqlite3_bind_text(st, (int)i + 1, terms[i], -1, SQLITE_STATIC);
    int step = SQLITE_DONE;
    while (rc == 0 && (step = sqlite3_step(st)) == SQLITE_ROW)
        rc = cb((const char *)sqlite3_column_text(st, 0), sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2),
                payload);
    if (rc == 0 && step != SQLITE_DONE) rc = failed(log->db, "reading feedback");
    sqlite3_finalize(st);
    return rc;
}
