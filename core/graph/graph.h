/*
 * A directed graph of the index's entities (symbols, files, directories) in
 * compact arrays, and the walks the graph and analysis tools need: transitive
 * neighbours by depth, the shortest path, strongly connected components and
 * reachability. Nodes are the caller's 64-bit ids; edges carry a small label
 * (how the edge was bound) and a kind. No SQL and no JSON here: a loader fills
 * a builder through the store's read API, the tools turn answers into JSON.
 */
#ifndef CORTEX_GRAPH_GRAPH_H
#define CORTEX_GRAPH_GRAPH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cortex_graph_builder cortex_graph_builder;
typedef struct cortex_graph cortex_graph;

/** An edge's label and kind: small numbers the loader gives meaning to. */
typedef struct cortex_graph_edge_info {
    uint8_t label; /* e.g. how the edge was bound */
    uint8_t kind;  /* e.g. call, value, inherit */
} cortex_graph_edge_info;

cortex_graph_builder *cortex_graph_builder_new(void);
/** Adds `from` -> `to`. The same pair twice keeps the first edge's info. */
void cortex_graph_builder_add(cortex_graph_builder *b, int64_t from, int64_t to, cortex_graph_edge_info info);
/** The graph of the edges added (the builder is consumed and freed). */
cortex_graph *cortex_graph_build(cortex_graph_builder *b);
void cortex_graph_free(cortex_graph *g);

size_t cortex_graph_node_count(const cortex_graph *g);
size_t cortex_graph_edge_count(const cortex_graph *g);
/** The node index of `id`, or -1 when no edge touches it. */
int32_t cortex_graph_node(const cortex_graph *g, int64_t id);
int64_t cortex_graph_id(const cortex_graph *g, int32_t node);

typedef enum cortex_graph_direction {
    CORTEX_GRAPH_OUT, /* along edges: callees, dependencies */
    CORTEX_GRAPH_IN   /* against them: callers, dependents */
} cortex_graph_direction;

/** One node a walk reached: at `depth` (1 = a neighbour of a start node),
 *  through the edge from `via` (the node it was reached from). */
typedef struct cortex_graph_hit {
    int32_t node;
    int32_t via;
    uint16_t depth;
    cortex_graph_edge_info edge;
} cortex_graph_hit;

typedef struct cortex_graph_walk_limits {
    unsigned max_depth;     /* levels to go; at least 1 */
    size_t max_per_level;   /* nodes kept per level; 0 = no limit */
    size_t max_results;     /* nodes kept in all; 0 = no limit */
    /* Edges this returns 0 for are not followed (e.g. ambiguous ones); NULL = all. */
    int (*follow)(cortex_graph_edge_info edge, void *payload);
    void *payload;
    const atomic_int *cancel; /* optional: non-zero stops the walk */
} cortex_graph_walk_limits;

typedef struct cortex_graph_walk {
    cortex_graph_hit *hits; /* breadth first: by depth, then by node id */
    size_t nhits;
    size_t found;             /* nodes reached, kept or not */
    int truncated;            /* a limit left nodes out */
    unsigned truncated_at_depth; /* the first level a limit cut, or 0 */
    int cancelled;
} cortex_graph_walk;

/** Every node reachable from `starts` within the limits, each once, at its
 *  least depth; the start nodes themselves are not hits. 0, or a negative code. */
int cortex_graph_walk_from(cortex_graph_walk *out, const cortex_graph *g, const int32_t *starts, size_t nstarts,
                           cortex_graph_direction dir, const cortex_graph_walk_limits *limits);
void cortex_graph_walk_dispose(cortex_graph_walk *w);

/** A shortest path from `from` to `to` along edges (that `limits->follow`
 *  allows) of at most `limits->max_depth` edges: the nodes in `*out`, `from`
 *  first, their number in `*n`. 1 when found, 0 when there is none within the
 *  depth. Free *out. */
int cortex_graph_shortest_path(int32_t **out, size_t *n, const cortex_graph *g, int32_t from, int32_t to,
                               const cortex_graph_walk_limits *limits);

/** The strongly connected components with a cycle (two or more nodes, or a
 *  node with an edge to itself): `*members` lists their nodes component after
 *  component, `*starts` (ncomponents + 1 entries) where each begins. Each
 *  component's nodes are in id order; the components in the order of their
 *  first node's id. */
void cortex_graph_cycles(const cortex_graph *g, int32_t **members, size_t **starts, size_t *ncomponents);

/** Marks in `reached` (node_count bytes) every node reachable from `roots`
 *  along edges, the roots included. */
void cortex_graph_reach(const cortex_graph *g, const int32_t *roots, size_t nroots, uint8_t *reached);

#endif
