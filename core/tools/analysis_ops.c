/*
 * The `analysis` tool: questions about the repository as a whole. Definitions
 * by pattern with their reference counts, a summary, one package, one
 * definition in detail, a type's hierarchy, the scopes at a line, dead code,
 * hotspots, import cycles and the dependency graph between directories.
 * Reference counts are exact (each one counted through the store's
 * bindings); where a question would count every definition, an upper bound
 * that costs two index scans says which ones cannot qualify, and only the
 * rest are counted, up to a budget that, when reached, makes the answer say
 * it is partial.
 */
#define _GNU_SOURCE
#include "answer_cache.h"
#include "handlers.h"
#include "paths.h"
#include "signature.h"
#include "target.h"

#include "../graph/graph.h"
#include "../util/beneath.h"
#include "../util/error.h"
#include "../util/io.h"
#include "../util/mem.h"

#include <ctype.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* exact counts one call may make before it says it is partial */
#define COUNT_BUDGET 20000
/* read_unindexed()'s limit: larger files beside code are data, not code that calls it */
#define UNINDEXED_MAX_BYTES (1 << 20)
#define MAX_KINDS 16

typedef struct ask {
    cortex_tool_ctx *ctx;
    cortex_reader *s;
    json_t *args;
    cortex_store_symbol_filter filter;
    const char *kinds[MAX_KINDS + 1];
    int64_t max_results, top_n;
    int64_t ref_min, ref_max; /* -1: no bound */
    json_t *read; /* the repository's files and directories read, noted before (answer_cache.h); or NULL */
} ask;

static int64_t int_arg(json_t *args, const char *key, int64_t fallback)
{
    json_t *v = json_object_get(args, key);
    return json_is_integer(v) ? (int64_t)json_integer_value(v) : fallback;
}

static int cancelled(const ask *a)
{
    return a->ctx->cancelled && atomic_load(a->ctx->cancelled) ? cortex_error_set(CORTEX_ECANCELLED, "cancelled") : 0;
}

/* ---- a definition with its counts -------------------------------------- */

static int with_counts(json_t *item, const ask *a, int64_t id)
{
    int64_t refs, external;
    int rc = cortex_store_read_ref_count(&refs, &external, a->s->db, id);
    if (rc) return rc;
    json_object_set_new(item, "ref_count", json_integer(refs));
    json_object_set_new(item, "external_ref_count", json_integer(external));
    return 0;
}

typedef struct symbol_list {
    json_t *items;
    int64_t *ids;
    size_t n, cap;
} symbol_list;

static int add_symbol(const cortex_store_symbol *sym, void *payload)
{
    symbol_list *l = payload;
    json_array_append_new(l->items, cortex_symbol_json(sym));
    *CORTEX_PUSH(l->ids, l->n, l->cap) = sym->id;
    return 0;
}

static void list_free(symbol_list *l)
{
    json_decref(l->items);
    free(l->ids);
}

static void finish(json_t *result, const char *key, json_t *items, int64_t total, int truncated)
{
    json_object_set_new(result, key, items);
    json_object_set_new(result, "total_found", json_integer(total));
    json_object_set_new(result, "total_returned", json_integer((json_int_t)json_array_size(items)));
    json_object_set_new(result, "truncated", json_boolean(truncated));
}

/* ---- counting many definitions: bound first, count what may qualify ------ */

typedef struct counted {
    int64_t id, refs, external;
} counted;

typedef struct counting {
    const ask *a;
    counted *items;
    size_t n, cap;
    size_t budget; /* exact counts left */
    int partial;   /* the budget ran out */
    int rc;
    /* keep: the counts a definition must have; top: keep only the best this many */
    int64_t min, max;
    size_t top;
    int ascending; /* a ceiling alone: lowest bounds first */
} counting;

static int compare_counted(const void *x, const void *y)
{
    const counted *a = x, *b = y;
    if (a->refs != b->refs) return a->refs > b->refs ? -1 : 1;
    return (a->id > b->id) - (a->id < b->id);
}

/* The least count among the best `top` kept so far, or -1 while fewer. */
static int64_t threshold(const counting *c)
{
    if (!c->top || c->n < c->top) return -1;
    int64_t least = c->items[0].refs;
    for (size_t i = 1; i < c->n; i++)
        if (c->items[i].refs < least) least = c->items[i].refs;
    return least;
}

static int count_one(int64_t id, int64_t bound, void *payload)
{
    counting *c = payload;
    /* the bounds come highest first (lowest first for a ceiling alone, so
     * that those no reference can name come first, needing no count): once
     * one cannot reach what is needed, none after can */
    if (!c->ascending && c->min >= 0 && bound < c->min) return 1;
    int64_t least = threshold(c);
    if (least >= 0 && bound <= least) return 1;
    if ((c->rc = cancelled(c->a))) return 1;
    counted one = {id, 0, 0};
    if (bound == 0) {
        one.refs = one.external = 0; /* no reference bears its name nor is stored bound to it */
    } else {
        if (c->budget == 0) {
            c->partial = 1;
            return 1;
        }
        c->budget--;
        if ((c->rc = cortex_store_read_ref_count(&one.refs, &one.external, c->a->s->db, id))) return 1;
    }
    if ((c->min >= 0 && one.refs < c->min) || (c->max >= 0 && one.refs > c->max)) return 0;
    if (least >= 0) { /* replace the least of the best */
        size_t at = 0;
        for (size_t i = 1; i < c->n; i++)
            if (compare_counted(&c->items[i], &c->items[at]) > 0) at = i;
        if (one.refs > c->items[at].refs) c->items[at] = one;
        return 0;
    }
    *CORTEX_PUSH(c->items, c->n, c->cap) = one;
    return 0;
}

static int count_many(counting *c, const cortex_store_symbol_filter *f)
{
    c->ascending = c->min < 0 && c->max >= 0 && !c->top;
    int rc = cortex_store_read_ref_bounds(c->a->s->db, f, c->ascending, c->top > 0, count_one, c);
    if (c->rc) return c->rc;
    if (rc < 0) return rc;
    if (c->n) qsort(c->items, c->n, sizeof *c->items, compare_counted); /* items is NULL when none counted */
    return 0;
}

static int counted_items(json_t **out, const ask *a, const counted *items, size_t n)
{
    json_t *list = json_array();
    for (size_t i = 0; i < n; i++) {
        json_t *item = NULL;
        int rc = cortex_store_read_symbol(a->s->db, items[i].id, cortex_symbol_into, &item);
        if (rc) {
            json_decref(list);
            return rc;
        }
        json_object_set_new(item, "ref_count", json_integer(items[i].refs));
        json_object_set_new(item, "external_ref_count", json_integer(items[i].external));
        json_array_append_new(list, item);
    }
    *out = list;
    return 0;
}

static int compare_places(const void *a, const void *b)
{
    const json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
    int c = strcmp(json_string_value(json_object_get(x, "file")), json_string_value(json_object_get(y, "file")));
    if (c) return c;
    json_int_t lx = json_integer_value(json_object_get(x, "line")), ly = json_integer_value(json_object_get(y, "line"));
    return (lx > ly) - (lx < ly);
}

static int compare_ranked(const void *a, const void *b)
{
    const json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
    const char *key = json_object_get(x, "ref_count") ? "ref_count" : "calls_made";
    json_int_t nx = json_integer_value(json_object_get(x, key)), ny = json_integer_value(json_object_get(y, key));
    if (nx != ny) return nx > ny ? -1 : 1;
    return compare_places(a, b);
}

