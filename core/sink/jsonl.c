/*
 * The JSONL sink: the portable, committable index in .cortex/index/. Each run
 * writes a complete index into .cortex/index.tmp/ and commits by swapping the
 * two directories in one atomic rename (RENAME_EXCHANGE), so a reader or a
 * killed run sees either the old index or the new one, never a mix. Output is
 * sorted by path then line, LF-terminated, without timestamps: the same
 * sources give byte-identical files.
 */
#define _GNU_SOURCE /* renameat2 */
#include "sink.h"

#include "carry.h"

#include "../extract/record_json.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <jansson.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define JSONL_FORMAT_VERSION "1.0"

enum { OUT_FILES, OUT_SYMBOLS, OUT_REFS, OUT_TEXTS, OUT_COUNT };
static const char *const out_names[OUT_COUNT] = {"files.jsonl", "symbols.jsonl", "references.jsonl", "texts.jsonl"};

typedef struct jsonl_sink {
    char dir[PATH_MAX];     /* the committed index: <data>/index */
    char staging[PATH_MAX]; /* this run's index until commit: <data>/index.tmp */
    char state[PATH_MAX];   /* <data>/index.extractor: which extractor wrote the committed index */
    char *extractor;
    cortex_carry_reader old[OUT_COUNT]; /* the committed index, when its records can be carried over */
    int have_old;
    uint64_t old_files;     /* files in the committed index (its index.json) */
    /* Until a file is written or removed, kept files are only listed: a run
     * that changes nothing leaves the committed index as it is, unwritten. */
    int changed;
    char **pending;
    size_t npending, pending_cap;
    char *project;
    FILE *out[OUT_COUNT];
    cortex_buf line;
    char *last_path;
    char **languages;
    size_t nlanguages, languages_cap;
    uint64_t counts[OUT_COUNT];
} jsonl_sink;

static void staged(char *buf, size_t n, const jsonl_sink *s, const char *name)
{
    snprintf(buf, n, "%s/%s", s->staging, name);
}

/* Removes an index directory cortex wrote: its known files, then itself. */
static void remove_index_dir(const char *dir)
{
    char p[PATH_MAX + 32];
    for (int i = 0; i < OUT_COUNT; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, out_names[i]);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/index.json", dir);
    unlink(p);
    rmdir(dir);
}

static int jsonl_open(void **out, const cortex_sink_context *ctx)
{
    jsonl_sink *s = cortex_xcalloc(1, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "%s/index", ctx->data_dir);
    snprintf(s->staging, sizeof s->staging, "%s/index.tmp", ctx->data_dir);
    snprintf(s->state, sizeof s->state, "%s/index.extractor", ctx->data_dir);
    s->project = cortex_xstrdup(ctx->project_name);
    s->extractor = cortex_xstrdup(ctx->extractor ? ctx->extractor : "");
    *out = s;
    return 0;
}

static void close_old(jsonl_sink *s)
{
    for (int i = 0; i < OUT_COUNT; i++) cortex_carry_close(&s->old[i]);
    s->have_old = 0;
}

static void clear_pending(jsonl_sink *s)
{
    for (size_t i = 0; i < s->npending; i++) free(s->pending[i]);
    s->npending = 0;
}

/* Opens the committed index for carrying records over, when it was written by
 * this extractor; otherwise every keep() asks for fresh records. */
static void open_old(jsonl_sink *s)
{
    close_old(s);
    char written_by[512];
    if (cortex_carry_read_state(s->state, written_by, sizeof written_by) != 0 || strcmp(written_by, s->extractor) != 0)
        return;
    for (int i = 0; i < OUT_COUNT; i++) {
        char p[PATH_MAX + 32];
        snprintf(p, sizeof p, "%s/%s", s->dir, out_names[i]);
        if (cortex_carry_open(&s->old[i], p) != 0) {
            close_old(s);
            return;
        }
    }
    char manifest[PATH_MAX + 32];
    snprintf(manifest, sizeof manifest, "%s/index.json", s->dir);
    json_t *m = json_load_file(manifest, 0, NULL);
    json_t *files = json_object_get(json_object_get(m, "counts"), "files");
    s->old_files = json_is_integer(files) ? (uint64_t)json_integer_value(files) : UINT64_MAX;
    json_decref(m);
    s->have_old = 1;
}

static void close_outputs(jsonl_sink *s, int discard)
{
    for (int i = 0; i < OUT_COUNT; i++) {
        if (s->out[i]) fclose(s->out[i]);
        s->out[i] = NULL;
    }
    if (discard) remove_index_dir(s->staging);
}

