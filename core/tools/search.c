/*
 * The search tool: one BM25-ranked full-text search over symbols (names split
 * into words, signatures, docs), file paths, texts (comments, docstrings,
 * strings, Markdown samples) and chunks (documentation sections; the code
 * tiers when asked for), merged into one list. The agent's query syntax
 * (a b, a OR b, foo*, "phrase", -bar) is translated into FTS5's; a query that
 * FTS5 still rejects is run again as plain terms.
 */
#define _DEFAULT_SOURCE
#include "handlers.h"
#include "kinds.h"
#include "paths.h"

#include "../util/error.h"
#include "../util/strings.h"

#include <stdlib.h>
#include <string.h>

/* An exact name match outranks any amount of term frequency (SQL text). */
#define EXACT_NAME_BOOST "100.0"
/* Lines shown for a file hit when the agent asks for the whole extent. */
#define FILE_SNIPPET_MAX_LINES 200

static void glob_function(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *pattern = (const char *)sqlite3_value_text(argv[0]);
    const char *path = (const char *)sqlite3_value_text(argv[1]);
    sqlite3_result_int(ctx, pattern && path && cortex_glob_match(pattern, path));
}

void cortex_tool_register_functions(sqlite3 *db)
{
    sqlite3_create_function(db, "cortex_glob", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, glob_function, NULL, NULL);
}

/* ---- query translation -------------------------------------------------- */

static void quoted(cortex_buf *b, const char *s, size_t n)
{
    cortex_buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"') cortex_buf_putc(b, '"');
        cortex_buf_putc(b, s[i]);
    }
    cortex_buf_putc(b, '"');
}

/* Splits off the next token: a "quoted phrase" (quotes kept) or a run of non-space. */
static const char *next_token(const char *p, const char **start, size_t *len)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    *start = p;
    if (!*p) return NULL;
    const char *q = p;
    if (*q == '-' && q[1] == '"') q++;
    if (*q == '"') {
        q = strchr(q + 1, '"');
        q = q ? q + 1 : p + strlen(p);
    }
    while (*q && *q != ' ' && *q != '\t' && *q != '\n' && *q != '\r') q++;
    *len = (size_t)(q - p);
    return q;
}

static int is_operator(const char *t, size_t n)
{
    return (n == 2 && strncmp(t, "OR", 2) == 0) || (n == 3 && (strncmp(t, "AND", 3) == 0 || strncmp(t, "NOT", 3) == 0));
}

/* One term: a phrase, a prefix, or a word, quoted so punctuation never breaks the syntax. */
static void term(cortex_buf *b, const char *t, size_t n)
{
    if (n >= 2 && t[0] == '"') {
        size_t inner = t[n - 1] == '"' ? n - 2 : n - 1;
        quoted(b, t + 1, inner);
    } else if (n >= 2 && t[n - 1] == '*') {
        quoted(b, t, n - 1);
        cortex_buf_putc(b, '*');
    } else {
        quoted(b, t, n);
    }
}

/* The agent's syntax in FTS5's: `-x` becomes `NOT x` after the positive terms.
 * With `plain`, every token is an ordinary term. Returns -1 when nothing positive is left. */
static int translate(const char *query, int plain, cortex_buf *out)
{
    cortex_buf neg = {0};
    int positives = 0;
    const char *t;
    size_t n;
    for (const char *p = query; (p = next_token(p, &t, &n));) {
        if (!plain && n > 1 && t[0] == '-') {
            cortex_buf_puts(&neg, " NOT ");
            term(&neg, t + 1, n - 1);
            continue;
        }
        if (is_operator(t, n)) {
            if (plain) continue; /* a misplaced operator is what made the query invalid */
            if (out->len) cortex_buf_putc(out, ' ');
            cortex_buf_add(out, t, n);
            continue;
        }
        if (out->len) cortex_buf_putc(out, ' ');
        if (plain) {
            while (n && (*t == '-' || *t == '"')) t++, n--;
            while (n && (t[n - 1] == '"' || t[n - 1] == '*')) n--;
            if (!n) continue;
            quoted(out, t, n);
        } else {
            term(out, t, n);
        }
        positives++;
    }
    if (neg.len && positives) cortex_buf_add(out, neg.data, neg.len);
    cortex_buf_free(&neg);
    return positives ? 0 : -1;
}

