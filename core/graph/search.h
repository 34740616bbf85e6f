/*
 * Walks of a graph that is not loaded: each node's edges are asked for as the
 * walk reaches it (the store's indexes answer one node at a time), so a walk
 * of depth 3 from one symbol touches the few thousand rows it needs instead
 * of the whole graph. The same breadth-first rules as graph.h's walk: each
 * node once, at its least depth; levels in id order; limits per level and in
 * all, which say where they cut. No SQL and no JSON here.
 */
#ifndef CORTEX_GRAPH_SEARCH_H
#define CORTEX_GRAPH_SEARCH_H

#include "graph.h"

/** One edge of a node, as its expander reports it: the node at its other
 *  end, the reference that makes it (the caller's id for the edge's place)
 *  and its label and kind. */
typedef struct cortex_graph_step {
    int64_t to;
    int64_t ref;
    cortex_graph_edge_info edge;
} cortex_graph_step;

typedef struct cortex_graph_steps {
    cortex_graph_step *items;
    size_t n, cap;
} cortex_graph_steps;

void cortex_graph_steps_push(cortex_graph_steps *s, cortex_graph_step step);

/** Appends the edges of node `id` to `out` (in any order; an edge to a node
 *  already reached is ignored). 0, or a negative code with the message set. */
typedef int (*cortex_graph_expand_fn)(int64_t id, cortex_graph_steps *out, void *payload);

/** A node a search reached: at `depth`, through reference `ref` from `via`. */
typedef struct cortex_graph_reached {
    int64_t id, via, ref;
    unsigned depth;
    cortex_graph_edge_info edge;
} cortex_graph_reached;

typedef struct cortex_graph_search {
    cortex_graph_reached *hits; /* by depth, then by id */
    size_t nhits;
    size_t found;                /* nodes reached, kept or not */
    int truncated;               /* a limit left nodes out */
    unsigned truncated_at_depth; /* the first level a limit cut, or 0 */
    int cancelled;
} cortex_graph_search;

/** Every node reachable from `starts` within `limits` (its follow filter
 *  applies to each step's edge info), each once at its least depth; the
 *  starts are not hits. Only the nodes kept are expanded further. 0, or the
 *  expander's code. */
int cortex_graph_search_from(cortex_graph_search *out, const int64_t *starts, size_t nstarts,
                             cortex_graph_expand_fn expand, void *payload, const cortex_graph_walk_limits *limits);
void cortex_graph_search_dispose(cortex_graph_search *s);

/** A shortest path from `from` to `to` of at most `limits->max_depth` edges
 *  (limits->max_results bounds the nodes looked at; 0: no bound): the hops in
 *  `*out`, each the node reached with the reference and node it came from,
 *  `from` excluded, `to` last; their number in `*n`. Returns 1 when found, 0
 *  when not (`*cut` set when the bound on nodes stopped the search before the
 *  depth did), or the expander's negative code. Free *out. */
int cortex_graph_search_path(cortex_graph_reached **out, size_t *n, int *cut, int64_t from, int64_t to,
                             cortex_graph_expand_fn expand, void *payload, const cortex_graph_walk_limits *limits);

#endif