/* A ranking, its ties by file and line. */
static void sort_ranked(json_t *items)
{
    cortex_json_sort(items, 0, compare_ranked);
}

/* A list of definitions by file and line, as a reader goes through them. */
static void sort_by_place(json_t *items)
{
    cortex_json_sort(items, 0, compare_places);
}

/* ---- symbols and search -------------------------------------------------- */

static int op_symbols(json_t *result, const ask *a)
{
    if (a->ref_min < 0 && a->ref_max < 0) {
        symbol_list l = {json_array(), NULL, 0, 0};
        int64_t total = 0;
        int rc = cortex_store_read_symbols_where(&total, a->s->db, &a->filter, (cortex_store_page){a->max_results, 0},
                                                 add_symbol, &l);
        for (size_t i = 0; i < l.n && !rc; i++) rc = with_counts(json_array_get(l.items, i), a, l.ids[i]);
        if (rc) {
            list_free(&l);
            return rc;
        }
        finish(result, "symbols", json_incref(l.items), total, (int64_t)l.n < total);
        list_free(&l);
        return 0;
    }
    counting c = {a, NULL, 0, 0, COUNT_BUDGET, 0, 0, a->ref_min, a->ref_max, 0, 0};
    int rc = count_many(&c, &a->filter);
    json_t *items = NULL;
    size_t shown = c.n < (size_t)a->max_results ? c.n : (size_t)a->max_results;
    if (!rc) rc = counted_items(&items, a, c.items, shown);
    free(c.items);
    if (rc) return rc;
    sort_by_place(items);
    finish(result, "symbols", items, (int64_t)c.n, shown < c.n || c.partial);
    if (c.partial)
        json_object_set_new(result, "partial",
                            json_sprintf("counted the references of %d definitions and stopped: narrow the pattern, "
                                         "kinds or path_prefix for a complete answer",
                                         COUNT_BUDGET));
    return 0;
}

static int op_search(json_t *result, const ask *a)
{
    const char *query = json_string_value(json_object_get(a->args, "pattern"));
    if (!query) query = json_string_value(json_object_get(a->args, "target"));
    if (!query) return cortex_error_set(CORTEX_EINVALID, "operation search needs `pattern`: the words to look for");
    json_t *args = json_pack("{s:s,s:[s],s:I,s:I,s:i}", "query", query, "scope", "symbol", "limit",
                             (json_int_t)(a->max_results > 100 ? 100 : a->max_results), "offset", (json_int_t)0,
                             "context_lines", 0);
    if (a->kinds[0]) json_object_set_new(args, "kind", json_string(a->kinds[0]));
    if (a->filter.path_prefix && *a->filter.path_prefix)
        json_object_set_new(args, "path", json_sprintf("%s/**", a->filter.path_prefix));
    json_t *found = NULL;
    int rc = cortex_tool_search(&found, a->ctx, args);
    json_decref(args);
    if (rc) return rc;
    json_t *items = json_array();
    json_t *hits = json_object_get(found, "results");
    for (size_t i = 0; i < json_array_size(hits) && !rc; i++) {
        json_t *hit = json_array_get(hits, i);
        /* the hit's definition by name and place, for its counts */
        const char *name = json_string_value(json_object_get(hit, "name"));
        const char *file = json_string_value(json_object_get(hit, "file"));
        json_int_t line = json_integer_value(json_object_get(hit, "line"));
        if (!name || !file) continue;
        cortex_target t;
        char at[4200];
        snprintf(at, sizeof at, "%s:%lld", file, (long long)line);
        if ((rc = cortex_target_resolve(&t, a->s, at))) break;
        if (t.kind == CORTEX_TARGET_SYMBOL) {
            json_t *item = json_deep_copy(t.chosen);
            if (!(rc = with_counts(item, a, t.id))) json_array_append(items, item);
            json_decref(item);
        }
        cortex_target_dispose(&t);
    }
    json_int_t total = json_integer_value(json_object_get(found, "total"));
    /* every hit seen: those that are no definition (an import) are not counted */
    if ((json_int_t)json_array_size(hits) >= total) total = (json_int_t)json_array_size(items);
    json_decref(found);
    if (rc) {
        json_decref(items);
        return rc;
    }
    finish(result, "symbols", items, total, (json_int_t)json_array_size(items) < total);
    return 0;
}

/* ---- summary, package_summary, detail, scope ----------------------------- */

static int add_lang_count(const cortex_store_lang_count *c, void *payload)
{
    json_t *langs = payload;
    json_t *lang = json_object_get(langs, c->lang);
    if (!lang) {
        lang = json_pack("{s:I,s:I,s:I,s:{}}", "files", (json_int_t)c->files, "lines", (json_int_t)c->lines, "symbols",
                         (json_int_t)c->symbols, "kinds");
        json_object_set_new(langs, c->lang, lang);
    }
    if (c->kind) json_object_set_new(json_object_get(lang, "kinds"), c->kind, json_integer(c->symbols));
    return 0;
}

static int add_dir_count(const char *dir, int64_t files, int64_t lines, void *payload)
{
    json_array_append_new(payload, json_pack("{s:s,s:I,s:I}", "path", *dir ? dir : ".", "files", (json_int_t)files,
                                             "lines", (json_int_t)lines));
    return 0;
}

/* The definitions most referenced: exact counts, in the order of their bounds, until no bound can beat the last kept. */
static int top_referenced(json_t **out, int *partial, const ask *a, const cortex_store_symbol_filter *f, size_t top)
{
    counting c = {a, NULL, 0, 0, COUNT_BUDGET, 0, 0, 1, -1, top, 0};
    int rc = count_many(&c, f);
    if (!rc) rc = counted_items(out, a, c.items, c.n);
    if (!rc) sort_ranked(*out);
    *partial = c.partial;
    free(c.items);
    return rc;
}

static int op_summary(json_t *result, const ask *a)
{
    json_t *langs = json_object(), *dirs = json_array(), *top = NULL;
    int partial = 0;
    int rc = cortex_store_read_lang_counts(a->s->db, add_lang_count, langs);
    if (!rc) rc = cortex_store_read_dir_counts(a->s->db, a->top_n, add_dir_count, dirs);
    /* what an agent means by the most used: functions and types, not fields */
    static const char *const ranked[] = {"function", "method", "class", "struct", "interface",
                                         "trait",    "type",   "enum",  NULL};
    cortex_store_symbol_filter f = a->filter;
    if (!a->kinds[0]) f.kinds = ranked;
    if (!rc) rc = top_referenced(&top, &partial, a, &f, (size_t)a->top_n);
    if (rc) {
        json_decref(langs);
        json_decref(dirs);
        json_decref(top);
        return rc;
    }
    json_object_set_new(result, "languages", langs);
    json_object_set_new(result, "directories", dirs);
    json_object_set_new(result, "top_symbols", top);
    if (partial)
        json_object_set_new(result, "partial",
                            json_string("the most referenced definitions were ranked within a budget of exact counts"));
    return 0;
}

static int collect_file(const cortex_store_file *f, void *payload)
{
    json_array_append_new(payload, json_pack("{s:o,s:s,s:I}", "path", cortex_text_json(f->path), "lang", f->lang,
                                             "lines", (json_int_t)f->lines));
    return 0;
}

