/*
 * Keeping the store the size of a fresh one. An incremental run rewrites a
 * file's rows in place: b-tree pages split and stay part-full, so a store
 * edited many times takes more room than a fresh index of the same tree
 * (docs/benchmarks.md, churn). Free pages go back at each commit
 * (cortex_store_reclaim); part-full ones only a rewrite gives back. What a
 * fresh store takes per row is noted at each bulk commit and after each
 * rewrite; once the pages in use exceed it by CORTEX_STORE_COMPACT_SLACK, the
 * store is rewritten after the run's commit: its full-text segments merged
 * (an edit's deletions leave most of the growth there), then VACUUM.
 */
#ifndef CORTEX_STORE_COMPACT_H
#define CORTEX_STORE_COMPACT_H

#include "store.h"

/* How much more than a fresh store's size a store may take before it is
 * rewritten: under issue 25's bound on growth under edits (5%), by what the
 * per-row estimate of a fresh store's size can miss on a small store, whose
 * full-text tables keep a few pages of small segments until FTS5 merges them. */
#define CORTEX_STORE_COMPACT_SLACK 0.04

/** Notes the store's size per row as a fresh store's: in the transaction of
 *  a bulk load, after its indexes and full-text rows are written. 0, or a
 *  negative code with the message set. */
int cortex_store_note_fresh(cortex_store *s);

/** After a commit, outside a transaction: rewrites the store when it takes
 *  more than the slack above a fresh store of as many rows, then notes the
 *  fresh size. `*compacted` says whether it did. 0, or a negative code with
 *  the message set (the store is unchanged then: VACUUM is one transaction). */
int cortex_store_compact_if_grown(cortex_store *s, int *compacted);

#endif
