/*
 * The full-text scopes merged and ranked (rank.h), shared by the search tool
 * and the handle tools (query, evidence_pack). Internal to core/tools/.
 */
#ifndef CORTEX_TOOLS_SEARCH_HITS_H
#define CORTEX_TOOLS_SEARCH_HITS_H

#include "handlers.h"
#include "rank.h"

#include "../store/search.h"

typedef struct cortex_search_hit {
    cortex_rank rank;
    int type;     /* a cortex_store_scope */
    json_t *item; /* the search tool's result object, without its snippet */
} cortex_search_hit;

typedef struct cortex_search_hits {
    cortex_search_hit *hits;
    size_t n, cap;
    int64_t total;
    int relaxed; /* the query was not valid syntax and ran as plain terms */
} cortex_search_hits;

/** What to search: an agent's query, or `fts` already in FTS5's syntax
 *  (with `terms` then naming what exact names are compared with). */
typedef struct cortex_search_params {
    const char *query;
    const char *fts;
    const cortex_query_terms *terms; /* with fts */
    int scopes[CORTEX_STORE_SCOPES];
    const char *kind; /* an argument's kind word, or NULL */
    const char *glob; /* a repository path glob, or NULL */
    const char *project;
    int all_chunks;
    int64_t want; /* the best this many are ranked right */
} cortex_search_params;

/** Runs the scopes, ranks every hit read by rank.h's rule (the window read
 *  is wider than `want` so the rule, not BM25 alone, picks the first). */
int cortex_search_collect(cortex_search_hits *out, cortex_reader *s, const cortex_search_params *p);
void cortex_search_hits_free(cortex_search_hits *h);

#endif
