/*
 * What the extractor collects from query matches before anything is derived
 * (raw definitions and texts), and the derivation every language shares:
 * dedupe, outline extents, nesting and qualified names, method promotion,
 * signatures, docs, comment merging, callers. Internal to the core.
 */
#ifndef CORTEX_EXTRACT_DERIVE_H
#define CORTEX_EXTRACT_DERIVE_H

#include "../plugin/loader.h"
#include "../record/records.h"

typedef struct cortex_raw_def {
    uint32_t start, end;  /* bytes of the definition node */
    TSPoint sp, ep;
    uint32_t lead_row;    /* first row of the definition with its decorators/wrappers */
    uint32_t order;       /* query and pattern index: the first pattern wins a tie */
    const char *kind;
    const char *name;
    uint32_t sig_end;     /* the signature is [start, sig_end), comments excised; 0 = none */
    const char *visibility;
    const char *alias, *origin;
    uint32_t doc_start, doc_end; /* a docstring captured with it, or 0,0 */
    int is_import;
    uint32_t level;       /* outline level (headings), 0 when not part of an outline */
    int not_container;    /* never the parent of another definition (a typedef naming a struct) */
    uint32_t name_start, name_end; /* the name's node (imports: the imported path) */
    uint32_t name_row;    /* 0-based row of the name */
    const char *receiver; /* the type a method written outside it belongs to (Go), or NULL */
    const char *dtype;    /* @declared.type, normalised as a reference's rtype, or NULL */
    int32_t symbol;       /* index of the symbol it became, -1 when a duplicate */
} cortex_raw_def;

typedef struct cortex_raw_text {
    cortex_text t;
    uint32_t order;
    int own_line; /* nothing but whitespace before it on its first line */
    int is_doc;
    int directive; /* a comment that speaks to a tool (cortex_text_is_directive): no one's doc */
} cortex_raw_text;

/** The 1-based last line of a node: one ending at column 0 (after a newline)
 *  ends on the line before. */
static inline uint32_t line_end_of(TSPoint sp, TSPoint ep)
{
    if (ep.column == 0 && ep.row > sp.row) return ep.row;
    return ep.row + 1;
}

/* A visibility section marker (C++ `private:`, Ruby's bare `private`): the
 * definitions after it in the same body take its text, until the next one. */
typedef struct cortex_raw_section {
    uint32_t at;            /* byte where the marker ends */
    const char *visibility; /* its text, trailing ':' dropped */
} cortex_raw_section;

/* A name a scope declares (a parameter, a receiver, a variable), with the
 * type its declaration gives it when syntax says (`@local.definition`,
 * `@local.type`): a call on the name is a call on that type. */
/* A local's type that is a type literal written in place (`struct{ ... }`):
 * this byte, then the decimal offset where the literal starts, where the
 * literal's fields are declared (their @local.scope starts there). */
#define CORTEX_RAW_TYPE_LITERAL '{'

typedef struct cortex_raw_local {
    const char *name;
    const char *type; /* NULL: declared, type unknown (it shadows the outer names all the same) */
    uint32_t at;      /* byte where the name starts, its @local.scope node starts or its @local.after node ends */
    uint32_t end;     /* byte where its @local.scope node ends; 0: in scope to the end of its scope */
    int rank;         /* of declarations of one name at one place: a type (2) over a call (1) over none (0) */
    int elements;     /* `type` is an expression: 1, whose elements the name takes (`for _, x := range xs`);
                         2, whose value it holds (`p := c.parent`) */
    int32_t scope;    /* the innermost definition holding it, -1 at file level; set by derive */
} cortex_raw_local;

typedef struct cortex_raw_records {
    cortex_raw_def *defs;
    size_t ndefs, defs_cap;
    cortex_raw_section *sections;
    size_t nsections, sections_cap;
    cortex_raw_text *texts;
    size_t ntexts, texts_cap;
    cortex_raw_local *locals;
    size_t nlocals, locals_cap;
    cortex_sort_scratch sort; /* for this file's sorts, and the next file's */
} cortex_raw_records;

/** Turns one file's raw definitions and texts into records in `r`, sorted.
 *  `file_end` and `file_end_point` close the last outline entry. */
void cortex_derive__records(cortex_raw_records *raw, const cortex_language_plugin *p, const char *src, uint32_t file_end,
                            TSPoint file_end_point, cortex_file_records *r);

/** An import's candidate files from the plugin's import_paths hook,
 *  '\n'-separated in r's arena, or NULL. */
const char *cortex_derive_import_targets(const cortex_language_plugin *p, cortex_file_records *r, const cortex_symbol *s);

#endif