static int jsonl_begin(void *self)
{
    jsonl_sink *s = self;
    remove_index_dir(s->staging); /* left by a run that was killed */
    if (mkdir(s->staging, 0777) != 0)
        return cortex_error_set(CORTEX_EIO, "%s: cannot create directory: %s", s->staging, strerror(errno));
    for (int i = 0; i < OUT_COUNT; i++) {
        char p[PATH_MAX + 32];
        staged(p, sizeof p, s, out_names[i]);
        s->out[i] = fopen(p, "wb");
        if (!s->out[i]) {
            int rc = cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", p, strerror(errno));
            close_outputs(s, 1);
            return rc;
        }
        s->counts[i] = 0;
    }
    free(s->last_path);
    s->last_path = NULL;
    clear_pending(s);
    s->changed = 0;
    open_old(s);
    return 0;
}

static int write_line(jsonl_sink *s, int which)
{
    s->counts[which]++;
    if (fwrite(s->line.data, 1, s->line.len, s->out[which]) != s->line.len)
        return cortex_error_set(CORTEX_EIO, "%s/%s: write failed: %s", s->staging, out_names[which], strerror(errno));
    cortex_buf_clear(&s->line);
    return 0;
}

static void note_language(jsonl_sink *s, const char *lang)
{
    for (size_t i = 0; i < s->nlanguages; i++)
        if (strcmp(s->languages[i], lang) == 0) return;
    *CORTEX_PUSH(s->languages, s->nlanguages, s->languages_cap) = cortex_xstrdup(lang);
}

/* Copies a kept file's lines from the previous index into this run's. */
static int copy_kept(jsonl_sink *s, const char *path)
{
    for (int i = 0; i < OUT_COUNT; i++) {
        cortex_carry_reader *o = &s->old[i];
        int at = cortex_carry_seek(o, path);
        while (at == 1) {
            cortex_buf_clear(&s->line);
            cortex_buf_add(&s->line, o->line, (size_t)o->len);
            int rc = write_line(s, i);
            if (rc) return rc;
            cortex_carry_advance(o);
            at = cortex_carry_seek(o, path);
        }
        if (at < 0) {
            close_old(s);
            return cortex_error_set(CORTEX_EIO, "%s/%s: unreadable line while carrying %s over", s->dir, out_names[i], path);
        }
    }
    return 0;
}

/* The first change of the run: the files kept so far are copied now. */
static int flush_pending(jsonl_sink *s)
{
    if (s->changed) return 0;
    s->changed = 1;
    if (s->npending == 0) return 0;
    open_old(s); /* from the start: the kept files' hashes were checked on a first pass */
    if (!s->have_old) return cortex_error_set(CORTEX_EIO, "%s: the previous index went away during the run", s->dir);
    int rc = 0;
    for (size_t i = 0; i < s->npending && rc == 0; i++) rc = copy_kept(s, s->pending[i]);
    clear_pending(s);
    return rc;
}

/* An unchanged file: carried over from the previous index when it has the
 * file with the same content hash. */
static int jsonl_keep(void *self, const cortex_file_records *r)
{
    jsonl_sink *s = self;
    if (!s->have_old) return CORTEX_ENOTFOUND;
    if (s->last_path && strcmp(s->last_path, r->path) >= 0)
        return cortex_error_set(CORTEX_EINVALID, "jsonl sink: files out of order (%s after %s)", r->path, s->last_path);
    cortex_carry_reader *files = &s->old[OUT_FILES];
    int found = cortex_carry_seek(files, r->path);
    if (found < 0) {
        close_old(s); /* not an index this sink wrote: stop carrying anything over */
        return CORTEX_ENOTFOUND;
    }
    /* its files line must read as this run would write it: same content
     * hash, language and project (a `git init` above it moves it) */
    if (!found) return CORTEX_ENOTFOUND;
    cortex_buf_clear(&s->line);
    cortex_json_file_line(&s->line, r);
    int same = (size_t)files->len == s->line.len && memcmp(files->line, s->line.data, s->line.len) == 0;
    cortex_buf_clear(&s->line);
    if (!same) return CORTEX_ENOTFOUND;
    free(s->last_path);
    s->last_path = cortex_xstrdup(r->path);
    note_language(s, r->lang);
    if (!s->changed) {
        *CORTEX_PUSH(s->pending, s->npending, s->pending_cap) = cortex_xstrdup(r->path);
        return 0;
    }
    return copy_kept(s, r->path);
}

static int jsonl_file(void *self, const cortex_file_records *r)
{
    jsonl_sink *s = self;
    if (s->last_path && strcmp(s->last_path, r->path) >= 0)
        return cortex_error_set(CORTEX_EINVALID, "jsonl sink: files out of order (%s after %s)", r->path, s->last_path);
    int flushed = flush_pending(s);
    if (flushed) return flushed;
    free(s->last_path);
    s->last_path = cortex_xstrdup(r->path);
    note_language(s, r->lang);
    int rc;
    cortex_buf_clear(&s->line);
    cortex_json_file_line(&s->line, r);
    if ((rc = write_line(s, OUT_FILES))) return rc;
    for (size_t i = 0; i < r->nsymbols; i++) {
        cortex_json_symbol_line(&s->line, r, &r->symbols[i], 1, NULL);
        if ((rc = write_line(s, OUT_SYMBOLS))) return rc;
    }
    for (size_t i = 0; i < r->nrefs; i++) {
        cortex_json_reference_line(&s->line, r, &r->refs[i], 1, NULL);
        if ((rc = write_line(s, OUT_REFS))) return rc;
    }
    for (size_t i = 0; i < r->ntexts; i++) {
        cortex_json_text_line(&s->line, r, &r->texts[i], 1, NULL);
        if ((rc = write_line(s, OUT_TEXTS))) return rc;
    }
    return 0;
}