/* A file of the package, or one outside it. */
static int inside(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return n == 0 || (strncmp(path, dir, n) == 0 && path[n] == '/');
}

typedef struct crossing {
    const char *dir;
    json_t *counts; /* path -> imports */
    int out;        /* imports leaving the package (else: coming in) */
} crossing;

static int count_crossing(const cortex_store_file_edge *e, void *payload)
{
    crossing *c = payload;
    int from_in = inside(e->from_path, c->dir), to_in = inside(e->to_path, c->dir);
    if (from_in == to_in || (c->out ? !from_in : from_in)) return 0;
    const char *other = c->out ? e->to_path : e->from_path;
    json_t *n = json_object_get(c->counts, other);
    json_object_set_new(c->counts, other, json_integer(json_integer_value(n) + 1));
    return 0;
}

typedef struct counted_path {
    const char *path;
    json_int_t n;
} counted_path;

static int most_then_path(const void *a, const void *b)
{
    const counted_path *x = a, *y = b;
    if (x->n != y->n) return x->n > y->n ? -1 : 1;
    return strcmp(x->path, y->path);
}

/* counts (path -> n) cut to its `max` largest counts (the first paths among
 * equals), in the order it had; steals counts. */
static json_t *most_counted(json_t *counts, size_t max)
{
    size_t n = json_object_size(counts);
    if (n <= max) return counts;
    counted_path *all = cortex_xmalloc(n * sizeof *all);
    size_t i = 0;
    const char *path;
    json_t *v;
    json_object_foreach(counts, path, v) all[i++] = (counted_path){path, json_integer_value(v)};
    qsort(all, n, sizeof *all, most_then_path);
    json_t *chosen = json_object();
    for (i = 0; i < max; i++) json_object_set_new(chosen, all[i].path, json_true());
    json_t *kept = json_object();
    json_object_foreach(counts, path, v) if (json_object_get(chosen, path)) json_object_set(kept, path, v);
    free(all);
    json_decref(chosen);
    json_decref(counts);
    return kept;
}

/* One edge into both counts: imports leaving, imports coming in. */
static int count_crossings(const cortex_store_file_edge *e, void *payload)
{
    crossing *both = payload;
    count_crossing(e, &both[0]);
    return count_crossing(e, &both[1]);
}

static int op_package_summary(json_t *result, const ask *a, const cortex_target *t)
{
    char dir[4096];
    if (t->kind == CORTEX_TARGET_DIRECTORY) snprintf(dir, sizeof dir, "%s", t->path);
    else {
        snprintf(dir, sizeof dir, "%s", t->path);
        char *slash = strrchr(dir, '/');
        if (slash) *slash = '\0';
        else dir[0] = '\0';
    }
    json_t *files = json_array();
    cortex_store_file_filter ff = {.dir = dir, .limit = a->max_results};
    int64_t nfiles = 0;
    int rc = cortex_store_read_files(a->s->db, &ff, collect_file, files);
    if (!rc) rc = cortex_store_read_count_files(&nfiles, a->s->db, &ff);
    /* its exported definitions: top level, without a restricting visibility */
    symbol_list l = {json_array(), NULL, 0, 0};
    cortex_store_symbol_filter f = a->filter;
    f.path_prefix = dir;
    f.visibility = "none";
    int64_t nexported = 0;
    if (!rc)
        rc = cortex_store_read_symbols_where(&nexported, a->s->db, &f, (cortex_store_page){a->max_results, 0},
                                             add_symbol, &l);
    json_t *imports = json_object(), *importers = json_object();
    crossing out = {dir, imports, 1}, in = {dir, importers, 0};
    /* the root holds every file: nothing crosses its edge */
    crossing both[2] = {out, in};
    if (!rc && *dir) rc = cortex_store_read_dir_edges(a->s->db, dir, count_crossings, both);
    if (rc) {
        json_decref(files);
        list_free(&l);
        json_decref(imports);
        json_decref(importers);
        return rc;
    }
    size_t nimports = json_object_size(imports), nimporters = json_object_size(importers);
    json_object_set_new(result, "package", json_string(*dir ? dir : "."));
    json_object_set_new(result, "files", files);
    json_object_set_new(result, "files_total", json_integer(nfiles));
    json_object_set_new(result, "exported", json_incref(l.items));
    json_object_set_new(result, "exported_total", json_integer(nexported));
    json_object_set_new(result, "imports", most_counted(imports, (size_t)a->max_results));
    json_object_set_new(result, "imports_total", json_integer((json_int_t)nimports));
    json_object_set_new(result, "imported_by", most_counted(importers, (size_t)a->max_results));
    json_object_set_new(result, "imported_by_total", json_integer((json_int_t)nimporters));
    json_object_set_new(result, "truncated", json_boolean(nfiles > a->max_results || nexported > a->max_results ||
                                                          (int64_t)nimports > a->max_results ||
                                                          (int64_t)nimporters > a->max_results));
    list_free(&l);
    return 0;
}

static int add_child(const cortex_store_symbol *sym, void *payload)
{
    json_array_append_new(payload, json_pack("{s:o,s:o,s:I}", "name", cortex_text_json(sym->name), "kind",
                                             cortex_text_json(sym->kind), "line", (json_int_t)sym->line));
    return 0;
}

static int op_detail(json_t *result, const ask *a, const cortex_target *t)
{
    json_t *d = json_deep_copy(t->chosen);
    int rc = with_counts(d, a, t->id);
    json_t *members = json_array();
    int64_t file_id = 0, total = 0;
    const char *name = json_string_value(json_object_get(d, "name"));
    if (!rc) rc = cortex_store_read_file(a->s->db, t->path, cortex_file_id_of, &file_id);
    if (!rc)
        rc = cortex_store_read_children(&total, a->s->db, file_id, name, (cortex_store_page){a->max_results, 0},
                                        add_child, members);
    if (rc) {
        json_decref(d);
        json_decref(members);
        return rc;
    }
    json_object_set_new(d, "members", members);
    json_object_set_new(d, "members_total", json_integer(total));
    /* the signature's parts, as written */
    const char *shortname = strrchr(name, '.') ? strrchr(name, '.') + 1 : name;
    json_t *parts = cortex_signature_parts(json_string_value(json_object_get(d, "sig")), shortname);
    if (parts) json_object_update(d, parts);
    json_decref(parts);
    json_object_set_new(result, "detail", d);
    return 0;
}

static int add_scope(const cortex_store_symbol *sym, void *payload)
{
    json_t *item =
        json_pack("{s:o,s:o,s:I,s:I}", "name", cortex_text_json(sym->name), "kind", cortex_text_json(sym->kind), "line",
                  (json_int_t)sym->line, "line_end", (json_int_t)sym->line_end);
    json_array_append_new(payload, item);
    return 0;
}

static int op_scope(json_t *result, const ask *a, const char *text)
{
    const char *colon = strrchr(text, ':');
    char path[4096];
    int64_t line = 0;
    /* file:line[:col] */
    if (colon && colon != text) {
        const char *prev = colon - 1;
        while (prev > text && *prev != ':') prev--;
        int with_col = *prev == ':' && prev != text && strspn(prev + 1, "0123456789") == (size_t)(colon - prev - 1);
        const char *end = with_col ? prev : colon;
        snprintf(path, sizeof path, "%.*s", (int)(end - text), text);
        line = strtoll(end + 1, NULL, 10);
    }
    if (line <= 0)
        return cortex_error_set(CORTEX_EINVALID, "operation scope needs target file:line (e.g. src/app.py:12)");
    char rel[4096];
    int64_t file_id;
    int rc = cortex_tool_indexed_file(&file_id, rel, sizeof rel, a->s, path);
    if (rc) return rc;
    json_t *scopes = json_array();
    if ((rc = cortex_store_read_scopes_at(a->s->db, file_id, line, add_scope, scopes))) {
        json_decref(scopes);
        return rc;
    }
    json_object_set_new(result, "file", json_string(rel));
    json_object_set_new(result, "line", json_integer(line));
    finish(result, "scopes", scopes, (int64_t)json_array_size(scopes), 0);
    return 0;
}

