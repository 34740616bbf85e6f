/*
 * Full-text search over the store (search.h): for each scope its FTS5 table
 * joined to its rows and files, filtered by kind, path glob and project,
 * counted and ranked by BM25.
 */
#include "search.h"

#include "read_internal.h"

#include "../util/error.h"

#include <stdio.h>
#include <string.h>

/* An exact name match outranks any amount of term frequency, and each
 * further term a row covers outranks term frequency (SQL text): the window
 * of rows read holds the ones the tools' ranking puts first. */
#define EXACT_NAME_BOOST "100.0"
#define COVERAGE_BOOST 30.0
#define SQL_TEXT_(x) #x
#define SQL_TEXT(x) SQL_TEXT_(x)

/* ---- coverage: how many of a query's phrases a row matches -------------- */

/* An FTS5 auxiliary function, cortex_coverage(table): the number of the
 * query's phrases with at least one instance in the row. A query `a OR b`
 * finds the rows with either; this says which have both. */
static void coverage_function(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nval,
                              sqlite3_value **values)
{
    (void)nval;
    (void)values;
    int phrases = api->xPhraseCount(fts), covered = 0;
    for (int i = 0; i < phrases; i++) {
        Fts5PhraseIter iter;
        int col = -1, off = -1;
        if (api->xPhraseFirst(fts, i, &iter, &col, &off) == SQLITE_OK && col >= 0) covered++;
    }
    sqlite3_result_int(ctx, covered);
}

int cortex_store__register_coverage(sqlite3 *db)
{
    fts5_api *api = NULL;
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &st, NULL) != SQLITE_OK) return CORTEX_EIO;
    sqlite3_bind_pointer(st, 1, (void *)&api, "fts5_api_ptr", NULL);
    sqlite3_step(st);
    sqlite3_finalize(st);
    if (!api || api->iVersion < 2) return CORTEX_EIO;
    return api->xCreateFunction(api, "cortex_coverage", NULL, coverage_function, NULL) == SQLITE_OK ? 0 : CORTEX_EIO;
}

typedef struct scope_sql {
    const char *fts_table;
    const char *columns; /* the relevance (BM25 and name boosts) and the coverage first */
    /* Equal relevance at the page's edge: by place, as the tools order their
     * answers, not by row id, which follows the order files entered the store */
    const char *tie_break;
} scope_sql;

static const scope_sql scopes[CORTEX_STORE_SCOPES] = {
    [CORTEX_STORE_SCOPE_SYMBOL] = {"symbols_fts",
                                   "bm25(symbols_fts, 10.0, 2.0, 1.0)"
                                   " - CASE WHEN s.short_name = ?2 COLLATE NOCASE OR s.name = ?2 THEN " EXACT_NAME_BOOST
                                   " ELSE 0 END"
                                   " + CASE WHEN s.kind = 'import' THEN 1.0 ELSE 0 END AS relevance, "
                                   "cortex_coverage(symbols_fts) AS coverage, " CORTEX_STORE__SYMBOL_COLUMNS,
                                   "f.path, s.line_start, s.name"},
    [CORTEX_STORE_SCOPE_FILE] = {"files_fts", "bm25(files_fts) AS relevance, "
                                              "cortex_coverage(files_fts) AS coverage, f.path, f.lines, f.project",
                                 "f.path"},
    [CORTEX_STORE_SCOPE_TEXT] =
        {"texts_fts",
         "bm25(texts_fts) AS relevance, "
         "cortex_coverage(texts_fts) AS coverage, t.kind, f.path, t.line_start, t.line_end, p.name, f.project",
         "f.path, t.line_start"},
    [CORTEX_STORE_SCOPE_CHUNK] = {"chunks_fts", "bm25(chunks_fts, 1.0, 4.0) AS relevance, "
                                                "cortex_coverage(chunks_fts) AS coverage, c.kind, f.path, "
                                                "c.line_start, c.line_end, c.headers, c.content, f.project",
                                  "f.path, c.line_start"},
};

