/*
 * Selecting units for the handle tools (handles.h): each selector and each
 * form of the query language yields ranked units; selectors given together
 * are intersected. Intersection is by place: a unit of the first set is kept
 * when, in every other set, some unit of the same file overlaps its lines
 * (a definition that holds a comment matching a pattern, the pattern's hit
 * inside a class), since a text hit and a definition are different units.
 */
#define _DEFAULT_SOURCE
#include "handles.h"

#include "paths.h"
#include "search_hits.h"

#include "../store/handle_log.h"
#include "../util/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* References read for one name: a hub's first this many, ranked; the rest counted. */
#define REFERENCES_MAX 2000

typedef struct selecting {
    cortex_reader *s;
    cortex_query_terms *terms; /* every searched word, for the log and the prior */
    int64_t want;
} selecting;

static void note_terms(cortex_query_terms *all, const char *text)
{
    cortex_query_terms t;
    cortex_query_terms_of(&t, text);
    for (size_t i = 0; i < t.n; i++) {
        int seen = 0;
        for (size_t j = 0; j < all->n && !seen; j++) seen = strcmp(all->term[j], t.term[i]) == 0;
        if (!seen && all->n < CORTEX_QUERY_TERMS_MAX) all->term[all->n++] = cortex_xstrdup(t.term[i]);
    }
    cortex_query_terms_free(&t);
}

static void rank_named(cortex_unit *u, const char *name, const cortex_query_terms *terms, const cortex_config *config)
{
    u->rank = (cortex_rank){.match = (int)cortex_name_match_of(name, terms),
                            .coverage = 1,
                            .path = cortex_path_weight(config, u->file),
                            .kind = u->type == CORTEX_UNIT_REFERENCE ? 0 : cortex_kind_weight(u->kind)};
}

/* ---- full text: pattern, patterns, grep, code, section ------------------------------ */

static cortex_unit *unit_of_hit(cortex_units *out, const cortex_search_hit *h)
{
    const json_t *it = h->item;
    const char *file = json_string_value(json_object_get(it, "file"));
    const char *kind = json_string_value(json_object_get(it, "kind"));
    const char *name = json_string_value(json_object_get(it, "name"));
    int64_t line = json_integer_value(json_object_get(it, "line")),
            end = json_integer_value(json_object_get(it, "line_end"));
    cortex_unit *u;
    switch (h->type) {
    case CORTEX_STORE_SCOPE_SYMBOL: u = cortex_units_add(out, CORTEX_UNIT_SYMBOL, file, kind, name, line, end); break;
    case CORTEX_STORE_SCOPE_FILE: u = cortex_units_add(out, CORTEX_UNIT_FILE, file, "file", NULL, 1, end); break;
    case CORTEX_STORE_SCOPE_TEXT: u = cortex_units_add(out, CORTEX_UNIT_TEXT, file, kind, NULL, line, end); break;
    default:
        u = cortex_units_add(out, CORTEX_UNIT_CHUNK, file, kind, name, line, end);
        u->content = cortex_xstrdup(json_string_value(json_object_get(it, "content")));
        break;
    }
    u->rank = h->rank;
    return u;
}

static int full_text(cortex_units *out, selecting *sel, const char *query, const char *fts,
                     const cortex_query_terms *terms, const int scopes[CORTEX_STORE_SCOPES])
{
    cortex_search_params p = {.query = query, .fts = fts, .terms = terms, .want = sel->want};
    memcpy(p.scopes, scopes, sizeof p.scopes);
    cortex_search_hits hits;
    int rc = cortex_search_collect(&hits, sel->s, &p);
    if (rc) return rc;
    for (size_t i = 0; i < hits.n; i++) unit_of_hit(out, &hits.hits[i]);
    out->total += hits.total;
    cortex_search_hits_free(&hits);
    return 0;
}

static const int all_scopes[CORTEX_STORE_SCOPES] = {1, 1, 1, 1};

static int grep(cortex_units *out, selecting *sel, const char *pattern)
{
    note_terms(sel->terms, pattern);
    return full_text(out, sel, pattern, NULL, NULL, all_scopes);
}

