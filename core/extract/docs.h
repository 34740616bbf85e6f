/*
 * A symbol's doc from its file's texts alone, as a reader of the JSONL index
 * can find it: the JSONL writes a symbol's `doc` only where the extractor's
 * differs from this one, and the reader derives the rest, both running this
 * same function over the same records (docs/index-format.md, "Docs").
 */
#ifndef CORTEX_EXTRACT_DOCS_H
#define CORTEX_EXTRACT_DOCS_H

#include "../record/records.h"

/** `docs[i]` for symbol i: the summary (cortex_text_summary, allocated in
 *  `a`) of the first docstring whose parent is the symbol, else of the first
 *  comment whose parent is the symbol and which ends on a line above it; NULL
 *  when there is neither. The texts' parents are `parents` (one per text),
 *  or their `parent` fields when NULL. */
void cortex_records_derive_docs(const cortex_file_records *r, const int32_t *parents, cortex_arena *a,
                                const char **docs);

#endif
