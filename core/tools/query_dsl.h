/*
 * The query tool's S-expression language (canopy's DSL): parsed into a tree
 * the handle query evaluates. No store, no JSON: text in, a tree or an error
 * naming the byte offset and what was expected there out.
 *
 *   (grep "p")  (code "sym")  (definition "sym")  (references "sym")
 *   (section "h")  (file "path")  (children "parent")
 *   (children-named "parent" "child")  (in-file "glob" q)
 *   (union q...)  (intersect q...)  (limit N q)
 */
#ifndef CORTEX_TOOLS_QUERY_DSL_H
#define CORTEX_TOOLS_QUERY_DSL_H

#include <stddef.h>
#include <stdint.h>

typedef enum cortex_dsl_op {
    CORTEX_DSL_GREP,           /* arg[0]: full-text pattern */
    CORTEX_DSL_CODE,           /* arg[0]: a symbol name, matched as the symbol selector does */
    CORTEX_DSL_DEFINITION,     /* arg[0]: a symbol name, its definitions only */
    CORTEX_DSL_REFERENCES,     /* arg[0]: a symbol name, its reference sites */
    CORTEX_DSL_SECTION,        /* arg[0]: a Markdown heading */
    CORTEX_DSL_FILE,           /* arg[0]: a repository path */
    CORTEX_DSL_CHILDREN,       /* arg[0]: a parent symbol */
    CORTEX_DSL_CHILDREN_NAMED, /* arg[0]: a parent symbol, arg[1]: a child's name */
    CORTEX_DSL_IN_FILE,        /* arg[0]: a path glob; kids[0]: the query it restricts */
    CORTEX_DSL_UNION,          /* kids: one or more queries */
    CORTEX_DSL_INTERSECT,      /* kids: one or more queries */
    CORTEX_DSL_LIMIT           /* limit: N >= 1; kids[0]: the query it cuts */
} cortex_dsl_op;

typedef struct cortex_dsl_node {
    cortex_dsl_op op;
    char *arg[2]; /* unescaped string arguments, NUL-terminated; NULL where the form has fewer */
    int64_t limit;
    struct cortex_dsl_node **kids;
    size_t nkids;
} cortex_dsl_node;

/** Parses `text` (one expression, surrounded by optional white space) into
 *  `*out`. On failure returns CORTEX_EINVALID with the message set
 *  (cortex_error_set) as "query offset N: expected X, found Y", N the byte
 *  offset of the fault, and leaves `*out` NULL. */
int cortex_dsl_parse(cortex_dsl_node **out, const char *text);

/** Frees a tree from cortex_dsl_parse(); NULL is a no-op. */
void cortex_dsl_free(cortex_dsl_node *node);

/** The form's name as written in the language ("children-named"). */
const char *cortex_dsl_op_name(cortex_dsl_op op);

#endif
