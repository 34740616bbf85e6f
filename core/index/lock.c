/*
 * The indexing lock: an exclusive flock on .cortex/lock, which holds the
 * holder's pid for the message. Readers (the MCP server) never take it:
 * SQLite's WAL keeps them off the writer's way. The lock goes with the
 * process, so a killed indexer never leaves it behind.
 */
#define _GNU_SOURCE
#include "lock.h"

#include "../util/error.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

static long lock_owner;

void cortex_index_lock_name_owner(long pid) { lock_owner = pid; }

int cortex_index_lock_take(int *out, const char *data_dir, int no_wait, const atomic_int *cancel,
                           cortex_index_lock_wait_cb waiting, void *payload)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/lock", data_dir) >= (int)sizeof path)
        return cortex_error_set(CORTEX_EINVALID, "%s: path too long", data_dir);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) return cortex_error_set(CORTEX_EIO, "%s: %s", path, strerror(errno));
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        char text[32] = "";
        ssize_t n = pread(fd, text, sizeof text - 1, 0);
        long holder = n > 0 ? strtol(text, NULL, 10) : 0;
        if (no_wait) {
            close(fd);
            return cortex_error_set(CORTEX_ERROR, "another indexer (pid %ld) is indexing this repository", holder);
        }
        if (waiting) waiting(holder, payload);
        while (flock(fd, LOCK_EX) != 0) {
            int rc = 0;
            /* a run cancelled while it waits (an isolated run's SIGTERM interrupts the wait) */
            if (errno == EINTR && cancel && atomic_load(cancel)) rc = cortex_error_set(CORTEX_ECANCELLED, "indexing cancelled");
            else if (errno != EINTR) rc = cortex_error_set(CORTEX_EIO, "%s: %s", path, strerror(errno));
            if (rc) {
                close(fd);
                return rc;
            }
        }
    }
    char pid[32];
    int len = snprintf(pid, sizeof pid, "%ld\n", lock_owner ? lock_owner : (long)getpid());
    /* The pid only names the holder in another indexer's message: the lock
     * holds without it, so a failed write is not worth failing the run. */
    if (ftruncate(fd, 0) == 0) (void)!pwrite(fd, pid, (size_t)len, 0);
    *out = fd;
    return 0;
}
