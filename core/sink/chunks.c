/*
 * The chunks sink: .cortex/chunks/, every file's chunks (core/chunk/), one
 * JSON object per line, sorted by path then position, byte-identical for the
 * same sources. Laid out like the JSONL index (shards.h): chunks.jsonl, or
 * chunks/<xx>.jsonl once the repository has more files than a shard holds;
 * files.jsonl lists the files whose chunks it holds (as the index lists
 * them); chunks.json names the extractor with its chunk budget, the shard
 * count and the number of chunks.
 *
 * A run stages a whole directory, .cortex/chunks.tmp/, and swaps it in at
 * commit, so a killed run leaves the previous chunks whole. An unchanged
 * file's lines carry over when the committed chunks list it as this run
 * would (same content hash); an unchanged shard is hard-linked; a run that
 * changes nothing writes nothing.
 */
#define _POSIX_C_SOURCE 200809L /* PATH_MAX */
#include "sink.h"

#include "carry.h"
#include "shards.h"

#include "../record/record_json.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct chunks_sink {
    char dir[PATH_MAX];     /* the committed chunks: <data>/chunks */
    char staging[PATH_MAX]; /* this run's until commit: <data>/chunks.tmp */
    char *written_by;       /* the extractor, which names the chunk budget too */
    unsigned shards;        /* this run's shard count, from the number of files it indexes */
    /* The committed chunks (carried over when s->files.have_old) */
    unsigned old_shards;
    uint64_t old_chunks;
    int changed; /* something written, removed or re-sharded: the chunks are committed */
    cortex_files_list files;
    cortex_sharded out;
    cortex_buf line;
} chunks_sink;

static int chunks_open(void **out, const cortex_sink_context *ctx)
{
    chunks_sink *s = cortex_xcalloc(1, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "%s/chunks", ctx->data_dir);
    snprintf(s->staging, sizeof s->staging, "%s/chunks.tmp", ctx->data_dir);
    s->written_by = cortex_xstrdup(ctx->extractor ? ctx->extractor : "");
    s->shards = cortex_shard_count(ctx->files, ctx->shard_files);
    *out = s;
    return 0;
}

static void end_run(chunks_sink *s)
{
    cortex_files_list_end(&s->files);
    cortex_sharded_dispose(&s->out);
}

/* The committed chunks, when this extractor wrote them: their shard and
 * chunk counts (chunks.json). 1 when their lines can be carried over. */
static int read_old(chunks_sink *s)
{
    char p[PATH_MAX + 32];
    snprintf(p, sizeof p, "%s/chunks.json", s->dir);
    json_t *m = json_load_file(p, 0, NULL);
    const char *extractor = json_string_value(json_object_get(m, "extractor"));
    json_t *shards = json_object_get(m, "shards"), *chunks = json_object_get(m, "chunks");
    int ok = extractor && strcmp(extractor, s->written_by) == 0 && json_is_integer(shards) &&
             cortex_shard_count_valid(json_integer_value(shards)) && json_is_integer(chunks);
    if (ok) {
        s->old_shards = (unsigned)json_integer_value(shards);
        s->old_chunks = (uint64_t)json_integer_value(chunks);
    }
    json_decref(m);
    return ok;
}

static int change_path(void *self, const char *path);

static int chunks_begin(void *self)
{
    chunks_sink *s = self;
    end_run(s);
    int rc = cortex_shards_fresh_dir(s->staging);
    if (!rc) rc = cortex_files_list_begin(&s->files, s->dir, s->staging, read_old(s), change_path, s);
    if (rc) return rc;
    s->changed = !s->files.have_old || s->old_shards != s->shards;
    unsigned old_shards = s->files.have_old ? s->old_shards : 0;
    return cortex_sharded_begin(&s->out, s->dir, s->staging, "chunks", s->shards, old_shards);
}

static int change_path(void *self, const char *path)
{
    chunks_sink *s = self;
    s->changed = 1;
    return cortex_sharded_change(&s->out, path);
}

/* An unchanged file: carried over when the committed chunks list it as this
 * run would (same content hash, language and project). */
static int chunks_keep(void *self, const cortex_file_records *r)
{
    chunks_sink *s = self;
    if (!s->files.have_old) return CORTEX_ENOTFOUND;
    cortex_buf_clear(&s->line);
    cortex_json_file_line(&s->line, r);
    int kept = cortex_files_list_keep(&s->files, r->path, s->line.data, s->line.len);
    if (kept <= 0) return kept < 0 ? kept : CORTEX_ENOTFOUND; /* not chunked so by the committed run: file() follows */
    return cortex_sharded_keep(&s->out, r->path);
}

static int chunks_file(void *self, const cortex_file_records *r)
{
    chunks_sink *s = self;
    cortex_buf_clear(&s->line);
    cortex_json_file_line(&s->line, r);
    int rc = cortex_files_list_write(&s->files, r->path, s->line.data, s->line.len);
    if (rc == 0) rc = change_path(s, r->path);
    if (rc) return rc;
    cortex_buf_clear(&s->line);
    for (size_t i = 0; i < r->nchunks; i++) cortex_json_chunk_line(&s->line, r, &r->chunks[i], i + 1, 1, NULL);
    return cortex_sharded_write(&s->out, r->path, s->line.data, s->line.len, r->nchunks);
}

/* A file that left: its shard is rewritten without it. */
static int chunks_remove(void *self, const char *path)
{
    return change_path(self, path);
}

static int write_manifest(chunks_sink *s, uint64_t chunks)
{
    cortex_buf b = {0};
    cortex_buf_puts(&b, "{\n  \"extractor\": ");
    cortex_json_string(&b, s->written_by, strlen(s->written_by));
    cortex_buf_printf(&b, ",\n  \"shards\": %u,\n  \"chunks\": %llu\n}\n", s->shards, (unsigned long long)chunks);
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/chunks.json", s->staging);
    int rc = cortex_carry_write_synced(path, b.data, b.len);
    cortex_buf_free(&b);
    return rc;
}

static int chunks_commit(void *self)
{
    chunks_sink *s = self;
    int rc = cortex_files_list_pass_rest(&s->files); /* the files left after the last one of this run */
    if (rc == 0 && !s->changed) {
        /* Every file kept, none written or removed: the committed chunks are this run's. */
        end_run(s);
        cortex_shards_remove_dir(s->staging);
        return 0;
    }
    if (rc == 0) rc = cortex_files_list_finish(&s->files);
    uint64_t chunks = 0;
    if (rc == 0) rc = cortex_sharded_commit(&s->out, s->old_chunks, &chunks);
    end_run(s);
    if (rc == 0) rc = write_manifest(s, chunks);
    if (rc == 0) rc = cortex_shards_swap_in(s->staging, s->dir);
    if (rc) cortex_shards_remove_dir(s->staging);
    return rc;
}

static void chunks_abort(void *self)
{
    chunks_sink *s = self;
    end_run(s);
    cortex_shards_remove_dir(s->staging);
}

static void chunks_close(void *self)
{
    chunks_sink *s = self;
    if (!s) return;
    end_run(s);
    cortex_buf_free(&s->line);
    free(s->written_by);
    free(s);
}

const cortex_sink_type cortex_sink_chunks = {
    CORTEX_SINK_ABI_VERSION, "chunks",
    "documentation sections and code tiers for an agent's context, in .cortex/chunks/",
    chunks_open, chunks_begin, chunks_file, chunks_remove, chunks_commit, chunks_abort, chunks_close, chunks_keep,
    CORTEX_SINK_WANTS_CHUNKS,
};
