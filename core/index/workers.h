/*
 * Parallel extraction: N threads read and extract files while the indexer
 * feeds the sinks in path order, so the output does not depend on N. Each
 * thread has its own parser; a file's records wait in its slot until the
 * indexer takes them. Workers run at most a window of files ahead of the
 * indexer (memory stays bounded), except the largest files, which start
 * first so that no big file is left for the end.
 */
#ifndef CORTEX_INDEX_WORKERS_H
#define CORTEX_INDEX_WORKERS_H

#include "../chunk/chunk.h"
#include "../record/records.h"
#include "../plugin/loader.h"

#include <stdint.h>

typedef struct cortex_extract_job {
    const char *path;                     /* repository-relative */
    const cortex_language_plugin *plugin;
    uint64_t size;
    const char *unless_hash;              /* skip extraction when the content has this hash (a touched file) */
    const char *project;                  /* the file's project, copied to its records */
} cortex_extract_job;

typedef struct cortex_extract_result {
    cortex_file_records rec;  /* path, lang, hash, lines, bytes, mtime, and records unless same_hash */
    const char *skip_reason;  /* unreadable, binary, minified: the file is not indexed */
    int same_hash;            /* the content hash was unless_hash: nothing extracted */
    char *problem;            /* why extraction stopped early, or NULL */
} cortex_extract_result;

typedef struct cortex_workers cortex_workers;

/** Starts `threads` workers (1 = extraction on the caller's thread, on
 *  demand) over `jobs`, which must outlive them. A file with a line longer
 *  than `max_line_length` (0 = no limit) is skipped as minified or generated.
 *  With `chunk` (which must outlive them), each extracted file is also chunked. */
cortex_workers *cortex_workers_start(const char *root, const cortex_extract_job *jobs, size_t njobs, unsigned threads,
                                     double parse_seconds, uint64_t max_line_length, const cortex_chunk_options *chunk);

/** Job `i`'s result, waiting for it; jobs must be taken in index order.
 *  Valid until cortex_workers_release(w, i). */
cortex_extract_result *cortex_workers_take(cortex_workers *w, size_t i);
void cortex_workers_release(cortex_workers *w, size_t i);

/** Stops the workers (pending jobs are dropped) and frees everything. */
void cortex_workers_stop(cortex_workers *w);

/** The number of threads to use by default: the machine's cores. */
unsigned cortex_workers_default_threads(void);

#endif
