/*
 * The JSONL sink: the portable, committable index in .cortex/index/. Each run
 * writes a complete index into .cortex/index.tmp/ and commits by swapping the
 * two directories in one atomic rename (RENAME_EXCHANGE), so a reader or a
 * killed run sees either the old index or the new one, never a mix. Output is
 * sorted by path then line, LF-terminated, without timestamps: the same
 * sources give byte-identical files.
 *
 * files.jsonl is one file; symbols, references and texts are split into
 * shards by path (shards.h) once the repository has more files than one
 * shard holds, so an edit rewrites the shards of the files it touched and
 * the others are hard-linked from the committed index.
 */
#define _POSIX_C_SOURCE 200809L /* PATH_MAX */
#include "sink.h"

#include "carry.h"
#include "shards.h"

#include "../extract/docs.h"
#include "../record/owners.h"
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

enum { KIND_SYMBOLS, KIND_REFS, KIND_TEXTS, KIND_COUNT };
static const char *const kind_names[KIND_COUNT] = {"symbols", "references", "texts"};

typedef struct jsonl_sink {
    char dir[PATH_MAX];     /* the committed index: <data>/index */
    char staging[PATH_MAX]; /* this run's index until commit: <data>/index.tmp */
    char state[PATH_MAX];   /* <data>/index.extractor: which extractor wrote the committed index */
    char *extractor;
    char *project;
    unsigned shards;        /* this run's shard count, from the number of files it indexes */
    /* The committed index (carried over when s->files.have_old) */
    unsigned old_shards;
    uint64_t old_counts[KIND_COUNT];
    int changed;            /* something written, removed or re-sharded: the index is committed */
    cortex_files_list files;
    cortex_sharded kinds[KIND_COUNT];
    cortex_buf line;
    int32_t *owners;        /* per record of a file: the owner a reader derives (record/owners.h) */
    size_t owners_cap;
    const char **docs;      /* per symbol of a file: the doc a reader derives (extract/docs.h), in `scratch` */
    size_t docs_cap;
    cortex_arena scratch;
    char *last_path;
    char **languages;
    size_t nlanguages, languages_cap;
} jsonl_sink;

static int jsonl_open(void **out, const cortex_sink_context *ctx)
{
    jsonl_sink *s = cortex_xcalloc(1, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "%s/index", ctx->data_dir);
    snprintf(s->staging, sizeof s->staging, "%s/index.tmp", ctx->data_dir);
    snprintf(s->state, sizeof s->state, "%s/index.extractor", ctx->data_dir);
    s->project = cortex_xstrdup(ctx->project_name);
    s->extractor = cortex_xstrdup(ctx->extractor ? ctx->extractor : "");
    s->shards = cortex_shard_count(ctx->files, ctx->shard_files);
    *out = s;
    return 0;
}

static void end_run(jsonl_sink *s)
{
    cortex_files_list_end(&s->files);
    for (int k = 0; k < KIND_COUNT; k++) cortex_sharded_dispose(&s->kinds[k]);
}

/* The committed index, when this extractor wrote it: its shard count and
 * line counts (index.json). 1 when its lines can be carried over. */
static int read_old(jsonl_sink *s)
{
    char written_by[512], p[PATH_MAX + 32];
    if (cortex_carry_read_state(s->state, written_by, sizeof written_by) != 0 || strcmp(written_by, s->extractor) != 0)
        return 0;
    snprintf(p, sizeof p, "%s/index.json", s->dir);
    json_t *m = json_load_file(p, 0, NULL);
    json_t *counts = json_object_get(m, "counts"), *shards = json_object_get(m, "shards");
    int ok = json_is_object(counts);
    for (int k = 0; k < KIND_COUNT && ok; k++) {
        json_t *c = json_object_get(counts, kind_names[k]);
        ok = json_is_integer(c);
        if (ok) s->old_counts[k] = (uint64_t)json_integer_value(c);
    }
    /* an index without "shards" (format 1.0) is one file of each */
    json_int_t old_shards = json_is_integer(shards) ? json_integer_value(shards) : 1;
    ok = ok && cortex_shard_count_valid(old_shards);
    s->old_shards = ok ? (unsigned)old_shards : 0;
    json_decref(m);
    return ok;
}

static int change_path(void *self, const char *path);

static int jsonl_begin(void *self)
{
    jsonl_sink *s = self;
    end_run(s);
    int rc = cortex_shards_fresh_dir(s->staging);
    if (!rc) rc = cortex_files_list_begin(&s->files, s->dir, s->staging, read_old(s), change_path, s);
    if (rc) return rc;
    s->changed = !s->files.have_old || s->old_shards != s->shards;
    free(s->last_path);
    s->last_path = NULL;
    unsigned old_shards = s->files.have_old ? s->old_shards : 0;
    for (int k = 0; k < KIND_COUNT && rc == 0; k++)
        rc = cortex_sharded_begin(&s->kinds[k], s->dir, s->staging, kind_names[k], s->shards, old_shards);
    return rc;
}

