/*
 * A spool: rows of a few text columns, each with a 64-bit id, written to an
 * unlinked file as they come and read back once in id order, holding a
 * bounded amount in memory whatever the spool's size. Rows that came in id
 * order are read straight through; otherwise the spool is first cut into
 * sorted runs (one run's worth in memory at a time, written to a second
 * unlinked file) and the runs are merged as they are read. The side build of
 * the full-text tables (fts_side.h) spools each table's rows this way.
 */
#ifndef CORTEX_STORE_SPOOL_H
#define CORTEX_STORE_SPOOL_H

#include <stddef.h>
#include <stdint.h>

#define CORTEX_SPOOL_MAX_COLUMNS 4

typedef struct cortex_spool cortex_spool;

/** A row read back: its id and columns (NULL for SQL NULL), valid until the
 *  next read. */
typedef struct cortex_spool_row {
    int64_t id;
    const char *col[CORTEX_SPOOL_MAX_COLUMNS];
    uint32_t len[CORTEX_SPOOL_MAX_COLUMNS];
} cortex_spool_row;

/** Creates the spool's file at `path` and unlinks it; its sorted runs, if
 *  any, go to `path`.runs, each made of at most `run_bytes` in memory (0:
 *  the default). 0 or an errno. */
int cortex_spool_open(cortex_spool **out, const char *path, int ncols, size_t run_bytes);

/** Appends a row: `cols` holds the spool's columns, NULL for SQL NULL. A
 *  write error is kept and reported by cortex_spool_flush. */
void cortex_spool_add(cortex_spool *s, int64_t id, const char *const *cols);

/** Writes what is buffered: 0, or the errno of the first failed write. */
int cortex_spool_flush(cortex_spool *s);

uint64_t cortex_spool_rows(const cortex_spool *s);
uint64_t cortex_spool_bytes(const cortex_spool *s);

/** Starts reading the rows in id order from the first (after a flush).
 *  0 or an errno. */
int cortex_spool_rewind(cortex_spool *s);

/** The next row in id order: 1, 0 at the end, or a negative errno. */
int cortex_spool_next(cortex_spool *s, cortex_spool_row *row);

/** Closes the files and frees the spool. NULL-safe. */
void cortex_spool_close(cortex_spool *s);

#endif
