/*
 * The read API's units of one file that the handle tools name besides
 * symbols and references (read.h): its chunks, and its texts at a line;
 * and the references across files the repository map ranks files by.
 */
#include "read.h"

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
                                                " c.ordinal FROM chunks c JOIN files f ON f.id = c.file_id"
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
        "SELECT f.path, t.kind, t.text, p.name, t.line_start, t.line_end FROM texts t JOIN files f ON f.id = t.file_id"
        " LEFT JOIN symbols p ON p.id = t.parent_id WHERE " CORTEX_STORE_ROW_OF_FILE("t.id",
                                                                                     "?1") " AND t.line_start = ?2"
                                                                                           " ORDER BY t.id");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, file_id);
    sqlite3_bind_int64(st, 2, line);
    return cortex_store__each_row(r, st, "listing texts", text_row, (void *)cb, payload);
}

static int cross_ref_row(sqlite3_stmt *st, void *cb, void *payload)
{
    return ((cortex_store_cross_ref_cb)cb)(sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
                                           sqlite3_column_int64(st, 2), payload);
}

int cortex_store_read_cross_refs(cortex_store_reader *r, cortex_store_cross_ref_cb cb, void *payload)
{
    /* the view's bindings, by name too: most references across files are bound so */
    /* CROSS JOIN keeps the view outermost: one pass over the references, each
     * target looked up by id (SQLite's planner otherwise walks symbols first) */
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT b.file_id, t.file_id, b.target_id FROM ref_bindings b"
                                                " CROSS JOIN symbols t ON t.id = b.target_id"
                                                " WHERE b.target_id IS NOT NULL AND t.file_id <> b.file_id");
    if (!st) return cortex_store__prepare_failed(r);
    return cortex_store__each_row(r, st, "reading references across files", cross_ref_row, (void *)cb, payload);
}

int cortex_store_read_schema_version(cortex_store_reader *r)
{
    sqlite3_stmt *st = cortex_store__prepare(r, "PRAGMA user_version");
    if (!st) return 0;
    int version = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    return version;
}
