/*
 * Files that crashed or hung their plugin in an isolated run: recorded in
 * .cortex/quarantine.jsonl with the reason, and skipped (reported, with that
 * reason) by every later run until the file changes (its size or its
 * modification time).
 */
#ifndef CORTEX_INDEX_QUARANTINE_H
#define CORTEX_INDEX_QUARANTINE_H

#include <stddef.h>
#include <stdint.h>

/* The walk's reason for a quarantined file; the problem gives the listed one. */
#define CORTEX_QUARANTINED_SKIP "quarantined: its extraction crashed or hung in an earlier run (see problems)"

typedef struct cortex_quarantined {
    char *path;
    uint64_t bytes;
    int64_t mtime_ns;
    char *reason;
} cortex_quarantined;

typedef struct cortex_quarantine {
    cortex_quarantined *files; /* sorted by path */
    size_t n, cap;
} cortex_quarantine;

/** Reads `data_dir`'s list (none: an empty one). Unreadable lines are dropped. */
void cortex_quarantine_load(cortex_quarantine *out, const char *data_dir);
void cortex_quarantine_dispose(cortex_quarantine *q);

/** Why `path` is skipped, when it is listed with this size and time; else NULL. */
const char *cortex_quarantine_reason(const cortex_quarantine *q, const char *path, uint64_t bytes, int64_t mtime_ns);

/** Lists `path` (repository-relative, under `root`) with `reason`, stamped
 *  with its size and time now; entries of files changed since are dropped.
 *  The file is replaced atomically. 0 or a negative code. */
int cortex_quarantine_add(const char *data_dir, const char *root, const char *path, const char *reason);

#endif
