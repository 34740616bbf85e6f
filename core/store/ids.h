/*
 * Row ids. A symbol's id is stable across runs: a hash of its file's path,
 * qualified name and kind, probed past collisions in source order. A text's
 * or a reference's id is its file's id in the high bits and its number in the
 * file in the low ones (CORTEX_STORE_ROW_ID_BITS).
 */
#ifndef CORTEX_STORE_IDS_H
#define CORTEX_STORE_IDS_H

#include "store.h"

#include "../record/records.h"

#include <stddef.h>
#include <stdint.h>

/** The first row id of the file `file_id`'s texts and references. */
static inline int64_t cortex_store_row_first(int64_t file_id) { return file_id << CORTEX_STORE_ROW_ID_BITS; }

/** Whether a file's id, or its count of references or texts, is too large
 *  for its rows to be numbered under it. */
int cortex_store_row_overflows(int64_t file_id, size_t nrefs, size_t ntexts);

/** A symbol's id before any probing: never 0. */
int64_t cortex_store_symbol_id(const char *path, const cortex_symbol *sym);

/** One file's symbol ids: `ids[i]` is symbol i's, distinct within the file.
 *  Scratch reused from file to file; zero-initialise, dispose with
 *  cortex_store_ids_dispose(). */
typedef struct cortex_store_ids {
    int64_t *ids;
    size_t ids_cap;
    int64_t *taken;     /* open-addressing set of the file's ids, 0 = empty */
    uint32_t *taken_by; /* beside each: the symbol that claimed it */
    size_t taken_cap;
} cortex_store_ids;

/** Gives each of the file's symbols its id. */
void cortex_store_ids_plan(cortex_store_ids *s, const cortex_file_records *r);
/** Moves symbol `i` past `id`, which another file's symbol holds: its next
 *  free id, claimed, stored in ids[i] and returned. */
int64_t cortex_store_ids_reprobe(cortex_store_ids *s, int64_t id, size_t i);
/** The symbol of this file that claimed `id`, or -1. */
int32_t cortex_store_ids_claimed_by(const cortex_store_ids *s, int64_t id);
void cortex_store_ids_dispose(cortex_store_ids *s);

#endif
