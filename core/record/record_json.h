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
 * reader derives from the texts (extract/docs.h). */
#define CORTEX_JSONL_FORMAT_VERSION "1.5"

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

/* Each appends one object and a newline. `with_file` adds the "file" field;
 * `type` (or NULL) adds a leading "type" field. `derived` is the owner a
 * reader derives from positions (record/owners.h): the owner is written only
 * where it differs, as `null` where there is none and a reader would derive one;
 * with CORTEX_JSON_OWNER_NAMED every field is written (`cortex extract`).
 * A symbol's `derived_doc` is the doc a reader derives from the texts
 * (extract/docs.h): the doc is written only where it differs, as `null` where
 * there is none and a reader would derive one; unread with OWNER_NAMED. */
void cortex_json_file_line(cortex_buf *b, const cortex_file_records *r);
void cortex_json_symbol_line(cortex_buf *b, const cortex_file_records *r, const cortex_symbol *s, int32_t derived,
                             const char *derived_doc, int with_file, const char *type);
void cortex_json_reference_line(cortex_buf *b, const cortex_file_records *r, const cortex_reference *ref,
                                int32_t derived, int with_file, const char *type);
/** A reference after the first of its file, as the JSONL index writes it
 *  from format 1.4: `[name,line,col]`, then its kind when it is not a call
 *  or more follows, then an object of the other fields where any is written
 *  (`caller`, `qualifier`, `receiver_type`, `local`). */
void cortex_json_reference_tuple(cortex_buf *b, const cortex_file_records *r, const cortex_reference *ref,
                                 int32_t derived);
void cortex_json_text_line(cortex_buf *b, const cortex_file_records *r, const cortex_text *t, int32_t derived,
                           int with_file, const char *type);
/** A chunk: {"file","id","kind","lines","headers","tokens","content","code_blocks","links"};
 *  `ordinal` numbers the file's chunks from 1 for the id. `with_file` as above. */
void cortex_json_chunk_line(cortex_buf *b, const cortex_file_records *r, const cortex_chunk *c, size_t ordinal,
                            int with_file, const char *type);

#endif
