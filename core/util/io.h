/* File-descriptor writes that survive signals and short writes. */
#ifndef CORTEX_UTIL_IO_H
#define CORTEX_UTIL_IO_H

#include <stddef.h>

/** Writes all `n` bytes of `data` to `fd`, again after EINTR and short
 *  writes: 0, or the errno of the failed write (EIO when nothing was written). */
int cortex_write_all(int fd, const void *data, size_t n);

#endif
