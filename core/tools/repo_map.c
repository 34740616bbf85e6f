/*
 * The repository map (repo_map.h). A file's rank is its PageRank over the
 * graph whose edges are references bound across files (each reference one
 * unit of weight, damping 0.85); a definition's score is the rank its
 * referencing files pass to it, each file's rank shared over its references.
 */
#include "repo_map.h"
#include "repo_map_internal.h"

#include "rank.h"

#include "../util/error.h"
#include "../util/tokens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DAMPING 0.85
#define ITERATIONS 30
#define SYMBOLS_PER_FILE CORTEX_REPO_MAP_SYMBOLS_PER_FILE

typedef cortex_repo_map_file map_file;

/* A definition referenced from one file, and how often: a file's references
 * to it are counted together, so the map holds one of these per file and
 * definition, not one per reference. */
typedef struct use {
    int64_t target;
    uint32_t from, to, count; /* file indexes */
} use;

/* References between two files, as PageRank weighs them. */
typedef struct file_link {
    uint32_t from, to, weight;
} file_link;

/* A definition's score and its file, found by id (open addressing). */
typedef struct scored {
    int64_t target; /* 0: an empty slot */
    double score;
    uint32_t file;
} scored;

typedef struct building {
    map_file *files;
    size_t n, cap;
    double *out; /* references each file makes across files */
    use *uses;
    size_t nuses, ucap;
    file_link *links;
    size_t nlinks, lcap;
    /* the current file's targets, with their files, until the next file starts */
    int64_t from_file;
    size_t from;
    struct pending {
        int64_t target;
        uint32_t to;
    } *pending;
    size_t npending, pcap;
} building;