/* ---- the three scopes ------------------------------------------------------ */

typedef struct hit {
    double score;
    int type; /* 0 symbol, 1 file, 2 text, 3 chunk: the tie-break order */
    json_t *item;
} hit;

typedef struct search_req {
    const char *fts;      /* translated query */
    const char *exact;    /* the first positive term, for exact-name matches */
    const char *kind;     /* or NULL */
    const char *glob;     /* or NULL */
    int all_chunks;       /* the chunk scope was asked for: code tiers too, not only docs */
    int filtered;         /* the scope filters rows itself: counts need the joins */
    const char *project;  /* or NULL: files of one project only (?6) */
    int64_t want;         /* offset + limit: rows needed from each scope */
} search_req;

static const char *const text_kinds[] = {"docstring", "comment", "string", "sample", NULL};

static const char *const chunk_kinds[] = {"doc", "symbols", "definitions", "data", NULL};

/* Runs a scope's count and page statements, which bind ?1 fts, ?2 exact name, ?3 kind, ?4 glob, ?5 want. */
static int run_scope(cortex_reader *s, const search_req *r, const char *fts_table, const char *from_where,
                     const char *columns, int type, hit **hits, size_t *nhits, size_t *cap, int64_t *total)
{
    char sql[2048];
    /* Every FTS row has its content row, so without filters the count needs no
     * joins (measured on the kernel subtree: 1 ms instead of 19 for a common word). */
    if (r->kind || r->glob || r->filtered || r->project)
        snprintf(sql, sizeof sql, "SELECT count(*) %s", from_where);
    else
        snprintf(sql, sizeof sql, "SELECT count(*) FROM %s WHERE %s MATCH ?1", fts_table, fts_table);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) snprintf(sql, sizeof sql, "SELECT %s %s ORDER BY score LIMIT ?5", columns, from_where);
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
            sqlite3_finalize(st);
            return cortex_tool_sql_error(s, "search");
        }
        sqlite3_bind_text(st, 1, r->fts, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, r->exact, -1, SQLITE_STATIC);
        if (r->kind) sqlite3_bind_text(st, 3, r->kind, -1, SQLITE_STATIC);
        if (r->glob) sqlite3_bind_text(st, 4, r->glob, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 5, r->want);
        if (r->project) sqlite3_bind_text(st, 6, r->project, -1, SQLITE_STATIC);
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (pass == 0) {
                *total += sqlite3_column_int64(st, 0);
                continue;
            }
            hit *h = CORTEX_PUSH(*hits, *nhits, *cap);
            h->type = type;
            h->score = sqlite3_column_double(st, 0);
            if (type == 0) {
                h->item = cortex_symbol_json(st, 1);
                json_object_del(h->item, "visibility");
            } else if (type == 1) {
                h->item = json_pack("{s:o,s:I,s:I,s:s,s:o,s:n,s:n,s:n}", "file", cortex_column_json(st, 1), "line",
                                    (json_int_t)1, "line_end", (json_int_t)sqlite3_column_int64(st, 2), "kind", "file",
                                    "name", cortex_column_json(st, 1), "parent", "sig", "doc");
                cortex_project_field(h->item, st, 3);
            } else if (type == 3) {
                /* a header path "A > B" names a documentation chunk; the content is its snippet */
                json_t *name = json_null();
                const char *headers = (const char *)sqlite3_column_text(st, 5);
                if (headers) {
                    cortex_buf b = {0};
                    for (const char *c = headers; *c; c++)
                        if (*c == '\n') cortex_buf_puts(&b, " > ");
                        else cortex_buf_putc(&b, *c);
                    name = json_string(b.data ? b.data : "");
                    cortex_buf_free(&b);
                }
                h->item = json_pack("{s:o,s:o,s:I,s:I,s:o,s:n,s:n,s:n,s:o}", "kind", cortex_column_json(st, 1), "file",
                                    cortex_column_json(st, 2), "line", (json_int_t)sqlite3_column_int64(st, 3), "line_end",
                                    (json_int_t)sqlite3_column_int64(st, 4), "name", name, "parent", "sig", "doc",
                                    "content", cortex_column_json(st, 6));
                cortex_project_field(h->item, st, 7);
            } else {
                h->item = json_pack("{s:o,s:o,s:I,s:I,s:n,s:o,s:n,s:n}", "kind", cortex_column_json(st, 1), "file",
                                    cortex_column_json(st, 2), "line", (json_int_t)sqlite3_column_int64(st, 3), "line_end",
                                    (json_int_t)sqlite3_column_int64(st, 4), "name", "parent", cortex_column_json(st, 5),
                                    "sig", "doc");
                cortex_project_field(h->item, st, 6);
            }
            static const char *const type_names[] = {"symbol", "file", "text", "chunk"};
            json_object_set_new(h->item, "type", json_string(type_names[type]));
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE) return cortex_error_set(CORTEX_EINVALID, "%s", sqlite3_errmsg(s->db));
    }
    return 0;
}