/* Several patterns: any of them (OR) or all (AND), each in the agent's syntax. */
static int grep_many(cortex_units *out, selecting *sel, const char *const *patterns, int all)
{
    cortex_buf fts = {0};
    cortex_query_terms terms = {0};
    int rc = 0;
    for (size_t i = 0; patterns[i] && rc == 0; i++) {
        cortex_buf one = {0};
        if (cortex_query_fts(patterns[i], 0, &one) != 0) {
            rc = cortex_error_set(CORTEX_EINVALID, "pattern \"%s\" has nothing to search for", patterns[i]);
        } else {
            if (fts.len) cortex_buf_puts(&fts, all ? " AND " : " OR ");
            cortex_buf_printf(&fts, "(%s)", one.data);
            note_terms(&terms, patterns[i]);
            note_terms(sel->terms, patterns[i]);
        }
        cortex_buf_free(&one);
    }
    if (rc == 0 && fts.len) rc = full_text(out, sel, NULL, fts.data, &terms, all_scopes);
    cortex_buf_free(&fts);
    cortex_query_terms_free(&terms);
    return rc;
}

/* A symbol's name in the search: its words (the store splits identifiers). */
static int code(cortex_units *out, selecting *sel, const char *name)
{
    note_terms(sel->terms, name);
    static const int symbols[CORTEX_STORE_SCOPES] = {[CORTEX_STORE_SCOPE_SYMBOL] = 1};
    return full_text(out, sel, name, NULL, NULL, symbols);
}

static int section(cortex_units *out, selecting *sel, const char *heading)
{
    note_terms(sel->terms, heading);
    cortex_buf one = {0}, fts = {0};
    if (cortex_query_fts(heading, 0, &one) != 0) {
        cortex_buf_free(&one);
        return cortex_error_set(CORTEX_EINVALID, "section \"%s\" has nothing to search for", heading);
    }
    cortex_buf_printf(&fts, "headers : (%s)", one.data);
    cortex_query_terms terms;
    cortex_query_terms_of(&terms, heading);
    static const int chunks[CORTEX_STORE_SCOPES] = {[CORTEX_STORE_SCOPE_CHUNK] = 1};
    int rc = full_text(out, sel, NULL, fts.data, &terms, chunks);
    if (rc == CORTEX_EINVALID) { /* not valid syntax: the heading as plain words */
        cortex_buf_clear(&one);
        cortex_buf_clear(&fts);
        if (cortex_query_fts(heading, 1, &one) == 0) {
            cortex_buf_printf(&fts, "headers : (%s)", one.data);
            rc = full_text(out, sel, NULL, fts.data, &terms, chunks);
        }
    }
    cortex_query_terms_free(&terms);
    cortex_buf_free(&one);
    cortex_buf_free(&fts);
    return rc;
}

/* ---- definitions, children, references, files ---------------------------------- */

typedef struct adding {
    cortex_units *out;
    const cortex_query_terms *terms;
    const cortex_config *config;
    const char *child;      /* children: only those of this short name, or NULL */
    cortex_query_terms one; /* the one term names are compared with, `terms` points here */
} adding;

/* Adding units into `out`, their names compared with `term` (or none), the
 * children of a parent only when named `child` (or any). */
static void adding_init(adding *a, cortex_units *out, const selecting *sel, const char *term, const char *child)
{
    *a = (adding){.out = out, .config = &sel->s->repo->config, .child = child};
    a->one.n = term != NULL;
    a->one.term[0] = (char *)term;
    a->terms = &a->one;
}

static int add_symbol(const cortex_store_symbol *sym, void *payload)
{
    adding *a = payload;
    if (strcmp(sym->kind, "import") == 0) return 0;
    if (a->child && strcmp(sym->short_name, a->child) != 0 && strcmp(sym->name, a->child) != 0) return 0;
    cortex_unit *u =
        cortex_units_add(a->out, CORTEX_UNIT_SYMBOL, sym->file, sym->kind, sym->name, sym->line, sym->line_end);
    rank_named(u, sym->name, a->terms, a->config);
    a->out->total++;
    return 0;
}

static int definition(cortex_units *out, selecting *sel, const char *name)
{
    note_terms(sel->terms, name);
    adding a;
    adding_init(&a, out, sel, name, NULL);
    return cortex_store_read_definitions(sel->s->db, name, (cortex_store_page){-1, 0}, add_symbol, &a);
}

/* The symbol selector: its exact definitions, else what the search finds of its words. */
static int symbol(cortex_units *out, selecting *sel, const char *name)
{
    int64_t before = out->total;
    int rc = definition(out, sel, name);
    if (rc == 0 && out->total == before) rc = code(out, sel, name);
    return rc;
}

