/*
 * The repository map (repo_map.h). A file's rank is its PageRank over the
 * graph whose edges are references bound across files (each reference one
 * unit of weight, damping 0.85); a definition's score is the rank its
 * referencing files pass to it, each file's rank shared over its references.
 */
#include "repo_map.h"

#include "rank.h"

#include "../util/error.h"
#include "../util/tokens.h"

#include <stdlib.h>
#include <string.h>

#define DAMPING 0.85
#define ITERATIONS 30
/* Definitions named per file in the map. */
#define SYMBOLS_PER_FILE 5

typedef struct map_file {
    int64_t id;
    char *path;
    double rank;
    int64_t top[SYMBOLS_PER_FILE];
    double top_score[SYMBOLS_PER_FILE];
    size_t ntop;
} map_file;

struct cortex_repo_map {
    int64_t generation;
    map_file *files; /* by rank, best first */
    size_t n;
};

typedef struct edge {
    int64_t target;
    size_t from, to; /* file indexes */
} edge;

typedef struct building {
    map_file *files;
    size_t n, cap;
    edge *edges;
    size_t nedges, ecap;
} building;

static int add_file(const cortex_store_file *f, void *payload)
{
    building *b = payload;
    map_file *m = CORTEX_PUSH(b->files, b->n, b->cap);
    *m = (map_file){.id = f->id, .path = cortex_xstrdup(f->path)};
    return 0;
}

static int compare_file_ids(const void *a, const void *b)
{
    const map_file *x = a, *y = b;
    return x->id < y->id ? -1 : x->id > y->id;
}

static size_t index_of(const building *b, int64_t id)
{
    size_t lo = 0, hi = b->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (b->files[mid].id < id) lo = mid + 1;
        else hi = mid;
    }
    return lo < b->n && b->files[lo].id == id ? lo : SIZE_MAX;
}

static int add_edge(int64_t from_file, int64_t to_file, int64_t target, void *payload)
{
    building *b = payload;
    size_t from = index_of(b, from_file), to = index_of(b, to_file);
    if (from == SIZE_MAX || to == SIZE_MAX) return 0;
    *CORTEX_PUSH(b->edges, b->nedges, b->ecap) = (edge){target, from, to};
    return 0;
}

static int compare_targets(const void *a, const void *b)
{
    const edge *x = a, *y = b;
    return x->target < y->target ? -1 : x->target > y->target;
}

static int compare_rank(const void *a, const void *b)
{
    const map_file *x = a, *y = b;
    if (x->rank != y->rank) return x->rank > y->rank ? -1 : 1;
    return strcmp(x->path, y->path);
}

static void page_rank(building *b, double *rank)
{
    size_t n = b->n;
    size_t *out = cortex_xcalloc(n, sizeof *out);
    for (size_t i = 0; i < b->nedges; i++) out[b->edges[i].from]++;
    double *next = cortex_xcalloc(n, sizeof *next);
    for (size_t i = 0; i < n; i++) rank[i] = 1.0 / (double)n;
    for (int it = 0; it < ITERATIONS; it++) {
        /* a file that references nothing spreads its rank over all */
        double dangling = 0;
        for (size_t i = 0; i < n; i++)
            if (!out[i]) dangling += rank[i];
        double base = (1.0 - DAMPING) / (double)n + DAMPING * dangling / (double)n;
        for (size_t i = 0; i < n; i++) next[i] = base;
        for (size_t i = 0; i < b->nedges; i++) {
            const edge *e = &b->edges[i];
            next[e->to] += DAMPING * rank[e->from] / (double)out[e->from];
        }
        memcpy(rank, next, n * sizeof *rank);
    }
    /* each definition's score: the rank passed to it, kept per file as its best few */
    for (size_t i = 0; i < b->nedges;) {
        size_t j = i;
        double score = 0;
        for (; j < b->nedges && b->edges[j].target == b->edges[i].target; j++)
            score += rank[b->edges[j].from] / (double)out[b->edges[j].from];
        map_file *f = &b->files[b->edges[i].to];
        size_t at = f->ntop;
        while (at > 0 && f->top_score[at - 1] < score) at--;
        if (at < SYMBOLS_PER_FILE) {
            size_t last = f->ntop < SYMBOLS_PER_FILE ? f->ntop : SYMBOLS_PER_FILE - 1;
            memmove(f->top + at + 1, f->top + at, (last - at) * sizeof *f->top);
            memmove(f->top_score + at + 1, f->top_score + at, (last - at) * sizeof *f->top_score);
            f->top[at] = b->edges[i].target;
            f->top_score[at] = score;
            if (f->ntop < SYMBOLS_PER_FILE) f->ntop++;
        }
        i = j;
    }
    free(next);
    free(out);
}

