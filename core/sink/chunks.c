/*
 * The chunks sink: .cortex/chunks/chunks.jsonl, every file's chunks (core/chunk/)
 * one JSON object per line, sorted by path then position, byte-identical for
 * the same sources. A run writes chunks.jsonl.tmp and renames it over the
 * committed file, so a killed run leaves the previous one whole. An unchanged
 * file's lines are copied from the committed file when it was written by the
 * same extractor with the same budget (chunks.state says which); a run that
 * changes nothing writes nothing.
 */
#define _GNU_SOURCE /* fileno */
#include "sink.h"

#include "carry.h"

#include "../extract/record_json.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct chunks_sink {
    char dir[PATH_MAX];
    char path[PATH_MAX + 32];    /* chunks.jsonl */
    char staging[PATH_MAX + 32]; /* chunks.jsonl.tmp */
    char state[PATH_MAX + 32];   /* chunks.state: the extractor (with its chunk budget) of the committed file */
    char *written_by;            /* this run's state line */
    cortex_carry_reader old;     /* the committed file, when its lines can be carried over */
    FILE *out;
    int usable;                  /* the committed file is this extractor's: kept files' lines can be copied */
    int changed;
    char **pending;              /* kept files before the first change: copied only if something changes */
    size_t npending, pending_cap;
    cortex_buf buf;
} chunks_sink;

static void open_old(chunks_sink *s)
{
    cortex_carry_close(&s->old);
    char prev[1024];
    s->usable = cortex_carry_read_state(s->state, prev, sizeof prev) == 0 && strcmp(prev, s->written_by) == 0 &&
                cortex_carry_open(&s->old, s->path) == 0;
}

static int chunks_open(void **out, const cortex_sink_context *ctx)
{
    chunks_sink *s = cortex_xcalloc(1, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "%s/chunks", ctx->data_dir);
    snprintf(s->path, sizeof s->path, "%s/chunks.jsonl", s->dir);
    snprintf(s->staging, sizeof s->staging, "%s/chunks.jsonl.tmp", s->dir);
    snprintf(s->state, sizeof s->state, "%s/chunks.state", s->dir);
    s->written_by = cortex_xstrdup(ctx->extractor ? ctx->extractor : ""); /* names the chunk budget too */
    if (mkdir(s->dir, 0777) != 0 && errno != EEXIST) {
        int rc = cortex_error_set(CORTEX_EIO, "%s: cannot create directory: %s", s->dir, strerror(errno));
        free(s->written_by);
        free(s);
        return rc;
    }
    *out = s;
    return 0;
}

static void clear_pending(chunks_sink *s)
{
    for (size_t i = 0; i < s->npending; i++) free(s->pending[i]);
    s->npending = 0;
}

static int chunks_begin(void *self)
{
    chunks_sink *s = self;
    unlink(s->staging); /* left by a killed run */
    clear_pending(s);
    s->changed = 0;
    open_old(s);
    return 0;
}

/* Copies `path`'s committed lines to the output, or skips them (out NULL),
 * and the lines of files before it, which left the repository. */
static int carry(chunks_sink *s, const char *path, FILE *out)
{
    int at;
    while ((at = cortex_carry_seek(&s->old, path)) == 1) {
        size_t n = (size_t)s->old.len;
        if (out && fwrite(s->old.line, 1, n, out) != n)
            return cortex_error_set(CORTEX_EIO, "%s: write failed: %s", s->staging, strerror(errno));
        cortex_carry_advance(&s->old);
    }
    if (at < 0) {
        cortex_carry_close(&s->old);
        return cortex_error_set(CORTEX_EIO, "%s: unreadable line while carrying %s over", s->path, path);
    }
    return 0;
}

/* The first change of the run: opens the output and copies the files kept so far. */
static int start_writing(chunks_sink *s)
{
    if (s->changed) return 0;
    s->changed = 1;
    if (!(s->out = fopen(s->staging, "wb")))
        return cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", s->staging, strerror(errno));
    if (s->npending == 0) return 0;
    open_old(s); /* from the top */
    if (!s->usable) return cortex_error_set(CORTEX_EIO, "%s: the committed chunks went away during the run", s->path);
    int rc = 0;
    for (size_t i = 0; i < s->npending && rc == 0; i++) rc = carry(s, s->pending[i], s->out);
    clear_pending(s);
    return rc;
}

static int chunks_keep(void *self, const cortex_file_records *r)
{
    chunks_sink *s = self;
    if (!s->usable) return CORTEX_ENOTFOUND;
    if (!s->changed) {
        *CORTEX_PUSH(s->pending, s->npending, s->pending_cap) = cortex_xstrdup(r->path);
        return carry(s, r->path, NULL); /* keeps the reader in step; copied if something changes */
    }
    return carry(s, r->path, s->out);
}

static int chunks_file(void *self, const cortex_file_records *r)
{
    chunks_sink *s = self;
    int rc = start_writing(s);
    if (rc == 0) rc = carry(s, r->path, NULL); /* its old lines are replaced */
    if (rc) return rc;
    cortex_buf_clear(&s->buf);
    for (size_t i = 0; i < r->nchunks; i++) cortex_json_chunk_line(&s->buf, r, &r->chunks[i], i + 1, 1, NULL);
    if (s->buf.len && fwrite(s->buf.data, 1, s->buf.len, s->out) != s->buf.len)
        return cortex_error_set(CORTEX_EIO, "%s: write failed: %s", s->staging, strerror(errno));
    return 0;
}

static int chunks_remove(void *self, const char *path)
{
    (void)path; /* the lines of a file that left are never copied */
    return start_writing(self);
}

static int chunks_commit(void *self)
{
    chunks_sink *s = self;
    clear_pending(s);
    if (!s->changed) return 0;
    int rc = 0;
    if (fflush(s->out) != 0 || fsync(fileno(s->out)) != 0)
        rc = cortex_error_set(CORTEX_EIO, "%s: write failed: %s", s->staging, strerror(errno));
    fclose(s->out);
    s->out = NULL;
    if (rc == 0 && rename(s->staging, s->path) != 0)
        rc = cortex_error_set(CORTEX_EIO, "%s: cannot commit: %s", s->path, strerror(errno));
    if (rc) {
        unlink(s->staging);
        return rc;
    }
    /* after the rename: a stale state only makes the next run chunk afresh */
    FILE *f = fopen(s->state, "w");
    if (!f || fputs(s->written_by, f) < 0 || fclose(f) != 0)
        return cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", s->state, strerror(errno));
    return 0;
}

static void chunks_abort(void *self)
{
    chunks_sink *s = self;
    if (s->out) fclose(s->out);
    s->out = NULL;
    unlink(s->staging);
    clear_pending(s);
}

static void chunks_close(void *self)
{
    chunks_sink *s = self;
    chunks_abort(s);
    cortex_carry_close(&s->old);
    free(s->pending);
    free(s->written_by);
    cortex_buf_free(&s->buf);
    free(s);
}

const cortex_sink_type cortex_sink_chunks = {
    CORTEX_SINK_ABI_VERSION, "chunks",
    "documentation sections and code tiers for an agent's context, in .cortex/chunks/chunks.jsonl",
    chunks_open, chunks_begin, chunks_file, chunks_remove, chunks_commit, chunks_abort, chunks_close, chunks_keep,
};
