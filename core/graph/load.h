/*
 * The reference graph of a store: every bound reference made inside a
 * definition, as an edge from that definition to its target, labelled with
 * how it was bound and what kind of reference it is. Ambiguous and
 * unresolved references are not edges: the tools show them apart.
 */
#ifndef CORTEX_GRAPH_LOAD_H
#define CORTEX_GRAPH_LOAD_H

#include "graph.h"

#include "../store/read.h"

/* Edge labels: how a reference was bound (refs.resolution). */
enum {
    CORTEX_GRAPH_BOUND_OTHER,
    CORTEX_GRAPH_BOUND_SCOPE,
    CORTEX_GRAPH_BOUND_IMPORT,
    CORTEX_GRAPH_BOUND_TYPE,
    CORTEX_GRAPH_BOUND_INHERIT,
    CORTEX_GRAPH_BOUND_NAME,
};

/* Edge kinds: what kind of reference it is. */
enum {
    CORTEX_GRAPH_REF_OTHER,
    CORTEX_GRAPH_REF_CALL,
    CORTEX_GRAPH_REF_VALUE,
    CORTEX_GRAPH_REF_TYPE,
    CORTEX_GRAPH_REF_INHERIT,
    CORTEX_GRAPH_REF_IMPORT,
    CORTEX_GRAPH_REF_INSTANTIATION,
};

/** The graph of `r`'s bound references (node ids: symbol ids). 0, or a
 *  negative code with the message set. */
int cortex_graph_load(cortex_graph **out, cortex_store_reader *r);

/** The words for a label and a kind, as the store spells them, and back
 *  (an unknown word or NULL: CORTEX_GRAPH_BOUND_OTHER, CORTEX_GRAPH_REF_OTHER). */
const char *cortex_graph_bound_word(uint8_t label);
const char *cortex_graph_ref_word(uint8_t kind);
uint8_t cortex_graph_bound_code(const char *word);
uint8_t cortex_graph_ref_code(const char *word);

#endif
