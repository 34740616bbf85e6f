/*
 * Where a definition visibly starts, for the doc comment above it: the
 * wrappers that hold it (a field named `definition` or `declaration`, or a
 * type the plugin declares) and the attributes or decorators written before
 * it as siblings (types the plugin declares). Internal to core/extract/; the
 * cursors kept here make each lookup resume where the previous definition's
 * stopped, since definitions arrive in document order.
 */
#ifndef CORTEX_EXTRACT_LEAD_H
#define CORTEX_EXTRACT_LEAD_H

#include "../plugin/loader.h"

#include <stdint.h>
#include <tree_sitter/api.h>

/* What can make a definition begin before its own node in one plugin's
 * grammar: looked up once per plugin (lead_rules_for). */
typedef struct cortex_lead_rules {
    const cortex_language_plugin *plugin;
    const TSLanguage *language;        /* the plugin's: a plugin loaded anew may reuse its address */
    TSFieldId definition, declaration; /* wrapper fields, 0 when the grammar has none */
    int has_wrappers;                  /* a declared wrapper type is in the grammar */
    int has_attributes;                /* a declared leading sibling type is in the grammar */
} cortex_lead_rules;

/* A walk over one parent's children looking for attributes before a
 * definition, kept between definitions: the definitions of a file arrive in
 * document order, so the next one under the same parent resumes where the
 * last stopped instead of walking its earlier siblings again (a module's
 * top-level functions made the walk quadratic: 0.34 G of the Python stdlib's
 * 32 G instructions). Valid for one tree only. */
typedef struct cortex_attribute_scan {
    TSTreeCursor cursor;
    int have_cursor, active;
    TSNode parent;
    int run;                      /* attributes since the last other named sibling */
    uint32_t chain_row, last_end; /* where the run's adjacent tail starts; the run's last line */
} cortex_attribute_scan;

/* The visible nodes from the root down to the last definition located, with
 * a cursor on it: the next definition's ancestors are found by walking on
 * from there, up to the level that holds it, forward among siblings, down,
 * instead of down from the root at every step (ts_node_parent iterates the
 * children of every level above, a module's top-level items at each of its
 * definitions: 0.14 G of the Python stdlib's 32 G instructions). Valid for
 * one tree only. */
typedef struct cortex_ancestry {
    TSTreeCursor cursor;
    int have_cursor, active;
    TSNode *path; /* path[0] the root, path[depth] the cursor's node */
    uint32_t depth;
    size_t cap;
} cortex_ancestry;

/** One extractor's lead state: zero-initialised, freed with cortex_lead_dispose(). */
typedef struct cortex_lead {
    cortex_lead_rules rules;     /* of the plugin being extracted */
    cortex_attribute_scan attrs; /* the last attribute scan, resumed by the next definition under the same parent */
    cortex_ancestry above;       /* the ancestors of the last definition whose parent was needed */
} cortex_lead;

/** Prepares for the definitions of a new tree parsed with `p`'s grammar. */
void cortex_lead_begin(cortex_lead *l, const cortex_language_plugin *p);

/** The row where definition `def` visibly begins: its own, or that of the
 *  wrappers holding it and the attributes written before them. `src` is the
 *  parsed text. Definitions should come in document order. */
uint32_t cortex_lead_row(cortex_lead *l, TSNode def, const char *src);

void cortex_lead_dispose(cortex_lead *l);

/** Puts a reused tree cursor (made on first use, `*have` set) on `parent`'s
 *  first child; 0 when it has none. */
int cortex_cursor_on_children(TSTreeCursor *c, int *have, TSNode parent);

#endif