static int search_all(cortex_reader *s, const search_req *r, const int scopes[4], hit **hits, size_t *nhits,
                      size_t *cap, int64_t *total)
{
    char where[1024], glob[96]; /* the path and project filters every scope shares */
    snprintf(glob, sizeof glob, "%s%s", r->glob ? " AND cortex_glob(?4, f.path)" : "", r->project ? " AND f.project = ?6" : "");
    int rc = 0;
    if (scopes[0] && rc == 0) {
        snprintf(where, sizeof where,
                 "FROM symbols_fts JOIN symbols s ON s.id = symbols_fts.rowid JOIN files f ON f.id = s.file_id "
                 "LEFT JOIN symbols p ON p.id = s.parent_id WHERE symbols_fts MATCH ?1%s%s",
                 r->kind ? " AND s.kind = ?3" : "", glob);
        rc = run_scope(s, r, "symbols_fts", where,
                       "bm25(symbols_fts, 10.0, 2.0, 1.0)"
                       " - CASE WHEN s.short_name = ?2 COLLATE NOCASE OR s.name = ?2 THEN " EXACT_NAME_BOOST " ELSE 0 END"
                       " + CASE WHEN s.kind = 'import' THEN 1.0 ELSE 0 END AS score, " CORTEX_SYMBOL_COLUMNS,
                       0, hits, nhits, cap, total);
    }
    if (scopes[1] && rc == 0) {
        snprintf(where, sizeof where, "FROM files_fts JOIN files f ON f.id = files_fts.rowid WHERE files_fts MATCH ?1%s", glob);
        rc = run_scope(s, r, "files_fts", where, "bm25(files_fts) AS score, f.path, f.lines, f.project", 1, hits, nhits, cap,
                       total);
    }
    if (scopes[2] && rc == 0) {
        snprintf(where, sizeof where,
                 "FROM texts_fts JOIN texts t ON t.id = texts_fts.rowid JOIN files f ON f.id = t.file_id "
                 "LEFT JOIN symbols p ON p.id = t.parent_id WHERE texts_fts MATCH ?1%s%s",
                 r->kind ? " AND t.kind = ?3" : "", glob);
        rc = run_scope(s, r, "texts_fts", where,
                       "bm25(texts_fts) AS score, t.kind, f.path, t.line_start, t.line_end, p.name, f.project", 2, hits,
                       nhits, cap, total);
    }
    if (scopes[3] && rc == 0) {
        /* unless the chunk scope is named, only documentation: the code tiers
         * repeat what the symbol scope already finds */
        snprintf(where, sizeof where,
                 "FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id "
                 "WHERE chunks_fts MATCH ?1%s%s",
                 r->kind ? " AND c.kind = ?3" : r->all_chunks ? "" : " AND c.kind = 'doc'", glob);
        /* keeping to docs filters rows: the count cannot read the FTS table alone */
        search_req docs = *r;
        docs.filtered = !r->all_chunks;
        rc = run_scope(s, &docs, "chunks_fts", where,
                       "bm25(chunks_fts, 1.0, 4.0) AS score, c.kind, f.path, c.line_start, c.line_end, c.headers, c.content, "
                       "f.project", 3,
                       hits, nhits, cap, total);
    }
    return rc;
}

