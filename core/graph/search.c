/*
 * Walks of a graph asked for node by node (search.h).
 */
#include "search.h"

#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>

void cortex_graph_steps_push(cortex_graph_steps *s, cortex_graph_step step)
{
    *CORTEX_PUSH(s->items, s->n, s->cap) = step;
}

/* ---- the nodes seen: an open-addressing set of ids, each with a value ---- */

#define EMPTY INT64_MIN

typedef struct seen_set {
    int64_t *keys;
    size_t *values;
    size_t cap, n; /* cap: a power of two */
} seen_set;

static size_t slot_of(const seen_set *s, int64_t id)
{
    uint64_t h = (uint64_t)id * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 17) & (s->cap - 1);
    while (s->keys[i] != EMPTY && s->keys[i] != id) i = (i + 1) & (s->cap - 1);
    return i;
}

static void seen_init(seen_set *s)
{
    s->cap = 256;
    s->n = 0;
    s->keys = cortex_xmalloc(s->cap * sizeof *s->keys);
    s->values = cortex_xmalloc(s->cap * sizeof *s->values);
    for (size_t i = 0; i < s->cap; i++) s->keys[i] = EMPTY;
}

static void seen_free(seen_set *s)
{
    free(s->keys);
    free(s->values);
}

/* 1 and its value in *value when `id` is in the set. */
static int seen_get(const seen_set *s, int64_t id, size_t *value)
{
    size_t i = slot_of(s, id);
    if (s->keys[i] == EMPTY) return 0;
    if (value) *value = s->values[i];
    return 1;
}

/* Adds `id` (not in the set yet). */
static void seen_put(seen_set *s, int64_t id, size_t value)
{
    if (2 * (s->n + 1) > s->cap) {
        seen_set bigger = {cortex_xmalloc(2 * s->cap * sizeof *s->keys), cortex_xmalloc(2 * s->cap * sizeof *s->values),
                           2 * s->cap, 0};
        for (size_t i = 0; i < bigger.cap; i++) bigger.keys[i] = EMPTY;
        for (size_t i = 0; i < s->cap; i++)
            if (s->keys[i] != EMPTY) seen_put(&bigger, s->keys[i], s->values[i]);
        seen_free(s);
        *s = bigger;
    }
    size_t i = slot_of(s, id);
    s->keys[i] = id;
    s->values[i] = value;
    s->n++;
}

/* ---- breadth first ---------------------------------------------------------- */

static int compare_reached(const void *a, const void *b)
{
    const cortex_graph_reached *x = a, *y = b;
    if (x->id != y->id) return x->id < y->id ? -1 : 1;
    /* the same node reached twice in a level: the least (via, ref) wins */
    if (x->via != y->via) return x->via < y->via ? -1 : 1;
    return (x->ref > y->ref) - (x->ref < y->ref);
}

static int followed(const cortex_graph_walk_limits *limits, cortex_graph_edge_info edge)
{
    return !limits->follow || limits->follow(edge, limits->payload);
}

static int cancelled(const cortex_graph_walk_limits *limits)
{
    return limits->cancel && atomic_load(limits->cancel);
}

/* The next level: every unseen neighbour of `level`, once, by id. */
static int next_level(cortex_graph_reached **out, size_t *nout, const cortex_graph_reached *level, size_t nlevel,
                      unsigned depth, seen_set *seen, cortex_graph_expand_fn expand, void *payload,
                      const cortex_graph_walk_limits *limits)
{
    cortex_graph_steps steps = {0};
    cortex_graph_reached *next = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    for (size_t i = 0; i < nlevel && !rc; i++) {
        steps.n = 0;
        if ((rc = expand(level[i].id, &steps, payload))) break;
        for (size_t k = 0; k < steps.n; k++) {
            const cortex_graph_step *st = &steps.items[k];
            if (!followed(limits, st->edge) || seen_get(seen, st->to, NULL)) continue;
            *CORTEX_PUSH(next, n, cap) = (cortex_graph_reached){st->to, level[i].id, st->ref, depth, st->edge};
        }
    }
    free(steps.items);
    if (rc) {
        free(next);
        return rc;
    }
    if (n) qsort(next, n, sizeof *next, compare_reached);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (kept == 0 || next[kept - 1].id != next[i].id) next[kept++] = next[i];
    *out = next;
    *nout = kept;
    return 0;
}

