/* The graph in compressed sparse rows, both directions, and its walks. */
#define _GNU_SOURCE
#include "graph.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>

typedef struct raw_edge {
    int64_t from, to;
    cortex_graph_edge_info info;
    size_t order; /* when added: the first of a repeated pair wins */
} raw_edge;

struct cortex_graph_builder {
    raw_edge *edges;
    size_t n, cap;
};

/* Edges of one direction: node i's are [start[i], start[i + 1]). */
typedef struct rows {
    size_t *start;
    int32_t *other;
    cortex_graph_edge_info *info;
} rows;

struct cortex_graph {
    int64_t *ids; /* node index -> id, ascending */
    size_t nnodes, nedges;
    rows out, in;
};

cortex_graph_builder *cortex_graph_builder_new(void) { return cortex_xcalloc(1, sizeof(cortex_graph_builder)); }

void cortex_graph_builder_add(cortex_graph_builder *b, int64_t from, int64_t to, cortex_graph_edge_info info)
{
    raw_edge *e = CORTEX_PUSH(b->edges, b->n, b->cap);
    *e = (raw_edge){from, to, info, b->n - 1};
}

static int compare_ids(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static int compare_edges(const void *a, const void *b)
{
    const raw_edge *x = a, *y = b;
    if (x->from != y->from) return x->from < y->from ? -1 : 1;
    if (x->to != y->to) return x->to < y->to ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static int32_t index_of(const cortex_graph *g, int64_t id)
{
    const int64_t *p = bsearch(&id, g->ids, g->nnodes, sizeof *g->ids, compare_ids);
    return p ? (int32_t)(p - g->ids) : -1;
}

/* Rows of `n` nodes from edges given as (row node, other node) pairs in `pairs`
 * (2 per edge) already sorted by row node, then other node. */
static void fill_rows(rows *r, size_t nnodes, const int32_t *pairs, const cortex_graph_edge_info *info, size_t nedges)
{
    r->start = cortex_xcalloc(nnodes + 1, sizeof *r->start);
    r->other = cortex_xcalloc(nedges + 1, sizeof *r->other);
    r->info = cortex_xcalloc(nedges + 1, sizeof *r->info);
    for (size_t i = 0; i < nedges; i++) r->start[pairs[2 * i] + 1]++;
    for (size_t i = 0; i < nnodes; i++) r->start[i + 1] += r->start[i];
    for (size_t i = 0; i < nedges; i++) {
        r->other[i] = pairs[2 * i + 1];
        r->info[i] = info[i];
    }
}

typedef struct flipped {
    int32_t row, other;
    cortex_graph_edge_info info;
} flipped;

static int compare_flipped(const void *a, const void *b)
{
    const flipped *x = a, *y = b;
    if (x->row != y->row) return x->row < y->row ? -1 : 1;
    return x->other < y->other ? -1 : x->other > y->other;
}

cortex_graph *cortex_graph_build(cortex_graph_builder *b)
{
    cortex_graph *g = cortex_xcalloc(1, sizeof *g);
    g->ids = cortex_xcalloc(2 * b->n + 1, sizeof *g->ids);
    for (size_t i = 0; i < b->n; i++) {
        g->ids[2 * i] = b->edges[i].from;
        g->ids[2 * i + 1] = b->edges[i].to;
    }
    size_t n = 2 * b->n, u = 0;
    qsort(g->ids, n, sizeof *g->ids, compare_ids);
    for (size_t i = 0; i < n; i++)
        if (u == 0 || g->ids[u - 1] != g->ids[i]) g->ids[u++] = g->ids[i];
    g->nnodes = u;
    if (b->n) qsort(b->edges, b->n, sizeof *b->edges, compare_edges); /* edges is NULL when there are none */
    int32_t *pairs = cortex_xcalloc(2 * b->n + 1, sizeof *pairs);
    cortex_graph_edge_info *info = cortex_xcalloc(b->n + 1, sizeof *info);
    flipped *back = cortex_xcalloc(b->n + 1, sizeof *back);
    size_t m = 0;
    for (size_t i = 0; i < b->n; i++) {
        if (i > 0 && b->edges[i].from == b->edges[i - 1].from && b->edges[i].to == b->edges[i - 1].to) continue;
        pairs[2 * m] = index_of(g, b->edges[i].from);
        pairs[2 * m + 1] = index_of(g, b->edges[i].to);
        info[m] = b->edges[i].info;
        back[m] = (flipped){pairs[2 * m + 1], pairs[2 * m], info[m]};
        m++;
    }
    g->nedges = m;
    fill_rows(&g->out, g->nnodes, pairs, info, m);
    qsort(back, m, sizeof *back, compare_flipped);
    for (size_t i = 0; i < m; i++) {
        pairs[2 * i] = back[i].row;
        pairs[2 * i + 1] = back[i].other;
        info[i] = back[i].info;
    }
    fill_rows(&g->in, g->nnodes, pairs, info, m);
    free(pairs);
    free(info);
    free(back);
    free(b->edges);
    free(b);
    return g;
}

static void free_rows(rows *r)
{
    free(r->start);
    free(r->other);
    free(r->info);
}

void cortex_graph_free(cortex_graph *g)
{
    if (!g) return;
    free(g->ids);
    free_rows(&g->out);
    free_rows(&g->in);
    free(g);
}

size_t cortex_graph_node_count(const cortex_graph *g) { return g->nnodes; }
size_t cortex_graph_edge_count(const cortex_graph *g) { return g->nedges; }
int32_t cortex_graph_node(const cortex_graph *g, int64_t id) { return index_of(g, id); }
int64_t cortex_graph_id(const cortex_graph *g, int32_t node) { return g->ids[node]; }

/* ---- walks ------------------------------------------------------------- */

static int followed(const cortex_graph_walk_limits *l, cortex_graph_edge_info e)
{
    return !l->follow || l->follow(e, l->payload);
}

static int cancelled(const cortex_graph_walk_limits *l) { return l->cancel && atomic_load(l->cancel); }

static int compare_hits(const void *a, const void *b)
{
    const cortex_graph_hit *x = a, *y = b;
    return x->node < y->node ? -1 : x->node > y->node;
}

int cortex_graph_walk_from(cortex_graph_walk *w, const cortex_graph *g, const int32_t *starts, size_t nstarts,
                           cortex_graph_direction dir, const cortex_graph_walk_limits *limits)
{
    memset(w, 0, sizeof *w);
    const rows *r = dir == CORTEX_GRAPH_OUT ? &g->out : &g->in;
    uint8_t *seen = cortex_xcalloc(g->nnodes + 1, 1);
    int32_t *frontier = cortex_xcalloc(nstarts + 1, sizeof *frontier);
    size_t nfrontier = 0, cap = 0;
    for (size_t i = 0; i < nstarts; i++)
        if (starts[i] >= 0 && (size_t)starts[i] < g->nnodes && !seen[starts[i]]) {
            seen[starts[i]] = 1;
            frontier[nfrontier++] = starts[i];
        }
    unsigned max_depth = limits->max_depth ? limits->max_depth : 1;
    cortex_graph_hit *level = NULL;
    size_t nlevel = 0, level_cap = 0;
    for (unsigned depth = 1; depth <= max_depth && nfrontier > 0; depth++) {
        if (cancelled(limits)) {
            w->cancelled = 1;
            break;
        }
        nlevel = 0;
        for (size_t f = 0; f < nfrontier; f++) {
            int32_t from = frontier[f];
            for (size_t e = r->start[from]; e < r->start[from + 1]; e++) {
                int32_t to = r->other[e];
                if (seen[to] || !followed(limits, r->info[e])) continue;
                seen[to] = 1;
                *CORTEX_PUSH(level, nlevel, level_cap) = (cortex_graph_hit){to, from, (uint16_t)depth, r->info[e]};
            }
        }
        qsort(level, nlevel, sizeof *level, compare_hits);
        w->found += nlevel;
        size_t keep = nlevel;
        if (limits->max_per_level && keep > limits->max_per_level) keep = limits->max_per_level;
        if (limits->max_results && w->nhits + keep > limits->max_results) keep = limits->max_results - w->nhits;
        if (keep < nlevel) {
            w->truncated = 1;
            if (!w->truncated_at_depth) w->truncated_at_depth = depth;
        }
        for (size_t i = 0; i < keep; i++) *CORTEX_PUSH(w->hits, w->nhits, cap) = level[i];
        /* the next level grows from the nodes kept: a cut level does not widen */
        frontier = cortex_xrealloc(frontier, (keep + 1) * sizeof *frontier);
        nfrontier = keep;
        for (size_t i = 0; i < keep; i++) frontier[i] = level[i].node;
        if (limits->max_results && w->nhits >= limits->max_results) {
            if (depth < max_depth && nfrontier) {
                /* more may lie beyond: say so only when the next level has any */
                for (size_t f = 0; f < nfrontier && !w->truncated; f++)
                    for (size_t e = r->start[frontier[f]]; e < r->start[frontier[f] + 1]; e++)
                        if (!seen[r->other[e]] && followed(limits, r->info[e])) {
                            w->truncated = 1;
                            w->truncated_at_depth = depth + 1;
                            break;
                        }
            }
            break;
        }
    }
    free(level);
    free(frontier);
    free(seen);
    return 0;
}

void cortex_graph_walk_dispose(cortex_graph_walk *w)
{
    free(w->hits);
    memset(w, 0, sizeof *w);
}

int cortex_graph_shortest_path(int32_t **out, size_t *n, const cortex_graph *g, int32_t from, int32_t to,
                               const cortex_graph_walk_limits *limits)
{
    *out = NULL;
    *n = 0;
    if (from < 0 || to < 0 || (size_t)from >= g->nnodes || (size_t)to >= g->nnodes) return 0;
    if (from == to) {
        *out = cortex_xcalloc(1, sizeof **out);
        (*out)[0] = from;
        *n = 1;
        return 1;
    }
    int32_t *parent = cortex_xcalloc(g->nnodes, sizeof *parent);
    for (size_t i = 0; i < g->nnodes; i++) parent[i] = -1;
    parent[from] = from;
    int32_t *queue = cortex_xcalloc(g->nnodes, sizeof *queue);
    size_t head = 0, tail = 0, level_end;
    queue[tail++] = from;
    unsigned max_depth = limits && limits->max_depth ? limits->max_depth : 1;
    int found = 0;
    for (unsigned depth = 1; depth <= max_depth && head < tail && !found; depth++) {
        if (limits && cancelled(limits)) break;
        level_end = tail;
        while (head < level_end && !found) {
            int32_t at = queue[head++];
            for (size_t e = g->out.start[at]; e < g->out.start[at + 1]; e++) {
                int32_t next = g->out.other[e];
                if (parent[next] >= 0 || (limits && !followed(limits, g->out.info[e]))) continue;
                parent[next] = at;
                queue[tail++] = next;
                if (next == to) {
                    found = 1;
                    break;
                }
            }
        }
    }
    if (found) {
        size_t len = 1;
        for (int32_t at = to; at != from; at = parent[at]) len++;
        *out = cortex_xcalloc(len, sizeof **out);
        *n = len;
        int32_t at = to;
        for (size_t i = len; i-- > 0; at = parent[at]) (*out)[i] = at;
    }
    free(parent);
    free(queue);
    return found;
}

/* ---- cycles: Tarjan's strongly connected components, without recursion ---- */

void cortex_graph_cycles(const cortex_graph *g, int32_t **members, size_t **starts, size_t *ncomponents)
{
    size_t nn = g->nnodes;
    int32_t *index = cortex_xcalloc(nn + 1, sizeof *index), *low = cortex_xcalloc(nn + 1, sizeof *low);
    uint8_t *on_stack = cortex_xcalloc(nn + 1, 1);
    int32_t *stack = cortex_xcalloc(nn + 1, sizeof *stack);
    int32_t *calls = cortex_xcalloc(nn + 1, sizeof *calls); /* the walk's own stack of nodes */
    size_t *next_edge = cortex_xcalloc(nn + 1, sizeof *next_edge);
    int32_t *comp = cortex_xcalloc(nn + 1, sizeof *comp);   /* component of each node, -1 while open */
    size_t sp = 0, cp = 0;
    int32_t counter = 0, ncomp = 0;
    for (size_t i = 0; i < nn; i++) index[i] = -1, comp[i] = -1;
    for (size_t root = 0; root < nn; root++) {
        if (index[root] >= 0) continue;
        calls[cp++] = (int32_t)root;
        index[root] = low[root] = counter++;
        next_edge[root] = g->out.start[root];
        stack[sp++] = (int32_t)root;
        on_stack[root] = 1;
        while (cp > 0) {
            int32_t v = calls[cp - 1];
            if (next_edge[v] < g->out.start[v + 1]) {
                int32_t w = g->out.other[next_edge[v]++];
                if (index[w] < 0) {
                    index[w] = low[w] = counter++;
                    next_edge[w] = g->out.start[w];
                    stack[sp++] = w;
                    on_stack[w] = 1;
                    calls[cp++] = w;
                } else if (on_stack[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            cp--;
            if (cp > 0 && low[v] < low[calls[cp - 1]]) low[calls[cp - 1]] = low[v];
            if (low[v] != index[v]) continue;
            int32_t w;
            do {
                w = stack[--sp];
                on_stack[w] = 0;
                comp[w] = ncomp;
            } while (w != v);
            ncomp++;
        }
    }
    /* Keep components with a cycle; nodes are visited in id order, so each
     * kept component's nodes and the components' first nodes come out sorted. */
    size_t *size = cortex_xcalloc((size_t)ncomp + 1, sizeof *size);
    for (size_t i = 0; i < nn; i++) size[comp[i]]++;
    uint8_t *cyclic = cortex_xcalloc((size_t)ncomp + 1, 1);
    for (size_t i = 0; i < nn; i++) {
        if (size[comp[i]] > 1) cyclic[comp[i]] = 1;
        for (size_t e = g->out.start[i]; e < g->out.start[i + 1]; e++)
            if ((size_t)g->out.other[e] == i) cyclic[comp[i]] = 1;
    }
    int32_t *order = cortex_xcalloc((size_t)ncomp + 1, sizeof *order); /* component -> rank among kept, or -1 */
    size_t kept = 0, total = 0;
    for (int32_t c = 0; c < ncomp; c++) order[c] = -1;
    for (size_t i = 0; i < nn; i++)
        if (cyclic[comp[i]] && order[comp[i]] < 0) order[comp[i]] = (int32_t)kept++, total += size[comp[i]];
    *starts = cortex_xcalloc(kept + 1, sizeof **starts);
    *members = cortex_xcalloc(total + 1, sizeof **members);
    for (int32_t c = 0; c < ncomp; c++)
        if (order[c] >= 0) (*starts)[order[c] + 1] = size[c];
    for (size_t k = 0; k < kept; k++) (*starts)[k + 1] += (*starts)[k];
    size_t *fill = cortex_xcalloc(kept + 1, sizeof *fill);
    for (size_t i = 0; i < nn; i++)
        if (order[comp[i]] >= 0) {
            size_t k = (size_t)order[comp[i]];
            (*members)[(*starts)[k] + fill[k]++] = (int32_t)i;
        }
    *ncomponents = kept;
    free(fill);
    free(order);
    free(cyclic);
    free(size);
    free(index);
    free(low);
    free(on_stack);
    free(stack);
    free(calls);
    free(next_edge);
    free(comp);
}

void cortex_graph_reach(const cortex_graph *g, const int32_t *roots, size_t nroots, uint8_t *reached)
{
    memset(reached, 0, g->nnodes);
    int32_t *stack = cortex_xcalloc(g->nnodes + 1, sizeof *stack);
    size_t sp = 0;
    for (size_t i = 0; i < nroots; i++)
        if (roots[i] >= 0 && (size_t)roots[i] < g->nnodes && !reached[roots[i]]) {
            reached[roots[i]] = 1;
            stack[sp++] = roots[i];
        }
    while (sp > 0) {
        int32_t v = stack[--sp];
        for (size_t e = g->out.start[v]; e < g->out.start[v + 1]; e++)
            if (!reached[g->out.other[e]]) {
                reached[g->out.other[e]] = 1;
                stack[sp++] = g->out.other[e];
            }
    }
    free(stack);
}