/* ---- type_hierarchy --------------------------------------------------------- */

static int op_type_hierarchy(json_t *result, const ask *a, const cortex_target *t)
{
    unsigned depth = (unsigned)int_arg(a->args, "depth", 10);
    json_t *up = NULL, *down = NULL;
    size_t nup, ndown;
    int cut_up, cut_down;
    int rc = cortex_tool_reach(&up, &nup, &cut_up, a->ctx, t->id, CORTEX_STORE_CALLEES, "inherit",
                               CORTEX_STORE_LINKS_MEMBERS, depth, (size_t)a->max_results);
    if (!rc)
        rc = cortex_tool_reach(&down, &ndown, &cut_down, a->ctx, t->id, CORTEX_STORE_CALLERS, "inherit", 0, depth,
                               (size_t)a->max_results);
    if (rc) {
        json_decref(up);
        return rc;
    }
    int implicit = 0;
    rc = cortex_store_read_implicit_interfaces(&implicit, a->s->db, t->id);
    if (!rc && implicit) rc = cortex_tool_structural_interfaces(up, a->s, t->id, (size_t)a->max_results);
    if (!rc && implicit) rc = cortex_tool_structural_implementations(down, a->s, t->id, (size_t)a->max_results);
    if (rc) {
        json_decref(up);
        json_decref(down);
        return rc;
    }
    json_object_set_new(result, "implements", up);
    json_object_set_new(result, "implemented_by", down);
    json_object_set_new(result, "truncated", json_boolean(cut_up || cut_down));
    return 0;
}

/* ---- unused_symbols and hotspots --------------------------------------------- */

static const char *const restricted[] = {"private", "static", "internal", "fileprivate", "protected", NULL};

/* Whether nothing outside the code base can reach the definition by its name:
 * a visibility that keeps it in its file, type or package, and not an entry
 * point a runtime calls by name. */
static int unreachable_from_outside(const json_t *sym)
{
    const char *vis = json_string_value(json_object_get(sym, "visibility"));
    const char *name = json_string_value(json_object_get(sym, "name"));
    const char *file = json_string_value(json_object_get(sym, "file"));
    const char *shortname = strrchr(name, '.') ? strrchr(name, '.') + 1 : name;
    int restricting = 0;
    for (int i = 0; vis && restricted[i]; i++) restricting |= strcmp(vis, restricted[i]) == 0;
    if (!restricting) return 0;
    if (strstr(file, "test") || strstr(file, "Test")) return 0;
    size_t n = strlen(shortname);
    /* dunder methods are called by the runtime */
    if (n > 4 && strncmp(shortname, "__", 2) == 0 && strcmp(shortname + n - 2, "__") == 0) return 0;
    return strcmp(shortname, "main") != 0 && strcmp(shortname, "init") != 0;
}

typedef struct unused_list {
    const ask *a;
    json_t *items;
    int64_t kept;
    json_t *imported; /* the names imports bring in */
    char *file;       /* the last candidate's file: candidates come by file */
    json_t *package;  /* the paths of the package `texts` holds */
    json_t *texts;    /* the text of each of its files, or null when unreadable */
    json_t *handed;   /* beside each: the words it hands to macros, or null: not read yet */
    char *dir;        /* the directory `unindexed` holds the files of */
    json_t *unindexed; /* the texts of its files the index holds nothing of */
    char *including_file;   /* the file `included` lists the imports of */
    json_t *included;       /* the indexed files it imports */
    json_t *included_handed; /* beside each: the words it hands to macros, or null: not read yet (false: unreadable) */
    char *imported_file;    /* the file `importers` lists the importers of */
    json_t *importers;      /* their paths, or null: too many to read */
    json_t *importer_texts; /* the text of each, as `texts` */
} unused_list;

static int add_imported(const char *name, void *payload)
{
    json_object_set_new(payload, name, json_true());
    return 0;
}

static int identifier_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/* How many times `name` is written as a whole word in `text`, counting up to `enough`. */
static size_t word_count(const char *text, const char *name, size_t enough)
{
    size_t n = strlen(name), count = 0;
    for (const char *p = strstr(text, name); p && count < enough; p = strstr(p + n, name))
        if ((p == text || !identifier_char(p[-1])) && !identifier_char(p[n])) count++;
    return count;
}

static int add_path(const char *path, void *payload)
{
    json_array_append_new(payload, json_string(path));
    return 0;
}

/* The paths of `file`'s package; their texts are forgotten when it is
 * another package, and read as they are needed (null: not read yet; false:
 * unreadable). */
static int read_package(unused_list *u, const char *file)
{
    json_t *paths = json_array();
    int rc = cortex_store_read_package_paths(u->a->s->db, file, add_path, paths);
    if (rc) {
        json_decref(paths);
        return rc;
    }
    if (!json_equal(paths, u->package)) {
        json_decref(u->package);
        u->package = json_incref(paths);
        json_array_clear(u->texts);
        json_array_clear(u->handed);
        for (size_t i = 0; i < json_array_size(paths); i++) {
            json_array_append_new(u->texts, json_null());
            json_array_append_new(u->handed, json_null());
        }
    }
    json_decref(paths);
    return 0;
}

/* The text of the repository's file `path`: a string, or false when it cannot be read. */
static json_t *read_text(const unused_list *u, const char *path)
{
    cortex_answer_cache_note_read(u->a->read, u->a->s->repo->root, path);
    char *read = cortex_read_lines(u->a->s->repo->root, path, 1, INT64_MAX);
    json_t *text = read ? json_stringn_nocheck(read, strlen(read)) : json_false();
    free(read);
    return text;
}

/* The `i`th text of `texts`, the text of `paths`' `i`th file, read when it is first asked for. */
static json_t *text_at(const unused_list *u, json_t *paths, json_t *texts, size_t i)
{
    json_t *text = json_array_get(texts, i);
    if (json_is_null(text)) {
        text = read_text(u, json_string_value(json_array_get(paths, i)));
        json_array_set_new(texts, i, text);
    }
    return text;
}

/* Whether the file `path`, whose text is `text`, writes `name` more often
 * than the index records it there (or cannot be read): a use the index
 * does not hold. Negative: the store's error. */
static int written_beyond_records(const unused_list *u, const char *path, const json_t *text, const char *name)
{
    if (!json_is_string(text)) return 1;
    size_t seen = word_count(json_string_value(text), name, SIZE_MAX);
    if (!seen) return 0;
    int64_t recorded = 0;
    int rc = cortex_store_read_names_recorded(&recorded, u->a->s->db, path, name);
    return rc ? rc : (int64_t)seen > recorded;
}

static int indexed(const cortex_store_file *file, void *payload)
{
    (void)file;
    (void)payload;
    return 0;
}

