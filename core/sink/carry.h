/*
 * Carrying an unchanged file's lines over from a sink's committed output: a
 * forward reader of a JSONL file sorted by path (each line's first field is
 * its path), and the state file that says which extractor wrote it. Shared
 * by the JSONL and chunks sinks.
 */
#ifndef CORTEX_SINK_CARRY_H
#define CORTEX_SINK_CARRY_H

#include "../util/mem.h"

#include <limits.h>
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

/** Decodes the current line's path into r->path; 0, or -1 when it has none.
 *  A line whose first field is not a path (a reference after the first of its
 *  file, docs/index-format.md) is the previous line's path's. */
int cortex_carry_path(cortex_carry_reader *r);

/** Skips the lines of paths before `path`: 1 when the current line is
 *  `path`'s, 0 when it has none (left), -1 on a line with no path. */
int cortex_carry_seek(cortex_carry_reader *r, const char *path);

/** The extractor named in the state file at `path`, into buf; 0, or -1 when
 *  there is none. */
int cortex_carry_read_state(const char *path, char *buf, size_t size);

/* A sink's list of the files it holds (files.jsonl, a line per file, sorted
 * by path): the committed one, read along with the run when its lines can be
 * carried over, and the run's, staged beside the output. A file the committed
 * list names that the run neither keeps nor writes (gone, or now skipped) left
 * the output: `left` is told, so its shards are rewritten. */
typedef struct cortex_files_list {
    char committed[PATH_MAX + 16], staged[PATH_MAX + 16];
    int have_old; /* the committed list is read along */
    cortex_carry_reader old;
    FILE *out;
    uint64_t written; /* lines staged */
    int (*left)(void *payload, const char *path);
    void *payload;
} cortex_files_list;

/** Stages the run's list in `staging`, reading `dir`'s along when `carry`
 *  (l->have_old says whether it could be). 0, or a negative code. */
int cortex_files_list_begin(cortex_files_list *l, const char *dir, const char *staging, int carry,
                            int (*left)(void *payload, const char *path), void *payload);

/** An unchanged file: 1 when the committed list has `path` as `line` (then
 *  staged and passed), 0 when it has not (the file is written instead), or a
 *  negative code. */
int cortex_files_list_keep(cortex_files_list *l, const char *path, const char *line, size_t len);

/** A file written anew: its committed line, if any, is passed; `line` staged. */
int cortex_files_list_write(cortex_files_list *l, const char *path, const char *line, size_t len);

/** The committed files after the run's last one left. */
int cortex_files_list_pass_rest(cortex_files_list *l);

/** Flushes and syncs the staged list, before its directory is swapped in. */
int cortex_files_list_finish(cortex_files_list *l);

/** Closes both lists; safe at any time. */
void cortex_files_list_end(cortex_files_list *l);

/** Writes `len` bytes to a new file at `path` and syncs it: a manifest
 *  staged beside an output. 0, or a negative code with the message set. */
int cortex_carry_write_synced(const char *path, const char *data, size_t len);

#endif
