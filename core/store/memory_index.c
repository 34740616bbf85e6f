/*
 * memory.db, a memory store's derived index (memory_index.h): design 001's
 * tables, the file stamps, FTS5 kept by triggers, and the filtered query.
 * The only SQL of the memory stores; everything else goes through here.
 */
#define _DEFAULT_SOURCE
#include "memory_index.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CORTEX_MEMORY_INDEX_SCHEMA_TEXT "1" /* CORTEX_MEMORY_INDEX_SCHEMA, for the PRAGMA */

struct cortex_memory_index {
    sqlite3 *db;
    char *path;
    sqlite3_stmt *put, *del, *touch;
};

static const char schema[] =
    "CREATE TABLE memories (\n"
    "    path           TEXT PRIMARY KEY,\n"
    "    category       TEXT NOT NULL,\n"
    "    tags           TEXT NOT NULL DEFAULT '[]',\n"
    "    token_estimate INTEGER NOT NULL DEFAULT 0,\n"
    "    source         TEXT NOT NULL DEFAULT 'unknown',\n"
    "    created_at     INTEGER NOT NULL,\n"
    "    updated_at     INTEGER NOT NULL,\n"
    "    expires_at     INTEGER,\n"
    "    summary        TEXT,\n"
    "    title          TEXT NOT NULL,\n"
    "    body           TEXT NOT NULL,\n"
    "    mtime_ns       INTEGER NOT NULL,\n"
    "    size           INTEGER NOT NULL,\n"
    "    hash           INTEGER NOT NULL\n"
    ");\n"
    "CREATE TABLE categories (\n"
    "    path        TEXT PRIMARY KEY,\n"
    "    parent_path TEXT,\n"
    "    description TEXT\n"
    ");\n"
    "CREATE INDEX idx_memories_category ON memories(category);\n"
    "CREATE INDEX idx_memories_updated_at ON memories(updated_at);\n"
    "CREATE INDEX idx_memories_expires_at ON memories(expires_at) WHERE expires_at IS NOT NULL;\n"
    "CREATE INDEX idx_categories_parent ON categories(parent_path);\n"
    "CREATE VIRTUAL TABLE memories_fts USING fts5(title, body, tags, content='memories', content_rowid='rowid');\n"
    "CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN\n"
    "  INSERT INTO memories_fts(rowid, title, body, tags) VALUES (new.rowid, new.title, new.body, new.tags);\n"
    "END;\n"
    "CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN\n"
    "  INSERT INTO memories_fts(memories_fts, rowid, title, body, tags)\n"
    "  VALUES ('delete', old.rowid, old.title, old.body, old.tags);\n"
    "END;\n";

static int fail(cortex_memory_index *x, const char *what)
{
    return cortex_error_set(CORTEX_EIO, "%s: %s: %s", x->path, what, sqlite3_errmsg(x->db));
}

