/* A repository file opened component by component, never through a link: see beneath.h. */
#define _GNU_SOURCE
#include "beneath.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cortex_open_beneath(const char *root, const char *rel)
{
    int dir = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) return -1;
    const char *p = rel;
    for (;;) {
        while (*p == '/') p++;
        size_t n = strcspn(p, "/");
        char name[256];
        if (n == 0 || n >= sizeof name || (n == 2 && p[0] == '.' && p[1] == '.') || (n == 1 && p[0] == '.')) {
            close(dir);
            errno = n >= sizeof name ? ENAMETOOLONG : EINVAL;
            return -1;
        }
        memcpy(name, p, n);
        name[n] = '\0';
        int last = p[n] == '\0';
        /* O_NONBLOCK: a FIFO opens at once instead of waiting for a writer */
        int fd = openat(dir, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | (last ? O_NONBLOCK : O_DIRECTORY));
        int saved = errno;
        close(dir);
        if (fd < 0) {
            errno = saved;
            return -1;
        }
        if (last) {
            struct stat st;
            if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
                close(fd);
                errno = EINVAL;
                return -1;
            }
            /* a regular file never blocks; reads go on as usual */
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
            return fd;
        }
        dir = fd;
        p += n;
    }
}
