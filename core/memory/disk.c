/*
 * A memory store's files (disk.h): confined opens (openat, O_NOFOLLOW, one
 * component at a time, after the names were checked), atomic writes, and
 * the walk that the index is derived from.
 */
#define _GNU_SOURCE
#include "disk.h"

#include "names.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

int64_t cortex_memory_disk_hash(const char *data, size_t len) { return (int64_t)XXH3_64bits(data, len); }

static int io_fail(int err, const char *what, const char *shown)
{
    int code = err == ENOENT ? CORTEX_ENOTFOUND : err == ELOOP ? CORTEX_EINVALID : CORTEX_EIO;
    const char *hint = err == EROFS || err == EACCES || err == EPERM ? " (the store is read-only here)"
                       : err == ELOOP || err == ENOTDIR        ? " (a link or a file where a directory belongs: refused)"
                                                               : "";
    return cortex_error_set(code, "%s: cannot %s: %s%s", shown, what, strerror(err), hint);
}

int cortex_memory_disk_dir(int root_fd, const char *rel, int create)
{
    int dir = fcntl(root_fd, F_DUPFD_CLOEXEC, 0);
    if (dir < 0) return io_fail(errno, "open the store", rel);
    for (const char *p = rel; *p;) {
        size_t n = strcspn(p, "/");
        char name[CORTEX_MEMORY_NAME_MAX + 1];
        if (n == 0 || n > CORTEX_MEMORY_NAME_MAX) {
            close(dir);
            return cortex_error_set(CORTEX_EINVALID, "%s: not a category path", rel);
        }
        memcpy(name, p, n);
        name[n] = '\0';
        if (create && mkdirat(dir, name, 0777) != 0 && errno != EEXIST) {
            int e = errno;
            close(dir);
            return io_fail(e, "create the category", rel);
        }
        int next = openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        int e = errno;
        close(dir);
        if (next < 0) return io_fail(e, "open the category", rel);
        dir = next;
        p += n;
        if (*p == '/') p++;
    }
    return dir;
}

int cortex_memory_disk_read(char **out, size_t *len, int64_t *mtime_ns, int64_t *hash, int dir_fd, const char *name,
                            const char *shown)
{
    *out = NULL;
    int fd = openat(dir_fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return io_fail(errno, "read", shown);
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return cortex_error_set(CORTEX_EINVALID, "%s: not a regular file", shown);
    }
    size_t cap = (size_t)st.st_size + 1, n = 0;
    char *data = cortex_xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) data = cortex_xrealloc(data, cap *= 2);
        ssize_t got = read(fd, data + n, cap - n - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            int e = errno;
            close(fd);
            free(data);
            return io_fail(e, "read", shown);
        }
        if (got == 0) break;
        n += (size_t)got;
    }
    close(fd);
    data[n] = '\0';
    *out = data;
    *len = n;
    if (mtime_ns) *mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    if (hash) *hash = cortex_memory_disk_hash(data, n);
    return 0;
}

int cortex_memory_disk_write(int dir_fd, const char *name, const char *data, size_t len, int exclusive,
                             const char *shown)
{
    static int counter;
    char tmp[CORTEX_MEMORY_NAME_MAX + 64];
    /* hidden, so a walk never takes a half-written file for a memory */
    snprintf(tmp, sizeof tmp, ".%s.%ld.%d.tmp", name, (long)getpid(), __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED));
    int fd = openat(dir_fd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) return io_fail(errno, "write", shown);
    int e = 0;
    for (size_t done = 0; done < len && !e;) {
        ssize_t put = write(fd, data + done, len - done);
        if (put < 0 && errno != EINTR) e = errno;
        else if (put > 0) done += (size_t)put;
    }
    if (!e && fsync(fd) != 0) e = errno;
    if (close(fd) != 0 && !e) e = errno;
    if (!e && renameat2(dir_fd, tmp, dir_fd, name, exclusive ? RENAME_NOREPLACE : 0) != 0) e = errno;
    if (e) {
        unlinkat(dir_fd, tmp, 0);
        if (e == EEXIST) return cortex_error_set(CORTEX_EINVALID, "%s: already exists", shown);
        return io_fail(e, "write", shown);
    }
    /* the rename itself is durable once the directory is */
    if (fsync(dir_fd) != 0) return io_fail(errno, "sync the directory of", shown);
    return 0;
}

int cortex_memory_disk_stamp(int64_t *mtime_ns, int64_t *size, int dir_fd, const char *name)
{
    struct stat st;
    if (fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) return io_fail(errno, "stat", name);
    *mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    *size = (int64_t)st.st_size;
    return 0;
}

/* All digits, at least one, at most 10; its value in `*out`. */
static int digits(const char *p, size_t n, long long *out)
{
    if (n == 0 || n > 10) return 0;
    long long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] < '0' || p[i] > '9') return 0;
        v = v * 10 + (p[i] - '0');
    }
    *out = v;
    return 1;
}