static int exec(cortex_memory_index *x, const char *sql, const char *what)
{
    return sqlite3_exec(x->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : fail(x, what);
}

static int prepare(cortex_memory_index *x, sqlite3_stmt **st, const char *sql)
{
    return sqlite3_prepare_v3(x->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL) == SQLITE_OK ? 0
                                                                                                : fail(x, "preparing");
}

/* The index's schema version, or -1 when it cannot be read (not a database). */
static int version_of(sqlite3 *db)
{
    sqlite3_stmt *st;
    int v = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return v;
}

static void remove_files(const char *path)
{
    char side[4096];
    unlink(path);
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
}

int cortex_memory_index_open(cortex_memory_index **out, int *fresh, const char *path)
{
    *out = NULL;
    *fresh = 0;
    cortex_memory_index *x = cortex_xcalloc(1, sizeof *x);
    x->path = cortex_xstrdup(path);
    for (int attempt = 0;; attempt++) {
        if (sqlite3_open_v2(path, &x->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
            SQLITE_OK) {
            int rc = cortex_error_set(CORTEX_EIO, "%s: cannot open the memory index: %s", path,
                                      x->db ? sqlite3_errmsg(x->db) : "out of memory");
            cortex_memory_index_close(x);
            return rc;
        }
        sqlite3_busy_timeout(x->db, 10000);
        int v = version_of(x->db);
        if (v == CORTEX_MEMORY_INDEX_SCHEMA) break;
        int empty = v == 0;
        if (empty) { /* a new file, or one of no schema: is it empty? */
            sqlite3_stmt *st;
            if (sqlite3_prepare_v2(x->db, "SELECT count(*) FROM sqlite_master", -1, &st, NULL) == SQLITE_OK &&
                sqlite3_step(st) == SQLITE_ROW)
                empty = sqlite3_column_int(st, 0) == 0;
            sqlite3_finalize(st);
        }
        if (empty) {
            int rc = exec(x, "PRAGMA journal_mode=WAL", "setting WAL");
            if (rc == 0) rc = exec(x, "BEGIN IMMEDIATE", "creating the schema");
            /* another process may have made it since */
            if (rc == 0 && version_of(x->db) == CORTEX_MEMORY_INDEX_SCHEMA) {
                exec(x, "COMMIT", "creating the schema");
                break;
            }
            if (rc == 0) rc = exec(x, schema, "creating the schema");
            if (rc == 0) rc = exec(x, "PRAGMA user_version=" CORTEX_MEMORY_INDEX_SCHEMA_TEXT "; COMMIT", "creating the schema");
            if (rc) {
                cortex_memory_index_close(x);
                return rc;
            }
            *fresh = 1;
            break;
        }
        /* another schema, or not a database: derived, so made anew */
        sqlite3_close(x->db);
        x->db = NULL;
        if (attempt > 0) {
            int rc = cortex_error_set(CORTEX_EIO, "%s: cannot remake the memory index", path);
            cortex_memory_index_close(x);
            return rc;
        }
        remove_files(path);
    }
    int rc = exec(x, "PRAGMA synchronous=NORMAL", "opening");
    if (rc == 0)
        rc = prepare(x, &x->put,
                     "INSERT INTO memories (path, category, tags, token_estimate, source, created_at, updated_at, "
                     "expires_at, summary, title, body, mtime_ns, size, hash) "
                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)");
    if (rc == 0) rc = prepare(x, &x->del, "DELETE FROM memories WHERE path = ?1");
    if (rc == 0) rc = prepare(x, &x->touch, "UPDATE memories SET mtime_ns = ?2, size = ?3 WHERE path = ?1");
    if (rc) {
        cortex_memory_index_close(x);
        return rc;
    }
    *out = x;
    return 0;
}

void cortex_memory_index_close(cortex_memory_index *x)
{
    if (!x) return;
    sqlite3_finalize(x->put);
    sqlite3_finalize(x->del);
    sqlite3_finalize(x->touch);
    sqlite3_close(x->db);
    free(x->path);
    free(x);
}

int cortex_memory_index_begin(cortex_memory_index *x) { return exec(x, "BEGIN IMMEDIATE", "beginning"); }
int cortex_memory_index_commit(cortex_memory_index *x) { return exec(x, "COMMIT", "committing"); }
void cortex_memory_index_rollback(cortex_memory_index *x)
{
    if (!sqlite3_get_autocommit(x->db)) sqlite3_exec(x->db, "ROLLBACK", NULL, NULL, NULL);
}

static int step_done(cortex_memory_index *x, sqlite3_stmt *st, const char *what)
{
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : fail(x, what);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc;
}

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
    if (s) sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
    else sqlite3_bind_null(st, i);
}

int cortex_memory_index_remove(cortex_memory_index *x, const char *path)
{
    sqlite3_bind_text(x->del, 1, path, -1, SQLITE_STATIC);
    return step_done(x, x->del, "removing a memory");
}

int cortex_memory_index_put(cortex_memory_index *x, const cortex_memory_row *r)
{
    /* delete then insert: the delete trigger takes the old text out of FTS5 */
    int rc = cortex_memory_index_remove(x, r->path);
    if (rc) return rc;
    sqlite3_stmt *st = x->put;
    bind_text(st, 1, r->path);
    bind_text(st, 2, r->category);
    bind_text(st, 3, r->tags_json ? r->tags_json : "[]");
    sqlite3_bind_int64(st, 4, r->token_estimate);
    bind_text(st, 5, r->source ? r->source : "unknown");
    sqlite3_bind_int64(st, 6, r->created_at);
    sqlite3_bind_int64(st, 7, r->updated_at);
    if (r->expires_at) sqlite3_bind_int64(st, 8, r->expires_at);
    bind_text(st, 9, r->summary);
    bind_text(st, 10, r->title ? r->title : "");
    bind_text(st, 11, r->body ? r->body : "");
    sqlite3_bind_int64(st, 12, r->mtime_ns);
    sqlite3_bind_int64(st, 13, r->size);
    sqlite3_bind_int64(st, 14, r->hash);
    return step_done(x, st, "writing a memory");
}

int cortex_memory_index_touch(cortex_memory_index *x, const char *path, int64_t mtime_ns, int64_t size)
{
    sqlite3_bind_text(x->touch, 1, path, -1, SQLITE_STATIC);
    sqlite3_bind_int64(x->touch, 2, mtime_ns);
    sqlite3_bind_int64(x->touch, 3, size);
    return step_done(x, x->touch, "stamping a memory");
}

#define ROW_COLUMNS                                                                                                   \
    "m.path, m.category, m.title, m.tags, m.source, m.summary, m.token_estimate, m.created_at, m.updated_at, "       \
    "m.expires_at, m.mtime_ns, m.size, m.hash"

static void read_row(sqlite3_stmt *st, cortex_memory_row *r, int with_body)
{
    *r = (cortex_memory_row){
        .path = (const char *)sqlite3_column_text(st, 0),
        .category = (const char *)sqlite3_column_text(st, 1),
        .title = (const char *)sqlite3_column_text(st, 2),
        .tags_json = (const char *)sqlite3_column_text(st, 3),
        .source = (const char *)sqlite3_column_text(st, 4),
        .summary = (const char *)sqlite3_column_text(st, 5),
        .token_estimate = sqlite3_column_int64(st, 6),
        .created_at = sqlite3_column_int64(st, 7),
        .updated_at = sqlite3_column_int64(st, 8),
        .expires_at = sqlite3_column_int64(st, 9),
        .mtime_ns = sqlite3_column_int64(st, 10),
        .size = sqlite3_column_int64(st, 11),
        .hash = sqlite3_column_int64(st, 12),
    };
    if (with_body) r->body = (const char *)sqlite3_column_text(st, 13);
}

/* Steps `st` to the end, each row to `cb`; finalizes it. */
static int each_row(cortex_memory_index *x, sqlite3_stmt *st, int with_body, cortex_memory_row_cb cb, void *payload,
                    int *found)
{
    int rc = 0, s;
    while ((s = sqlite3_step(st)) == SQLITE_ROW) {
        cortex_memory_row r;
        read_row(st, &r, with_body);
        if (found) *found = 1;
        if ((rc = cb(&r, payload)) != 0) break;
    }
    if (rc == 0 && s != SQLITE_DONE && s != SQLITE_ROW) rc = fail(x, "reading memories");
    sqlite3_finalize(st);
    return rc;
}

int cortex_memory_index_stamps(cortex_memory_index *x, cortex_memory_row_cb cb, void *payload)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(x->db, "SELECT path, mtime_ns, size, hash FROM memories ORDER BY path", -1, &st, NULL) !=
        SQLITE_OK)
        return fail(x, "reading stamps");
    int rc = 0, s;
    while ((s = sqlite3_step(st)) == SQLITE_ROW) {
        cortex_memory_row r = {.path = (const char *)sqlite3_column_text(st, 0),
                               .mtime_ns = sqlite3_column_int64(st, 1),
                               .size = sqlite3_column_int64(st, 2),
                               .hash = sqlite3_column_int64(st, 3)};
        if ((rc = cb(&r, payload)) != 0) break;
    }
    if (rc == 0 && s != SQLITE_DONE && s != SQLITE_ROW) rc = fail(x, "reading stamps");
    sqlite3_finalize(st);
    return rc;
}