static int build(cortex_repo_map **out, cortex_reader *s, int64_t generation)
{
    building b = {0};
    cortex_store_file_filter all = {.dir = ""};
    int rc = cortex_store_read_files(s->db, &all, add_file, &b);
    if (rc == 0 && b.n) qsort(b.files, b.n, sizeof *b.files, compare_file_ids);
    if (rc == 0) rc = cortex_store_read_cross_refs(s->db, add_edge, &b);
    if (rc == 0 && b.nedges) qsort(b.edges, b.nedges, sizeof *b.edges, compare_targets);
    if (rc == 0 && b.n) {
        double *rank = cortex_xcalloc(b.n, sizeof *rank);
        page_rank(&b, rank);
        for (size_t i = 0; i < b.n; i++) b.files[i].rank = rank[i];
        free(rank);
        qsort(b.files, b.n, sizeof *b.files, compare_rank);
    }
    free(b.edges);
    cortex_repo_map *m = cortex_xcalloc(1, sizeof *m);
    m->generation = generation;
    m->files = b.files;
    m->n = b.n;
    if (rc) {
        cortex_repo_map_free(m);
        m = NULL;
    }
    *out = m;
    return rc;
}

void cortex_repo_map_free(cortex_repo_map *m)
{
    if (!m) return;
    for (size_t i = 0; i < m->n; i++) free(m->files[i].path);
    free(m->files);
    free(m);
}

int cortex_repo_map_get(const cortex_repo_map **out, cortex_reader *s)
{
    int64_t generation = cortex_store_read_generation(s->db);
    if (s->map && s->map->generation == generation) {
        *out = s->map;
        return 0;
    }
    cortex_repo_map_free(s->map);
    s->map = NULL;
    int rc = build(&s->map, s, generation);
    *out = s->map;
    return rc;
}

/* ---- within a budget ------------------------------------------------------------ */

static int symbol_name(const cortex_store_symbol *sym, void *payload)
{
    *(char **)payload = cortex_xstrdup(sym->name);
    return 0;
}

json_t *cortex_repo_map_json(cortex_reader *s, const cortex_repo_map *m, const char *scope, int64_t tokens)
{
    size_t slen = strlen(scope);
    json_t *files = json_array(), *vendored = json_array();
    size_t used = 0, budget = (size_t)tokens * CORTEX_BYTES_PER_TOKEN;
    /* vendored trees first, one short line each: their files never fill the map */
    for (size_t i = 0; i < m->n; i++) {
        const char *path = m->files[i].path;
        if (slen && (strncmp(path, scope, slen) != 0 || path[slen] != '/')) continue;
        size_t root = cortex_path_vendored_root(path);
        if (!root) continue;
        json_t *found = NULL;
        for (size_t j = 0; j < json_array_size(vendored) && !found; j++) {
            const char *p = json_string_value(json_object_get(json_array_get(vendored, j), "path"));
            if (strlen(p) == root && strncmp(p, path, root) == 0) found = json_array_get(vendored, j);
        }
        if (found) {
            json_object_set_new(found, "files", json_integer(json_integer_value(json_object_get(found, "files")) + 1));
        } else {
            char *p = cortex_xstrndup(path, root);
            json_array_append_new(vendored, json_pack("{s:o,s:i}", "path", cortex_text_json(p), "files", 1));
            used += root + 16;
            free(p);
        }
    }
    for (size_t i = 0; i < m->n && used < budget; i++) {
        const map_file *f = &m->files[i];
        if (slen && (strncmp(f->path, scope, slen) != 0 || f->path[slen] != '/')) continue;
        /* a file nothing references across files: the directory listing names it already */
        if (cortex_path_vendored_root(f->path) || f->ntop == 0) continue;
        size_t cost = strlen(f->path) + 2;
        json_t *names = json_array();
        for (size_t k = 0; k < f->ntop; k++) {
            char *name = NULL;
            if (cortex_store_read_symbol(s->db, f->top[k], symbol_name, &name) == 0 && name) {
                cost += strlen(name) + 2;
                json_array_append_new(names, cortex_text_json(name));
            }
            free(name);
        }
        if (used + cost > budget) {
            json_decref(names);
            break;
        }
        used += cost;
        json_array_append_new(files, json_pack("{s:o,s:o}", "file", cortex_text_json(f->path), "symbols", names));
    }
    return json_pack("{s:o,s:o,s:I}", "files", files, "vendored", vendored, "tokens",
                     (json_int_t)cortex_tokens_of(used));
}
