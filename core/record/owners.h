/*
 * The definition each symbol, reference and text of a file sits in, found from
 * lines and columns alone, as a reader of the JSONL index can find it. The
 * writer names a parent or caller in the JSONL only where the extractor's
 * differs from this one, and the reader derives the rest: both run this same
 * function over the same records, so a store rebuilt from the JSONL gets the
 * extractor's answer back (docs/index-format.md, "Owners").
 */
#ifndef CORTEX_RECORD_OWNERS_H
#define CORTEX_RECORD_OWNERS_H

#include "records.h"

/** Whether a definition of `kind` holds data (a variable, a constant, a
 *  property): an initializer of module-level data is no caller. */
int cortex_record_data_kind(const char *kind);

/** Whether a comment right above a symbol of `kind` may be its doc: any
 *  kind but an import and a section. The extractor's rule and
 *  the JSONL's derived text owners must agree. */
int cortex_record_documented_kind(const char *kind);

/** For cortex_records_derive_owners' `flags` (format 1.6 on): a text that
 *  ends on the line above a definition's first line, on a line where no
 *  symbol starts, is that definition's (the file's first to start there that
 *  is no import or section), as the doc comment above a function is. */
#define CORTEX_OWNERS_TEXT_ABOVE 1u

/** For each slot given (NULL skips it): `parents[i]` for symbol i,
 *  `callers[i]` for reference i, `owners[i]` for text i: the latest-starting
 *  symbol that is no import, starts before the place (a symbol: earlier in
 *  the file's order; a reference: at or before its line and column; a text:
 *  on an earlier line) and ends on the place's line or after; for a call, no
 *  data symbol either; for a text, with CORTEX_OWNERS_TEXT_ABOVE, first the
 *  definition it lies right above. -1 when there is none. The records must be
 *  in the order cortex_file_records_sort gives; parent and caller fields are
 *  not read. */
void cortex_records_derive_owners(const cortex_file_records *r, unsigned flags, int32_t *parents, int32_t *callers,
                                  int32_t *owners);

/** Fills `by_name` (room for every symbol) with the symbols' indexes sorted
 *  by name, then index. */
void cortex_records_sort_by_name(const cortex_file_records *r, int32_t *by_name);

/** Through `by_name`: the file's first symbol named `name` that ends on
 *  `line` or below (0: the first of that name), else its first of that name;
 *  -1 when none is, or `name` is NULL. A reader of the JSONL index resolves an
 *  owner written by name so. */
int32_t cortex_records_named(const cortex_file_records *r, const int32_t *by_name, const char *name, uint32_t line);

/** `parents[i]` for text i: its parent as a reader of the JSONL index gets
 *  it back, given `derived` (the owners derived above): the extractor's
 *  where it is the derived one, else the one a parent written by name
 *  resolves to (format 1.5 on): the file's first symbol of that name that
 *  ends on the text's first line or below (the symbol a text documents or
 *  sits in always does), else its first of that name. */
void cortex_records_read_text_parents(const cortex_file_records *r, const int32_t *derived, int32_t *parents);

#endif
