/*
 * Row ids (ids.h): stable symbol ids, hashed and probed within a file, and
 * the file-numbered ids of texts and references.
 */
#define XXH_STATIC_LINKING_ONLY /* for XXH3_state_t on the stack */
#include "ids.h"

#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

int cortex_store_row_overflows(int64_t file_id, size_t nsymbols, size_t nrefs, size_t ntexts)
{
    /* a symbol's probe must find a free id in its file's range */
    return file_id >> (62 - CORTEX_STORE_ROW_ID_BITS) || nsymbols >> (CORTEX_STORE_SYMBOL_HASH_BITS - 1) ||
           nrefs >> CORTEX_STORE_ROW_ID_BITS || ntexts >> CORTEX_STORE_ROW_ID_BITS;
}

/* The file's id in the high bits, the name's and kind's hash in the low
 * CORTEX_STORE_SYMBOL_HASH_BITS. One file's symbols sit together in the
 * table and its FTS5 docsize rows: an edit writes a few pages of each, not
 * one page per symbol (a whole-id hash put 490 pages in a kernel/fork.c
 * edit). A first index numbers files in path order, so its symbols are
 * appended, filling their pages, where a hash of the path put each file's
 * at a random place in the table; and ids of about 40 bits take 6 bytes
 * where a table, an index or a full-text doclist stores one, not 8 or 9. */
#define HASH_MASK ((INT64_C(1) << CORTEX_STORE_SYMBOL_HASH_BITS) - 1)

int64_t cortex_store_symbol_id(int64_t file_id, const cortex_symbol *sym)
{
    XXH3_state_t st;
    XXH3_64bits_reset(&st);
    XXH3_64bits_update(&st, sym->name, strlen(sym->name) + 1);
    XXH3_64bits_update(&st, sym->kind, strlen(sym->kind));
    return file_id << CORTEX_STORE_SYMBOL_HASH_BITS | (int64_t)(XXH3_64bits_digest(&st) & (uint64_t)HASH_MASK);
}

/* The next id of the same file's range, wrapping within it. */
static int64_t next_id(int64_t id) { return (id & ~HASH_MASK) | ((id + 1) & HASH_MASK); }

/* Adds `id`, claimed by symbol `i`, to the file's id set; returns 0 when it was already there. */
static int claim_id(cortex_store_ids *s, int64_t id, size_t i)
{
    size_t mask = s->taken_cap - 1;
    for (size_t h = (size_t)id & mask;; h = (h + 1) & mask) {
        if (s->taken[h] == id) return 0;
        if (s->taken[h] == 0) {
            s->taken[h] = id;
            s->taken_by[h] = (uint32_t)i;
            return 1;
        }
    }
}

int32_t cortex_store_ids_claimed_by(const cortex_store_ids *s, int64_t id)
{
    size_t mask = s->taken_cap - 1;
    for (size_t h = (size_t)id & mask; s->taken[h]; h = (h + 1) & mask)
        if (s->taken[h] == id) return (int32_t)s->taken_by[h];
    return -1;
}

/* Same name and kind twice in one file (overloads, redefinitions): probing
 * in source order keeps the ids distinct and stable. */
void cortex_store_ids_plan(cortex_store_ids *s, int64_t file_id, const cortex_file_records *r)
{
    cortex_grow((void **)&s->ids, &s->ids_cap, r->nsymbols + 1, sizeof *s->ids);
    size_t want = 16;
    while (want < 2 * r->nsymbols + 2) want *= 2;
    if (want > s->taken_cap) {
        free(s->taken);
        free(s->taken_by);
        s->taken = cortex_xmalloc(want * sizeof *s->taken);
        s->taken_by = cortex_xmalloc(want * sizeof *s->taken_by);
        s->taken_cap = want;
    }
    memset(s->taken, 0, s->taken_cap * sizeof *s->taken);
    for (size_t i = 0; i < r->nsymbols; i++) {
        int64_t id = cortex_store_symbol_id(file_id, &r->symbols[i]);
        while (!claim_id(s, id, i)) id = next_id(id);
        s->ids[i] = id;
    }
}

int64_t cortex_store_ids_reprobe(cortex_store_ids *s, int64_t id, size_t i)
{
    do id = next_id(id);
    while (!claim_id(s, id, i));
    return s->ids[i] = id;
}

void cortex_store_ids_dispose(cortex_store_ids *s)
{
    free(s->ids);
    free(s->taken);
    free(s->taken_by);
    memset(s, 0, sizeof *s);
}