/* The texts of the files beside `file` that no plugin indexes (assembly
 * beside Go code calling `·name(SB)`, scripts, data): a name one writes is
 * a use the index cannot record. Read once per directory (candidates come
 * by path); links, large files and binary ones are not read. */
static void read_unindexed(unused_list *u, const char *file)
{
    const char *slash = strrchr(file, '/');
    char *dir = cortex_xstrndup(file, slash ? (size_t)(slash - file) : 0);
    if (u->dir && strcmp(u->dir, dir) == 0) {
        free(dir);
        return;
    }
    free(u->dir);
    u->dir = dir;
    json_array_clear(u->unindexed);
    const char *root = u->a->s->repo->root;
    cortex_answer_cache_note_read(u->a->read, root, dir); /* a file come or gone changes the directory */
    cortex_buf abs = {0};
    cortex_buf_printf(&abs, "%s%s%s", root, *dir ? "/" : "", dir);
    DIR *d = opendir(abs.data);
    cortex_buf_free(&abs);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        cortex_buf rel = {0};
        cortex_buf_printf(&rel, "%s%s%s", dir, *dir ? "/" : "", e->d_name);
        /* a regular file, reached through no link (cortex_open_beneath) */
        int unindexed = cortex_store_read_file(u->a->s->db, rel.data, indexed, NULL) == CORTEX_ENOTFOUND;
        if (unindexed) cortex_answer_cache_note_read(u->a->read, root, rel.data);
        int fd = unindexed ? cortex_open_beneath(root, rel.data) : -1;
        struct stat st;
        if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size <= UNINDEXED_MAX_BYTES) {
            size_t n = (size_t)st.st_size;
            char *text = cortex_xmalloc(n + 1);
            if (cortex_read_all(fd, text, n) == 0 && !memchr(text, '\0', n))
                json_array_append_new(u->unindexed, json_stringn_nocheck(text, n));
            free(text);
        }
        if (fd >= 0) close(fd);
        cortex_buf_free(&rel);
    }
    closedir(d);
}

/* Whether its package (its file, or where packages are directories, the
 * directory's files of its language) writes the name anywhere the index
 * records no definition or reference of that name: an alias in a class body
 * (`__setitem__ = _fail`), a function stored in another file's table
 * (`merge: mergeBytes`), a comment that talks of it. Such a use is no
 * reference the index records, and "unused" would be a guess. The
 * references it does record there are bound to other definitions (the
 * candidates' query saw to it), so each file may write the name as often
 * as it defines or references it, no more. An unreadable file leaves the
 * name not judged. */
static int named_elsewhere_in_package(unused_list *u, const cortex_store_symbol *sym)
{
    if (!u->file || strcmp(u->file, sym->file) != 0) {
        free(u->file);
        u->file = cortex_xstrdup(sym->file);
        int rc = read_package(u, sym->file);
        if (rc) return rc;
    }
    for (size_t i = 0; i < json_array_size(u->package); i++) {
        int written = written_beyond_records(u, json_string_value(json_array_get(u->package, i)),
                                             text_at(u, u->package, u->texts, i), sym->short_name);
        if (written) return written;
    }
    read_unindexed(u, sym->file);
    for (size_t i = 0; i < json_array_size(u->unindexed); i++)
        if (word_count(json_string_value(json_array_get(u->unindexed, i)), sym->short_name, 1)) return 1;
    return 0;
}

/* The files read at most around a definition (its file's importers, the
 * files its file imports), each read whole: past them its definitions are
 * not judged. */
#define IMPORTERS_READ_AT_MOST 64

/* Whether the line holding `at` starts with a macro definition (`#define`). */
static int defining_line(const char *text, const char *at)
{
    const char *line = at;
    while (line > text && line[-1] != '\n') line--;
    while (*line == ' ' || *line == '\t') line++;
    if (*line++ != '#') return 0;
    while (*line == ' ' || *line == '\t') line++;
    return strncmp(line, "define", 6) == 0 && (line[6] == ' ' || line[6] == '\t');
}

/* Whether the word at `p` (`n` bytes) of `text` is handed to a macro: an
 * argument of a call (the whole word between `(` or `,` and `)` or `,`,
 * spaces aside), or the value a macro is defined to (`#define MTYPE w`). */
static int handed_to_a_macro(const char *text, const char *p, size_t n)
{
    const char *before = p, *after = p + n;
    while (before > text && isspace((unsigned char)before[-1]) && before[-1] != '\n') before--;
    while (*after == ' ' || *after == '\t') after++;
    if ((*after == '\n' || *after == '\0') && before != p && before > text && identifier_char(before[-1]) &&
        defining_line(text, p))
        return 1;
    while (isspace((unsigned char)*after)) after++;
    while (before > text && isspace((unsigned char)before[-1])) before--;
    return before > text && (before[-1] == '(' || before[-1] == ',') && (*after == ')' || *after == ',');
}

/* The words `text` hands to macros, as the keys of an object: read once a
 * file, each part of a name then looked up. */
static json_t *words_handed_to_macros(const char *text)
{
    json_t *words = json_object();
    char word[512];
    for (const char *p = text; *p;) {
        if (!identifier_char(*p)) {
            p++;
            continue;
        }
        const char *w = p;
        while (identifier_char(*p)) p++;
        size_t n = (size_t)(p - w);
        if (n < sizeof word && handed_to_a_macro(text, w, n)) {
            memcpy(word, w, n);
            word[n] = '\0';
            json_object_set_new(words, word, json_true());
        }
    }
    return words;
}

/* Whether `handed` (words handed to macros) holds a part of `name`: what
 * lies between two of its underscores, or one and an end, never the whole. */
static int hands_a_part(const json_t *handed, const char *name)
{
    size_t len = strlen(name);
    char part[512];
    for (size_t start = 0; start < len; start++) {
        if (start > 0 && name[start - 1] != '_') continue;
        for (size_t end = start + 2; end <= len; end++) {
            if ((end < len && name[end] != '_') || (start == 0 && end == len)) continue;
            if (end - start >= sizeof part) break;
            memcpy(part, name + start, end - start);
            part[end - start] = '\0';
            if (json_object_get(handed, part)) return 1;
        }
    }
    return 0;
}

static int add_included(const cortex_store_import *import, void *payload)
{
    if (import->resolved) json_array_append_new(payload, json_string(import->resolved));
    return 0;
}

/* Lists the indexed files `file` imports into u->included, the words they
 * hand to macros not read yet. */
static int read_included(unused_list *u, const char *file)
{
    free(u->including_file);
    u->including_file = cortex_xstrdup(file);
    json_array_clear(u->included);
    json_array_clear(u->included_handed);
    int64_t id = 0;
    int rc = cortex_store_read_file(u->a->s->db, file, cortex_file_id_of, &id);
    if (rc) return rc == CORTEX_ENOTFOUND ? 0 : rc;
    rc = cortex_store_read_imports(u->a->s->db, id, add_included, u->included);
    for (size_t i = 0; i < json_array_size(u->included); i++) json_array_append_new(u->included_handed, json_null());
    return rc;
}

/* Whether a macro may make the name from a part of it that its package, or a
 * file its file imports, hands to a macro (`DEFINE_SHOW_ATTRIBUTE(status)`
 * making `status_show`; `LOCKDEP_STATE(SOFTIRQ)` in an included list making
 * `SOFTIRQ_verbose`), in a language whose macros paste tokens
 * (macros_make_names). A file that
 * cannot be read leaves the name not judged, as in
 * named_elsewhere_in_package. */