int cortex_memory_index_get(cortex_memory_index *x, const char *path, cortex_memory_row_cb cb, void *payload)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(x->db, "SELECT " ROW_COLUMNS ", m.body FROM memories m WHERE m.path = ?1", -1, &st, NULL) !=
        SQLITE_OK)
        return fail(x, "reading a memory");
    sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
    int found = 0;
    int rc = each_row(x, st, 1, cb, payload, &found);
    return rc ? rc : found ? 0 : CORTEX_ENOTFOUND;
}

int cortex_memory_index_set_categories(cortex_memory_index *x, const char *const *paths,
                                       const char *const *descriptions, size_t n)
{
    int rc = exec(x, "DELETE FROM categories", "writing categories");
    sqlite3_stmt *st = NULL;
    if (rc == 0 &&
        sqlite3_prepare_v2(x->db, "INSERT INTO categories (path, parent_path, description) VALUES (?1, ?2, ?3)", -1,
                           &st, NULL) != SQLITE_OK)
        rc = fail(x, "writing categories");
    for (size_t i = 0; rc == 0 && i < n; i++) {
        const char *slash = strrchr(paths[i], '/');
        sqlite3_bind_text(st, 1, paths[i], -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, paths[i], slash ? (int)(slash - paths[i]) : 0, SQLITE_STATIC);
        bind_text(st, 3, descriptions[i]);
        rc = step_done(x, st, "writing categories");
    }
    sqlite3_finalize(st);
    return rc;
}