/* The first parameter of the kind words' (language, kind) pairs. */
#define KIND_WORD_PARAM ((size_t)10)

/* FROM and WHERE of a scope; `*filtered`: its rows are filtered beyond the
 * match, so its count needs the joins. */
static void from_where(char *out, size_t size, cortex_store_scope scope, const cortex_store_search *q, int *filtered)
{
    char glob[96]; /* the path and project filters every scope shares */
    snprintf(glob, sizeof glob, "%s%s", q->glob ? " AND cortex_glob(?4, f.path)" : "",
             q->project ? " AND f.project = ?6" : "");
    *filtered = q->kind || q->glob || q->project;
    /* a symbol kind, or one of the language words for it: (?10, ?11), (?12, ?13), ... */
    char symbol_kind[64 + CORTEX_STORE_KIND_WORDS_MAX * 48] = "";
    if (q->kind) {
        size_t n = (size_t)snprintf(symbol_kind, sizeof symbol_kind, " AND (s.kind = ?3");
        for (size_t i = 0; i < q->nkind_words; i++)
            n += (size_t)snprintf(symbol_kind + n, sizeof symbol_kind - n, " OR (s.kind = ?%zu AND f.lang = ?%zu)",
                                  KIND_WORD_PARAM + 2 * i + 1, KIND_WORD_PARAM + 2 * i);
        snprintf(symbol_kind + n, sizeof symbol_kind - n, ")");
    }
    switch (scope) {
    case CORTEX_STORE_SCOPE_SYMBOL:
        snprintf(out, size,
                 "FROM symbols_fts JOIN symbols s ON s.id = symbols_fts.rowid JOIN files f ON f.id = s.file_id "
                 "LEFT JOIN symbols p ON p.id = s.parent_id WHERE symbols_fts MATCH ?1%s%s",
                 symbol_kind, glob);
        break;
    case CORTEX_STORE_SCOPE_FILE:
        snprintf(out, size, "FROM files_fts JOIN files f ON f.id = files_fts.rowid WHERE files_fts MATCH ?1%s", glob);
        break;
    case CORTEX_STORE_SCOPE_TEXT:
        snprintf(out, size,
                 "FROM texts_fts JOIN texts_text t ON t.id = texts_fts.rowid JOIN files f ON f.id = t.file_id "
                 "LEFT JOIN symbols p ON p.id = t.parent_id WHERE texts_fts MATCH ?1%s%s",
                 q->kind ? " AND t.kind = ?3" : "", glob);
        break;
    default:
        /* unless the chunk scope is named, only documentation: the code tiers
         * repeat what the symbol scope already finds */
        snprintf(out, size,
                 "FROM chunks_fts JOIN chunks_text c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id "
                 "WHERE chunks_fts MATCH ?1%s%s",
                 q->kind         ? " AND c.kind = ?3"
                 : q->all_chunks ? ""
                                 : " AND c.kind = 'doc'",
                 glob);
        /* keeping to docs filters rows: the count cannot read the FTS table alone */
        if (!q->all_chunks) *filtered = 1;
        break;
    }
}

