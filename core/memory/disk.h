/*
 * A memory store's files, confined to it: every path is opened component by
 * component from the store's directory without following a link (a link
 * inside the store is refused, never followed), and every write is atomic
 * (a temporary file, fsync, rename, fsync of the directory), so a killed
 * writer leaves the old file or the new one, never half of one.
 */
#ifndef CORTEX_MEMORY_DISK_H
#define CORTEX_MEMORY_DISK_H

#include <stddef.h>
#include <stdint.h>

/** A descriptor of directory `rel` ("" = `root_fd` itself, else names
 *  joined by '/') under `root_fd`, its missing components made when
 *  `create`. -1 with the message set (CORTEX_ENOTFOUND when missing). */
int cortex_memory_disk_dir(int root_fd, const char *rel, int create);

/** The regular file `name` in `dir_fd`, whole: `*out` (NUL-terminated,
 *  caller frees), its size, modification time (ns) and content hash. */
int cortex_memory_disk_read(char **out, size_t *len, int64_t *mtime_ns, int64_t *hash, int dir_fd, const char *name,
                            const char *shown);

/** Writes `name` in `dir_fd` atomically. With `exclusive`, fails with
 *  CORTEX_EINVALID when it exists. `shown` names the file in messages. */
int cortex_memory_disk_write(int dir_fd, const char *name, const char *data, size_t len, int exclusive,
                             const char *shown);

/** The stamp of `name` in `dir_fd` (after a write). */
int cortex_memory_disk_stamp(int64_t *mtime_ns, int64_t *size, int dir_fd, const char *name);

/** The hash of `len` bytes, as the index stores it. */
int64_t cortex_memory_disk_hash(const char *data, size_t len);

/** One entry found by the walk: a memory file or a category directory. */
typedef struct cortex_memory_entry {
    const char *rel;  /* the category path ("" for the root) of a directory; "cat/slug" of a memory */
    int is_dir;
    int64_t mtime_ns, size;
    int dir_fd;       /* the directory holding it (for a memory), borrowed */
    const char *name; /* its name in dir_fd */
} cortex_memory_entry;

typedef int (*cortex_memory_entry_cb)(const cortex_memory_entry *e, void *payload);
/** Something the walk skipped, with why (a link, a name that is no slug). */
typedef void (*cortex_memory_skip_cb)(const char *rel, const char *why, void *payload);

/** Walks the store under `root_fd`: each category directory (before its
 *  contents) and each memory file (<slug>.md), in name order. Hidden
 *  entries are passed over; links and invalid names are reported to `skip`.
 *  With `clean` (the caller holds the store's lock, so no writer is at
 *  work), each directory's temporary files left by a writer that is gone are
 *  removed: see cortex_memory_disk_tmp_name(); nothing else is. */
int cortex_memory_disk_walk(int root_fd, cortex_memory_entry_cb cb, cortex_memory_skip_cb skip, void *payload,
                            int clean);

/* A writer's temporary file is removed by a clean when no process has its pid,
 * or (the pid reused) when it is older than this. */
#define CORTEX_MEMORY_TMP_STALE_S 300

/** Whether `name` is exactly a temporary file's name as
 *  cortex_memory_disk_write makes it: ".<file>.<pid>.<n>.tmp", <file> a
 *  memory's "<slug>.md" (a valid slug), "_category.yml" or ".gitignore",
 *  <pid> and <n> decimal digits (pid 1 .. INT_MAX), into `*pid`. */
int cortex_memory_disk_tmp_name(const char *name, long *pid);

#endif
