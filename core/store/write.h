/*
 * The store's writes, one file at a time: its row, symbols, imports,
 * references, texts and chunks, written in place over the rows of the
 * file's previous version where they still match (so the name indexes are
 * not touched for them), with stable symbol ids and the file's references
 * bound as they go (bind.h). Inside the transaction a run holds
 * (cortex_store_begin); the sqlite sink drives it.
 */
#ifndef CORTEX_STORE_WRITE_H
#define CORTEX_STORE_WRITE_H

#include "bulk_names.h"
#include "fts_side.h"
#include "store.h"

#include "../record/records.h"

#include <stdint.h>

typedef struct cortex_store_writer cortex_store_writer;

/** Prepares the writes on `store`'s connection (borrowed: close the writer
 *  first). Caller owns `*out`; free with cortex_store_writer_free(). */
int cortex_store_writer_new(cortex_store_writer **out, cortex_store *store);
/** NULL-safe. */
void cortex_store_writer_free(cortex_store_writer *w);

/** What one run writes with: its generation; `bulk`: the store was empty at
 *  begin (no name is noted for an incremental recount); `side` and `names`
 *  (borrowed, may be NULL): a bulk load's spool for the full-text tables and
 *  its definition names, fed as rows are written. Empties the touched names. */
int cortex_store_writer_start(cortex_store_writer *w, int64_t generation, int bulk, cortex_fts_side *side,
                              cortex_bulk_names *names);

/** Writes the file's rows, replacing what the store had of it. `*added`:
 *  the path was not in the store. 0 or a negative code with the message set. */
int cortex_store_writer_file(int *added, cortex_store_writer *w, const cortex_file_records *r);

/** Keeps an unchanged file's rows (same path and hash), restamping its
 *  time and project when they moved: 0, or CORTEX_ENOTFOUND when the store
 *  has no such row, or another negative code. */
int cortex_store_writer_keep(cortex_store_writer *w, const cortex_file_records *r);

/** Deletes the rows of the file at `path`; nothing when it is not there. */
int cortex_store_writer_remove(cortex_store_writer *w, const char *path);

#endif
