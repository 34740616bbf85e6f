/*
 * Which file each extraction thread is working on, written into memory the
 * supervisor of an isolated run shares with the indexing process
 * (supervise.h). When that process dies or hangs, the supervisor reads here
 * which file did it. Without a shared area (a run in the caller's process)
 * every call is a no-op.
 */
#ifndef CORTEX_INDEX_INFLIGHT_H
#define CORTEX_INDEX_INFLIGHT_H

#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>

/* One per thread that extracts: the workers and the indexing thread. */
#define CORTEX_INFLIGHT_SLOTS 260

typedef struct cortex_inflight_slot {
    _Atomic int64_t started_ns; /* 0: not extracting; else when it started (CLOCK_MONOTONIC) */
    char path[PATH_MAX];
} cortex_inflight_slot;

typedef struct cortex_inflight {
    _Atomic int crashed_slot; /* the slot of the thread a fatal signal hit, or -1 */
    _Atomic int crash_signal;
    cortex_inflight_slot slots[CORTEX_INFLIGHT_SLOTS];
} cortex_inflight;

/** The supervisor's side: a zeroed shared area in `*out` and the descriptor
 *  that names it in `*fd` (given to the indexing process). */
int cortex_inflight_create(cortex_inflight **out, int *fd);
void cortex_inflight_destroy(cortex_inflight *f, int fd);

/** The indexing process's side: maps the area of `fd` and installs handlers
 *  that record which thread a fatal signal hit before the process dies. */
int cortex_inflight_attach(int fd);

/** The calling thread starts / ends extracting `path`. */
void cortex_inflight_begin(const char *path);
void cortex_inflight_end(void);

int64_t cortex_inflight_now_ns(void);

#endif
