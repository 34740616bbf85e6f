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

#include "../store/search.h"

#include "../util/error.h"
#include "../util/strings.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Lines shown for a file hit when the agent asks for the whole extent. */
#define FILE_SNIPPET_MAX_LINES 200

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

/* ---- the scopes, merged ------------------------------------------------------ */

typedef struct hit {
    double score;
    int type; /* a cortex_store_scope: the tie-break order */
    json_t *item;
} hit;

typedef struct hit_list {
    hit *hits;
    size_t n, cap;
} hit_list;

static const char *const text_kinds[] = {"docstring", "comment", "string", "sample", NULL};

static const char *const chunk_kinds[] = {"doc", "symbols", "definitions", "data", NULL};

static json_t *hit_item(const cortex_store_hit *h)
{
    json_t *item;
    if (h->scope == CORTEX_STORE_SCOPE_SYMBOL) {
        item = cortex_symbol_json(&h->symbol);
        json_object_del(item, "visibility");
    } else if (h->scope == CORTEX_STORE_SCOPE_FILE) {
        item = json_pack("{s:o,s:I,s:I,s:s,s:o,s:n,s:n,s:n}", "file", cortex_text_json(h->file), "line", (json_int_t)h->line,
                         "line_end", (json_int_t)h->line_end, "kind", "file", "name", cortex_text_json(h->file), "parent",
                         "sig", "doc");
        cortex_project_field(item, h->project);
    } else if (h->scope == CORTEX_STORE_SCOPE_CHUNK) {
        /* a header path "A > B" names a documentation chunk; the content is its snippet */
        json_t *name = json_null();
        if (h->headers) {
            cortex_buf b = {0};
            for (const char *c = h->headers; *c; c++)
                if (*c == '\n') cortex_buf_puts(&b, " > ");
                else cortex_buf_putc(&b, *c);
            name = cortex_json_text(b.data ? b.data : "", b.len);
            cortex_buf_free(&b);
        }
        item = json_pack("{s:o,s:o,s:I,s:I,s:o,s:n,s:n,s:n,s:o}", "kind", cortex_text_json(h->kind), "file",
                         cortex_text_json(h->file), "line", (json_int_t)h->line, "line_end", (json_int_t)h->line_end, "name",
                         name, "parent", "sig", "doc", "content", cortex_text_json(h->content));
        cortex_project_field(item, h->project);
    } else {
        item = json_pack("{s:o,s:o,s:I,s:I,s:n,s:o,s:n,s:n}", "kind", cortex_text_json(h->kind), "file",
                         cortex_text_json(h->file), "line", (json_int_t)h->line, "line_end", (json_int_t)h->line_end, "name",
                         "parent", cortex_text_json(h->parent), "sig", "doc");
        cortex_project_field(item, h->project);
    }
    static const char *const type_names[] = {"symbol", "file", "text", "chunk"};
    json_object_set_new(item, "type", json_string(type_names[h->scope]));
    return item;
}

static int add_hit(const cortex_store_hit *h, void *payload)
{
    hit_list *list = payload;
    hit *out = CORTEX_PUSH(list->hits, list->n, list->cap);
    out->type = (int)h->scope;
    out->score = h->score;
    out->item = hit_item(h);
    return 0;
}

static int search_all(cortex_reader *s, const cortex_store_search *q, const int scopes[CORTEX_STORE_SCOPES],
                      hit_list *hits, int64_t *total)
{
    int rc = 0;
    for (int scope = 0; scope < CORTEX_STORE_SCOPES && rc == 0; scope++)
        if (scopes[scope]) rc = cortex_store_search_scope(total, s->db, (cortex_store_scope)scope, q, add_hit, hits);
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
    cortex_store_search r = {0};
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
    const char *kind = json_string_value(json_object_get(args, "kind"));
    if (kind && cortex_tool_kind_filter(&r, cortex_repo_plugins(s->repo), s->db, kind) != 0) return CORTEX_EINVALID;
    r.project = json_string_value(json_object_get(args, "project"));
    /* a client's offset may be any integer the schema allows: saturate, never overflow */
    r.want = offset > INT64_MAX - limit ? INT64_MAX : offset + limit;
    char *glob = NULL;
    const char *path = json_string_value(json_object_get(args, "path"));
    if (path) {
        /* Patterns match repository paths, so nothing outside the root can match; refuse such patterns outright. */
        if (path[0] == '/' || path[0] == '\\' || strstr(path, ".."))
            return cortex_error_set(CORTEX_EINVALID, "path \"%s\" must be relative to the repository root, without ..", path);
        glob = cortex_xstrdup(path);
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
        free(glob);
        return cortex_error_set(CORTEX_EINVALID, "query \"%s\" has nothing to search for: add a term besides the excluded ones",
                                query);
    }
    hit_list list = {0};
    int64_t total = 0;
    r.fts = fts.data;
    int rc = search_all(s, &r, scopes, &list, &total);
    if (rc == CORTEX_EINVALID) {
        /* Not valid FTS5 syntax (a dangling OR, say): run it as plain terms. */
        for (size_t i = 0; i < list.n; i++) json_decref(list.hits[i].item);
        list.n = 0;
        total = 0;
        cortex_buf_clear(&fts);
        relaxed = 1;
        rc = translate(query, 1, &fts) == 0 ? 0 : cortex_error_set(CORTEX_EINVALID, "query \"%s\" has no terms", query);
        r.fts = fts.data;
        if (rc == 0) rc = search_all(s, &r, scopes, &list, &total);
    }
    cortex_buf_free(&fts);
    free(glob);
    hit *hits = list.hits;
    size_t nhits = list.n;
    if (rc) {
        for (size_t i = 0; i < nhits; i++) json_decref(hits[i].item);
        free(hits);
        return rc;
    }
    if (nhits) qsort(hits, nhits, sizeof *hits, compare_hits);
    json_t *results = json_array();
    int64_t context = json_integer_value(json_object_get(args, "context_lines"));
    for (size_t i = 0; i < nhits; i++) {
        if ((int64_t)i >= offset && (int64_t)i < r.want) {
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