int cortex_memory_disk_tmp_name(const char *name, long *pid)
{
    /* ".<file>.<pid>.<n>.tmp", as cortex_memory_disk_write names it */
    size_t len = strlen(name);
    if (len < 12 || name[0] != '.' || strcmp(name + len - 4, ".tmp") != 0) return 0;
    const char *end = name + len - 4, *dot_n = end, *dot_pid;
    while (dot_n > name && dot_n[-1] != '.') dot_n--;
    if (dot_n <= name + 1) return 0;
    dot_n--; /* the '.' before <n> */
    dot_pid = dot_n;
    while (dot_pid > name && dot_pid[-1] != '.') dot_pid--;
    if (dot_pid <= name + 1) return 0;
    dot_pid--; /* the '.' before <pid> */
    long long n, p;
    if (!digits(dot_n + 1, (size_t)(end - dot_n - 1), &n) || !digits(dot_pid + 1, (size_t)(dot_n - dot_pid - 1), &p) ||
        p < 1 || p > INT_MAX)
        return 0;
    /* <file>: a memory's "<slug>.md", a category's description, the store's .gitignore */
    size_t flen = (size_t)(dot_pid - name - 1);
    const char *file = name + 1;
    char slug[CORTEX_MEMORY_NAME_MAX + 1];
    int ok = (flen == strlen(CORTEX_MEMORY_CATEGORY_FILE) && memcmp(file, CORTEX_MEMORY_CATEGORY_FILE, flen) == 0) ||
             (flen == 10 && memcmp(file, ".gitignore", 10) == 0);
    if (!ok && flen > 3 && flen - 3 <= CORTEX_MEMORY_NAME_MAX && memcmp(file + flen - 3, ".md", 3) == 0) {
        memcpy(slug, file, flen - 3);
        slug[flen - 3] = '\0';
        ok = cortex_memory_check_name("slug", slug) == 0;
    }
    if (ok) *pid = (long)p;
    return ok;
}

/* A writer's temporary file in `fd` that its writer left: the writer is gone
 * (no such process) or the file is older than CORTEX_MEMORY_TMP_STALE_S. Only
 * a regular file of exactly that name, never a link or a directory. */
static void clean_tmp(int fd, const char *name)
{
    long pid;
    struct stat st;
    if (!cortex_memory_disk_tmp_name(name, &pid) || fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
        !S_ISREG(st.st_mode))
        return;
    int gone = kill((pid_t)pid, 0) != 0 && errno == ESRCH;
    if (!gone && time(NULL) - st.st_mtim.tv_sec <= CORTEX_MEMORY_TMP_STALE_S) return;
    unlinkat(fd, name, 0);
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

typedef struct walking {
    cortex_memory_entry_cb cb;
    cortex_memory_skip_cb skip;
    void *payload;
    int depth, clean;
} walking;

static int walk_dir(walking *w, int fd, const char *rel)
{
    /* a new open of ".", not a dup: a dup shares the directory's read position with `fd` */
    int dup = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = dup >= 0 ? fdopendir(dup) : NULL;
    if (!d) {
        if (dup >= 0) close(dup);
        return io_fail(errno, "list", *rel ? rel : ".");
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    char **hidden = NULL; /* the temporaries a clean looks at */
    size_t nhidden = 0, hidden_cap = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.') *CORTEX_PUSH(names, n, cap) = cortex_xstrdup(e->d_name);
        else if (w->clean)
            *CORTEX_PUSH(hidden, nhidden, hidden_cap) = cortex_xstrdup(e->d_name);
    closedir(d);
    for (size_t i = 0; i < nhidden; i++) {
        clean_tmp(fd, hidden[i]);
        free(hidden[i]);
    }
    free(hidden);
    if (n) qsort(names, n, sizeof *names, compare_names);
    int rc = 0;
    cortex_buf path = {0};
    for (size_t i = 0; i < n && rc == 0; i++) {
        const char *name = names[i];
        cortex_buf_clear(&path);
        cortex_buf_printf(&path, "%s%s%s", rel, *rel ? "/" : "", name);
        struct stat st;
        if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue; /* gone meanwhile */
        if (S_ISLNK(st.st_mode)) {
            if (w->skip) w->skip(path.data, "a symbolic link: never followed", w->payload);
            continue;
        }
        size_t len = strlen(name);
        if (S_ISDIR(st.st_mode)) {
            if (cortex_memory_check_name("category", name) != 0 || w->depth >= CORTEX_MEMORY_DEPTH_MAX) {
                if (w->skip) w->skip(path.data, "a directory whose name is no category name", w->payload);
                continue;
            }
            int sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub < 0) continue;
            cortex_memory_entry entry = {.rel = path.data, .is_dir = 1, .dir_fd = fd, .name = name};
            rc = w->cb(&entry, w->payload);
            w->depth++;
            if (rc == 0) rc = walk_dir(w, sub, path.data);
            w->depth--;
            close(sub);
        } else if (S_ISREG(st.st_mode) && len > 3 && strcmp(name + len - 3, ".md") == 0) {
            char slug[CORTEX_MEMORY_NAME_MAX + 4];
            snprintf(slug, sizeof slug, "%.*s", (int)(len - 3), name);
            if (len - 3 > CORTEX_MEMORY_NAME_MAX || cortex_memory_check_name("slug", slug) != 0) {
                if (w->skip) w->skip(path.data, "a .md file whose name is no slug: not read as a memory", w->payload);
                continue;
            }
            path.len -= 3; /* "cat/slug" */
            path.data[path.len] = '\0';
            cortex_memory_entry entry = {.rel = path.data,
                                         .mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec,
                                         .size = (int64_t)st.st_size,
                                         .dir_fd = fd,
                                         .name = name};
            rc = w->cb(&entry, w->payload);
        }
    }
    cortex_buf_free(&path);
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    return rc;
}

int cortex_memory_disk_walk(int root_fd, cortex_memory_entry_cb cb, cortex_memory_skip_cb skip, void *payload,
                            int clean)
{
    walking w = {cb, skip, payload, 0, clean};
    return walk_dir(&w, root_fd, "");
}
