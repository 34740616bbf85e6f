/*
 * The handle tools (docs/mcp.md; their text forms are in render.c): query
 * returns handles with previews, evidence_pack ranks a few without content
 * and says what to do next, and expand returns the content of the handles an
 * agent chose. Every handle
 * returned is recorded in the handle log so expand can find its unit again,
 * and every expand is recorded as feedback for the next ranking.
 */
#define _DEFAULT_SOURCE
#include "handles.h"

#include "../record/records.h"
#include "../store/handle_log.h"
#include "../util/error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A file handle's expansion stops after this many lines, said in its note. */
#define FILE_EXPAND_MAX_LINES 2000
/* An expand recorded this recently makes evidence_pack suggest the handle
 * last: the agent has read it. */
#define RECENT_EXPAND_SECONDS 600

/* ---- arguments --------------------------------------------------------------------- */

typedef struct parsed_query {
    cortex_unit_query q;
    cortex_dsl_node *dsl;
    const char **patterns;
} parsed_query;

static void parsed_free(parsed_query *p)
{
    cortex_dsl_free(p->dsl);
    free(p->patterns);
}

static int parse_query(parsed_query *out, json_t *args, int64_t want)
{
    *out = (parsed_query){0};
    cortex_unit_query *q = &out->q;
    q->pattern = json_string_value(json_object_get(args, "pattern"));
    q->symbol = json_string_value(json_object_get(args, "symbol"));
    q->section = json_string_value(json_object_get(args, "section"));
    q->parent = json_string_value(json_object_get(args, "parent"));
    q->glob = json_string_value(json_object_get(args, "glob"));
    const char *match = json_string_value(json_object_get(args, "match"));
    q->match_all = match && strcmp(match, "all") == 0;
    const char *kind = json_string_value(json_object_get(args, "kind"));
    q->kind = !kind || strcmp(kind, "any") == 0 ? CORTEX_UNITS_ANY
              : strcmp(kind, "definition") == 0 ? CORTEX_UNITS_DEFINITION
                                                : CORTEX_UNITS_REFERENCE;
    q->want = want;
    const json_t *patterns = json_object_get(args, "patterns");
    if (json_array_size(patterns)) {
        out->patterns = cortex_xcalloc(json_array_size(patterns) + 1, sizeof *out->patterns);
        for (size_t i = 0; i < json_array_size(patterns); i++)
            out->patterns[i] = json_string_value(json_array_get(patterns, i));
        q->patterns = out->patterns;
    }
    if (q->glob && (q->glob[0] == '/' || strstr(q->glob, "..")))
        return cortex_error_set(CORTEX_EINVALID, "glob \"%s\" must be relative to the repository root, without ..",
                                q->glob);
    const char *dsl = json_string_value(json_object_get(args, "query"));
    if (dsl) {
        int rc = cortex_dsl_parse(&out->dsl, dsl);
        if (rc) return rc;
        q->dsl = out->dsl;
    }
    if (!q->pattern && !q->patterns && !q->symbol && !q->section && !q->parent && !q->dsl)
        return cortex_error_set(CORTEX_EINVALID,
                                "give at least one of pattern, patterns, symbol, section, parent or query");
    if (q->kind == CORTEX_UNITS_REFERENCE && !q->symbol && !q->dsl)
        return cortex_error_set(CORTEX_EINVALID, "kind \"reference\" needs symbol: the name whose references to find");
    return 0;
}

/* ---- handles out, and into the log ------------------------------------------------ */

typedef struct issued {
    cortex_handle_record *r;
    size_t n, cap;
} issued;

static void issue(issued *log, const cortex_unit *u, int64_t generation, const char *terms)
{
    *CORTEX_PUSH(log->r, log->n, log->cap) = (cortex_handle_record){
        u->id, cortex_unit_type_name(u->type), u->file, u->kind, u->name, u->line, u->line_end, generation, terms};
    if (u->source[0])
        *CORTEX_PUSH(log->r, log->n, log->cap) =
            (cortex_handle_record){u->source,      "symbol",           u->file,    u->source_kind, u->source_name,
                                   u->source_line, u->source_line_end, generation, terms};
}

static void record(cortex_reader *s, issued *log)
{
    cortex_handle_log *h = cortex_reader_handles(s);
    /* the log serves expand: a failure to write it leaves those handles
     * unknown to expand (which says so), and never fails this answer */
    if (h) (void)cortex_handle_log_issue(h, log->r, log->n);
    free(log->r);
    *log = (issued){0};
}

