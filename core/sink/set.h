/*
 * A run's sinks, side by side: opened and begun together, each file given to
 * all (or to those that could not carry it over), removals to all, committed
 * side by side, or aborted together. The run deals with one set, not a list.
 */
#ifndef CORTEX_SINK_SET_H
#define CORTEX_SINK_SET_H

#include "sink.h"

#include <stddef.h>

typedef struct cortex_sink_set cortex_sink_set;

/** Opens each of the `n` sink types with `ctx`, then begins them all, in
 *  order. On failure the sinks begun are aborted and those opened closed,
 *  and `*out` is NULL. Caller owns `*out`; end it with cortex_sink_set_close(). */
int cortex_sink_set_open(cortex_sink_set **out, const cortex_sink_type *const *types, size_t n, const cortex_sink_context *ctx);

/** How many sinks the set holds. */
size_t cortex_sink_set_count(const cortex_sink_set *set);

/** Gives a file's records to every sink, or to those `only` marks (one flag
 *  per sink). Stops at the first error. */
int cortex_sink_set_file(cortex_sink_set *set, const cortex_file_records *records, const int *only);

/** Asks every sink to carry an unchanged file over: `fresh[i]` is set where
 *  sink i has nothing to carry (it needs cortex_sink_set_file with `fresh`),
 *  `*nfresh` counts them. 0, or the first sink's error. */
int cortex_sink_set_keep(cortex_sink_set *set, const cortex_file_records *header, int *fresh, size_t *nfresh);

/** Tells every sink that `path` left the index. */
int cortex_sink_set_remove(cortex_sink_set *set, const char *path);

/** Commits every sink side by side. Each sink's commit is its own
 *  transaction: a set that fails in one may have committed another. The
 *  first failure, in sink order, is returned. */
int cortex_sink_set_commit(cortex_sink_set *set);

/** Aborts every sink when `abort` (a run that failed, at any step), then
 *  closes them all and frees the set. NULL is ignored. */
void cortex_sink_set_close(cortex_sink_set *set, int abort);

#endif