static int pasted_by_a_macro(unused_list *u, const cortex_store_symbol *sym)
{
    for (size_t i = 0; i < json_array_size(u->package); i++) {
        json_t *text = text_at(u, u->package, u->texts, i);
        if (!json_is_string(text)) return 1;
        json_t *handed = json_array_get(u->handed, i);
        if (json_is_null(handed)) {
            handed = words_handed_to_macros(json_string_value(text));
            json_array_set_new(u->handed, i, handed);
        }
        if (hands_a_part(handed, sym->short_name)) return 1;
    }
    if (!u->including_file || strcmp(u->including_file, sym->file) != 0) {
        int rc = read_included(u, sym->file);
        if (rc) return rc;
    }
    for (size_t i = 0; i < json_array_size(u->included) && i < IMPORTERS_READ_AT_MOST; i++) {
        json_t *handed = json_array_get(u->included_handed, i);
        if (json_is_null(handed)) {
            json_t *text = read_text(u, json_string_value(json_array_get(u->included, i)));
            handed = json_is_string(text) ? words_handed_to_macros(json_string_value(text)) : json_false();
            json_decref(text);
            json_array_set_new(u->included_handed, i, handed);
        }
        if (!json_is_object(handed) || hands_a_part(handed, sym->short_name)) return 1;
    }
    return 0;
}

static int add_importer(const cortex_store_importer *importer, void *payload)
{
    json_object_set_new(payload, importer->file, json_true());
    return 0;
}

/* Lists the files importing `file` into u->importers (null when there are
 * more than IMPORTERS_READ_AT_MOST), their texts not read yet. */
static int read_importers(unused_list *u, const char *file)
{
    free(u->imported_file);
    u->imported_file = cortex_xstrdup(file);
    json_decref(u->importers);
    u->importers = json_array();
    json_array_clear(u->importer_texts);
    int64_t id = 0;
    int rc = cortex_store_read_file(u->a->s->db, file, cortex_file_id_of, &id);
    if (rc) return rc == CORTEX_ENOTFOUND ? 0 : rc;
    json_t *seen = json_object();
    rc = cortex_store_read_importers(u->a->s->db, id, add_importer, seen);
    if (!rc && json_object_size(seen) > IMPORTERS_READ_AT_MOST) {
        json_decref(u->importers);
        u->importers = json_null();
    } else if (!rc) {
        const char *path;
        json_t *v;
        json_object_foreach(seen, path, v) {
            if (strcmp(path, file) == 0) continue;
            json_array_append_new(u->importers, json_string(path));
            json_array_append_new(u->importer_texts, json_null());
        }
    }
    json_decref(seen);
    return rc;
}

/* Whether, in a language whose macros' bodies the index does not read
 * (CORTEX_PLUGIN_MACROS_MAKE_NAMES), a file importing the definition's
 * writes its name more often than the index records it there: in a macro's
 * body (`#define XFS_RTLOBIT(w) xfs_lowbit32(w)`), or stored in a table
 * (`.release = xfs_sysfs_release`), which a file's values keep only for the
 * names it defines. Too many importers to read, or one unreadable, leave the
 * name not judged. */
static int named_by_an_importer(unused_list *u, const cortex_store_symbol *sym)
{
    if (!u->imported_file || strcmp(u->imported_file, sym->file) != 0) {
        int rc = read_importers(u, sym->file);
        if (rc) return rc;
    }
    if (json_is_null(u->importers)) return 1;
    for (size_t i = 0; i < json_array_size(u->importers); i++) {
        int written = written_beyond_records(u, json_string_value(json_array_get(u->importers, i)),
                                             text_at(u, u->importers, u->importer_texts, i), sym->short_name);
        if (written) return written;
    }
    return 0;
}

/* Whether the definition's language makes names with its macros
 * (CORTEX_PLUGIN_MACROS_MAKE_NAMES): then what they may make is looked for. */
static int macros_make_names(const unused_list *u, const cortex_store_symbol *sym)
{
    const cortex_language_plugin *p = cortex_plugin_set_match(cortex_repo_plugins(u->a->s->repo), sym->file);
    return p && (p->flags & CORTEX_PLUGIN_MACROS_MAKE_NAMES);
}

/* Whether a text anywhere writes the name qualified by its directory's or
 * its file's name (`pkg.name`): a directive a linker or a generator reads
 * (Go's `//go:linkname local pkg.name` in another package). */
static int mentioned_qualified(unused_list *u, const cortex_store_symbol *sym)
{
    char qualifier[4096];
    snprintf(qualifier, sizeof qualifier, "%s", sym->file);
    char *slash = strrchr(qualifier, '/');
    const char *base = slash ? slash + 1 : qualifier;
    char stem[4096];
    snprintf(stem, sizeof stem, "%s", base);
    char *dot = strrchr(stem, '.');
    if (dot && dot != stem) *dot = '\0';
    int found = 0;
    int rc = cortex_store_read_qualified_mention(&found, u->a->s->db, stem, sym->short_name);
    if (!rc && !found && slash) {
        *slash = '\0';
        const char *dir = strrchr(qualifier, '/') ? strrchr(qualifier, '/') + 1 : qualifier;
        rc = cortex_store_read_qualified_mention(&found, u->a->s->db, dir, sym->short_name);
    }
    return rc ? rc : found;
}

static int add_unused(const cortex_store_symbol *sym, void *payload)
{
    unused_list *u = payload;
    if (json_object_get(u->imported, sym->short_name)) return cancelled(u->a);
    int named = named_elsewhere_in_package(u, sym);
    if (!named && macros_make_names(u, sym)) {
        named = pasted_by_a_macro(u, sym);
        if (!named) named = named_by_an_importer(u, sym);
    }
    /* a file-static definition has no name another file could write */
    if (!named && !(sym->visibility && strcmp(sym->visibility, "static") == 0)) named = mentioned_qualified(u, sym);
    if (named < 0) return named;
    if (named) return cancelled(u->a);
    json_t *item = cortex_symbol_json(sym);
    if (unreachable_from_outside(item)) {
        u->kept++;
        if ((int64_t)json_array_size(u->items) < u->a->max_results) {
            json_object_set_new(item, "why",
                                json_string("no reference or import in the repository reaches it (those bearing "
                                            "its name are bound to other definitions), its package writes it only "
                                            "where the index records it, and its visibility keeps it from code "
                                            "outside this repository"));
            json_array_append(u->items, item);
        }
    }
    json_decref(item);
    return cancelled(u->a);
}

static int op_unused(json_t *result, const ask *a)
{
    static const char *const default_kinds[] = {"function", "method", NULL};
    cortex_store_symbol_filter f = a->filter;
    if (!a->kinds[0]) f.kinds = default_kinds;
    if (!f.visibility) f.visibilities = restricted;
    /* a build variant's definitions are not judged: its callers bind to the default build's */
    f.default_build = 1;
    /* No reference in the repository can reach it: one bearing its name that
     * binding did not bind to another definition may name it where binding
     * could not tell (a method value, a callback through a field). */
    unused_list u = {.a = a,
                     .items = json_array(),
                     .imported = json_object(),
                     .package = json_null(),
                     .texts = json_array(),
                     .handed = json_array(),
                     .unindexed = json_array(),
                     .included = json_array(),
                     .included_handed = json_array(),
                     .importers = json_array(),
                     .importer_texts = json_array()};
    int rc = cortex_store_read_import_items(a->s->db, add_imported, u.imported);
    if (!rc) rc = cortex_store_read_unnamed(a->s->db, &f, add_unused, &u);
    json_decref(u.imported);
    json_decref(u.texts);
    json_decref(u.package);
    json_decref(u.unindexed);
    json_decref(u.importers);
    json_decref(u.importer_texts);
    json_decref(u.handed);
    json_decref(u.included);
    json_decref(u.included_handed);
    free(u.including_file);
    free(u.imported_file);
    free(u.dir);
    free(u.file);
    if (rc) {
        json_decref(u.items);
        return rc;
    }
    finish(result, "symbols", u.items, u.kept, u.kept > a->max_results);
    return 0;
}