static json_t *reference_handle(cortex_reader *s, const cortex_unit *u, int64_t generation)
{
    json_t *h = cortex_unit_handle(s, u, generation, 0);
    json_object_set_new(h, "kind", json_string("reference"));
    json_object_set_new(h, "ref_type", cortex_text_json(u->kind));
    if (u->qualifier) json_object_set_new(h, "qualifier", cortex_text_json(u->qualifier));
    json_object_set_new(h, "binding", cortex_text_json(u->binding));
    if (u->source[0]) {
        json_object_set_new(h, "source_handle", json_string(u->source));
        json_object_set_new(h, "source_name", cortex_text_json(u->source_name));
    }
    return h;
}

int cortex_tool_query(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    int64_t limit = json_integer_value(json_object_get(args, "limit"));
    parsed_query p;
    int rc = parse_query(&p, args, limit);
    cortex_units defs, refs;
    cortex_query_terms terms;
    if (rc == 0) rc = cortex_units_select(&defs, &refs, &terms, s, &p.q);
    parsed_free(&p);
    if (rc) return rc;
    int64_t generation = cortex_store_read_generation(s->db);
    char *joined = cortex_query_terms_joined(&terms);
    issued log = {0};
    json_t *handles = json_array();
    json_int_t tokens = 0;
    for (size_t i = 0; i < defs.n && (int64_t)i < limit; i++) {
        json_t *h = cortex_unit_handle(s, &defs.u[i], generation, 0);
        tokens += json_integer_value(json_object_get(h, "token_count"));
        json_array_append_new(handles, h);
        issue(&log, &defs.u[i], generation, joined);
    }
    *out = json_pack("{s:o}", "handles", handles);
    size_t shown = json_array_size(handles);
    if (refs.n || p.q.kind == CORTEX_UNITS_REFERENCE) {
        json_t *ref_handles = json_array();
        for (size_t i = 0; i < refs.n && (int64_t)i < limit; i++) {
            json_t *h = reference_handle(s, &refs.u[i], generation);
            tokens += json_integer_value(json_object_get(h, "token_count"));
            json_array_append_new(ref_handles, h);
            issue(&log, &refs.u[i], generation, joined);
        }
        shown += json_array_size(ref_handles);
        json_object_set_new(*out, "ref_handles", ref_handles);
    }
    int64_t matches = defs.total + refs.total;
    json_object_set_new(*out, "total_tokens", json_integer(tokens));
    json_object_set_new(*out, "total_matches", json_integer((json_int_t)matches));
    json_object_set_new(*out, "truncated", json_boolean(matches > (int64_t)shown));
    json_object_set_new(*out, "generation", json_integer((json_int_t)generation));
    record(s, &log);
    free(joined);
    cortex_units_free(&defs);
    cortex_units_free(&refs);
    cortex_query_terms_free(&terms);
    return 0;
}

/* ---- evidence_pack ------------------------------------------------------------------ */

static double rounded(double x)
{
    return round(x * 100.0) / 100.0;
}

/* How sure the pack is of its first handle (docs/mcp.md, "Evidence packs"):
 * exactness of the first hit, whether it is the only one so exact, its lead
 * over the second, how concentrated the pack is in its file, and how much of
 * the query it covers. */