static void read_hit(sqlite3_stmt *st, cortex_store_scope scope, cortex_store_hit *h)
{
    *h = (cortex_store_hit){0};
    h->scope = scope;
    h->coverage = sqlite3_column_int(st, 1);
    /* the order the statement sorted by (coverage computed once per row) */
    h->score = sqlite3_column_double(st, 0) - COVERAGE_BOOST * h->coverage;
    switch (scope) {
    case CORTEX_STORE_SCOPE_SYMBOL: cortex_store__symbol_row(st, 2, &h->symbol); break;
    case CORTEX_STORE_SCOPE_FILE:
        h->file = cortex_store__text(st, 2);
        h->line = 1;
        h->line_end = sqlite3_column_int64(st, 3);
        h->project = cortex_store__text(st, 4);
        break;
    case CORTEX_STORE_SCOPE_TEXT:
        h->kind = cortex_store__text(st, 2);
        h->file = cortex_store__text(st, 3);
        h->line = sqlite3_column_int64(st, 4);
        h->line_end = sqlite3_column_int64(st, 5);
        h->parent = cortex_store__text(st, 6);
        h->project = cortex_store__text(st, 7);
        break;
    default:
        h->kind = cortex_store__text(st, 2);
        h->file = cortex_store__text(st, 3);
        h->line = sqlite3_column_int64(st, 4);
        h->line_end = sqlite3_column_int64(st, 5);
        h->headers = cortex_store__text(st, 6);
        h->content = cortex_store__text(st, 7);
        h->project = cortex_store__text(st, 8);
        break;
    }
}

int cortex_store_search_scope(int64_t *total, cortex_store_reader *r, cortex_store_scope scope,
                              const cortex_store_search *q, cortex_store_hit_cb cb, void *payload)
{
    char where[1024], sql[2048];
    int filtered;
    from_where(where, sizeof where, scope, q, &filtered);
    const scope_sql *s = &scopes[scope];
    sqlite3 *db = cortex_store__reader_db(r);
    /* The page first: when it holds fewer rows than its limit, those are all the
     * matches, and the count, which reads every match's postings again, is not run. */
    int64_t rows = 0;
    for (int pass = 0; pass < 2; pass++) {
        int cancelled = cortex_store__cancelled(r);
        if (cancelled) return cancelled;
        if (pass == 0)
            snprintf(sql, sizeof sql,
                     "SELECT %s %s ORDER BY relevance - " SQL_TEXT(COVERAGE_BOOST) " * coverage, %s LIMIT ?5", s->columns,
                     where, s->tie_break);
        else if (rows < q->want) break;
        /* Every FTS row has its content row, so without filters the count needs no
         * joins (measured on the kernel subtree: 1 ms instead of 19 for a common word). */
        else if (filtered) snprintf(sql, sizeof sql, "SELECT count(*) %s", where);
        else snprintf(sql, sizeof sql, "SELECT count(*) FROM %s WHERE %s MATCH ?1", s->fts_table, s->fts_table);
        sqlite3_stmt *st = cortex_store__prepare(r, sql);
        if (!st) return cortex_store__prepare_failed(r);
        sqlite3_bind_text(st, 1, q->fts, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, q->exact, -1, SQLITE_STATIC);
        if (q->kind) sqlite3_bind_text(st, 3, q->kind, -1, SQLITE_STATIC);
        if (q->glob) sqlite3_bind_text(st, 4, q->glob, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 5, q->want);
        if (q->project) sqlite3_bind_text(st, 6, q->project, -1, SQLITE_STATIC);
        for (size_t i = 0; scope == CORTEX_STORE_SCOPE_SYMBOL && q->kind && i < q->nkind_words; i++) {
            sqlite3_bind_text(st, (int)(KIND_WORD_PARAM + 2 * i), q->kind_words[i].lang, -1, SQLITE_STATIC);
            sqlite3_bind_text(st, (int)(KIND_WORD_PARAM + 2 * i + 1), q->kind_words[i].kind, -1, SQLITE_STATIC);
        }
        int rc, stop = 0;
        while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (pass == 1) {
                *total += sqlite3_column_int64(st, 0);
                continue;
            }
            cortex_store_hit h;
            read_hit(st, scope, &h);
            rows++;
            stop = cb(&h, payload);
        }
        cortex_store__release(r, st);
        if (stop) return stop;
        if (rc == SQLITE_INTERRUPT) return cortex_store__failed(db, "search");
        if (rc != SQLITE_DONE) return cortex_error_set(CORTEX_EINVALID, "%s", sqlite3_errmsg(db));
    }
    if (rows < q->want) *total += rows;
    return 0;
}