static int add_file(const cortex_store_file *f, void *payload)
{
    building *b = payload;
    map_file *m = CORTEX_PUSH(b->files, b->n, b->cap);
    *m = (map_file){.id = f->id, .path = cortex_xstrdup(f->path), .vendored_root = cortex_path_vendored_root(f->path)};
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

static int compare_pending(const void *a, const void *b)
{
    const struct pending *x = a, *y = b;
    if (x->to != y->to) return x->to < y->to ? -1 : 1;
    return x->target < y->target ? -1 : x->target > y->target;
}

/* The current file's references, counted by definition and by file. */
static void flush_file(building *b)
{
    if (!b->npending) return;
    qsort(b->pending, b->npending, sizeof *b->pending, compare_pending);
    for (size_t i = 0; i < b->npending;) {
        size_t j = i;
        while (j < b->npending && b->pending[j].to == b->pending[i].to) {
            size_t k = j;
            while (k < b->npending && b->pending[k].target == b->pending[j].target && b->pending[k].to == b->pending[j].to) k++;
            *CORTEX_PUSH(b->uses, b->nuses, b->ucap) =
                (use){b->pending[j].target, (uint32_t)b->from, b->pending[j].to, (uint32_t)(k - j)};
            j = k;
        }
        *CORTEX_PUSH(b->links, b->nlinks, b->lcap) = (file_link){(uint32_t)b->from, b->pending[i].to, (uint32_t)(j - i)};
        b->out[b->from] += (double)(j - i);
        i = j;
    }
    b->npending = 0;
}

static int add_edge(int64_t from_file, int64_t to_file, int64_t target, void *payload)
{
    building *b = payload;
    if (from_file != b->from_file) {
        flush_file(b);
        b->from_file = from_file;
        b->from = index_of(b, from_file);
    }
    size_t to = index_of(b, to_file);
    if (b->from == SIZE_MAX || to == SIZE_MAX) return 0;
    *CORTEX_PUSH(b->pending, b->npending, b->pcap) = (struct pending){target, (uint32_t)to};
    return 0;
}

static int compare_rank(const void *a, const void *b)
{
    const map_file *x = a, *y = b;
    if (x->rank != y->rank) return x->rank > y->rank ? -1 : 1;
    return strcmp(x->path, y->path);
}

static void page_rank(const building *b, double *rank)
{
    size_t n = b->n;
    double *next = cortex_xcalloc(n, sizeof *next);
    for (size_t i = 0; i < n; i++) rank[i] = 1.0 / (double)n;
    for (int it = 0; it < ITERATIONS; it++) {
        /* a file that references nothing spreads its rank over all */
        double dangling = 0;
        for (size_t i = 0; i < n; i++)
            if (b->out[i] == 0) dangling += rank[i];
        double base = (1.0 - DAMPING) / (double)n + DAMPING * dangling / (double)n;
        for (size_t i = 0; i < n; i++) next[i] = base;
        for (size_t i = 0; i < b->nlinks; i++) {
            const file_link *l = &b->links[i];
            next[l->to] += DAMPING * rank[l->from] * (double)l->weight / b->out[l->from];
        }
        memcpy(rank, next, n * sizeof *rank);
    }
    free(next);
}

static uint64_t mix(int64_t id)
{
    uint64_t x = (uint64_t)id;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

typedef struct scores {
    scored *slots;
    size_t mask, n;
} scores;

static scored *score_slot(scores *t, int64_t target)
{
    size_t at = mix(target) & t->mask;
    while (t->slots[at].target && t->slots[at].target != target) at = (at + 1) & t->mask;
    return &t->slots[at];
}

static void scores_grow(scores *t)
{
    scores bigger = {cortex_xcalloc((t->mask + 1) * 2, sizeof *bigger.slots), (t->mask + 1) * 2 - 1, t->n};
    for (size_t i = 0; i <= t->mask; i++)
        if (t->slots[i].target) *score_slot(&bigger, t->slots[i].target) = t->slots[i];
    free(t->slots);
    *t = bigger;
}

/* A file's best few definitions, best first. */
static void keep_top(map_file *f, int64_t target, double score)
{
    size_t at = f->ntop;
    while (at > 0 && (f->top_score[at - 1] < score || (f->top_score[at - 1] == score && f->top[at - 1] > target))) at--;
    if (at >= SYMBOLS_PER_FILE) return;
    size_t last = f->ntop < SYMBOLS_PER_FILE ? f->ntop : SYMBOLS_PER_FILE - 1;
    memmove(f->top + at + 1, f->top + at, (last - at) * sizeof *f->top);
    memmove(f->top_score + at + 1, f->top_score + at, (last - at) * sizeof *f->top_score);
    f->top[at] = target;
    f->top_score[at] = score;
    if (f->ntop < SYMBOLS_PER_FILE) f->ntop++;
}

/* Each definition's score, the rank its referencing files pass to it (each
 * file's rank shared over its references), kept per file as its best few. */
static void score_definitions(building *b, const double *rank)
{
    scores t = {cortex_xcalloc(1024, sizeof *t.slots), 1023, 0};
    for (size_t i = 0; i < b->nuses; i++) {
        const use *u = &b->uses[i];
        if (2 * (t.n + 1) > t.mask + 1) scores_grow(&t);
        scored *slot = score_slot(&t, u->target);
        if (!slot->target) {
            *slot = (scored){.target = u->target, .file = u->to};
            t.n++;
        }
        slot->score += rank[u->from] * (double)u->count / b->out[u->from];
    }
    for (size_t i = 0; i <= t.mask; i++)
        if (t.slots[i].target) keep_top(&b->files[t.slots[i].file], t.slots[i].target, t.slots[i].score);
    free(t.slots);
}

static void building_free(building *b)
{
    free(b->out);
    free(b->uses);
    free(b->links);
    free(b->pending);
}

static int build(cortex_repo_map **out, cortex_reader *s, int64_t generation)
{
    building b = {.from_file = -1, .from = SIZE_MAX};
    cortex_store_file_filter all = {.dir = ""};
    int rc = cortex_store_read_files(s->db, &all, add_file, &b);
    if (rc == 0 && b.n) qsort(b.files, b.n, sizeof *b.files, compare_file_ids);
    b.out = cortex_xcalloc(b.n ? b.n : 1, sizeof *b.out);
    if (rc == 0) rc = cortex_store_read_cross_refs(s->db, add_edge, &b);
    if (rc == 0) flush_file(&b);
    free(b.pending);
    b.pending = NULL;
    if (rc == 0 && b.n) {
        double *rank = cortex_xcalloc(b.n, sizeof *rank);
        page_rank(&b, rank);
        score_definitions(&b, rank);
        for (size_t i = 0; i < b.n; i++) b.files[i].rank = rank[i];
        free(rank);
        qsort(b.files, b.n, sizeof *b.files, compare_rank);
    }
    building_free(&b);
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

/* How many files a map of an older generation no longer describes: those
 * written or added since, and those gone. */
typedef struct changes {
    int64_t *ids; /* the map's files, sorted */
    size_t n;
    int64_t since, written, unchanged, rewritten;
} changes;

static int compare_ids(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static int note_change(const cortex_store_file *f, void *payload)
{
    changes *c = payload;
    if (f->generation <= c->since) {
        c->unchanged++; /* there then, and in the map */
        return 0;
    }
    c->written++;
    if (bsearch(&f->id, c->ids, c->n, sizeof *c->ids, compare_ids)) c->rewritten++;
    return 0;
}

static int changed_since(int64_t *out, cortex_reader *s, const cortex_repo_map *m)
{
    changes c = {.ids = cortex_xcalloc(m->n ? m->n : 1, sizeof *c.ids), .n = m->n, .since = m->generation};
    for (size_t i = 0; i < m->n; i++) c.ids[i] = m->files[i].id;
    qsort(c.ids, c.n, sizeof *c.ids, compare_ids);
    cortex_store_file_filter all = {.dir = ""};
    int rc = cortex_store_read_files(s->db, &all, note_change, &c);
    free(c.ids);
    int64_t gone = (int64_t)m->n - c.unchanged - c.rewritten;
    *out = c.written + (gone > 0 ? gone : 0);
    return rc;
}

/* A map of an older generation serves while the files changed since are at
 * most this share of its files (one in this many), labelled with its
 * generation and that count: the ranks of a large repository move little
 * with a few edits, and building it again reads every reference. */
#define STALE_SHARE 100

int cortex_repo_map_get(const cortex_repo_map **out, cortex_reader *s)
{
    char store_id[sizeof s->map->store_id];
    int64_t generation;
    int rc = cortex_store_read_identity(s->db, store_id, sizeof store_id, &generation);
    if (rc) return rc;
    if (s->map && strcmp(s->map->store_id, store_id) != 0) {
        cortex_repo_map_free(s->map);
        s->map = NULL;
    }
    size_t len = strlen(s->repo->store_path) + sizeof "-map";
    char *path = cortex_xmalloc(len);
    snprintf(path, len, "%s-map", s->repo->store_path);
    if (!s->map || (s->map->generation != generation && s->map->checked_at != generation)) {
        /* built once for the store's generation, by whichever process needed it first */
        cortex_repo_map *kept = cortex_repo_map_cache_load(path, store_id, generation);
        if (kept && (!s->map || kept->generation > s->map->generation)) {
            cortex_repo_map_free(s->map);
            s->map = kept;
            snprintf(s->map->store_id, sizeof s->map->store_id, "%s", store_id);
        } else {
            cortex_repo_map_free(kept);
        }
    }
    if (s->map && s->map->generation != generation && s->map->checked_at != generation) {
        int64_t changed = 0;
        rc = changed_since(&changed, s, s->map);
        s->map->stale = 1;
        s->map->checked_at = generation;
        s->map->changed_since = changed;
        if (rc || changed * STALE_SHARE > (int64_t)s->map->n) {
            cortex_repo_map_free(s->map);
            s->map = NULL;
        }
    }
    if (!s->map && !rc) {
        rc = build(&s->map, s, generation);
        if (rc == 0) {
            cortex_repo_map_cache_save(s->map, path, store_id);
            snprintf(s->map->store_id, sizeof s->map->store_id, "%s", store_id);
        }
    }
    free(path);
    *out = s->map;
    return rc;
}

/* ---- within a budget ------------------------------------------------------------ */

static int file_exists(const cortex_store_file *f, void *payload)
{
    (void)f, (void)payload;
    return 0;
}

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
        size_t root = m->files[i].vendored_root;
        if (!root || (slen && (strncmp(path, scope, slen) != 0 || path[slen] != '/'))) continue;
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
        if (f->vendored_root || f->ntop == 0) continue;
        /* a map of an older generation may name a file since gone */
        if (m->stale && cortex_store_read_file(s->db, f->path, file_exists, NULL) != 0) continue;
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
    json_t *out = json_pack("{s:o,s:o,s:I}", "files", files, "vendored", vendored, "tokens",
                            (json_int_t)cortex_tokens_of(used));
    if (m->stale) { /* say which index it ranks, and how far that is from this one */
        json_object_set_new(out, "generation", json_integer(m->generation));
        json_object_set_new(out, "files_changed_since", json_integer(m->changed_since));
    }
    return out;
}
