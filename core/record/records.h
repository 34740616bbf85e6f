/*
 * The record model: what extraction produces for one file, as the chunker,
 * the sinks, the index readers and the tools receive it. It sits below all of
 * them and includes only util/. Strings live in the file's arena; kinds that
 * come from a plugin's capture names or refine hook are borrowed from the
 * loaded plugin.
 */
#ifndef CORTEX_RECORD_RECORDS_H
#define CORTEX_RECORD_RECORDS_H

#include "../util/mem.h"
#include "../util/sort.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct cortex_symbol {
    const char *name;       /* qualified: "Config.__init__" */
    const char *short_name; /* "__init__" */
    const char *kind;
    uint32_t line_start, line_end; /* 1-based, inclusive */
    uint32_t col_start;            /* 1-based, in bytes */
    uint32_t name_line;            /* 1-based line of the name (an LSP selection range's line) */
    uint32_t start_byte, end_byte;
    int32_t parent;         /* index in the file's symbols, -1 at top level */
    const char *sig;        /* declaration text before the body, whitespace collapsed */
    const char *visibility;
    const char *doc;        /* first paragraph of the attached docstring or doc comment */
    const char *alias;      /* imports: local name */
    const char *origin;     /* imports: system/local/relative, when the plugin says */
    const char *targets;    /* imports: candidate files from the plugin, '\n'-separated, or NULL */
    const char *dtype;      /* the type it declares its value has (a variable's, a field's; a function's result), as
                               a reference's rtype spells types; or NULL */
} cortex_symbol;

typedef struct cortex_reference {
    const char *name;
    const char *kind;       /* call, type, ... */
    const char *qualifier;  /* receiver text, or NULL */
    const char *rtype;      /* the receiver's type where its declaration in scope names it (`c` in `func (c *Cmd)`):
                               `Cmd`, `pkg.Cmd`, `F()` for the value of a call of F (CORTEX_RECORD_CALL_RESULT),
                               `T#f` for the field f of a T, `T#m()` for what T's method m returns; or NULL */
    uint32_t line, col;     /* 1-based */
    uint32_t start_byte;
    int32_t caller;         /* innermost enclosing definition, -1 when none */
    bool local;             /* a bare name a function's own scope declares (a parameter, a variable): no definition's */
} cortex_reference;

typedef struct cortex_text {
    const char *kind;       /* comment, string, docstring, sample */
    const char *text;
    const char *language;   /* samples: the fence's language */
    uint32_t line_start, line_end;
    uint32_t start_byte, end_byte;
    int32_t parent;         /* symbol index, -1 when none */
} cortex_text;

/* A chunk: a piece of a file sized for an agent's context (core/chunk/). */
typedef struct cortex_code_block {
    const char *language; /* the fence's info word, or NULL */
    const char *content;
} cortex_code_block;

typedef struct cortex_chunk {
    const char *kind;    /* doc, symbols, definitions, data */
    const char *headers; /* doc: the header path, '\n'-separated, outermost first; or NULL */
    const char *content;
    uint32_t line_start, line_end; /* 1-based, inclusive */
    cortex_code_block *blocks;
    size_t nblocks;
    const char **links;
    size_t nlinks;
} cortex_chunk;

/* Kinds whose definitions have members: a function directly inside one is a
 * method (derive), and a call on a receiver names its members (the binder). */
#define CORTEX_RECORD_TYPE_KINDS(X) X(class) X(struct) X(interface) X(trait) X(enum) X(union) X(impl)

/* The suffix of a reference's rtype that says the receiver holds what a call
 * of the name before it returns: a value of that type when the name is a
 * type (`x := T(y)`, `x = Foo()`), a function's result otherwise. */
#define CORTEX_RECORD_CALL_RESULT "()"
/* The prefix of a reference's rtype that names a variable of the package
 * (another file's, in a language whose packages are directories): its
 * declared type, found at commit (`$errLog`). */
#define CORTEX_RECORD_VALUE_OF '$'
/* The suffix of a declared type that says a slice or array of the type
 * before it (`T[]` for Go's `[]*T`); and the step of a reference's rtype
 * that takes one element of it (`T#items#[]`: an element of T's field
 * items, as `for _, x := range t.items` declares x). */
#define CORTEX_RECORD_SLICE_OF "[]"
#define CORTEX_RECORD_ELEMENT_STEP "#[]"
/* What a declared type lists after the type itself: the parameters of the
 * functions a function (a type: its constructor) takes, `|(i,j)T` each, T
 * the type of parameter j of the function passed as argument i; a
 * reference's rtype `F(i,j)` names that type of F's. */
#define CORTEX_RECORD_CALLBACKS "|"


/** Whether a definition of `kind` holds members (CORTEX_RECORD_TYPE_KINDS). */
int cortex_record_type_kind(const char *kind);

/** What the binder must know of a file's language, as its plugin declares it
 *  (cortex/plugin.h): the receiver words of the enclosing type, the names the
 *  language predeclares, and its CORTEX_PLUGIN_* flags. Owned by the plugin. */
typedef struct cortex_binding_rules {
    char **self_names; /* NULL-terminated */
    char **super_names; /* NULL-terminated: receivers naming the enclosing type's base */
    char **builtins;   /* sorted by strcmp, NULL-terminated */
    size_t nbuiltins;
    char **builtin_members; /* sorted by strcmp, NULL-terminated */
    size_t nbuiltin_members;
    uint32_t flags;
} cortex_binding_rules;

typedef struct cortex_file_records {
    const char *path;       /* repository-relative, '/' separators */
    const char *lang;       /* plugin name */
    const char *line_comment; /* the plugin's line-comment token, set by the extractor; NULL reads as "//" */
    uint32_t lang_flags;    /* the plugin's CORTEX_PLUGIN_* flags (cortex/plugin.h), set by the extractor */
    const cortex_binding_rules *rules; /* the plugin's, set by the extractor or the JSONL reader; NULL: none */
    const char *project;    /* "." (the root's) or the path of the nested repository holding it; NULL = "." */
    char hash[17];          /* XXH3-64 of the content, 16 hex digits */
    uint32_t lines;
    uint64_t bytes;
    int64_t mtime_ns;       /* modification time; the store's freshness check, never in the JSONL index */
    bool has_errors;        /* the parse tree has ERROR or MISSING nodes */
    bool variant;           /* the language's default build leaves the file out (the plugin's file_variant) */
    const char *problem;    /* why extraction stopped early, or NULL */

    cortex_symbol *symbols;
    size_t nsymbols, symbols_cap;
    cortex_reference *refs;
    size_t nrefs, refs_cap;
    cortex_text *texts;
    size_t ntexts, texts_cap;
    cortex_chunk *chunks;   /* filled when the pipeline writes chunks */
    size_t nchunks, chunks_cap;
    cortex_arena arena;
} cortex_file_records;

void cortex_file_records_reset(cortex_file_records *r);

/** Sorts symbols, references and texts into the deterministic output order
 *  (line, column, then name/kind) and remaps parent and caller indexes. */
void cortex_file_records_sort(cortex_file_records *r, cortex_sort_scratch *scratch);

/** A chunk's header path as one name: its headers joined by " > " ("Guide >
 *  Install"), appended to `out` (nothing for NULL). How the tools name a
 *  documentation chunk and what its handle id hashes. */
void cortex_chunk_header_path(cortex_buf *out, const char *headers);

#endif
