/*
 * Full-text search over the store (search.h): for each scope its FTS5 table
 * joined to its rows and files, filtered by kind, path glob and project,
 * counted and ranked by BM25.
 */
#include "search.h"

#include "read_internal.h"

#include "../util/error.h"

#include <math.h>
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

/* ---- bm25, told how many rows hold the query ---------------------------- */

/* FTS5's bm25, term for term (its constants, IDF floor and order of
 * operations, so the scores are the same doubles), but for the rows holding
 * a phrase: the first argument, when the query is one phrase and the caller
 * counted its rows (else negative). bm25 finds that count by reading the
 * phrase's postings again, once a statement; the count pass has read them. */
typedef struct bm25_data {
    int phrases;
    double avgdl;
    double *idf, *freq;
} bm25_data;

static int bm25_count_row(const Fts5ExtensionApi *api, Fts5Context *fts, void *payload)
{
    (void)api;
    (void)fts;
    ++*(sqlite3_int64 *)payload;
    return SQLITE_OK;
}

static int bm25_data_of(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_int64 known_hits, bm25_data **out)
{
    bm25_data *p = api->xGetAuxdata(fts, 0);
    if (p) {
        *out = p;
        return SQLITE_OK;
    }
    int phrases = api->xPhraseCount(fts);
    p = sqlite3_malloc64(sizeof *p + (sqlite3_uint64)phrases * 2 * sizeof(double));
    if (!p) return SQLITE_NOMEM;
    memset(p, 0, sizeof *p + (size_t)phrases * 2 * sizeof(double));
    p->phrases = phrases;
    p->idf = (double *)&p[1];
    p->freq = &p->idf[phrases];
    sqlite3_int64 rows = 0, tokens = 0;
    int rc = api->xRowCount(fts, &rows);
    if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
    if (rc == SQLITE_OK) p->avgdl = (double)tokens / (double)rows;
    for (int i = 0; rc == SQLITE_OK && i < phrases; i++) {
        sqlite3_int64 hits = 0;
        if (phrases == 1 && known_hits >= 0) hits = known_hits;
        else rc = api->xQueryPhrase(fts, i, &hits, bm25_count_row);
        if (rc == SQLITE_OK) {
            double idf = log((rows - hits + 0.5) / (hits + 0.5));
            if (idf <= 0.0) idf = 1e-6;
            p->idf[i] = idf;
        }
    }
    if (rc == SQLITE_OK) rc = api->xSetAuxdata(fts, p, sqlite3_free);
    else sqlite3_free(p);
    *out = rc == SQLITE_OK ? p : NULL;
    return rc;
}

/* cortex_bm25(table, hits, weight, ...): bm25(table, weight, ...), the rows
 * holding the query's one phrase given as `hits` (negative: not known). */