int cortex_memory_index_categories(cortex_memory_index *x, const char *parent, int recursive,
                                   cortex_memory_category_cb cb, void *payload)
{
    sqlite3_stmt *st;
    const char *sql =
        recursive ? "SELECT c.path, c.description, (SELECT count(*) FROM memories m WHERE m.category = c.path) "
                    "FROM categories c WHERE ?1 = '' OR substr(c.path, 1, length(?1) + 1) = ?1 || '/' ORDER BY c.path"
                  : "SELECT c.path, c.description, (SELECT count(*) FROM memories m WHERE m.category = c.path) "
                    "FROM categories c WHERE c.parent_path = ?1 ORDER BY c.path";
    if (sqlite3_prepare_v2(x->db, sql, -1, &st, NULL) != SQLITE_OK) return fail(x, "reading categories");
    sqlite3_bind_text(st, 1, parent ? parent : "", -1, SQLITE_STATIC);
    int rc = 0, s;
    while ((s = sqlite3_step(st)) == SQLITE_ROW)
        if ((rc = cb((const char *)sqlite3_column_text(st, 0), (const char *)sqlite3_column_text(st, 1),
                     sqlite3_column_int64(st, 2), payload)) != 0)
            break;
    if (rc == 0 && s != SQLITE_DONE && s != SQLITE_ROW) rc = fail(x, "reading categories");
    sqlite3_finalize(st);
    return rc;
}

/* The WHERE clause of `f` (after FROM memories m [JOIN memories_fts]); its
 * parameters are bound in the same order by bind_filter(). */
static void where_of(cortex_buf *sql, const cortex_memory_filter *f)
{
    cortex_buf_puts(sql, " WHERE 1");
    if (f->fts) cortex_buf_puts(sql, " AND memories_fts MATCH ?");
    if (f->category && *f->category) {
        if (f->recursive) cortex_buf_puts(sql, " AND (m.category = ? OR substr(m.category, 1, length(?) + 1) = ? || '/')");
        else cortex_buf_puts(sql, " AND m.category = ?");
    } else if (f->category && !f->recursive) {
        cortex_buf_puts(sql, " AND m.category = ''");
    }
    if (f->tags && f->tags[0]) {
        cortex_buf_puts(sql, " AND EXISTS (SELECT 1 FROM json_each(m.tags) t WHERE t.value IN (");
        for (size_t i = 0; f->tags[i]; i++) cortex_buf_puts(sql, i ? ", ?" : "?");
        cortex_buf_puts(sql, "))");
    }
    if (f->updated_after > 0) cortex_buf_puts(sql, " AND m.updated_at > ?");
    if (f->updated_before > 0) cortex_buf_puts(sql, " AND m.updated_at < ?");
    if (f->source) cortex_buf_puts(sql, " AND m.source = ?");
    if (f->expired_only) cortex_buf_puts(sql, " AND m.expires_at IS NOT NULL AND m.expires_at <= ?");
    else if (!f->include_expired) cortex_buf_puts(sql, " AND (m.expires_at IS NULL OR m.expires_at > ?)");
}