static int add_fan(int64_t id, int64_t n, void *payload)
{
    counting *c = payload;
    *CORTEX_PUSH(c->items, c->n, c->cap) = (counted){id, n, 0};
    return 0;
}

static int op_hotspots(json_t *result, const ask *a)
{
    static const char *const callable[] = {"function", "method", NULL};
    cortex_store_symbol_filter f = a->filter;
    if (!a->kinds[0]) f.kinds = callable;
    json_t *fan_in = NULL, *fan_out = NULL;
    int partial = 0;
    int rc = top_referenced(&fan_in, &partial, a, &f, (size_t)a->top_n);
    counting out = {a, NULL, 0, 0, 0, 0, 0, -1, -1, 0, 0};
    if (!rc) rc = cortex_store_read_fan_out(a->s->db, "call", a->top_n, add_fan, &out);
    if (!rc) rc = counted_items(&fan_out, a, out.items, out.n);
    free(out.items);
    if (rc) {
        json_decref(fan_in);
        return rc;
    }
    /* fan-out counts the calls made, bound or not */
    for (size_t i = 0; i < json_array_size(fan_out); i++) {
        json_t *item = json_array_get(fan_out, i);
        json_object_set(item, "calls_made", json_object_get(item, "ref_count"));
        json_object_del(item, "ref_count");
        json_object_del(item, "external_ref_count");
    }
    sort_ranked(fan_out);
    json_object_set_new(result, "fan_in", fan_in);
    json_object_set_new(result, "fan_out", fan_out);
    if (partial)
        json_object_set_new(result, "partial", json_string("fan-in was ranked within a budget of exact counts"));
    return 0;
}

/* ---- import cycles and the directory graph ------------------------------------ */

static void dir_of(char *out, size_t size, const char *path)
{
    snprintf(out, size, "%s", path);
    char *slash = strrchr(out, '/');
    if (slash) *slash = '\0';
    else snprintf(out, size, ".");
}

typedef struct file_graph {
    cortex_graph_builder *files, *dirs;
    json_t *paths;     /* file id (as text) -> path */
    json_t *dir_ids;   /* dir path -> id */
    json_t *dir_list;  /* id -> dir path */
    json_t *dir_edges; /* "from\tto" -> count */
} file_graph;

static int64_t dir_id(file_graph *g, const char *dir)
{
    json_t *id = json_object_get(g->dir_ids, dir);
    if (id) return (int64_t)json_integer_value(id);
    int64_t n = (int64_t)json_array_size(g->dir_list) + 1;
    json_object_set_new(g->dir_ids, dir, json_integer(n));
    json_array_append_new(g->dir_list, json_string(dir));
    return n;
}

static int add_file_edge(const cortex_store_file_edge *e, void *payload)
{
    file_graph *g = payload;
    char key[32], from[4096], to[4096];
    cortex_graph_builder_add(g->files, e->from, e->to, (cortex_graph_edge_info){0, 0});
    snprintf(key, sizeof key, "%lld", (long long)e->from);
    json_object_set_new(g->paths, key, json_string(e->from_path));
    snprintf(key, sizeof key, "%lld", (long long)e->to);
    json_object_set_new(g->paths, key, json_string(e->to_path));
    dir_of(from, sizeof from, e->from_path);
    dir_of(to, sizeof to, e->to_path);
    if (strcmp(from, to) == 0) return 0;
    cortex_graph_builder_add(g->dirs, dir_id(g, from), dir_id(g, to), (cortex_graph_edge_info){0, 0});
    char pair[8200];
    snprintf(pair, sizeof pair, "%s\t%s", from, to);
    json_object_set_new(g->dir_edges, pair, json_integer(json_integer_value(json_object_get(g->dir_edges, pair)) + 1));
    return 0;
}

static int load_file_graph(file_graph *g, const ask *a)
{
    g->files = cortex_graph_builder_new();
    g->dirs = cortex_graph_builder_new();
    g->paths = json_object();
    g->dir_ids = json_object();
    g->dir_list = json_array();
    g->dir_edges = json_object();
    return cortex_store_read_file_edges(a->s->db, add_file_edge, g);
}

static void file_graph_free(file_graph *g)
{
    json_decref(g->paths);
    json_decref(g->dir_ids);
    json_decref(g->dir_list);
    json_decref(g->dir_edges);
}

static json_t *cycles_json(const cortex_graph *gr, const file_graph *g, int dirs, size_t max, size_t *total)
{
    int32_t *members;
    size_t *starts, n;
    cortex_graph_cycles(gr, &members, &starts, &n);
    json_t *list = json_array();
    for (size_t k = 0; k < n && k < max; k++) {
        json_t *cycle = json_array();
        for (size_t i = starts[k]; i < starts[k + 1]; i++) {
            int64_t id = cortex_graph_id(gr, members[i]);
            char key[32];
            snprintf(key, sizeof key, "%lld", (long long)id);
            json_t *name = dirs ? json_array_get(g->dir_list, (size_t)(id - 1)) : json_object_get(g->paths, key);
            json_array_append(cycle, name);
        }
        json_array_append_new(list, cycle);
    }
    *total = n;
    free(members);
    free(starts);
    return list;
}

static int op_cycles(json_t *result, const ask *a)
{
    file_graph g;
    int rc = load_file_graph(&g, a);
    cortex_graph *files = cortex_graph_build(g.files), *dirs = cortex_graph_build(g.dirs);
    if (!rc) {
        size_t nfiles, ndirs;
        json_object_set_new(result, "file_cycles", cycles_json(files, &g, 0, (size_t)a->max_results, &nfiles));
        json_object_set_new(result, "directory_cycles", cycles_json(dirs, &g, 1, (size_t)a->max_results, &ndirs));
        json_object_set_new(result, "file_cycles_total", json_integer((json_int_t)nfiles));
        json_object_set_new(result, "directory_cycles_total", json_integer((json_int_t)ndirs));
        json_object_set_new(result, "truncated",
                            json_boolean(nfiles > (size_t)a->max_results || ndirs > (size_t)a->max_results));
    }
    cortex_graph_free(files);
    cortex_graph_free(dirs);
    file_graph_free(&g);
    return rc;
}

/* Imports between directories, the most first, then by place. */
static int compare_dir_edges(const void *a, const void *b)
{
    const json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
    json_int_t nx = json_integer_value(json_object_get(x, "imports")), ny = json_integer_value(json_object_get(y, "imports"));
    if (nx != ny) return nx > ny ? -1 : 1;
    int c = strcmp(json_string_value(json_object_get(x, "from")), json_string_value(json_object_get(y, "from")));
    return c ? c : strcmp(json_string_value(json_object_get(x, "to")), json_string_value(json_object_get(y, "to")));
}