static json_t *guidance(const cortex_units *pack, const cortex_query_terms *terms, json_t *suggestion)
{
    size_t n = pack->n;
    if (n == 0)
        return json_pack("{s:f,s:s,s:b,s:s,s:i,s:i,s:s,s:s}", "confidence", 0.0, "confidence_band", "low",
                         "stop_querying", 0, "recommended_action", "refine_query", "suggested_expand_count", 0,
                         "max_additional_queries", 2, "rationale", "nothing matched", "next_step",
                         "query again with other words, a symbol name, or a wider glob");
    const cortex_unit *top = &pack->u[0];
    double exact = top->rank.match == CORTEX_MATCH_EXACT_CASE ? 1.0
                   : top->rank.match == CORTEX_MATCH_EXACT    ? 0.75
                   : top->rank.match == CORTEX_MATCH_PREFIX   ? 0.35
                                                              : 0.0;
    size_t as_exact = 0, in_file = 0;
    for (size_t i = 0; i < n; i++) {
        if (top->rank.match >= CORTEX_MATCH_EXACT && pack->u[i].rank.match == top->rank.match &&
            pack->u[i].rank.kind > 0)
            as_exact++;
        if (strcmp(pack->u[i].file, top->file) == 0) in_file++;
    }
    double unique = as_exact == 1 ? 1.0 : as_exact >= 2 && as_exact <= 3 ? 0.5 : 0.0;
    double gap = 1.0;
    if (n > 1) {
        const cortex_unit *second = &pack->u[1];
        if (second->rank.match < top->rank.match || second->rank.path < top->rank.path) gap = 1.0;
        else if (second->rank.coverage < top->rank.coverage) gap = 0.7;
        else {
            double a = fabs(top->rank.bm25), d = fabs(top->rank.bm25 - second->rank.bm25);
            gap = d / (a > 1.0 ? a : 1.0);
            if (gap > 1.0) gap = 1.0;
        }
    }
    double concentration = (double)in_file / (double)n;
    double coverage = terms->n ? (double)top->rank.coverage / (double)terms->n : 1.0;
    if (coverage > 1.0) coverage = 1.0;
    double confidence = rounded(0.40 * exact + 0.20 * unique + 0.15 * gap + 0.10 * concentration + 0.15 * coverage);
    const char *band = confidence >= 0.7 ? "high" : confidence >= 0.45 ? "medium" : "low";
    int refine = confidence < 0.45;
    size_t expand = refine ? (n < 2 ? n : 2) : confidence >= 0.7 ? (as_exact >= 2 ? 2 : 1) : (n < 3 ? n : 3);
    int more = confidence >= 0.7 ? 0 : refine ? 2 : 1;
    cortex_buf why = {0};
    static const char *const match_words[] = {"a text match", "a name starting with a query term",
                                              "a name equal to a query term in another case", "an exact name match"};
    cortex_buf_printf(&why, "first hit: %s (%s %s)", match_words[top->rank.match], top->kind,
                      top->name ? top->name : top->file);
    if (as_exact)
        cortex_buf_printf(&why, "; %zu handle%s match%s as exactly", as_exact, as_exact == 1 ? "" : "s",
                          as_exact == 1 ? "es" : "");
    cortex_buf_printf(&why, "; lead over the next %.2f; %zu of %zu handles in its file; covers %d of %zu terms", gap,
                      in_file, n, top->rank.coverage, terms->n);
    cortex_buf next = {0};
    if (refine) {
        cortex_buf_puts(&next, "refine: query a symbol name, add a glob, or use fewer, more specific words");
    } else {
        cortex_buf_puts(&next, "expand");
        for (size_t i = 0; i < expand && i < json_array_size(suggestion); i++)
            cortex_buf_printf(&next, "%s%s", i ? ", " : " ", json_string_value(json_array_get(suggestion, i)));
        cortex_buf_puts(&next, " and answer from them");
    }
    json_t *g = json_pack("{s:f,s:s,s:b,s:s,s:I,s:i,s:s,s:s}", "confidence", confidence, "confidence_band", band,
                          "stop_querying", !refine, "recommended_action",
                          refine ? "refine_query" : "expand_then_answer", "suggested_expand_count", (json_int_t)expand,
                          "max_additional_queries", more, "rationale", why.data, "next_step", next.data);
    cortex_buf_free(&why);
    cortex_buf_free(&next);
    return g;
}