typedef struct file_ids {
    int64_t *ids;
    size_t n, cap;
} file_ids;

typedef struct parents {
    cortex_reader *s;
    file_ids files;
} parents;

static int parent_file(const cortex_store_symbol *sym, void *payload)
{
    parents *p = payload;
    int64_t file_id = 0;
    int rc = cortex_store_read_symbol_file(&file_id, p->s->db, sym->id);
    if (rc) return rc;
    for (size_t i = 0; i < p->files.n; i++)
        if (p->files.ids[i] == file_id) return 0;
    *CORTEX_PUSH(p->files.ids, p->files.n, p->files.cap) = file_id;
    return 0;
}

static int children(cortex_units *out, selecting *sel, const char *parent, const char *child)
{
    note_terms(sel->terms, parent);
    if (child) note_terms(sel->terms, child);
    parents p = {sel->s, {0}};
    int rc = cortex_store_read_definitions(sel->s->db, parent, (cortex_store_page){-1, 0}, parent_file, &p);
    adding a;
    adding_init(&a, out, sel, child, child);
    for (size_t i = 0; rc == 0 && i < p.files.n; i++)
        rc = cortex_store_read_children(NULL, sel->s->db, p.files.ids[i], parent, (cortex_store_page){-1, 0},
                                        add_symbol, &a);
    free(p.files.ids);
    return rc;
}

static int add_reference(const cortex_store_edge *e, void *payload)
{
    adding *a = payload;
    cortex_unit *u = cortex_units_add(a->out, CORTEX_UNIT_REFERENCE, e->file, e->kind, e->name, e->line, e->line);
    rank_named(u, e->name, a->terms, a->config);
    /* bound references first: an ambiguous or unresolved one may be another name's */
    u->rank.kind = e->binding && strcmp(e->binding, "ambiguous") != 0 ? 1 : 0;
    u->qualifier = e->qualifier ? cortex_xstrdup(e->qualifier) : NULL;
    u->binding = cortex_xstrdup(e->binding ? e->binding : "unresolved");
    if (e->caller && e->caller_kind) {
        cortex_handle_id(u->source, "symbol", e->file, e->caller_kind, e->caller, e->caller_line, e->caller_line_end);
        u->source_name = cortex_xstrdup(e->caller);
        u->source_kind = cortex_xstrdup(e->caller_kind);
        u->source_line = e->caller_line;
        u->source_line_end = e->caller_line_end;
    }
    return 0;
}

static int references(cortex_units *out, selecting *sel, const char *name)
{
    note_terms(sel->terms, name);
    adding a;
    adding_init(&a, out, sel, name, NULL);
    int64_t total = 0;
    int rc = cortex_store_read_edges(&total, sel->s->db, CORTEX_STORE_CALLERS, name, NULL, NULL,
                                     (cortex_store_page){REFERENCES_MAX, 0}, add_reference, &a);
    out->total += total;
    return rc;
}

static int add_file(const cortex_store_file *f, void *payload)
{
    adding *a = payload;
    cortex_unit *u = cortex_units_add(a->out, CORTEX_UNIT_FILE, f->path, "file", NULL, 1, f->lines > 0 ? f->lines : 1);
    u->rank = (cortex_rank){
        .match = CORTEX_MATCH_EXACT_CASE, .coverage = 1, .path = cortex_path_weight(a->config, f->path), .kind = 1};
    a->out->total++;
    return 0;
}

static int file(cortex_units *out, selecting *sel, const char *arg)
{
    char path[4096];
    int rc = cortex_path_resolve(sel->s->repo->root, arg, path, sizeof path);
    if (rc) return rc;
    adding a;
    adding_init(&a, out, sel, NULL, NULL);
    rc = cortex_store_read_file(sel->s->db, path, add_file, &a);
    return rc == CORTEX_ENOTFOUND ? 0 : rc;
}

/* ---- combining ------------------------------------------------------------------ */

static void keep_where(cortex_units *list, const char *glob, cortex_unit_kind_filter kind)
{
    size_t w = 0;
    for (size_t i = 0; i < list->n; i++) {
        cortex_unit *u = &list->u[i];
        int keep = !glob || cortex_glob_match(glob, u->file);
        if (kind == CORTEX_UNITS_DEFINITION)
            keep = keep && (u->type == CORTEX_UNIT_SYMBOL || u->type == CORTEX_UNIT_CHUNK);
        if (keep) {
            list->u[w++] = *u;
        } else {
            cortex_unit_free(u);
            if (list->total > 0) list->total--;
        }
    }
    list->n = w;
}