static void bm25_function(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nval,
                          sqlite3_value **values)
{
    const double k1 = 1.2, b = 0.75;
    bm25_data *p = NULL;
    sqlite3_int64 known = nval > 0 && sqlite3_value_type(values[0]) == SQLITE_INTEGER ? sqlite3_value_int64(values[0]) : -1;
    int rc = bm25_data_of(api, fts, known, &p), instances = 0;
    if (rc == SQLITE_OK) {
        memset(p->freq, 0, sizeof(double) * (size_t)p->phrases);
        rc = api->xInstCount(fts, &instances);
    }
    for (int i = 0; rc == SQLITE_OK && i < instances; i++) {
        int phrase, col, off;
        rc = api->xInst(fts, i, &phrase, &col, &off);
        if (rc == SQLITE_OK) p->freq[phrase] += nval - 1 > col ? sqlite3_value_double(values[col + 1]) : 1.0;
    }
    double size = 0.0;
    if (rc == SQLITE_OK) {
        int tokens;
        rc = api->xColumnSize(fts, -1, &tokens);
        size = (double)tokens;
    }
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(ctx, rc);
        return;
    }
    double score = 0.0;
    for (int i = 0; i < p->phrases; i++)
        score += p->idf[i] * ((p->freq[i] * (k1 + 1.0)) / (p->freq[i] + k1 * (1 - b + b * size / p->avgdl)));
    sqlite3_result_double(ctx, -1.0 * score);
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
    return api->xCreateFunction(api, "cortex_coverage", NULL, coverage_function, NULL) == SQLITE_OK &&
                   api->xCreateFunction(api, "cortex_bm25", NULL, bm25_function, NULL) == SQLITE_OK
               ? 0
               : CORTEX_EIO;
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
                                   "cortex_bm25(symbols_fts, ?7, 10.0, 2.0, 1.0)"
                                   " - CASE WHEN s.short_name = ?2 COLLATE NOCASE OR s.name = ?2 THEN " EXACT_NAME_BOOST
                                   " ELSE 0 END"
                                   " + CASE WHEN s.kind = 'import' THEN 1.0 ELSE 0 END AS relevance, "
                                   "cortex_coverage(symbols_fts) AS coverage, " CORTEX_STORE__SYMBOL_COLUMNS,
                                   "f.path, s.line_start, s.name"},
    [CORTEX_STORE_SCOPE_FILE] = {"files_fts", "cortex_bm25(files_fts, ?7) AS relevance, "
                                              "cortex_coverage(files_fts) AS coverage, f.path, f.lines, f.project",
                                 "f.path"},
    [CORTEX_STORE_SCOPE_TEXT] =
        {"texts_fts",
         "cortex_bm25(texts_fts, ?7) AS relevance, "
         "cortex_coverage(texts_fts) AS coverage, t.kind, f.path, t.line_start, t.line_end, p.name, f.project",
         "f.path, t.line_start"},
    [CORTEX_STORE_SCOPE_CHUNK] = {"chunks_fts", "cortex_bm25(chunks_fts, ?7, 1.0, 4.0) AS relevance, "
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

/* Whether an FTS5 query is one phrase: a quoted string, perhaps a prefix. */
static int one_phrase(const char *fts)
{
    if (!fts || *fts++ != '"') return 0;
    for (;; fts++) {
        if (!*fts) return 0;
        if (*fts == '"' && *++fts != '"') break; /* "" is a quote inside */
    }
    if (*fts == '*') fts++;
    return *fts == '\0';
}

typedef enum pass { COUNT_ALONE, PAGE } pass;

int cortex_store_search_scope(int64_t *total, cortex_store_reader *r, cortex_store_scope scope,
                              const cortex_store_search *q, cortex_store_hit_cb cb, void *payload)
{
    char where[1024], sql[2048];
    int filtered;
    from_where(where, sizeof where, scope, q, &filtered);
    const scope_sql *s = &scopes[scope];
    sqlite3 *db = cortex_store__reader_db(r);
    /* Unfiltered, one phrase: the count first, from the FTS table alone, is
     * the rows holding the phrase, which bm25 is then told (cortex_bm25), and
     * no match reads no page. Otherwise the page first: when it holds fewer
     * rows than its limit, those are all the matches, and the count, which
     * reads every match's postings again, is not run. */
    int count_first = !filtered && one_phrase(q->fts);
    int64_t rows = 0, hits = -1;
    for (int step = 0; step < 2; step++) {
        int cancelled = cortex_store__cancelled(r);
        if (cancelled) return cancelled;
        pass now = count_first == (step == 0) ? COUNT_ALONE : PAGE;
        if (now == PAGE && hits == 0) break; /* counted first: no match */
        if (now == PAGE)
            snprintf(sql, sizeof sql,
                     "SELECT %s %s ORDER BY relevance - " SQL_TEXT(COVERAGE_BOOST) " * coverage, %s LIMIT ?5", s->columns,
                     where, s->tie_break);
        else if (!count_first && rows < q->want) break;
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
        if (hits >= 0) sqlite3_bind_int64(st, 7, hits);
        for (size_t i = 0; scope == CORTEX_STORE_SCOPE_SYMBOL && q->kind && i < q->nkind_words; i++) {
            sqlite3_bind_text(st, (int)(KIND_WORD_PARAM + 2 * i), q->kind_words[i].lang, -1, SQLITE_STATIC);
            sqlite3_bind_text(st, (int)(KIND_WORD_PARAM + 2 * i + 1), q->kind_words[i].kind, -1, SQLITE_STATIC);
        }
        int rc, stop = 0;
        while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (now == COUNT_ALONE) {
                hits = sqlite3_column_int64(st, 0);
                *total += hits;
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
    if (!count_first && rows < q->want) *total += rows;
    return 0;
}