int cortex_tool_evidence_pack(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    int64_t max_handles = json_integer_value(json_object_get(args, "max_handles"));
    int64_t max_per_file = json_integer_value(json_object_get(args, "max_per_file"));
    parsed_query p;
    int rc = parse_query(&p, args, max_handles * 4);
    cortex_units defs, refs;
    cortex_query_terms terms;
    if (rc == 0) rc = cortex_units_select(&defs, &refs, &terms, s, &p.q);
    int references = p.q.kind == CORTEX_UNITS_REFERENCE;
    parsed_free(&p);
    if (rc) return rc;
    cortex_units *pool = references || defs.n == 0 ? &refs : &defs;
    /* the pack: best first, at most max_per_file of one file */
    cortex_units pack = {0};
    for (size_t i = 0; i < pool->n && (int64_t)pack.n < max_handles; i++) {
        int64_t same = 0;
        for (size_t j = 0; j < pack.n; j++) same += strcmp(pack.u[j].file, pool->u[i].file) == 0;
        if (same < max_per_file) *CORTEX_PUSH(pack.u, pack.n, pack.cap) = pool->u[i];
    }
    int64_t generation = cortex_store_read_generation(s->db);
    char *joined = cortex_query_terms_joined(&terms);
    issued log = {0};
    json_t *handles = json_array(), *files = json_array(), *suggestion = json_array(), *later = json_array();
    int64_t now = (int64_t)time(NULL);
    for (size_t i = 0; i < pack.n; i++) {
        const cortex_unit *u = &pack.u[i];
        json_t *h = u->type == CORTEX_UNIT_REFERENCE ? reference_handle(s, u, generation)
                                                     : cortex_unit_handle(s, u, generation, 1);
        json_object_del(h, "preview");
        json_object_set_new(h, "score", json_real(rounded(cortex_rank_score(&u->rank))));
        json_int_t tokens = json_integer_value(json_object_get(h, "token_count"));
        json_array_append_new(handles, h);
        issue(&log, u, generation, joined);
        json_t *group = NULL;
        for (size_t j = 0; j < json_array_size(files) && !group; j++)
            if (strcmp(json_string_value(json_object_get(json_array_get(files, j), "file")), u->file) == 0)
                group = json_array_get(files, j);
        if (!group) {
            group = json_pack("{s:o,s:[],s:I}", "file", cortex_text_json(u->file), "handles", "tokens", (json_int_t)0);
            json_array_append_new(files, group);
        }
        json_array_append_new(json_object_get(group, "handles"), json_string(u->id));
        json_object_set_new(group, "tokens",
                            json_integer(json_integer_value(json_object_get(group, "tokens")) + tokens));
        /* what the agent expanded a moment ago, it has: suggested last */
        json_array_append_new(u->expanded_at && now - u->expanded_at < RECENT_EXPAND_SECONDS ? later : suggestion,
                              json_string(u->id));
    }
    json_array_extend(suggestion, later);
    json_decref(later);
    json_t *g = guidance(&pack, &terms, suggestion);
    size_t count = (size_t)json_integer_value(json_object_get(g, "suggested_expand_count"));
    while (json_array_size(suggestion) > count) json_array_remove(suggestion, json_array_size(suggestion) - 1);
    *out = json_pack("{s:o,s:o,s:o,s:o,s:I,s:I}", "handles", handles, "files", files, "expand_suggestion", suggestion,
                     "guidance", g, "total_matches", (json_int_t)(pool->total), "generation", (json_int_t)generation);
    record(s, &log);
    free(joined);
    free(pack.u); /* the units are the pool's */
    cortex_units_free(&defs);
    cortex_units_free(&refs);
    cortex_query_terms_free(&terms);
    return 0;
}

/* ---- expand ---------------------------------------------------------------------- */

typedef struct found_unit {
    const cortex_handle_record *want;
    int found;
    char *content; /* a chunk's stored text */
} found_unit;

static int same_symbol(const cortex_store_symbol *sym, void *payload)
{
    found_unit *f = payload;
    const cortex_handle_record *w = f->want;
    if (sym->line == w->line && sym->line_end == w->line_end && strcmp(sym->kind, w->kind) == 0 &&
        strcmp(sym->name, w->name ? w->name : "") == 0)
        f->found = 1;
    return f->found;
}

static int same_reference(const cortex_store_edge *e, void *payload)
{
    found_unit *f = payload;
    if (strcmp(e->kind, f->want->kind) == 0 && strcmp(e->name, f->want->name ? f->want->name : "") == 0) f->found = 1;
    return f->found;
}

static int same_text(const cortex_store_text *t, void *payload)
{
    found_unit *f = payload;
    if (t->line_end == f->want->line_end && strcmp(t->kind, f->want->kind) == 0) f->found = 1;
    return f->found;
}

/* A chunk's name is its header path written "A > B" (search.c's form). */
static int same_chunk(const cortex_store_chunk *c, void *payload)
{
    found_unit *f = payload;
    const cortex_handle_record *w = f->want;
    if (c->line != w->line || c->line_end != w->line_end || strcmp(c->kind, w->kind) != 0) return 0;
    cortex_buf name = {0};
    cortex_buf_puts(&name, "");
    cortex_chunk_header_path(&name, c->headers);
    int same = c->headers ? w->name && strcmp(name.data, w->name) == 0 : !w->name;
    cortex_buf_free(&name);
    if (same) {
        f->found = 1;
        f->content = cortex_xstrdup(c->content);
    }
    return f->found;
}

typedef struct expand_one {
    cortex_reader *s;
    json_t *item;
    int64_t generation;
    json_int_t tokens;
} expand_one;