/* `path`'s lines change in every output. */
static int change_path(void *self, const char *path)
{
    jsonl_sink *s = self;
    s->changed = 1;
    int rc = 0;
    for (int k = 0; k < KIND_COUNT && rc == 0; k++) rc = cortex_sharded_change(&s->kinds[k], path);
    return rc;
}

static void note_language(jsonl_sink *s, const char *lang)
{
    for (size_t i = 0; i < s->nlanguages; i++)
        if (strcmp(s->languages[i], lang) == 0) return;
    *CORTEX_PUSH(s->languages, s->nlanguages, s->languages_cap) = cortex_xstrdup(lang);
}

static int in_order(jsonl_sink *s, const char *path)
{
    if (s->last_path && strcmp(s->last_path, path) >= 0)
        return cortex_error_set(CORTEX_EINVALID, "jsonl sink: files out of order (%s after %s)", path, s->last_path);
    free(s->last_path);
    s->last_path = cortex_xstrdup(path);
    return 0;
}

/* An unchanged file: carried over from the committed index when that has
 * the file as this run would write it (same content hash, language and
 * project: a `git init` above it moves it). */
static int jsonl_keep(void *self, const cortex_file_records *r)
{
    jsonl_sink *s = self;
    if (!s->files.have_old) return CORTEX_ENOTFOUND;
    cortex_buf_clear(&s->line);
    cortex_json_file_line(&s->line, r);
    int kept = cortex_files_list_keep(&s->files, r->path, s->line.data, s->line.len);
    if (kept <= 0) return kept < 0 ? kept : CORTEX_ENOTFOUND; /* file() follows, with its records */
    int rc = in_order(s, r->path);
    for (int k = 0; k < KIND_COUNT && rc == 0; k++) rc = cortex_sharded_keep(&s->kinds[k], r->path);
    if (rc == 0) note_language(s, r->lang);
    return rc;
}

static int write_records(jsonl_sink *s, const cortex_file_records *r)
{
    /* the owners a reader derives from positions are not written */
    size_t n = r->nsymbols + r->nrefs + 2 * r->ntexts;
    if (n > s->owners_cap) cortex_grow((void **)&s->owners, &s->owners_cap, n, sizeof *s->owners);
    int32_t *parents = s->owners, *callers = parents + r->nsymbols, *text_owners = callers + r->nrefs;
    cortex_records_derive_owners(r, CORTEX_OWNERS_TEXT_ABOVE, parents, callers, text_owners);
    /* nor the docs a reader derives from the texts, whose parents it reads back */
    int32_t *text_parents = text_owners + r->ntexts;
    cortex_records_read_text_parents(r, text_owners, text_parents);
    if (r->nsymbols > s->docs_cap) cortex_grow((void **)&s->docs, &s->docs_cap, r->nsymbols, sizeof *s->docs);
    cortex_arena_reset(&s->scratch);
    cortex_records_derive_docs(r, text_parents, &s->scratch, s->docs);
    /* each kind's lines of the file in one buffer, written at once */
    cortex_sharded *out = s->kinds;
    cortex_buf_clear(&s->line);
    /* a file's records after its first of each kind say no file: they are its */
    for (size_t i = 0; i < r->nsymbols; i++) {
        cortex_json_symbol_derived d = {parents[i], s->docs[i], i ? r->symbols[i - 1].col_start : 1};
        cortex_json_symbol_line(&s->line, r, &r->symbols[i], &d, i == 0, NULL);
    }
    int rc = cortex_sharded_write(&out[KIND_SYMBOLS], r->path, s->line.data, s->line.len, r->nsymbols);
    cortex_buf_clear(&s->line);
    /* the first names its file; the others are arrays, their fields by position */
    for (size_t i = 0; i < r->nrefs; i++) {
        if (i == 0) cortex_json_reference_line(&s->line, r, &r->refs[i], callers[i], 1, NULL);
        else cortex_json_reference_tuple(&s->line, r, &r->refs[i], callers[i]);
    }
    if (rc == 0) rc = cortex_sharded_write(&out[KIND_REFS], r->path, s->line.data, s->line.len, r->nrefs);
    cortex_buf_clear(&s->line);
    for (size_t i = 0; i < r->ntexts; i++) cortex_json_text_line(&s->line, r, &r->texts[i], text_owners[i], i == 0, NULL);
    if (rc == 0) rc = cortex_sharded_write(&out[KIND_TEXTS], r->path, s->line.data, s->line.len, r->ntexts);
    return rc;
}

