/* inotify watches over a repository, debounced. */
#define _GNU_SOURCE
#include "watch.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

/* Never source: cortex's own output (watching it would re-index forever),
 * version-control metadata, dependency trees. */
static const char *const unwatched[] = {".cortex", ".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv",
                                        ".tox", ".mypy_cache", ".pytest_cache", NULL};

#define EVENTS                                                                                              \
    (IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | \
     IN_MOVE_SELF | IN_ATTRIB | IN_DONT_FOLLOW | IN_ONLYDIR)

struct cortex_watch {
    int fd;
    size_t root_len;
    cortex_watch_filter matters; /* NULL: every event counts */
    void *matters_arg;
    char **dirs;  /* by watch descriptor: the directory's absolute path */
    size_t cap;
    unsigned count;
    atomic_int partial;     /* a directory could not be watched: changes may go unseen */
    atomic_uint_fast64_t reads; /* reads of the event queue, each counted before it is made */
};

static int is_unwatched(const char *name)
{
    for (const char *const *u = unwatched; *u; u++)
        if (strcmp(*u, name) == 0) return 1;
    return 0;
}

/* Watches `dir` and every directory below it, without following symlinks. */
static void add_tree(cortex_watch *w, const char *dir, int depth)
{
    if (depth > 256) { /* deeper directories go unwatched */
        atomic_store(&w->partial, 1);
        return;
    }
    int wd = inotify_add_watch(w->fd, dir, EVENTS);
    if (wd < 0) { /* gone already, or the watch limit: the rest still works */
        if (errno != ENOENT) atomic_store(&w->partial, 1);
        return;
    }
    if ((size_t)wd >= w->cap) {
        size_t cap = w->cap ? w->cap : 64;
        while (cap <= (size_t)wd) cap *= 2;
        w->dirs = cortex_xrealloc(w->dirs, cap * sizeof *w->dirs);
        memset(w->dirs + w->cap, 0, (cap - w->cap) * sizeof *w->dirs);
        w->cap = cap;
    }
    if (!w->dirs[wd]) w->count++;
    free(w->dirs[wd]);
    w->dirs[wd] = cortex_xstrdup(dir);
    DIR *d = opendir(dir);
    if (!d) { /* its directories go unwatched */
        if (errno != ENOENT) atomic_store(&w->partial, 1);
        return;
    }
    struct dirent *e;
    char child[PATH_MAX];
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2]))) continue;
        if (is_unwatched(e->d_name)) continue;
        snprintf(child, sizeof child, "%s/%s", dir, e->d_name);
        struct stat st;
        if (e->d_type == DT_DIR || (e->d_type == DT_UNKNOWN && lstat(child, &st) == 0 && S_ISDIR(st.st_mode)))
            add_tree(w, child, depth + 1);
    }
    closedir(d);
}

int cortex_watch_open(cortex_watch **out, const char *root)
{
    cortex_watch *w = cortex_xcalloc(1, sizeof *w);
    w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (w->fd < 0) {
        free(w);
        return cortex_error_set(CORTEX_EIO, "inotify: %s", strerror(errno));
    }
    w->root_len = strlen(root);
    add_tree(w, root, 0);
    if (w->count == 0) {
        cortex_watch_close(w);
        return cortex_error_set(CORTEX_EIO, "%s: cannot watch: %s", root, strerror(errno));
    }
    *out = w;
    return 0;
}

/* Whether an event about file `name` of the directory watched as `wd` may
 * change the index, by the filter (an unknown directory: it may). */
static int file_matters(const cortex_watch *w, int wd, const char *name)
{
    if (!w->matters) return 1;
    if (wd < 0 || (size_t)wd >= w->cap || !w->dirs[wd] || strlen(w->dirs[wd]) < w->root_len) return 1;
    const char *dir = w->dirs[wd] + w->root_len; /* "" at the root, else "/a/b" */
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s%s%s", *dir ? dir + 1 : "", *dir ? "/" : "", name) >= (int)sizeof path) return 1;
    return w->matters(w->matters_arg, path);
}

void cortex_watch_set_filter(cortex_watch *w, cortex_watch_filter matters, void *arg)
{
    w->matters = matters;
    w->matters_arg = arg;
}

/* Reads the pending events; 1 when one of them matters. New directories are watched. */
static int drain(cortex_watch *w)
{
    char buf[64 * 1024] __attribute__((aligned(__alignof__(struct inotify_event))));
    int relevant = 0;
    for (;;) {
        /* counted first: a clock read after the queue empties sees the count move */
        atomic_fetch_add(&w->reads, 1);
        ssize_t n = read(w->fd, buf, sizeof buf);
        if (n <= 0) break;
        for (char *p = buf; p < buf + n;) {
            const struct inotify_event *ev = (const struct inotify_event *)p;
            p += sizeof *ev + ev->len;
            if (ev->mask & IN_Q_OVERFLOW) { /* too many events to list: something changed */
                relevant = 1;
                continue;
            }
            if (ev->mask & IN_IGNORED) {
                if (ev->wd >= 0 && (size_t)ev->wd < w->cap && w->dirs[ev->wd]) {
                    free(w->dirs[ev->wd]);
                    w->dirs[ev->wd] = NULL;
                    w->count--;
                }
                continue;
            }
            if (ev->len && is_unwatched(ev->name)) continue;
            /* a file no run would index (a build's objects, an editor's swap file) */
            if (ev->len && !(ev->mask & IN_ISDIR) && !file_matters(w, ev->wd, ev->name)) continue;
            relevant = 1;
            if ((ev->mask & (IN_CREATE | IN_MOVED_TO)) && (ev->mask & IN_ISDIR) && ev->len && ev->wd >= 0 &&
                (size_t)ev->wd < w->cap && w->dirs[ev->wd]) {
                char child[PATH_MAX];
                snprintf(child, sizeof child, "%s/%s", w->dirs[ev->wd], ev->name);
                add_tree(w, child, 0);
            }
        }
    }
    return relevant;
}

uint64_t cortex_watch_clock(cortex_watch *w)
{
    int waiting = 0;
    if (atomic_load(&w->partial) || ioctl(w->fd, FIONREAD, &waiting) != 0 || waiting > 0) return 0;
    return (uint64_t)atomic_load(&w->reads) + 1;
}

int cortex_watch_wait(cortex_watch *w, int quiet_ms, const atomic_int *stop)
{
    int changed = 0;
    for (;;) {
        if (stop && atomic_load(stop)) return 0;
        struct pollfd p = {w->fd, POLLIN, 0};
        /* Before a change: wake every 200 ms to see `stop`. After one: wait for quiet. */
        int r = poll(&p, 1, changed ? quiet_ms : 200);
        if (r < 0 && errno != EINTR) return cortex_error_set(CORTEX_EIO, "inotify: %s", strerror(errno));
        if (r > 0) {
            if (drain(w)) changed = 1;
            continue;
        }
        if (changed) return 1; /* quiet for quiet_ms after a change */
    }
}

unsigned cortex_watch_count(const cortex_watch *w) { return w->count; }

void cortex_watch_close(cortex_watch *w)
{
    if (!w) return;
    close(w->fd);
    for (size_t i = 0; i < w->cap; i++) free(w->dirs[i]);
    free(w->dirs);
    free(w);
}