static int compare_hits(const void *a, const void *b)
{
    const hit *x = a, *y = b;
    if (x->score != y->score) return x->score < y->score ? -1 : 1;
    if (x->type != y->type) return x->type - y->type;
    int c = strcmp(json_string_value(json_object_get(x->item, "file")), json_string_value(json_object_get(y->item, "file")));
    if (c) return c;
    json_int_t lx = json_integer_value(json_object_get(x->item, "line")), ly = json_integer_value(json_object_get(y->item, "line"));
    if (lx != ly) return lx < ly ? -1 : 1;
    /* Equal scores at one line (`int x, y;`): by name, so the order never depends on qsort. */
    const char *nx = json_string_value(json_object_get(x->item, "name")), *ny = json_string_value(json_object_get(y->item, "name"));
    c = strcmp(nx ? nx : "", ny ? ny : "");
    return c ? c : strcmp(json_string_value(json_object_get(x->item, "kind")), json_string_value(json_object_get(y->item, "kind")));
}

static void add_snippet(cortex_reader *s, json_t *item, int64_t context)
{
    if (context == 0) {
        json_object_set_new(item, "snippet", json_null());
        return;
    }
    int64_t first = json_integer_value(json_object_get(item, "line"));
    int64_t last = json_integer_value(json_object_get(item, "line_end"));
    int is_file = strcmp(json_string_value(json_object_get(item, "type")), "file") == 0;
    json_t *content = json_object_get(item, "content");
    if (content) { /* a chunk is its own snippet: a code tier's text is not on disk */
        json_object_set(item, "snippet", content);
        json_object_del(item, "content");
        return;
    }
    if (context > 0 && last > first + context - 1) last = first + context - 1;
    if (is_file && last > first + FILE_SNIPPET_MAX_LINES - 1) last = first + FILE_SNIPPET_MAX_LINES - 1;
    char *text = cortex_read_lines(s->repo->root, json_string_value(json_object_get(item, "file")), first, last);
    json_object_set_new(item, "snippet", text ? cortex_json_text(text, strlen(text)) : json_null());
    free(text);
}