static int bind_filter(sqlite3_stmt *st, const cortex_memory_filter *f)
{
    int i = 1;
    if (f->fts) sqlite3_bind_text(st, i++, f->fts, -1, SQLITE_STATIC);
    if (f->category && *f->category) {
        int n = f->recursive ? 3 : 1;
        for (int k = 0; k < n; k++) sqlite3_bind_text(st, i++, f->category, -1, SQLITE_STATIC);
    }
    for (size_t k = 0; f->tags && f->tags[k]; k++) sqlite3_bind_text(st, i++, f->tags[k], -1, SQLITE_STATIC);
    if (f->updated_after > 0) sqlite3_bind_int64(st, i++, f->updated_after);
    if (f->updated_before > 0) sqlite3_bind_int64(st, i++, f->updated_before);
    if (f->source) sqlite3_bind_text(st, i++, f->source, -1, SQLITE_STATIC);
    if (f->expired_only || !f->include_expired) sqlite3_bind_int64(st, i++, f->now);
    return i;
}

static int prepare_query(cortex_memory_index *x, sqlite3_stmt **st, const char *sql, const cortex_memory_filter *f)
{
    if (sqlite3_prepare_v2(x->db, sql, -1, st, NULL) != SQLITE_OK) return fail(x, "querying memories");
    return bind_filter(*st, f);
}

int cortex_memory_index_query(int64_t *total, cortex_memory_index *x, const cortex_memory_filter *f,
                              cortex_memory_row_cb cb, void *payload)
{
    const char *from = f->fts ? " FROM memories m JOIN memories_fts ON memories_fts.rowid = m.rowid"
                              : " FROM memories m";
    cortex_buf sql = {0};
    sqlite3_stmt *st;
    int rc = 0;
    if (total) {
        cortex_buf_printf(&sql, "SELECT count(*)%s", from);
        where_of(&sql, f);
        prepare_query(x, &st, sql.data, f);
        int s = st ? sqlite3_step(st) : SQLITE_ERROR;
        if (s == SQLITE_ROW) *total = sqlite3_column_int64(st, 0);
        else rc = f->fts ? cortex_error_set(CORTEX_EINVALID, "text: not a query FTS5 accepts: %s", sqlite3_errmsg(x->db))
                         : fail(x, "counting memories");
        sqlite3_finalize(st);
        cortex_buf_clear(&sql);
        if (rc) {
            cortex_buf_free(&sql);
            return rc;
        }
    }
    static const char *const orders[] = {"m.updated_at", "m.created_at", "m.token_estimate", "bm25(memories_fts)"};
    cortex_memory_sort sort = f->sort == CORTEX_MEMORY_SORT_RELEVANCE && !f->fts ? CORTEX_MEMORY_SORT_UPDATED : f->sort;
    const char *dir = sort == CORTEX_MEMORY_SORT_RELEVANCE || f->ascending ? "ASC" : "DESC";
    cortex_buf_printf(&sql, "SELECT " ROW_COLUMNS "%s", from);
    where_of(&sql, f);
    cortex_buf_printf(&sql, " ORDER BY %s %s, m.path ASC LIMIT ? OFFSET ?", orders[sort], dir);
    int next = prepare_query(x, &st, sql.data, f);
    cortex_buf_free(&sql);
    if (!st) return CORTEX_EIO;
    sqlite3_bind_int64(st, next, f->limit < 0 ? -1 : f->limit);
    sqlite3_bind_int64(st, next + 1, f->offset);
    rc = each_row(x, st, 0, cb, payload, NULL);
    if (rc == CORTEX_EIO && f->fts)
        rc = cortex_error_set(CORTEX_EINVALID, "text: not a query FTS5 accepts (%s)", cortex_error_last());
    return rc;
}
