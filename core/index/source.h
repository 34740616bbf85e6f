/*
 * One file's job, below both the indexing run and its workers: read a file
 * for indexing, describe its content (hash, lines, size), and extract (and
 * chunk) its records. The pipeline, the workers and `cortex extract` share it.
 */
#ifndef CORTEX_INDEX_SOURCE_H
#define CORTEX_INDEX_SOURCE_H

#include "../chunk/chunk.h"
#include "../extract/extractor.h"
#include "../record/records.h"
#include "../plugin/loader.h"

#include <stddef.h>
#include <stdint.h>

/** Reads a whole file for indexing: fills `*data` (reused buffer), `*len` and,
 *  when not NULL, `*mtime_ns`. Returns NULL on success or a static reason:
 *  unreadable, binary. */
const char *cortex_source_read(const char *path, char **data, size_t *cap, size_t *len, int64_t *mtime_ns);

/** Fills the file record's hash, line count and size from its content. */
void cortex_source_describe(cortex_file_records *r, const char *data, size_t len);

/** Extracts a described file's records with `x`, then chunks them when
 *  `chunk` is set. NULL, or why extraction stopped early (valid until the
 *  next call on this thread): the records then hold what was found. */
const char *cortex_source_extract(cortex_extractor *x, const cortex_language_plugin *p, const char *data, size_t len,
                                  const cortex_chunk_options *chunk, cortex_file_records *r);

#endif