/* A removed file is simply not written; but the index changes. */
static int jsonl_remove(void *self, const char *path)
{
    (void)path;
    return flush_pending(self);
}

static int compare_strings(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int write_manifest(jsonl_sink *s)
{
    if (s->nlanguages) qsort(s->languages, s->nlanguages, sizeof *s->languages, compare_strings);
    cortex_buf b = {0};
    cortex_buf_puts(&b, "{\n  \"version\": \"" JSONL_FORMAT_VERSION "\",\n  \"name\": ");
    cortex_json_string(&b, s->project, strlen(s->project));
    cortex_buf_puts(&b, ",\n  \"root\": \".\",\n  \"generator\": \"cortex\",\n  \"languages\": [");
    for (size_t i = 0; i < s->nlanguages; i++) {
        if (i) cortex_buf_puts(&b, ", ");
        cortex_json_string(&b, s->languages[i], strlen(s->languages[i]));
    }
    cortex_buf_printf(&b, "],\n  \"counts\": {\"files\": %llu, \"symbols\": %llu, \"references\": %llu, \"texts\": %llu}\n}\n",
                      (unsigned long long)s->counts[OUT_FILES], (unsigned long long)s->counts[OUT_SYMBOLS],
                      (unsigned long long)s->counts[OUT_REFS], (unsigned long long)s->counts[OUT_TEXTS]);
    char path[PATH_MAX + 32];
    staged(path, sizeof path, s, "index.json");
    FILE *f = fopen(path, "wb");
    int rc = 0;
    if (!f || fwrite(b.data, 1, b.len, f) != b.len || fflush(f) != 0 || fsync(fileno(f)) != 0)
        rc = cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", path, strerror(errno));
    if (f && fclose(f) != 0 && !rc) rc = cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", path, strerror(errno));
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

/* Puts the staged index in place of the committed one in one step. */
static int swap_in(jsonl_sink *s)
{
    if (renameat2(AT_FDCWD, s->staging, AT_FDCWD, s->dir, RENAME_EXCHANGE) == 0) {
        remove_index_dir(s->staging); /* now the previous index */
        return 0;
    }
    if (errno == ENOENT && rename(s->staging, s->dir) == 0) return 0; /* the first index */
    /* A file system without RENAME_EXCHANGE: move the old one aside first. */
    char old[PATH_MAX + 8];
    snprintf(old, sizeof old, "%s.old", s->dir);
    remove_index_dir(old);
    if (rename(s->dir, old) != 0 && errno != ENOENT)
        return cortex_error_set(CORTEX_EIO, "%s: cannot replace: %s", s->dir, strerror(errno));
    if (rename(s->staging, s->dir) != 0) {
        int rc = cortex_error_set(CORTEX_EIO, "%s: cannot replace: %s", s->dir, strerror(errno));
        rename(old, s->dir);
        return rc;
    }
    remove_index_dir(old);
    return 0;
}

static int jsonl_commit(void *self)
{
    jsonl_sink *s = self;
    if (!s->changed && s->have_old && s->npending == s->old_files) {
        /* Every file kept, none written or removed: the committed index is this run's. */
        close_outputs(s, 1);
        close_old(s);
        clear_pending(s);
        return 0;
    }
    int flushed = flush_pending(s);
    if (flushed) {
        close_outputs(s, 1);
        return flushed;
    }
    for (int i = 0; i < OUT_COUNT; i++) {
        if (fflush(s->out[i]) != 0 || fsync(fileno(s->out[i])) != 0) {
            int rc = cortex_error_set(CORTEX_EIO, "%s/%s: flush failed: %s", s->staging, out_names[i], strerror(errno));
            close_outputs(s, 1);
            return rc;
        }
    }
    close_outputs(s, 0);
    close_old(s);
    int rc = write_manifest(s);
    /* The state first: a crash between the two leaves a state that names this
     * extractor beside an older index, whose hashes then decide file by file. */
    if (!rc) rc = write_state(s);
    if (!rc) rc = swap_in(s);
    if (rc) remove_index_dir(s->staging);
    return rc;
}

static void jsonl_abort(void *self)
{
    close_outputs(self, 1);
    close_old(self);
}

static void jsonl_close(void *self)
{
    jsonl_sink *s = self;
    if (!s) return;
    close_outputs(s, 1);
    close_old(s);
    clear_pending(s);
    free(s->pending);
    cortex_buf_free(&s->line);
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
};
