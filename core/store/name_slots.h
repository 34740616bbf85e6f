/*
 * An open-addressing index over an array of entries keyed by a language's
 * number and a name, built once the array is complete and read thereafter:
 * the commit's and the binding scan's tables of definition names
 * (include_names.c, bindings_scan.c). Each entry begins with a
 * cortex_name_key; the array is walked by its stride.
 */
#ifndef CORTEX_STORE_NAME_SLOTS_H
#define CORTEX_STORE_NAME_SLOTS_H

#include <stddef.h>
#include <stdint.h>

typedef struct cortex_name_key {
    const char *name;
    uint32_t lang;
} cortex_name_key;

typedef struct cortex_name_slots {
    uint32_t *slots; /* entry index + 1, 0 for empty */
    size_t mask;
} cortex_name_slots;

/* Indexes the `n` entries of `entries` (each `stride` bytes, beginning with a
 * cortex_name_key); any earlier index of `s` is freed. */
void cortex_name_slots_build(cortex_name_slots *s, const void *entries, size_t n, size_t stride);

/* The entry of `lang` and `name`, NULL when none (or nothing was indexed). */
const void *cortex_name_slots_find(const cortex_name_slots *s, const void *entries, size_t stride, uint32_t lang,
                                   const char *name);

void cortex_name_slots_free(cortex_name_slots *s);

#endif
