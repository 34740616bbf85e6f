/* File-descriptor writes that survive signals and short writes (see io.h). */
#include "io.h"

#include <errno.h>
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