static int overlaps(const cortex_unit *u, const cortex_units *set)
{
    for (size_t i = 0; i < set->n; i++) {
        const cortex_unit *v = &set->u[i];
        if (strcmp(u->file, v->file) == 0 && u->line <= v->line_end && v->line <= u->line_end) return 1;
    }
    return 0;
}

/* Keeps the units of `list` that overlap a unit of `a` or of `b`. */
static void keep_overlapping(cortex_units *list, const cortex_units *a, const cortex_units *b)
{
    size_t w = 0;
    for (size_t i = 0; i < list->n; i++) {
        if (overlaps(&list->u[i], a) || overlaps(&list->u[i], b)) list->u[w++] = list->u[i];
        else cortex_unit_free(&list->u[i]);
    }
    list->n = w;
    list->total = (int64_t)w;
}

static void append(cortex_units *into, cortex_units *from)
{
    for (size_t i = 0; i < from->n; i++) *CORTEX_PUSH(into->u, into->n, into->cap) = from->u[i];
    into->total += from->total;
    free(from->u);
    *from = (cortex_units){0};
}

static void cut(cortex_units *list, int64_t limit)
{
    cortex_units_sort(list);
    while ((int64_t)list->n > limit) cortex_unit_free(&list->u[--list->n]);
}

/* ---- the query language ----------------------------------------------------------- */

static int eval(cortex_units *defs, cortex_units *refs, selecting *sel, const cortex_dsl_node *n)
{
    int rc = 0;
    switch (n->op) {
    case CORTEX_DSL_GREP: return grep(defs, sel, n->arg[0]);
    case CORTEX_DSL_CODE: return code(defs, sel, n->arg[0]);
    case CORTEX_DSL_DEFINITION: return definition(defs, sel, n->arg[0]);
    case CORTEX_DSL_REFERENCES: return references(refs, sel, n->arg[0]);
    case CORTEX_DSL_SECTION: return section(defs, sel, n->arg[0]);
    case CORTEX_DSL_FILE: return file(defs, sel, n->arg[0]);
    case CORTEX_DSL_CHILDREN: return children(defs, sel, n->arg[0], NULL);
    case CORTEX_DSL_CHILDREN_NAMED: return children(defs, sel, n->arg[0], n->arg[1]);
    case CORTEX_DSL_IN_FILE:
        rc = eval(defs, refs, sel, n->kids[0]);
        keep_where(defs, n->arg[0], CORTEX_UNITS_ANY);
        keep_where(refs, n->arg[0], CORTEX_UNITS_ANY);
        return rc;
    case CORTEX_DSL_UNION:
        for (size_t i = 0; i < n->nkids && rc == 0; i++) {
            cortex_units d = {0}, r = {0};
            rc = eval(&d, &r, sel, n->kids[i]);
            append(defs, &d);
            append(refs, &r);
            cortex_units_free(&d);
            cortex_units_free(&r);
        }
        cortex_units_dedupe(defs);
        cortex_units_dedupe(refs);
        return rc;
    case CORTEX_DSL_INTERSECT:
        rc = eval(defs, refs, sel, n->kids[0]);
        for (size_t i = 1; i < n->nkids && rc == 0; i++) {
            cortex_units d = {0}, r = {0};
            rc = eval(&d, &r, sel, n->kids[i]);
            keep_overlapping(defs, &d, &r);
            keep_overlapping(refs, &d, &r);
            cortex_units_free(&d);
            cortex_units_free(&r);
        }
        return rc;
    case CORTEX_DSL_LIMIT:
        rc = eval(defs, refs, sel, n->kids[0]);
        cut(defs, n->limit);
        cut(refs, n->limit);
        return rc;
    }
    return cortex_error_set(CORTEX_EINVALID, "query: unknown form");
}

/* ---- the selectors together ------------------------------------------------------ */

/* Narrows what was selected to the places a further selector finds; the
 * first selector's units are the selection (references among `refs`). */
static int narrow(cortex_units *defs, cortex_units *refs, cortex_units *found, int *have, int references)
{
    if (!*have) {
        append(references ? refs : defs, found);
        *have = 1;
        return 0;
    }
    cortex_units none = {0};
    keep_overlapping(defs, found, &none);
    keep_overlapping(refs, found, &none);
    cortex_units_free(found);
    return 0;
}

