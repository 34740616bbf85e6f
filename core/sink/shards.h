/*
 * A sorted JSONL output split into shards by a hash of each line's path, so
 * that a run which changes a few files rewrites the few shards holding them
 * and hard-links the others from the committed output: an edit costs a few
 * megabytes of writing, not the whole index. Shared by the JSONL and chunks
 * sinks.
 *
 * A path's shard is XXH3-64(path) modulo the shard count, a power of two
 * chosen from the number of files (cortex_shard_count): the same sources
 * give the same shards. One shard is the plain <dir>/<name>.jsonl; more are
 * <dir>/<name>/<xx>.jsonl, xx the shard number in two hex digits.
 *
 * Each shard is sorted by path, like the whole output. The caller gives
 * every path of the run in ascending order: keep() for a path whose
 * committed lines carry over, change() then write() for one written anew,
 * change() for one that left. Until a shard changes, its kept paths are only
 * listed; an unchanged shard is linked at commit, a changed one gets them
 * copied from the committed shard.
 */
#ifndef CORTEX_SINK_SHARDS_H
#define CORTEX_SINK_SHARDS_H

#include "carry.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#define CORTEX_MAX_SHARDS 256u

/** The shard count for `files` files at about `files_per_shard` each: a
 *  power of two, at most CORTEX_MAX_SHARDS; 1 when files_per_shard is 0. */
unsigned cortex_shard_count(uint64_t files, uint32_t files_per_shard);

/** Whether `n`, read from an index, is a shard count cortex writes: a power
 *  of two from 1 to CORTEX_MAX_SHARDS. */
int cortex_shard_count_valid(long long n);

/** The shard of `path` among `n`. */
unsigned cortex_shard_of(const char *path, unsigned n);

/** The file of shard `i` of `n` of output `name` in `dir`. */
void cortex_shard_file(char *buf, size_t size, const char *dir, const char *name, unsigned n, unsigned i);

typedef struct cortex_shard {
    FILE *out;        /* this run's shard, open once it changed */
    int changed;      /* its lines differ from the committed shard's */
    char **pending;   /* kept paths before the change: copied when it comes */
    size_t npending, pending_cap;
    uint64_t written; /* lines written to it */
} cortex_shard;

typedef struct cortex_sharded {
    char name[64];
    char committed[PATH_MAX]; /* the directory of the committed output */
    char staging[PATH_MAX];   /* this run's, until commit */
    unsigned n;               /* this run's shard count */
    unsigned n_old;           /* the committed output's; 0: nothing to carry over */
    cortex_shard *shards;
    cortex_carry_reader *old; /* per committed shard, opened when first read */
} cortex_sharded;

/** Starts output `name` in `staging` (which exists), carrying over from the
 *  `n_old` shards in `committed` (0: none). 0, or a negative code. */
int cortex_sharded_begin(cortex_sharded *s, const char *committed, const char *staging, const char *name, unsigned n,
                         unsigned n_old);

/** `path` is unchanged: its committed lines are this run's. */
int cortex_sharded_keep(cortex_sharded *s, const char *path);

/** `path`'s lines change (written anew, or gone): its shard is rewritten. */
int cortex_sharded_change(cortex_sharded *s, const char *path);

/** Appends `nlines` of `path`'s lines, `len` bytes (after cortex_sharded_change(path)). */
int cortex_sharded_write(cortex_sharded *s, const char *path, const char *lines, size_t len, size_t nlines);

/** Finishes every shard in the staging directory: a changed one flushed to
 *  disk, an unchanged one linked to the committed shard. `*lines` gets the
 *  output's line count, from `committed_lines` (the committed output's) and
 *  the lines of the shards rewritten, none of the linked ones read. */
int cortex_sharded_commit(cortex_sharded *s, uint64_t committed_lines, uint64_t *lines);

/** Closes everything; the staged files are the caller's to remove. */
void cortex_sharded_dispose(cortex_sharded *s);

/** Removes an output directory a run wrote: its files, one level of
 *  subdirectories (the shards), then itself. */
void cortex_shards_remove_dir(const char *dir);

/** A run's staging directory, empty: one a killed run left is removed first.
 *  0, or a negative code with the message set. */
int cortex_shards_fresh_dir(const char *dir);

/** Puts `staging` in the place of `committed` in one step (a rename that
 *  exchanges the two, or moves the old one aside where the file system
 *  cannot), then removes the previous output. 0, or a negative code. */
int cortex_shards_swap_in(const char *staging, const char *committed);

#endif
