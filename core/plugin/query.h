/*
 * A plugin query compiled for the extractor: the tree-sitter query, the role
 * of each capture (from its name, per the SDK's capture convention), and each
 * pattern's text predicates and #set! properties, which tree-sitter leaves to
 * the host to evaluate.
 */
#ifndef CORTEX_PLUGIN_QUERY_H
#define CORTEX_PLUGIN_QUERY_H

#include <regex.h>
#include <stdbool.h>
#include <stdint.h>
#include <cortex/plugin.h>
#include <tree_sitter/api.h>

typedef enum cortex_role {
    CORTEX_ROLE_IGNORE = 0,
    CORTEX_ROLE_DEFINITION,   /* @definition.<kind> */
    CORTEX_ROLE_NAME,         /* @name */
    CORTEX_ROLE_BODY,         /* @body */
    CORTEX_ROLE_DOC,          /* @doc */
    CORTEX_ROLE_REFERENCE,    /* @reference.<kind> */
    CORTEX_ROLE_QUALIFIER,    /* @qualifier */
    CORTEX_ROLE_IMPORT,       /* @import */
    CORTEX_ROLE_IMPORT_MODULE,/* @import.module */
    CORTEX_ROLE_IMPORT_ALIAS, /* @import.alias */
    CORTEX_ROLE_TEXT,         /* @text.<kind> */
    CORTEX_ROLE_TEXT_LANGUAGE,/* @text.language */
    CORTEX_ROLE_VISIBILITY,   /* @visibility */
    CORTEX_ROLE_RECEIVER,     /* @receiver: the type a method written outside it belongs to */
    CORTEX_ROLE_SECTION,      /* @visibility.section: `private:` / `private`, for the definitions after it */
    CORTEX_ROLE_LOCAL,        /* @local.definition: a name a scope declares (a parameter, a variable) */
    CORTEX_ROLE_LOCAL_TYPE,   /* @local.type: the type that declaration gives the name, when syntax says */
    CORTEX_ROLE_LOCAL_CALL,   /* @local.call: what the name is initialised by calling (a constructor, a conversion) */
    CORTEX_ROLE_LOCAL_RANGE,  /* @local.range: what the name takes the elements of (a loop's) */
    CORTEX_ROLE_LOCAL_VALUE,  /* @local.value: a path of fields the name is initialised with (`p := c.parent`) */
    CORTEX_ROLE_LOCAL_SCOPE,  /* @local.scope: the node the name is in scope within only (a type switch's clause) */
    CORTEX_ROLE_LOCAL_AFTER,  /* @local.after: the declaration the name is in scope after only (`x := x.f()`) */
    CORTEX_ROLE_DECLARED_TYPE, /* @declared.type: a definition's type (a variable's, a field's; a function's result) */
    CORTEX_ROLE_DECLARED_CALL  /* @declared.call: what a variable is initialised by calling */
} cortex_role;

typedef struct cortex_capture_info {
    cortex_role role;
    char *kind; /* the <kind> suffix for definitions, references and texts */
} cortex_capture_info;

typedef enum cortex_pred_op { CORTEX_PRED_EQ, CORTEX_PRED_MATCH, CORTEX_PRED_ANY_OF } cortex_pred_op;

typedef struct cortex_predicate {
    cortex_pred_op op;
    bool negate;
    uint32_t capture;  /* capture index tested */
    int32_t other;     /* #eq? against another capture, or -1 */
    char **values;     /* literal(s) */
    uint32_t nvalues;
    regex_t regex;     /* CORTEX_PRED_MATCH */
} cortex_predicate;

typedef struct cortex_pattern_info {
    cortex_predicate *preds;
    size_t npreds, preds_cap;
    char *origin;      /* (#set! origin "...") */
    char *visibility;  /* (#set! visibility "...") */
    char *alias;       /* (#set! alias "*"): an import's alias when no @import.alias is captured */
    char *separator;   /* (#set! separator "::"): joins @import.module and @name; "." when NULL */
    uint32_t level;    /* (#set! level "N"): an outline level, 0 = none */
    int not_container; /* (#set! container "no"): encloses no other definition */
    int32_t strip_capture; /* (#strip! @capture "regex"), -1 = none */
    regex_t strip;
} cortex_pattern_info;

typedef struct cortex_compiled_query {
    char *name;
    TSQuery *query;
    cortex_capture_info *captures;
    uint32_t ncaptures;
    cortex_pattern_info *patterns;
    uint32_t npatterns;
    /* compiled from several sources as one (cortex_compiled_query_init_many):
     * how many, and per pattern the source it was written in; NULL for one */
    uint32_t nsources;
    uint32_t *pattern_source;
} cortex_compiled_query;

/** Compiles `source` for `lang`. On failure returns CORTEX_EINVALID with a message
 *  naming the query, line and column. Caller owns `*out`; release with
 *  cortex_compiled_query_dispose(). */
int cortex_compiled_query_init(cortex_compiled_query *out, const TSLanguage *lang,
                               const char *name, const char *source);

/** Compiles the `n` sources as one query, their sources end to end, so that
 *  running it walks a tree once, not once per source (walking is most of a
 *  query's cost); `pattern_source` tells each pattern's source. A source that
 *  does not compile is named in the error, as cortex_compiled_query_init()
 *  names it. */
int cortex_compiled_query_init_many(cortex_compiled_query *out, const TSLanguage *lang, const cortex_query *sources,
                                    uint32_t n);

void cortex_compiled_query_dispose(cortex_compiled_query *q);

/** Removes the first match of the pattern's #strip! regex from `text` (in place)
 *  when `capture` is the stripped capture. */
void cortex_compiled_query_strip(const cortex_compiled_query *q, uint32_t pattern, uint32_t capture, char *text);

/** True when every predicate of the match's pattern holds on `source`. */
bool cortex_compiled_query_accepts(const cortex_compiled_query *q, const TSQueryMatch *match,
                                   const char *source);

#endif