static int op_dependency_graph(json_t *result, const ask *a)
{
    file_graph g;
    int rc = load_file_graph(&g, a);
    cortex_graph_free(cortex_graph_build(g.files));
    cortex_graph_free(cortex_graph_build(g.dirs));
    json_t *dirs = json_array();
    if (!rc) rc = cortex_store_read_dir_counts(a->s->db, -1, add_dir_count, dirs);
    if (rc) {
        json_decref(dirs);
        file_graph_free(&g);
        return rc;
    }
    json_t *edges = json_array();
    const char *pair;
    json_t *count;
    json_object_foreach(g.dir_edges, pair, count)
    {
        const char *tab = strchr(pair, '\t');
        json_array_append_new(
            edges, json_pack("{s:s%,s:s,s:O}", "from", pair, (size_t)(tab - pair), "to", tab + 1, "imports", count));
    }
    /* the page holds the heaviest dependencies and the largest directories */
    cortex_json_sort(edges, 0, compare_dir_edges);
    size_t nedges = json_array_size(edges), ndirs = json_array_size(dirs);
    while ((int64_t)json_array_size(edges) > a->max_results) json_array_remove(edges, json_array_size(edges) - 1);
    while ((int64_t)json_array_size(dirs) > a->max_results) json_array_remove(dirs, json_array_size(dirs) - 1);
    json_object_set_new(result, "directories", dirs);
    json_object_set_new(result, "directories_total", json_integer((json_int_t)ndirs));
    json_object_set_new(result, "edges", edges);
    json_object_set_new(result, "edges_total", json_integer((json_int_t)nedges));
    json_object_set_new(result, "truncated",
                        json_boolean((int64_t)nedges > a->max_results || (int64_t)ndirs > a->max_results));
    file_graph_free(&g);
    return 0;
}

/* ---- the call --------------------------------------------------------------- */

static const char *const op_names[] = {
    "symbols", "search",         "summary",  "package_summary",       "detail",           "type_hierarchy",
    "scope",   "unused_symbols", "hotspots", "circular_dependencies", "dependency_graph", NULL};

/* The operations that are about one target. */
static int needs_target(const char *op)
{
    return strcmp(op, "package_summary") == 0 || strcmp(op, "detail") == 0 || strcmp(op, "type_hierarchy") == 0 ||
           strcmp(op, "scope") == 0;
}

/* The operations whose answer is the store's alone, read over the whole
 * repository: kept for the next call on the same index (answer_cache.h). */
static int keeps_answer(const char *op)
{
    return strcmp(op, "summary") == 0 || strcmp(op, "hotspots") == 0 || strcmp(op, "circular_dependencies") == 0 ||
           strcmp(op, "dependency_graph") == 0;
}

/* unused_symbols also reads the repository's files, which change without
 * the index knowing: kept with what it read, and taken again only while
 * each is as it was. */
static int keeps_answer_with_reads(const char *op) { return strcmp(op, "unused_symbols") == 0; }

static int analysis_answer(json_t **out, cortex_tool_ctx *ctx, json_t *args, json_t *read);

int cortex_tool_analysis(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    const char *op = json_string_value(json_object_get(args, "operation"));
    int keep = op && keeps_answer(op), keep_reads = op && keeps_answer_with_reads(op);
    if ((keep || keep_reads) && (*out = cortex_answer_cache_get(ctx->reader, "analysis", args))) return 0;
    json_t *read = keep_reads ? json_object() : NULL;
    int rc = analysis_answer(out, ctx, args, read);
    if (rc == 0 && keep) cortex_answer_cache_put(ctx->reader, "analysis", args, *out);
    if (rc == 0 && keep_reads) cortex_answer_cache_put_read(ctx->reader, "analysis", args, *out, read);
    json_decref(read);
    return rc;
}

static int analysis_answer(json_t **out, cortex_tool_ctx *ctx, json_t *args, json_t *read)
{
    const char *op = json_string_value(json_object_get(args, "operation"));
    int known = 0;
    for (int i = 0; op_names[i]; i++) known |= strcmp(op, op_names[i]) == 0;
    if (!known) return cortex_error_set(CORTEX_EINVALID, "unknown operation \"%s\"", op);
    ask a = {ctx,
             ctx->reader,
             args,
             {0},
             {0},
             int_arg(args, "max_results", 100),
             int_arg(args, "top_n", 10),
             int_arg(args, "ref_count_min", -1),
             int_arg(args, "ref_count_max", -1),
             read};
    a.filter.glob = json_string_value(json_object_get(args, "pattern"));
    a.filter.visibility = json_string_value(json_object_get(args, "visibility"));
    json_t *kinds = json_object_get(args, "kinds");
    for (size_t i = 0; i < json_array_size(kinds) && i < MAX_KINDS; i++)
        a.kinds[i] = json_string_value(json_array_get(kinds, i));
    a.filter.kinds = a.kinds[0] ? a.kinds : NULL;
    char prefix[4096] = "";
    const char *path_prefix = json_string_value(json_object_get(args, "path_prefix"));
    if (path_prefix) {
        int rc = cortex_path_resolve(ctx->reader->repo->root, path_prefix, prefix, sizeof prefix);
        if (rc) return rc;
        a.filter.path_prefix = prefix;
    }
    const char *text = json_string_value(json_object_get(args, "target"));
    json_t *result = json_pack("{s:s}", "operation", op);
    int rc = 0;
    if (needs_target(op)) {
        if (!text) {
            json_decref(result);
            return cortex_error_set(CORTEX_EINVALID, "operation %s needs `target`", op);
        }
        if (strcmp(op, "scope") == 0) {
            rc = op_scope(result, &a, text);
        } else {
            cortex_target t;
            if ((rc = cortex_target_resolve(&t, a.s, text))) {
                json_decref(result);
                return rc;
            }
            json_object_set_new(result, "target", t.chosen ? json_incref(t.chosen) : json_null());
            json_object_set_new(result, "candidates", json_incref(t.candidates));
            if (t.kind == CORTEX_TARGET_NONE)
                json_object_set_new(result, "suggestion", t.suggestion ? json_incref(t.suggestion) : json_array());
            else if (strcmp(op, "package_summary") == 0) rc = op_package_summary(result, &a, &t);
            else if (t.kind != CORTEX_TARGET_SYMBOL)
                rc = cortex_error_set(CORTEX_EINVALID, "\"%s\" is a %s; %s takes a definition", text,
                                      t.kind == CORTEX_TARGET_FILE ? "file" : "directory", op);
            else if (strcmp(op, "detail") == 0) rc = op_detail(result, &a, &t);
            else rc = op_type_hierarchy(result, &a, &t);
            cortex_target_dispose(&t);
        }
    } else if (strcmp(op, "symbols") == 0) rc = op_symbols(result, &a);
    else if (strcmp(op, "search") == 0) rc = op_search(result, &a);
    else if (strcmp(op, "summary") == 0) rc = op_summary(result, &a);
    else if (strcmp(op, "unused_symbols") == 0) rc = op_unused(result, &a);
    else if (strcmp(op, "hotspots") == 0) rc = op_hotspots(result, &a);
    else if (strcmp(op, "circular_dependencies") == 0) rc = op_cycles(result, &a);
    else rc = op_dependency_graph(result, &a);
    if (rc) {
        json_decref(result);
        return rc;
    }
    *out = result;
    return 0;
}
