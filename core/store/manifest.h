/*
 * The previous run's manifest: what the store recorded of each file (enough
 * to tell an unchanged one) and the extractor fingerprint its rows were made
 * with, read by the pipeline before a run and by the sqlite sink at begin.
 */
#ifndef CORTEX_STORE_MANIFEST_H
#define CORTEX_STORE_MANIFEST_H

#include "store.h"

#include <stddef.h>
#include <stdint.h>

/** What the previous run recorded of a file. */
typedef struct cortex_store_manifest_entry {
    char *path; /* owned by the array's caller: free each with free() */
    char lang[64];
    char hash[17];
    uint32_t lines;
    uint64_t bytes;
    int64_t mtime_ns;
    int parse_errors; /* the tree had ERROR nodes: the JSONL index says so of the file */
    int variant;      /* a build variant (the files table's `variant`): the JSONL index says so too */
} cortex_store_manifest_entry;

/** The files in the store at `store_path`, sorted by path, and whether its
 *  rows were extracted as `extractor` would (`*same_extractor`). No store, or
 *  one that cannot be read (the sink reports why), is an empty manifest.
 *  Caller owns `*out` and each entry's path (free() each, then the array). */
void cortex_store_manifest_read(cortex_store_manifest_entry **out, size_t *count, int *same_extractor,
                                const char *store_path, const char *extractor);

/** Whether the store's rows came from `extractor` (its meta 'extractor'). */
int cortex_store_same_extractor(cortex_store *s, const char *extractor);

/** Records `extractor` as the fingerprint of the store's rows, inside the
 *  run's transaction. 0 or a negative code with the message set. */
int cortex_store_set_extractor(cortex_store *s, const char *extractor);

#endif
