/*
 * Carrying an unchanged file's lines over from a sink's committed output: a
 * forward reader of a JSONL file sorted by path (each line's first field is
 * its path), and the state file that says which extractor wrote it. Shared
 * by the JSONL and chunks sinks.
 */
#ifndef CORTEX_SINK_CARRY_H
#define CORTEX_SINK_CARRY_H

#include "../util/mem.h"

#include <stdio.h>
#include <sys/types.h>

typedef struct cortex_carry_reader {
    FILE *in;
    char *line;      /* the current line, not yet consumed; NULL at the end */
    size_t cap;
    ssize_t len;
    uint64_t lines;  /* lines read so far, the current one included */
    cortex_buf path; /* scratch: the current line's path */
} cortex_carry_reader;

/** Opens `path` at its first line; 0, or -1 when it cannot be opened. */
int cortex_carry_open(cortex_carry_reader *r, const char *path);
void cortex_carry_close(cortex_carry_reader *r);

/** Moves to the next line. */
void cortex_carry_advance(cortex_carry_reader *r);

/** Decodes the current line's path into r->path; 0, or -1 when it has none. */
int cortex_carry_path(cortex_carry_reader *r);

/** Skips the lines of paths before `path`: 1 when the current line is
 *  `path`'s, 0 when it has none (left), -1 on a line with no path. */
int cortex_carry_seek(cortex_carry_reader *r, const char *path);

/** The extractor named in the state file at `path`, into buf; 0, or -1 when
 *  there is none. */
int cortex_carry_read_state(const char *path, char *buf, size_t size);

/** Moves `files`, a committed files.jsonl (read from `name`), up to `path`
 *  (NULL: to its end), calling left(payload, p) for each file passed over:
 *  it left the output. 1 when the current line is `path`'s, 0 when it is not
 *  listed, or a negative code (a line without a path, or left's). */
int cortex_carry_files_until(cortex_carry_reader *files, const char *name, const char *path,
                             int (*left)(void *payload, const char *path), void *payload);

/** Writes `len` bytes to a new file at `path` and syncs it: a manifest
 *  staged beside an output. 0, or a negative code with the message set. */
int cortex_carry_write_synced(const char *path, const char *data, size_t len);

#endif
