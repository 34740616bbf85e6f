/*
 * The search tool: one full-text search over symbols (names split into
 * words, signatures, docs), file paths, texts (comments, docstrings, strings,
 * Markdown samples) and chunks (documentation sections; the code tiers when
 * asked for), merged into one list ranked by rank.h's rule. The agent's query
 * syntax (a b, a OR b, foo*, "phrase", -bar) is translated into FTS5's
 * (rank.c); a query that FTS5 still rejects is run again as plain terms.
 */
#define _DEFAULT_SOURCE
#include "search_hits.h"

#include "kinds.h"
#include "paths.h"

#include "../record/records.h"
#include "../util/error.h"
#include "../util/strings.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lines shown for a file hit when the agent asks for the whole extent. */
#define FILE_SNIPPET_MAX_LINES 200

/* ---- the scopes, merged ------------------------------------------------------ */

static const char *const text_kinds[] = {"docstring", "comment", "string", "sample", NULL};

static const char *const chunk_kinds[] = {"doc", "symbols", "definitions", "data", NULL};

static json_t *hit_item(const cortex_store_hit *h)
{
    json_t *item;
    if (h->scope == CORTEX_STORE_SCOPE_SYMBOL) {
        item = cortex_symbol_json(&h->symbol);
        json_object_del(item, "visibility");
    } else if (h->scope == CORTEX_STORE_SCOPE_FILE) {
        item = json_pack("{s:o,s:I,s:I,s:s,s:o,s:n,s:n,s:n}", "file", cortex_text_json(h->file), "line",
                         (json_int_t)h->line, "line_end", (json_int_t)h->line_end, "kind", "file", "name",
                         cortex_text_json(h->file), "parent", "sig", "doc");
        cortex_project_field(item, h->project);
    } else if (h->scope == CORTEX_STORE_SCOPE_CHUNK) {
        /* a header path "A > B" names a documentation chunk; the content is its snippet */
        json_t *name = json_null();
        if (h->headers) {
            cortex_buf b = {0};
            cortex_chunk_header_path(&b, h->headers);
            name = cortex_json_text(b.data ? b.data : "", b.len);
            cortex_buf_free(&b);
        }
        item = json_pack("{s:o,s:o,s:I,s:I,s:o,s:n,s:n,s:n,s:o}", "kind", cortex_text_json(h->kind), "file",
                         cortex_text_json(h->file), "line", (json_int_t)h->line, "line_end", (json_int_t)h->line_end,
                         "name", name, "parent", "sig", "doc", "content", cortex_text_json(h->content));
        cortex_project_field(item, h->project);
    } else {
        item = json_pack("{s:o,s:o,s:I,s:I,s:n,s:o,s:n,s:n}", "kind", cortex_text_json(h->kind), "file",
                         cortex_text_json(h->file), "line", (json_int_t)h->line, "line_end", (json_int_t)h->line_end,
                         "name", "parent", cortex_text_json(h->parent), "sig", "doc");
        cortex_project_field(item, h->project);
    }
    static const char *const type_names[] = {"symbol", "file", "text", "chunk"};
    json_object_set_new(item, "type", json_string(type_names[h->scope]));
    return item;
}

/* The window of each scope read and ranked, for `want` results: wide enough
 * that a hit the rule puts first is in it though BM25 puts it lower. */
static int64_t window(int64_t want)
{
    return want > INT64_MAX / 4 - 64 ? INT64_MAX : want * 3 + 64;
}

typedef struct collecting {
    cortex_search_hits *out;
    const cortex_query_terms *terms;
    const cortex_config *config; /* the repository's ranking.paths */
} collecting;

