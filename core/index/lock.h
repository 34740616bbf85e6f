/*
 * One indexer per repository: an exclusive lock on <data_dir>/lock, taken by
 * every run that writes the index and released when its descriptor closes.
 */
#ifndef CORTEX_INDEX_LOCK_H
#define CORTEX_INDEX_LOCK_H

#include <stdatomic.h>

/** Told once when another indexer holds the lock and the caller waits for it. */
typedef void (*cortex_index_lock_wait_cb)(long holder_pid, void *payload);

/** The pid the lock file names from now on (0: this process's): an isolated
 *  run's process names its supervisor, the process a user started. */
void cortex_index_lock_name_owner(long pid);

/** Takes the repository's indexing lock: `*out` is the descriptor that holds
 *  it; close it to release. With `no_wait`, fails at once (CORTEX_ERROR,
 *  naming the holder's pid) when another process holds it; else tells
 *  `waiting` (optional) and blocks, until `cancel` (optional) is set and a
 *  signal interrupts the wait (CORTEX_ECANCELLED). Returns 0 or a negative
 *  CORTEX_E* code. */
int cortex_index_lock_take(int *out, const char *data_dir, int no_wait, const atomic_int *cancel,
                           cortex_index_lock_wait_cb waiting, void *payload);

#endif
