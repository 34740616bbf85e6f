/*
 * Opening a file of the repository for reading, confined to it whatever the
 * index says about the path: no component may be a symbolic link, and what
 * is opened must be a regular file (a FIFO put there would block a reader).
 */
#ifndef CORTEX_UTIL_BENEATH_H
#define CORTEX_UTIL_BENEATH_H

/** A read-only descriptor of the regular file at `rel` (a repository path,
 *  '/'-separated, no "..") under the directory `root`, resolved beneath it
 *  without following a link in any component (openat2, or one component at
 *  a time where the kernel has no openat2); -1 with errno set otherwise
 *  (ELOOP for a link, EINVAL for a path that climbs or a file that is not
 *  regular). Caller closes it. */
int cortex_open_beneath(const char *root, const char *rel);

#endif
