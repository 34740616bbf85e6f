/*
 * Watching a repository for changes with inotify: every directory is watched
 * (symlinks are never followed, so a symlinked tree cannot loop; .git,
 * .cortex and dependency directories are left out), directories created later
 * are added as they appear, and changes are debounced so that a burst (a
 * branch switch, a build) gives one re-index.
 */
#ifndef CORTEX_INDEX_WATCH_H
#define CORTEX_INDEX_WATCH_H

#include <stdatomic.h>
#include <stdint.h>

typedef struct cortex_watch cortex_watch;

/** Starts watching `root`. 0, or a negative code with the message set. */
int cortex_watch_open(cortex_watch **out, const char *root);

/** Waits for a change, then until the tree has been quiet for `quiet_ms`.
 *  Returns 1 after a change, 0 when `stop` became non-zero, a negative code
 *  on error. */
int cortex_watch_wait(cortex_watch *w, int quiet_ms, const atomic_int *stop);

/** A clock of the tree's changes, for any thread: two equal readings other
 *  than 0 mean that nothing in the tree changed between them. 0 when the
 *  watch cannot say: a directory could not be watched, or an event waits
 *  unread (the reading is taken after the events read so far). */
uint64_t cortex_watch_clock(cortex_watch *w);

/** Whether a change to the file at `path` (relative to the root) may change
 *  the index. */
typedef int (*cortex_watch_filter)(void *arg, const char *path);

/** From now on an event about a file starts a re-index only when `matters`
 *  says so (NULL: every event does); events about directories, and a queue
 *  that overflowed, always do. The clock moves for every event. Call it from
 *  the thread that waits. */
void cortex_watch_set_filter(cortex_watch *w, cortex_watch_filter matters, void *arg);

/** Directories being watched. */
unsigned cortex_watch_count(const cortex_watch *w);

void cortex_watch_close(cortex_watch *w);

#endif