static int add_hit(const cortex_store_hit *h, void *payload)
{
    collecting *c = payload;
    cortex_search_hit *out = CORTEX_PUSH(c->out->hits, c->out->n, c->out->cap);
    out->type = (int)h->scope;
    out->item = hit_item(h);
    const char *file = json_string_value(json_object_get(out->item, "file"));
    const char *kind = json_string_value(json_object_get(out->item, "kind"));
    /* names compared with the terms: a symbol's, a file's base name without
     * its extension, a section's last heading */
    cortex_name_match match = CORTEX_MATCH_TEXT;
    if (h->scope == CORTEX_STORE_SCOPE_SYMBOL) {
        match = cortex_name_match_of(h->symbol.name, c->terms);
        /* an import is a use of the name, not its definition: below any definition so named */
        if (strcmp(h->symbol.kind, "import") == 0 && match > CORTEX_MATCH_PREFIX) match = CORTEX_MATCH_PREFIX;
    } else if (h->scope == CORTEX_STORE_SCOPE_FILE) {
        const char *base = strrchr(file, '/');
        base = base ? base + 1 : file;
        char stem[256];
        snprintf(stem, sizeof stem, "%.*s", (int)strcspn(base, "."), base);
        match = cortex_name_match_of(stem, c->terms) >= CORTEX_MATCH_EXACT ? CORTEX_MATCH_PREFIX : CORTEX_MATCH_TEXT;
    } else if (h->scope == CORTEX_STORE_SCOPE_CHUNK && h->headers) {
        const char *last = strrchr(h->headers, '\n');
        cortex_name_match m = cortex_name_match_of(last ? last + 1 : h->headers, c->terms);
        match = m >= CORTEX_MATCH_EXACT ? CORTEX_MATCH_PREFIX : CORTEX_MATCH_TEXT;
    }
    out->rank = (cortex_rank){.match = (int)match,
                              .coverage = h->coverage,
                              .path = cortex_path_weight(c->config, file),
                              .kind = cortex_kind_weight(kind),
                              .bm25 = h->score};
    return 0;
}

static int run_scopes(cortex_reader *s, const cortex_store_search *q, const int scopes[CORTEX_STORE_SCOPES],
                      collecting *c)
{
    int rc = 0;
    for (int scope = 0; scope < CORTEX_STORE_SCOPES && rc == 0; scope++)
        if (scopes[scope])
            rc = cortex_store_search_scope(&c->out->total, s->db, (cortex_store_scope)scope, q, add_hit, c);
    return rc;
}

static int compare_hits(const void *a, const void *b)
{
    const cortex_search_hit *x = a, *y = b;
    int c = cortex_rank_compare(&x->rank, &y->rank);
    if (c) return c;
    if (x->type != y->type) return x->type - y->type;
    c = strcmp(json_string_value(json_object_get(x->item, "file")),
               json_string_value(json_object_get(y->item, "file")));
    if (c) return c;
    json_int_t lx = json_integer_value(json_object_get(x->item, "line")),
               ly = json_integer_value(json_object_get(y->item, "line"));
    if (lx != ly) return lx < ly ? -1 : 1;
    /* Equal scores at one line (`int x, y;`): by name, so the order never depends on qsort. */
    const char *nx = json_string_value(json_object_get(x->item, "name")),
               *ny = json_string_value(json_object_get(y->item, "name"));
    c = strcmp(nx ? nx : "", ny ? ny : "");
    return c ? c
             : strcmp(json_string_value(json_object_get(x->item, "kind")),
                      json_string_value(json_object_get(y->item, "kind")));
}

void cortex_search_hits_free(cortex_search_hits *h)
{
    for (size_t i = 0; i < h->n; i++) json_decref(h->hits[i].item);
    free(h->hits);
    *h = (cortex_search_hits){0};
}

static void clear_hits(cortex_search_hits *h)
{
    for (size_t i = 0; i < h->n; i++) json_decref(h->hits[i].item);
    h->n = 0;
    h->total = 0;
}

