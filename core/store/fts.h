/*
 * The full-text tables' rows: written in one statement per table, by id
 * (FTS5 writes out a segment whenever ids go backwards), either every row of
 * a bulk load or the rows of the files one run wrote. A bulk load with a
 * spare core builds them beside the store instead (fts_side.h).
 */
#ifndef CORTEX_STORE_FTS_H
#define CORTEX_STORE_FTS_H

#include "fts_side.h"
#include "store.h"

#include <stdint.h>

/** Fills one full-text table with every row of its content table, all of
 *  them this run's, in id order as stored. */
int cortex_store_fts_fill(cortex_store *s, cortex_fts_table table);

/** Adds the rows of the files written in `generation` to every full-text
 *  table (their old rows left as the files were written). */
int cortex_store_fts_fill_generation(cortex_store *s, int64_t generation);

#endif
