/*
 * The full-text tables' rows (fts.h): the set-based statements that index a
 * bulk load's rows, or the rows of the files one run wrote, in id order.
 */
#include "fts.h"

#include "../util/error.h"

#include <stdio.h>

/* A bulk load's full-text rows, one table at a time: all of them this run's,
 * in id order as stored. */
static const char *const bulk_fts_sql[CORTEX_FTS_TABLES] = {
    [CORTEX_FTS_SYMBOLS] = "INSERT INTO symbols_fts(rowid, terms, sig, doc) SELECT id, cortex_terms(name), sig, doc FROM symbols",
    [CORTEX_FTS_TEXTS] = "INSERT INTO texts_fts(rowid, text) SELECT id, text FROM texts_text",
    [CORTEX_FTS_CHUNKS] = "INSERT INTO chunks_fts(rowid, content, headers) SELECT id, content, headers FROM chunks_text",
    [CORTEX_FTS_FILES] = "INSERT INTO files_fts(rowid, path) SELECT id, path FROM files",
};

int cortex_store_fts_fill(cortex_store *s, cortex_fts_table table)
{
    return cortex_store__exec(cortex_store_db(s), bulk_fts_sql[table], "sqlite store");
}

/* The written files' rows, found through the files (CROSS JOIN: left to
 * itself, the planner scans every symbol to return them in id order, 0.08 s
 * of a no-change run on the kernel subtree) and sorted. */
int cortex_store_fts_fill_generation(cortex_store *s, int64_t generation)
{
    char sql[1024];
    snprintf(sql, sizeof sql,
             "INSERT INTO symbols_fts(rowid, terms, sig, doc) SELECT s.id, cortex_terms(s.name), s.sig, s.doc"
             "  FROM files f CROSS JOIN symbols s ON s.file_id = f.id WHERE f.generation = %lld ORDER BY s.id;"
             "INSERT INTO texts_fts(rowid, text) SELECT t.id, t.text"
             "  FROM files f CROSS JOIN texts_text t ON " CORTEX_STORE_ROW_OF_FILE("t.id", "f.id") " WHERE f.generation = %lld ORDER BY t.id;"
             "INSERT INTO chunks_fts(rowid, content, headers) SELECT c.id, c.content, c.headers"
             "  FROM files f CROSS JOIN chunks_text c ON c.file_id = f.id WHERE f.generation = %lld ORDER BY c.id;"
             "INSERT INTO files_fts(rowid, path) SELECT id, path FROM files WHERE generation = %lld ORDER BY id;",
             (long long)generation, (long long)generation, (long long)generation, (long long)generation);
    return cortex_store__exec(cortex_store_db(s), sql, "sqlite store");
}

