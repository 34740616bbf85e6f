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

#endif