int cortex_tool_search(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    const char *query = json_string_value(json_object_get(args, "query"));
    int64_t limit = json_integer_value(json_object_get(args, "limit"));
    int64_t offset = json_integer_value(json_object_get(args, "offset"));
    search_req r = {0};
    /* The first positive term is what an exact name match is tested against. */
    char exact[256] = "";
    const char *t;
    size_t n;
    for (const char *p = query; (p = next_token(p, &t, &n));) {
        if ((n > 1 && t[0] == '-') || is_operator(t, n)) continue;
        while (n && *t == '"') t++, n--;
        while (n && (t[n - 1] == '"' || t[n - 1] == '*')) n--;
        snprintf(exact, sizeof exact, "%.*s", (int)n, t);
        break;
    }
    r.exact = exact;
    r.kind = json_string_value(json_object_get(args, "kind"));
    if (r.kind && cortex_tool_kind_resolve(&r.kind, r.kind) != 0) return CORTEX_EINVALID;
    r.project = json_string_value(json_object_get(args, "project"));
    r.want = offset + limit;
    char glob[4096];
    const char *path = json_string_value(json_object_get(args, "path"));
    if (path) {
        /* Patterns match repository paths, so nothing outside the root can match; refuse such patterns outright. */
        if (path[0] == '/' || path[0] == '\\' || strstr(path, ".."))
            return cortex_error_set(CORTEX_EINVALID, "path \"%s\" must be relative to the repository root, without ..", path);
        snprintf(glob, sizeof glob, "%s", path);
        for (char *c = glob; *c; c++)
            if (*c == '\\') *c = '/';
        r.glob = glob;
    }

    int scopes[4] = {1, 1, 1, 1};
    const json_t *scope = json_object_get(args, "scope");
    if (json_array_size(scope)) {
        scopes[0] = scopes[1] = scopes[2] = scopes[3] = 0;
        size_t i;
        json_t *v;
        json_array_foreach(scope, i, v) {
            const char *name = json_string_value(v);
            int which = strcmp(name, "symbol") == 0 ? 0 : strcmp(name, "file") == 0 ? 1 : strcmp(name, "text") == 0 ? 2 : 3;
            scopes[which] = 1;
            if (which == 3) r.all_chunks = 1;
        }
    }
    if (r.kind) {
        /* A kind names one scope: a text kind, a chunk kind, "file", or a symbol kind. */
        int which = cortex_str_in(r.kind, text_kinds)    ? 2
                    : cortex_str_in(r.kind, chunk_kinds) ? 3
                    : strcmp(r.kind, "file") == 0    ? 1
                                                     : 0;
        for (int i = 0; i < 4; i++) scopes[i] = scopes[i] && i == which;
        if (which == 1) r.kind = NULL;
    }

    cortex_buf fts = {0};
    int relaxed = 0;
    if (translate(query, 0, &fts) != 0) {
        cortex_buf_free(&fts);
        return cortex_error_set(CORTEX_EINVALID, "query \"%s\" has nothing to search for: add a term besides the excluded ones",
                                query);
    }
    hit *hits = NULL;
    size_t nhits = 0, cap = 0;
    int64_t total = 0;
    r.fts = fts.data;
    int rc = search_all(s, &r, scopes, &hits, &nhits, &cap, &total);
    if (rc == CORTEX_EINVALID) {
        /* Not valid FTS5 syntax (a dangling OR, say): run it as plain terms. */
        for (size_t i = 0; i < nhits; i++) json_decref(hits[i].item);
        nhits = 0;
        total = 0;
        cortex_buf_clear(&fts);
        relaxed = 1;
        rc = translate(query, 1, &fts) == 0 ? 0 : cortex_error_set(CORTEX_EINVALID, "query \"%s\" has no terms", query);
        r.fts = fts.data;
        if (rc == 0) rc = search_all(s, &r, scopes, &hits, &nhits, &cap, &total);
    }
    cortex_buf_free(&fts);
    if (rc) {
        for (size_t i = 0; i < nhits; i++) json_decref(hits[i].item);
        free(hits);
        return rc;
    }
    if (nhits) qsort(hits, nhits, sizeof *hits, compare_hits);
    json_t *results = json_array();
    int64_t context = json_integer_value(json_object_get(args, "context_lines"));
    for (size_t i = 0; i < nhits; i++) {
        if ((int64_t)i >= offset && (int64_t)i < offset + limit) {
            add_snippet(s, hits[i].item, context);
            json_array_append(results, hits[i].item);
        }
        json_decref(hits[i].item);
    }
    free(hits);
    *out = json_pack("{s:s,s:o}", "query", query, "results", results);
    if (relaxed) json_object_set_new(*out, "relaxed", json_true());
    cortex_page_finish(*out, total, offset, json_array_size(results));
    return 0;
}
