/*
 * Reading a committed JSONL index back into records, for rebuilding the store
 * without parsing (`cortex index --from-jsonl`).
 */
#ifndef CORTEX_INDEX_FROM_JSONL_H
#define CORTEX_INDEX_FROM_JSONL_H

#include "../record/records.h"
#include "../plugin/loader.h"

#include <stdint.h>

/** Receives one file's records; returns 0 or a negative code with the message set. */
typedef int (*cortex_jsonl_file_fn)(const cortex_file_records *records, void *payload);

/** Reads the JSONL files in <data_dir>/index/ (and <data_dir>/chunks/, shards included, when present) and
 *  calls `deliver` once per file, in path order; *nfiles counts them. 0, or a
 *  negative code with the message set (a missing or malformed index, a file
 *  written by a plugin that is not loaded). */
int cortex_index_from_jsonl(const char *root, const char *data_dir, const cortex_plugin_set *plugins,
                            cortex_jsonl_file_fn deliver, void *payload, uint64_t *nfiles);

#endif
