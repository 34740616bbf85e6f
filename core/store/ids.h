/*
 * Row ids. A symbol's id is stable across runs: its file's id in the high
 * bits and a hash of its qualified name and kind in the low ones, probed past
 * collisions in source order within the file's range. A text's
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

/** Whether a file's id, or its count of symbols, references or texts, is too
 *  large for its rows to be numbered under it. */
int cortex_store_row_overflows(int64_t file_id, size_t nsymbols, size_t nrefs, size_t ntexts);

/* The bits of a symbol's id below its file's id: room for the file's
 * symbols to hash apart. */
#define CORTEX_STORE_SYMBOL_HASH_BITS 23

/** SQL: the symbol `id` belongs to the file whose id is `file` (a range of
 *  ids, read in id order without an index). */
#define CORTEX_STORE_SYMBOL_OF_FILE(id, file) id " BETWEEN (" file ") << 23 AND ((" file ") << 23) + 8388607"
_Static_assert(CORTEX_STORE_SYMBOL_HASH_BITS == 23, "CORTEX_STORE_SYMBOL_OF_FILE spells the bits out");

/** The file of the symbol `id`: its id is numbered under its file's. */
static inline int64_t cortex_store_symbol_file_of(int64_t id) { return id >> CORTEX_STORE_SYMBOL_HASH_BITS; }

/** A symbol's id before any probing: never 0 (file ids start at 1). */
int64_t cortex_store_symbol_id(int64_t file_id, const cortex_symbol *sym);

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

/** Gives each of the file `file_id`'s symbols its id. */
void cortex_store_ids_plan(cortex_store_ids *s, int64_t file_id, const cortex_file_records *r);
/** Moves symbol `i` past `id`, which another file's symbol holds: its next
 *  free id, claimed, stored in ids[i] and returned. */
int64_t cortex_store_ids_reprobe(cortex_store_ids *s, int64_t id, size_t i);
/** The symbol of this file that claimed `id`, or -1. */
int32_t cortex_store_ids_claimed_by(const cortex_store_ids *s, int64_t id);
void cortex_store_ids_dispose(cortex_store_ids *s);

#endif
