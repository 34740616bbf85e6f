/*
 * How the search, query and evidence-pack tools rank what they find, one
 * rule for all three: more of the query's terms covered; a symbol named
 * exactly like a query term (same case first) over a prefix over a text
 * match; source over tests and examples, over vendored, generated code and
 * changelogs; definitions over fields, variables and imports; then BM25, and
 * last the expand prior (what agents chose to read for the same terms).
 * Also the agent's query syntax: its terms, and its translation into FTS5's.
 */
#ifndef CORTEX_TOOLS_RANK_H
#define CORTEX_TOOLS_RANK_H

#include "../config/config.h"
#include "../util/mem.h"

#include <stddef.h>

/* ---- the query's text --------------------------------------------------------- */

/** The positive terms of an agent's query (a phrase's words stay one term,
 *  quotes, `*` and excluded `-x` terms dropped), at most CORTEX_QUERY_TERMS_MAX. */
#define CORTEX_QUERY_TERMS_MAX 16
typedef struct cortex_query_terms {
    char *term[CORTEX_QUERY_TERMS_MAX + 1]; /* NULL-terminated */
    size_t n;
} cortex_query_terms;
void cortex_query_terms_of(cortex_query_terms *out, const char *query);
void cortex_query_terms_free(cortex_query_terms *t);
/** The terms joined by spaces (the handle log's form). Caller frees. */
char *cortex_query_terms_joined(const cortex_query_terms *t);

/** The agent's syntax in FTS5's: `-x` becomes `NOT x` after the positive
 *  terms; several plain terms are joined by OR (a hit covering more of them
 *  ranks first) unless the query writes an operator itself. With `plain`,
 *  every token is an ordinary term. Returns -1 when nothing positive is left. */
int cortex_query_fts(const char *query, int plain, cortex_buf *out);

/* ---- ranking ----------------------------------------------------------------- */

typedef enum cortex_path_role {
    CORTEX_ROLE_SOURCE,
    CORTEX_ROLE_TEST,
    CORTEX_ROLE_EXAMPLE,
    CORTEX_ROLE_VENDORED,
    CORTEX_ROLE_GENERATED,
    CORTEX_ROLE_CHANGELOG
} cortex_path_role;

/** What a repository path is by the conventions of most ecosystems:
 *  directories (tests/, examples/, vendor/, third_party/, node_modules/, ...)
 *  and file names (test_x.py, x_test.go, x.spec.ts, x.pb.go, x.min.js,
 *  CHANGELOG.md, ...). */
cortex_path_role cortex_path_role_of(const char *path);
const char *cortex_path_role_name(cortex_path_role role);
/** The length of a path's vendored tree with its slash ("deps/hiredis/x.c":
 *  5, "deps/"), by the directory names cortex_path_role_of() calls
 *  vendored; 0 outside one. */
size_t cortex_path_vendored_root(const char *path);

typedef enum cortex_name_match {
    CORTEX_MATCH_TEXT,      /* found by its text only */
    CORTEX_MATCH_PREFIX,    /* the name starts with a term */
    CORTEX_MATCH_EXACT,     /* the name is a term, in another case */
    CORTEX_MATCH_EXACT_CASE /* the name is a term */
} cortex_name_match;

/** How `name` (a short or a qualified name: its last component counts too)
 *  matches the best of `terms`. */
cortex_name_match cortex_name_match_of(const char *name, const cortex_query_terms *terms);

/** 2 for code definitions (types, functions, methods, modules), 1 for
 *  fields, variables, constants, documentation sections, texts and files,
 *  0 for imports and references. */
int cortex_kind_weight(const char *kind);

/** One hit's place in the order. */
typedef struct cortex_rank {
    int match;    /* cortex_name_match */
    int coverage; /* query terms covered */
    int path;     /* 2 source, 1 tests and examples, 0 vendored, generated, changelogs */
    int kind;     /* cortex_kind_weight() */
    double bm25;  /* the store's score: lower is better */
    double prior; /* the expand prior: 0 none, up to CORTEX_PRIOR_MAX */
} cortex_rank;

#define CORTEX_PRIOR_MAX 2.0

/** The role the repository's configuration gives a path (`ranking.paths`:
 *  the first glob matching it), else cortex_path_role_of(). */
cortex_path_role cortex_path_role_in(const cortex_config *config, const char *path);

/** The weight of a path's role (cortex_path_role_in()) in three steps. */
int cortex_path_weight(const cortex_config *config, const char *path);
int cortex_path_weight_of_role(cortex_path_role role);

/** Negative when `a` ranks before `b`, positive after, 0 for a tie. */
int cortex_rank_compare(const cortex_rank *a, const cortex_rank *b);

/** The order as one number, higher first, for agents to read the gaps:
 *  each criterion's step outweighs everything after it. */
double cortex_rank_score(const cortex_rank *r);

#endif