typedef struct prior_of {
    cortex_units *lists[2];
} prior_of;

static int add_prior(const char *id, int64_t expands, int64_t last, void *payload)
{
    prior_of *p = payload;
    /* each expand is half a step, up to the cap: a prior, never a verdict */
    double prior = 0.5 * (double)expands;
    if (prior > CORTEX_PRIOR_MAX) prior = CORTEX_PRIOR_MAX;
    for (int l = 0; l < 2; l++)
        for (size_t i = 0; i < p->lists[l]->n; i++)
            if (strcmp(p->lists[l]->u[i].id, id) == 0) {
                p->lists[l]->u[i].rank.prior = prior;
                p->lists[l]->u[i].expanded_at = last;
            }
    return 0;
}

int cortex_units_select(cortex_units *defs, cortex_units *refs, cortex_query_terms *terms, cortex_reader *s,
                        const cortex_unit_query *q)
{
    *defs = (cortex_units){0};
    *refs = (cortex_units){0};
    *terms = (cortex_query_terms){0};
    selecting sel = {s, terms, q->want > 0 ? q->want : 16};
    int rc = 0, have = 0;
    if (q->dsl) {
        rc = eval(defs, refs, &sel, q->dsl);
        have = 1;
    }
    if (rc == 0 && q->parent && q->symbol && q->kind == CORTEX_UNITS_REFERENCE) {
        /* the references of the parent's member: Parent.symbol */
        cortex_units found = {0};
        char *qualified = cortex_xmalloc(strlen(q->parent) + strlen(q->symbol) + 2);
        sprintf(qualified, "%s.%s", q->parent, q->symbol);
        rc = references(&found, &sel, qualified);
        free(qualified);
        narrow(defs, refs, &found, &have, 1);
    } else if (rc == 0 && q->parent) {
        cortex_units found = {0};
        rc = children(&found, &sel, q->parent, q->symbol);
        narrow(defs, refs, &found, &have, 0);
    } else if (rc == 0 && q->symbol) {
        cortex_units found = {0};
        if (q->kind == CORTEX_UNITS_REFERENCE) {
            rc = references(&found, &sel, q->symbol);
            narrow(defs, refs, &found, &have, 1);
        } else {
            rc = symbol(&found, &sel, q->symbol);
            narrow(defs, refs, &found, &have, 0);
        }
    }
    if (rc == 0 && q->section) {
        cortex_units found = {0};
        rc = section(&found, &sel, q->section);
        narrow(defs, refs, &found, &have, 0);
    }
    if (rc == 0 && (q->pattern || q->patterns)) {
        cortex_units found = {0};
        if (q->patterns) {
            /* pattern beside patterns is one more of them */
            size_t n = 0;
            while (q->patterns[n]) n++;
            const char **all = cortex_xcalloc(n + 2, sizeof *all);
            memcpy(all, q->patterns, n * sizeof *all);
            if (q->pattern) all[n] = q->pattern;
            rc = grep_many(&found, &sel, all, q->match_all);
            free(all);
        } else {
            rc = grep(&found, &sel, q->pattern);
        }
        narrow(defs, refs, &found, &have, 0);
    }
    if (rc == 0) {
        keep_where(defs, q->glob, q->kind);
        keep_where(refs, q->glob, CORTEX_UNITS_ANY);
        /* kind=reference: reference sites alone */
        if (q->kind == CORTEX_UNITS_REFERENCE) {
            for (size_t i = 0; i < defs->n; i++) cortex_unit_free(&defs->u[i]);
            defs->n = 0;
            defs->total = 0;
        }
        cortex_handle_log *log = cortex_reader_handles(s);
        prior_of p = {{defs, refs}};
        if (log && terms->n) cortex_handle_log_prior(log, (const char *const *)terms->term, add_prior, &p);
        cortex_units_dedupe(defs);
        cortex_units_dedupe(refs);
        cortex_units_sort(defs);
        cortex_units_sort(refs);
        if (defs->total < (int64_t)defs->n) defs->total = (int64_t)defs->n;
        if (refs->total < (int64_t)refs->n) refs->total = (int64_t)refs->n;
    } else {
        cortex_units_free(defs);
        cortex_units_free(refs);
        cortex_query_terms_free(terms);
    }
    return rc;
}
