/*
 * Handles: cheap names for retrievable units of the index (a definition, a
 * reference site, a documentation or code chunk, a text, a file), what the
 * query, evidence_pack and expand tools trade in. A handle's id is a hash of
 * the unit's path, kind, name and line span, so it is the same after a
 * re-index that does not move the unit and changes when the unit moves.
 * Internal to core/tools/.
 */
#ifndef CORTEX_TOOLS_HANDLES_H
#define CORTEX_TOOLS_HANDLES_H

#include "handlers.h"
#include "query_dsl.h"
#include "rank.h"

#include "../util/handle_id.h"

typedef enum cortex_unit_type {
    CORTEX_UNIT_SYMBOL,
    CORTEX_UNIT_REFERENCE,
    CORTEX_UNIT_CHUNK,
    CORTEX_UNIT_TEXT,
    CORTEX_UNIT_FILE
} cortex_unit_type;

typedef struct cortex_unit {
    cortex_unit_type type;
    char *file, *kind, *name; /* name: qualified symbol name, header path "A > B", referenced name; or NULL */
    int64_t line, line_end;
    char *content; /* chunks: the stored text (a code tier is not on disk); else NULL */
    /* references */
    char *qualifier, *binding;
    char source[CORTEX_HANDLE_ID_SIZE]; /* the enclosing definition's handle, or "" */
    char *source_name, *source_kind;    /* that definition, to record its handle */
    int64_t source_line, source_line_end;
    int64_t expanded_at; /* the last expand of it for the query's terms (seconds), 0 never */
    cortex_rank rank;
    char id[CORTEX_HANDLE_ID_SIZE];
} cortex_unit;

typedef struct cortex_units {
    cortex_unit *u;
    size_t n, cap;
    int64_t total; /* matches before any cut */
} cortex_units;

const char *cortex_unit_type_name(cortex_unit_type type);
/** The unit type a name denotes, or -1. */
int cortex_unit_type_of(const char *name);


/** Adds a unit (strings copied; its id computed) and returns it. */
cortex_unit *cortex_units_add(cortex_units *list, cortex_unit_type type, const char *file, const char *kind,
                              const char *name, int64_t line, int64_t line_end);
void cortex_units_free(cortex_units *list);
/** Frees what one unit holds (not the unit). */
void cortex_unit_free(cortex_unit *u);
/** Removes the units whose id an earlier unit has (the first kept). */
void cortex_units_dedupe(cortex_units *list);
/** Sorts by rank, then path and line. */
void cortex_units_sort(cortex_units *list);

/** The handle object of a unit: id, file, kind, name, line_range, span,
 *  token_count, preview (unless `lean`), generation; read from disk now. */
json_t *cortex_unit_handle(cortex_reader *s, const cortex_unit *u, int64_t generation, int lean);

/* ---- selecting units (handle_query.c) ------------------------------------------ */

typedef enum cortex_unit_kind_filter {
    CORTEX_UNITS_ANY,
    CORTEX_UNITS_DEFINITION,
    CORTEX_UNITS_REFERENCE
} cortex_unit_kind_filter;

/** The selectors of the query and evidence_pack tools, already read from
 *  their arguments; `terms` collects every searched word (for the log). */
typedef struct cortex_unit_query {
    const char *pattern;
    const char *const *patterns; /* NULL-terminated, or NULL */
    int match_all;
    const char *symbol, *section, *parent, *glob;
    cortex_unit_kind_filter kind;
    const cortex_dsl_node *dsl;
    int64_t want; /* how many need ranking right */
} cortex_unit_query;

/** Every unit the selectors name, ranked (rank.h; the expand prior added
 *  from the handle log for `terms`), deduplicated, `total` counted.
 *  References go to `refs` (kind=reference, or the DSL's references form). */
int cortex_units_select(cortex_units *defs, cortex_units *refs, cortex_query_terms *terms, cortex_reader *s,
                        const cortex_unit_query *q);

#endif
