/*
 * The read API's units of one file that the handle tools name besides
 * symbols and references (read.h): its chunks, and its texts at a line;
 * and the references across files the repository map ranks files by.
 */
#include "read.h"

#include "bindings_scan.h"
#include "read_internal.h"
#include "store.h"

static int chunk_row(sqlite3_stmt *st, void *cb, void *payload)
{
    cortex_store_chunk c = {cortex_store__text(st, 0),  cortex_store__text(st, 1),   cortex_store__text(st, 2),
                            cortex_store__text(st, 3),  sqlite3_column_int64(st, 4), sqlite3_column_int64(st, 5),
                            sqlite3_column_int64(st, 6)};
    return ((cortex_store_chunk_cb)cb)(&c, payload);
}

int cortex_store_read_file_chunks(cortex_store_reader *r, int64_t file_id, cortex_store_chunk_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT f.path, c.kind, c.headers, c.content, c.line_start, c.line_end,"
                                                " c.ordinal FROM chunks_text c JOIN files f ON f.id = c.file_id"
                                                " WHERE c.file_id = ?1 ORDER BY c.ordinal");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, file_id);
    return cortex_store__each_row(r, st, "listing chunks", chunk_row, (void *)cb, payload);
}

static int text_row(sqlite3_stmt *st, void *cb, void *payload)
{
    cortex_store_text t = {cortex_store__text(st, 0), cortex_store__text(st, 1),   cortex_store__text(st, 2),
                           cortex_store__text(st, 3), sqlite3_column_int64(st, 4), sqlite3_column_int64(st, 5)};
    return ((cortex_store_text_cb)cb)(&t, payload);
}

int cortex_store_read_texts_at(cortex_store_reader *r, int64_t file_id, int64_t line, cortex_store_text_cb cb,
                               void *payload)
{
    /* a file's texts are the range of ids its own id makes */
    sqlite3_stmt *st = cortex_store__prepare(
        r,
        "SELECT f.path, t.kind, t.text, p.name, t.line_start, t.line_end FROM texts_text t JOIN files f ON f.id = t.file_id"
        " LEFT JOIN symbols p ON p.id = t.parent_id WHERE " CORTEX_STORE_ROW_OF_FILE("t.id",
                                                                                     "?1") " AND t.line_start = ?2"
                                                                                           " ORDER BY t.id");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, file_id);
    sqlite3_bind_int64(st, 2, line);
    return cortex_store__each_row(r, st, "listing texts", text_row, (void *)cb, payload);
}

typedef struct crossing {
    cortex_store__symbol_files defs;
    cortex_store_cross_ref_cb cb;
    void *payload;
} crossing;

static int cross_ref(const cortex_store__binding *b, void *payload)
{
    const crossing *c = payload;
    if (!b->has_target) return 0;
    int64_t to_file = cortex_store__symbol_file(&c->defs, b->target_id);
    /* a target the store no longer holds binds nothing (the view's join drops it) */
    if (to_file == 0 || to_file == b->file_id) return 0;
    return c->cb(b->file_id, to_file, b->target_id, c->payload);
}

int cortex_store_read_cross_refs(cortex_store_reader *r, cortex_store_cross_ref_cb cb, void *payload)
{
    /* the view's bindings, by name too (most references across files are
     * bound so), read in one pass (bindings_scan.h) */
    crossing c = {.cb = cb, .payload = payload};
    int rc = cortex_store__symbol_files_load(r, &c.defs);
    if (!rc) rc = cortex_store__scan_bindings(r, cross_ref, &c);
    cortex_store__symbol_files_free(&c.defs);
    return rc;
}

int cortex_store_read_schema_version(cortex_store_reader *r)
{
    sqlite3_stmt *st = cortex_store__prepare(r, "PRAGMA user_version");
    if (!st) return 0;
    int version = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    cortex_store__release(r, st);
    return version;
}