static int jsonl_file(void *self, const cortex_file_records *r)
{
    jsonl_sink *s = self;
    int rc = in_order(s, r->path);
    if (rc) return rc;
    cortex_buf_clear(&s->line);
    cortex_json_file_line(&s->line, r);
    if ((rc = cortex_files_list_write(&s->files, r->path, s->line.data, s->line.len))) return rc;
    if ((rc = change_path(s, r->path))) return rc;
    note_language(s, r->lang);
    return write_records(s, r);
}

/* A file that left: its shards are rewritten without it. */
static int jsonl_remove(void *self, const char *path)
{
    return change_path(self, path);
}

static int compare_strings(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int write_manifest(jsonl_sink *s, const uint64_t *lines)
{
    if (s->nlanguages) qsort(s->languages, s->nlanguages, sizeof *s->languages, compare_strings);
    cortex_buf b = {0};
    cortex_buf_puts(&b, "{\n  \"version\": \"" CORTEX_JSONL_FORMAT_VERSION "\",\n  \"name\": ");
    cortex_json_string(&b, s->project, strlen(s->project));
    cortex_buf_puts(&b, ",\n  \"root\": \".\",\n  \"generator\": \"cortex\",\n  \"languages\": [");
    for (size_t i = 0; i < s->nlanguages; i++) {
        if (i) cortex_buf_puts(&b, ", ");
        cortex_json_string(&b, s->languages[i], strlen(s->languages[i]));
    }
    cortex_buf_printf(&b, "],\n  \"counts\": {\"files\": %llu, \"symbols\": %llu, \"references\": %llu, \"texts\": %llu},\n"
                          "  \"shards\": %u\n}\n",
                      (unsigned long long)s->files.written, (unsigned long long)lines[KIND_SYMBOLS],
                      (unsigned long long)lines[KIND_REFS], (unsigned long long)lines[KIND_TEXTS], s->shards);
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/index.json", s->staging);
    int rc = cortex_carry_write_synced(path, b.data, b.len);
    cortex_buf_free(&b);
    return rc;
}

static int write_state(jsonl_sink *s)
{
    char tmp[PATH_MAX + 8];
    snprintf(tmp, sizeof tmp, "%s.tmp", s->state);
    FILE *f = fopen(tmp, "wb");
    size_t n = strlen(s->extractor);
    if (!f || fwrite(s->extractor, 1, n, f) != n || fclose(f) != 0 || rename(tmp, s->state) != 0)
        return cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", s->state, strerror(errno));
    return 0;
}

static int jsonl_commit(void *self)
{
    jsonl_sink *s = self;
    int rc = cortex_files_list_pass_rest(&s->files); /* the files left after the last one of this run */
    if (rc == 0 && !s->changed) {
        /* Every file kept, none written or removed: the committed index is this run's. */
        end_run(s);
        cortex_shards_remove_dir(s->staging);
        return 0;
    }
    uint64_t lines[KIND_COUNT] = {0};
    if (rc == 0) rc = cortex_files_list_finish(&s->files);
    for (int k = 0; k < KIND_COUNT && rc == 0; k++) rc = cortex_sharded_commit(&s->kinds[k], s->old_counts[k], &lines[k]);
    end_run(s);
    if (!rc) rc = write_manifest(s, lines);
    /* The state first: a crash between the two leaves a state that names this
     * extractor beside an older index, whose hashes then decide file by file. */
    if (!rc) rc = write_state(s);
    if (!rc) rc = cortex_shards_swap_in(s->staging, s->dir);
    if (rc) cortex_shards_remove_dir(s->staging);
    return rc;
}

static void jsonl_abort(void *self)
{
    jsonl_sink *s = self;
    end_run(s);
    cortex_shards_remove_dir(s->staging);
}

static void jsonl_close(void *self)
{
    jsonl_sink *s = self;
    if (!s) return;
    end_run(s);
    cortex_buf_free(&s->line);
    free(s->owners);
    free(s->docs);
    cortex_arena_reset(&s->scratch);
    free(s->extractor);
    for (size_t i = 0; i < s->nlanguages; i++) free(s->languages[i]);
    free(s->languages);
    free(s->last_path);
    free(s->project);
    free(s);
}

const cortex_sink_type cortex_sink_jsonl = {
    CORTEX_SINK_ABI_VERSION, "jsonl", "portable, deterministic JSONL index in .cortex/index/",
    jsonl_open, jsonl_begin, jsonl_file, jsonl_remove, jsonl_commit, jsonl_abort, jsonl_close, jsonl_keep,
    0,
};