int cortex_search_collect(cortex_search_hits *out, cortex_reader *s, const cortex_search_params *p)
{
    *out = (cortex_search_hits){0};
    cortex_store_search r = {0};
    cortex_query_terms own = {0};
    const cortex_query_terms *terms = p->terms;
    if (!terms) {
        cortex_query_terms_of(&own, p->query);
        terms = &own;
    }
    r.exact = terms->n ? terms->term[0] : "";
    int rc = 0;
    if (p->kind) rc = cortex_tool_kind_filter(&r, cortex_repo_plugins(s->repo), s->db, p->kind);
    r.project = p->project;
    r.glob = p->glob;
    r.all_chunks = p->all_chunks;
    r.want = window(p->want);
    int scopes[CORTEX_STORE_SCOPES];
    memcpy(scopes, p->scopes, sizeof scopes);
    if (rc == 0 && r.kind) {
        /* A kind names one scope: a text kind, a chunk kind, "file", or a symbol kind. */
        int which = cortex_str_in(r.kind, text_kinds)    ? CORTEX_STORE_SCOPE_TEXT
                    : cortex_str_in(r.kind, chunk_kinds) ? CORTEX_STORE_SCOPE_CHUNK
                    : strcmp(r.kind, "file") == 0        ? CORTEX_STORE_SCOPE_FILE
                                                         : CORTEX_STORE_SCOPE_SYMBOL;
        for (int i = 0; i < CORTEX_STORE_SCOPES; i++) scopes[i] = scopes[i] && i == which;
        if (which == CORTEX_STORE_SCOPE_FILE) r.kind = NULL;
    }
    collecting c = {out, terms, &s->repo->config};
    cortex_buf fts = {0};
    if (rc == 0 && p->fts) {
        r.fts = p->fts;
        rc = run_scopes(s, &r, scopes, &c);
    } else if (rc == 0) {
        int translated = cortex_query_fts(p->query, 0, &fts) == 0;
        if (!translated)
            rc = cortex_error_set(CORTEX_EINVALID,
                                  "query \"%s\" has nothing to search for: add a term besides the excluded ones",
                                  p->query);
        r.fts = fts.data;
        if (rc == 0) rc = run_scopes(s, &r, scopes, &c);
        if (translated && rc == CORTEX_EINVALID) {
            /* Not valid FTS5 syntax (a dangling OR, say): run it as plain terms. */
            clear_hits(out);
            cortex_buf_clear(&fts);
            out->relaxed = 1;
            rc = cortex_query_fts(p->query, 1, &fts) == 0
                     ? 0
                     : cortex_error_set(CORTEX_EINVALID, "query \"%s\" has no terms", p->query);
            r.fts = fts.data;
            if (rc == 0) rc = run_scopes(s, &r, scopes, &c);
        }
    }
    cortex_buf_free(&fts);
    cortex_query_terms_free(&own);
    if (rc) {
        cortex_search_hits_free(out);
        return rc;
    }
    if (out->n) qsort(out->hits, out->n, sizeof *out->hits, compare_hits);
    return 0;
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
    cortex_search_params p = {.query = query, .scopes = {1, 1, 1, 1}};
    p.kind = json_string_value(json_object_get(args, "kind"));
    p.project = json_string_value(json_object_get(args, "project"));
    /* a client's offset may be any integer the schema allows: saturate, never overflow */
    p.want = offset > INT64_MAX - limit ? INT64_MAX : offset + limit;
    char *glob = NULL;
    const char *path = json_string_value(json_object_get(args, "path"));
    if (path) {
        /* Patterns match repository paths, so nothing outside the root can match; refuse such patterns outright. */
        if (path[0] == '/' || path[0] == '\\' || strstr(path, ".."))
            return cortex_error_set(CORTEX_EINVALID, "path \"%s\" must be relative to the repository root, without ..",
                                    path);
        glob = cortex_xstrdup(path);
        for (char *c = glob; *c; c++)
            if (*c == '\\') *c = '/';
        p.glob = glob;
    }
    const json_t *scope = json_object_get(args, "scope");
    if (json_array_size(scope)) {
        memset(p.scopes, 0, sizeof p.scopes);
        size_t i;
        json_t *v;
        json_array_foreach(scope, i, v)
        {
            const char *name = json_string_value(v);
            int which = strcmp(name, "symbol") == 0 ? 0
                        : strcmp(name, "file") == 0 ? 1
                        : strcmp(name, "text") == 0 ? 2
                                                    : 3;
            p.scopes[which] = 1;
            if (which == 3) p.all_chunks = 1;
        }
    }
    cortex_search_hits hits;
    int rc = cortex_search_collect(&hits, s, &p);
    free(glob);
    if (rc) return rc;
    json_t *results = json_array();
    int64_t context = json_integer_value(json_object_get(args, "context_lines"));
    for (size_t i = 0; i < hits.n; i++) {
        if ((int64_t)i >= offset && (int64_t)i < p.want) {
            add_snippet(s, hits.hits[i].item, context);
            json_array_append(results, hits.hits[i].item);
        }
    }
    *out = json_pack("{s:s,s:o}", "query", query, "results", results);
    if (hits.relaxed) json_object_set_new(*out, "relaxed", json_true());
    cortex_page_finish(*out, hits.total, offset, json_array_size(results));
    cortex_search_hits_free(&hits);
    return 0;
}
