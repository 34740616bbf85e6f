/*
 * The JSON form of records, one object per line, as written to the JSONL index
 * and printed by `cortex extract`. Field names follow codeix's .codeindex
 * format (docs/index-format.md). Written by hand rather than through jansson
 * because it is the indexer's hot path; it always produces valid UTF-8 JSON,
 * replacing invalid bytes in source text with U+FFFD.
 */
#ifndef CORTEX_RECORD_RECORD_JSON_H
#define CORTEX_RECORD_RECORD_JSON_H

#include "records.h"

/* The JSONL index's format (index.json's "version"): 1.2 leaves out the owners
 * a reader derives from positions (record/owners.h), a reference's kind when
 * it is a call and its file after the first of the file's; 1.3 leaves out the
 * file of a symbol or text after the first of the file's too, and a text's
 * kind when it is a comment; 1.4 writes a reference after the first of its
 * file as an array (cortex_json_reference_tuple); 1.5 leaves out the doc a
 * reader derives from the texts (extract/docs.h); 1.6 writes a reference's
 * kind in the array as a number and its qualifier, receiver type and
 * locality by position, a symbol's column only where it differs from the
 * symbol line's before, its visibility only where its signature does not
 * open with it (record/sig_visibility.h), and a text's parent only where it
 * is not the definition the text lies right above either (record/owners.h). */
#define CORTEX_JSONL_FORMAT_VERSION "1.6"

/** Appends `s` (`n` bytes) with each invalid UTF-8 byte replaced by U+FFFD. */
void cortex_utf8_repair(cortex_buf *b, const char *s, size_t n);

/** Appends a JSON string literal for `s` (`n` bytes); returns how many
 *  bytes that are not UTF-8 it wrote as U+FFFD. */
int cortex_json_string(cortex_buf *b, const char *s, size_t n);

/** Appends a JSON string literal for the path `s` (`n` bytes) in a form that
 *  reads back to the same bytes: as it is when it is UTF-8, else escaped
 *  (docs/index-format.md, "Paths"). */
void cortex_json_path(cortex_buf *b, const char *s, size_t n);

/** The bytes of a path read from the JSONL (the value of a path field, as
 *  jansson decoded it) into `out`; -1 when its escapes are malformed. */
int cortex_path_from_json(cortex_buf *out, const char *s);

/** Whether a path read from the JSONL is in its escaped form. */
int cortex_path_escaped(const char *s);

/* For `derived` below: name the owner (a symbol's parent, a reference's
 * caller, a text's parent) whatever it is, omitting it only when there is none. */
#define CORTEX_JSON_OWNER_NAMED (-2)

/* What a reader of the JSONL index derives of a symbol's fields: each is
 * written only where the symbol's own differs. */
typedef struct cortex_json_symbol_derived {
    int32_t parent;  /* from positions (record/owners.h); written as `null` where the symbol has none */
    const char *doc; /* from the texts (extract/docs.h); written as `null` where the symbol has none */
    uint32_t col;    /* the column of the file's symbol line before, 1 for its first (format 1.6) */
} cortex_json_symbol_derived;

/* Each appends one object and a newline. `with_file` adds the "file" field;
 * `type` (or NULL) adds a leading "type" field. `derived` is the owner a
 * reader derives from positions (record/owners.h): the owner is written only
 * where it differs, as `null` where there is none and a reader would derive one;
 * with CORTEX_JSON_OWNER_NAMED every field is written (`cortex extract`). A
 * symbol's `derived` is all a reader derives of it, or NULL to write every
 * field. */
void cortex_json_file_line(cortex_buf *b, const cortex_file_records *r);
void cortex_json_symbol_line(cortex_buf *b, const cortex_file_records *r, const cortex_symbol *s,
                             const cortex_json_symbol_derived *derived, int with_file, const char *type);
void cortex_json_reference_line(cortex_buf *b, const cortex_file_records *r, const cortex_reference *ref,
                                int32_t derived, int with_file, const char *type);
/** A reference after the first of its file, as the JSONL index writes it
 *  from format 1.6: `[name,line,col]`, then its kind's number when it is
 *  not a call (cortex_json_reference_kind_code), then its qualifier (or
 *  null) where it has a qualifier or a receiver type, then the receiver
 *  type where it has one, then `true` when it is `local`, then an object of
 *  the rest where any is written (`caller`, `kind` when it has no number). */
void cortex_json_reference_tuple(cortex_buf *b, const cortex_file_records *r, const cortex_reference *ref,
                                 int32_t derived);
/** A reference kind's number in the array form: 0 for a call, -1 for a kind
 *  without one; and back (NULL for a number that names none). */
int cortex_json_reference_kind_code(const char *kind);
const char *cortex_json_reference_kind(int64_t code);
void cortex_json_text_line(cortex_buf *b, const cortex_file_records *r, const cortex_text *t, int32_t derived,
                           int with_file, const char *type);
/** A chunk: {"file","id","kind","lines","headers","tokens","content","code_blocks","links"};
 *  `ordinal` numbers the file's chunks from 1 for the id. `with_file` as above. */
void cortex_json_chunk_line(cortex_buf *b, const cortex_file_records *r, const cortex_chunk *c, size_t ordinal,
                            int with_file, const char *type);

#endif
