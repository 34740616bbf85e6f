/* File-descriptor reads and writes that survive signals and short counts,
 * and a derived file replaced whole (see io.h). */
#define _GNU_SOURCE /* mkstemp */
#include "io.h"

#include "mem.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cortex_write_all(int fd, const void *data, size_t n)
{
    const char *p = data;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return w < 0 ? errno : EIO;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int cortex_read_all(int fd, void *buf, size_t n)
{
    char *p = buf;
    while (n > 0) {
        ssize_t got = read(fd, p, n);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return got < 0 ? errno : EIO;
        p += got;
        n -= (size_t)got;
    }
    return 0;
}

int cortex_write_file_replacing(const char *path, const void *data, size_t n)
{
    size_t len = strlen(path);
    char *tmp = cortex_xmalloc(len + sizeof ".XXXXXX");
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".XXXXXX", sizeof ".XXXXXX");
    int fd = mkstemp(tmp), e = fd < 0 ? errno : 0;
    if (!e && fchmod(fd, 0644) != 0) e = errno; /* mkstemp's 0600 would hide it from other readers of the index */
    if (!e) e = cortex_write_all(fd, data, n);
    if (fd >= 0 && close(fd) != 0 && !e) e = errno;
    if (!e && rename(tmp, path) != 0) e = errno;
    if (e && fd >= 0) unlink(tmp);
    free(tmp);
    return e;
}
