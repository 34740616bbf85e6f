/*
 * What an index holds in all: files, symbols, references, texts and files
 * with parse errors, counted in the store. A run's report counts only the
 * files it parsed; these are the numbers after it.
 */
#ifndef CORTEX_STORE_TOTALS_H
#define CORTEX_STORE_TOTALS_H

#include "read.h"
#include "store.h"

#include <stdint.h>

typedef struct cortex_store_totals {
    uint64_t files, symbols, refs, texts, parse_errors; /* parse_errors: files whose tree had ERROR nodes */
} cortex_store_totals;

/** Counts what `store` holds into `*out`. 0, or a negative CORTEX_E* code
 *  with the message set. */
int cortex_store_totals_read(cortex_store_totals *out, cortex_store *store);
/** The same, through a read connection. */
int cortex_store_read_totals(cortex_store_totals *out, cortex_store_reader *r);

#endif