static int expand_record(const cortex_handle_record *w, void *payload)
{
    expand_one *e = payload;
    cortex_reader *s = e->s;
    int64_t file_id = 0;
    found_unit f = {w, 0, NULL};
    int rc = cortex_store_read_file(s->db, w->file, cortex_file_id_of, &file_id);
    if (rc == 0) {
        switch (cortex_unit_type_of(w->unit)) {
        case CORTEX_UNIT_SYMBOL:
            rc = cortex_store_read_file_symbols(NULL, s->db, file_id, (cortex_store_page){-1, 0}, same_symbol, &f);
            break;
        case CORTEX_UNIT_REFERENCE: rc = cortex_store_read_refs_at(s->db, file_id, w->line, same_reference, &f); break;
        case CORTEX_UNIT_CHUNK: rc = cortex_store_read_file_chunks(s->db, file_id, same_chunk, &f); break;
        case CORTEX_UNIT_TEXT: rc = cortex_store_read_texts_at(s->db, file_id, w->line, same_text, &f); break;
        case CORTEX_UNIT_FILE: f.found = 1; break;
        default: break;
        }
        if (rc > 0) rc = 0; /* a callback's stop */
    }
    if (rc == CORTEX_ENOTFOUND) rc = 0;
    if (rc) return rc;
    json_object_set_new(e->item, "file", cortex_text_json(w->file));
    json_object_set_new(e->item, "line_range", json_pack("[I,I]", (json_int_t)w->line, (json_int_t)w->line_end));
    if (!f.found) {
        json_object_set_new(
            e->item, "error",
            json_string("its unit moved or is gone since the handle was issued: query again for a fresh handle"));
        return 0;
    }
    char *content = f.content;
    int64_t last = w->line_end;
    if (cortex_unit_type_of(w->unit) == CORTEX_UNIT_FILE && last > w->line + FILE_EXPAND_MAX_LINES - 1) {
        last = w->line + FILE_EXPAND_MAX_LINES - 1;
        json_object_set_new(e->item, "truncated", json_true());
    }
    if (!content) content = cortex_read_lines(s->repo->root, w->file, w->line, last);
    if (!content) {
        json_object_set_new(e->item, "error", json_string("the file cannot be read now: query again"));
        return 0;
    }
    json_object_set_new(e->item, "content", cortex_json_text(content, strlen(content)));
    e->tokens += (json_int_t)((strlen(content) + 3) / 4);
    free(content);
    cortex_handle_log *log = cortex_reader_handles(s);
    if (log) cortex_handle_log_expanded(log, w->id, (int64_t)time(NULL));
    return 0;
}

static int is_handle_id(const char *id)
{
    if (!id || strlen(id) != CORTEX_HANDLE_ID_SIZE - 1 || id[0] != 'h') return 0;
    for (const char *c = id + 1; *c; c++)
        if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f'))) return 0;
    return 1;
}

int cortex_tool_expand(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    int64_t generation = cortex_store_read_generation(s->db);
    const json_t *given = json_object_get(args, "generation");
    if (given && json_integer_value(given) != generation)
        return cortex_error_set(CORTEX_ESTALE,
                                "stale_generation: the handles are of index generation %lld, the index is now at %lld: "
                                "query again for fresh handles",
                                (long long)json_integer_value(given), (long long)generation);
    const json_t *ids = json_object_get(args, "handle_ids");
    if (json_array_size(ids) == 0 || json_array_size(ids) > 64)
        return cortex_error_set(CORTEX_EINVALID, "handle_ids: give 1 to 64 handle ids (%zu given)",
                                json_array_size(ids));
    cortex_handle_log *log = cortex_reader_handles(s);
    json_t *contents = json_array();
    expand_one e = {s, NULL, generation, 0};
    int rc = 0;
    for (size_t i = 0; i < json_array_size(ids) && rc == 0; i++) {
        const char *id = json_string_value(json_array_get(ids, i));
        e.item = json_pack("{s:s}", "id", id);
        json_array_append_new(contents, e.item);
        if (!is_handle_id(id)) {
            json_object_set_new(
                e.item, "error",
                json_string("not a handle id (h and 24 hex digits): take ids from query or evidence_pack"));
            continue;
        }
        rc = log ? cortex_handle_log_find(log, id, expand_record, &e) : CORTEX_ENOTFOUND;
        if (rc == CORTEX_ENOTFOUND) {
            json_object_set_new(e.item, "error",
                                json_string("unknown handle: query again (handles come from query or evidence_pack)"));
            rc = 0;
        }
    }
    if (rc) {
        json_decref(contents);
        return rc;
    }
    *out = json_pack("{s:o,s:I,s:I}", "contents", contents, "total_tokens", e.tokens, "generation",
                     (json_int_t)generation);
    return 0;
}
