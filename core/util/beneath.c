/* A repository file opened beneath its root, never through a link: see beneath.h. */
#define _GNU_SOURCE
#include "beneath.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Whether `rel` names a path under the root: components that are not empty,
 * ".", "..", or longer than a name can be. */
static int plain_path(const char *rel)
{
    const char *p = rel;
    while (*p == '/') p++;
    for (;;) {
        size_t n = strcspn(p, "/");
        if (n == 0 || n > NAME_MAX || (n == 2 && p[0] == '.' && p[1] == '.') || (n == 1 && p[0] == '.')) {
            errno = n > NAME_MAX ? ENAMETOOLONG : EINVAL;
            return 0;
        }
        p += n;
        if (!*p) return 1;
        while (*p == '/') p++;
        if (!*p) { /* a trailing slash: not a file */
            errno = EINVAL;
            return 0;
        }
    }
}

/* The file opened one component at a time, each without following a link:
 * where openat2 is not there (a kernel before 5.6, a seccomp filter). */
static int open_by_components(int dir, const char *rel, int flags)
{
    const char *p = rel;
    dir = dup(dir);
    if (dir < 0) return -1;
    for (;;) {
        while (*p == '/') p++; /* "a//b" */
        size_t n = strcspn(p, "/");
        char name[NAME_MAX + 1];
        memcpy(name, p, n);
        name[n] = '\0';
        int last = p[n] == '\0';
        int fd = openat(dir, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | (last ? flags : O_DIRECTORY));
        int saved = errno;
        struct stat st;
        /* a directory that is a link is ENOTDIR to O_DIRECTORY: ELOOP, as openat2 says */
        if (fd < 0 && saved == ENOTDIR && fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
            saved = ELOOP;
        close(dir);
        if (fd < 0) {
            errno = saved;
            return -1;
        }
        if (last) return fd;
        dir = fd;
        p += n;
    }
}

int cortex_open_beneath(const char *root, const char *rel)
{
    if (!plain_path(rel)) return -1;
    rel += strspn(rel, "/"); /* a repository path, not an absolute one */
    int dir = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) return -1;
    /* O_NONBLOCK: a FIFO opens at once instead of waiting for a writer */
    int flags = O_NONBLOCK;
    /* One call for the whole path: the kernel refuses a link anywhere in it
     * and any step out of the root, where a walk by components costs two
     * system calls a directory. */
    struct open_how how = {.flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | (unsigned)flags,
                           .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS};
    /* CORTEX_NO_OPENAT2 set: the walk by components, as a kernel without it gets (the unit test runs both) */
    int fd = getenv("CORTEX_NO_OPENAT2") ? (errno = ENOSYS, -1) : (int)syscall(SYS_openat2, dir, rel, &how, sizeof how);
    if (fd < 0 && (errno == ENOSYS || errno == EPERM)) fd = open_by_components(dir, rel, flags);
    int saved = errno;
    close(dir);
    if (fd < 0) {
        errno = saved;
        return -1;
    }
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