int cortex_graph_search_from(cortex_graph_search *out, const int64_t *starts, size_t nstarts,
                             cortex_graph_expand_fn expand, void *payload, const cortex_graph_walk_limits *limits)
{
    memset(out, 0, sizeof *out);
    seen_set seen;
    seen_init(&seen);
    cortex_graph_reached *level = cortex_xcalloc(nstarts + 1, sizeof *level);
    size_t nlevel = 0, cap = 0;
    for (size_t i = 0; i < nstarts; i++) {
        if (seen_get(&seen, starts[i], NULL)) continue;
        seen_put(&seen, starts[i], 0);
        level[nlevel++] = (cortex_graph_reached){starts[i], 0, 0, 0, {0, 0}};
    }
    unsigned max_depth = limits->max_depth ? limits->max_depth : 1;
    int rc = 0;
    for (unsigned depth = 1; depth <= max_depth && nlevel && !rc; depth++) {
        if (cancelled(limits)) {
            out->cancelled = 1;
            break;
        }
        cortex_graph_reached *next;
        size_t nnext;
        if ((rc = next_level(&next, &nnext, level, nlevel, depth, &seen, expand, payload, limits))) break;
        free(level);
        out->found += nnext;
        size_t keep = nnext;
        if (limits->max_per_level && keep > limits->max_per_level) keep = limits->max_per_level;
        if (limits->max_results && out->nhits + keep > limits->max_results) keep = limits->max_results - out->nhits;
        if (keep < nnext) {
            out->truncated = 1;
            if (!out->truncated_at_depth) out->truncated_at_depth = depth;
        }
        /* every node of the level is seen, kept or not: a node cut here is
         * not found again one level further */
        for (size_t i = 0; i < nnext; i++) seen_put(&seen, next[i].id, 0);
        for (size_t i = 0; i < keep; i++) *CORTEX_PUSH(out->hits, out->nhits, cap) = next[i];
        level = next;
        nlevel = keep;
        if (limits->max_results && out->nhits >= limits->max_results) {
            /* the next level is not looked at: whether it has nodes is unknown */
            if (depth < max_depth && nlevel) {
                out->truncated = 1;
                if (!out->truncated_at_depth) out->truncated_at_depth = depth + 1;
            }
            break;
        }
    }
    free(level);
    seen_free(&seen);
    return rc;
}

void cortex_graph_search_dispose(cortex_graph_search *s)
{
    free(s->hits);
    memset(s, 0, sizeof *s);
}

int cortex_graph_search_path(cortex_graph_reached **out, size_t *n, int *cut, int64_t from, int64_t to,
                             cortex_graph_expand_fn expand, void *payload, const cortex_graph_walk_limits *limits)
{
    *out = NULL;
    *n = 0;
    *cut = 0;
    /* every node reached, with how: the path is read back through `via` */
    cortex_graph_reached *all = NULL;
    size_t nall = 0, cap = 0;
    seen_set seen;
    seen_init(&seen);
    seen_put(&seen, from, 0);
    *CORTEX_PUSH(all, nall, cap) = (cortex_graph_reached){from, 0, 0, 0, {0, 0}};
    size_t level_start = 0, level_end = 1;
    unsigned max_depth = limits->max_depth ? limits->max_depth : 1;
    int rc = 0, found = from == to;
    size_t found_at = 0;
    for (unsigned depth = 1; depth <= max_depth && !found && level_start < level_end && !rc; depth++) {
        if (cancelled(limits)) break;
        cortex_graph_reached *next;
        size_t nnext;
        rc = next_level(&next, &nnext, all + level_start, level_end - level_start, depth, &seen, expand, payload,
                        limits);
        if (rc) break;
        for (size_t i = 0; i < nnext; i++) {
            if (limits->max_results && nall >= limits->max_results) {
                *cut = 1;
                break;
            }
            seen_put(&seen, next[i].id, nall);
            *CORTEX_PUSH(all, nall, cap) = next[i];
            if (next[i].id == to && !found) {
                found = 1;
                found_at = nall - 1;
            }
        }
        free(next);
        level_start = level_end;
        level_end = nall;
        if (*cut) break;
    }
    if (found && !rc && to != from) {
        size_t len = all[found_at].depth;
        cortex_graph_reached *path = cortex_xcalloc(len + 1, sizeof *path);
        size_t at = found_at;
        for (size_t i = len; i-- > 0;) {
            path[i] = all[at];
            size_t via;
            if (!seen_get(&seen, all[at].via, &via)) break;
            at = via;
        }
        *out = path;
        *n = len;
    }
    free(all);
    seen_free(&seen);
    if (rc) return rc;
    return found && to != from;
}
