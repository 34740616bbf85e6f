/* File-descriptor reads and writes that survive signals and short counts,
 * and a derived file replaced whole. */
#ifndef CORTEX_UTIL_IO_H
#define CORTEX_UTIL_IO_H

#include <stddef.h>

/** Writes all `n` bytes of `data` to `fd`, again after EINTR and short
 *  writes: 0, or the errno of the failed write (EIO when nothing was written). */
int cortex_write_all(int fd, const void *data, size_t n);

/** Reads exactly `n` bytes from `fd` into `buf`, again after EINTR and short
 *  reads: 0, or the errno of the failed read (EIO when the file ends first). */
int cortex_read_all(int fd, void *buf, size_t n);

/** Replaces the file at `path` with the `n` bytes of `data` at once: written
 *  to a new file beside it (mode 0644), then renamed over it, so a reader
 *  sees the old file or the new one whole. Not synced: for files derived from
 *  others, which a crash may lose but never leaves half written under `path`.
 *  0, or the errno of the failed step (the new file removed). */
int cortex_write_file_replacing(const char *path, const void *data, size_t n);

#endif
