/*
 * The JSONL sink: the portable, committable index in .cortex/index/. Each run
 * writes every file anew into "<name>.tmp" and renames them into place only on
 * commit, so a killed run leaves the previous index whole. Output is sorted by
 * path then line, LF-terminated, without timestamps: the same sources give
 * byte-identical files.
 */
#define _POSIX_C_SOURCE 200809L
#include "sink.h"

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

#define JSONL_FORMAT_VERSION "1.0"

enum { OUT_FILES, OUT_SYMBOLS, OUT_REFS, OUT_TEXTS, OUT_COUNT };
static const char *const out_names[OUT_COUNT] = {"files.jsonl", "symbols.jsonl", "references.jsonl", "texts.jsonl"};

typedef struct jsonl_sink {
    char dir[PATH_MAX];
    char *project;
    FILE *out[OUT_COUNT];
    cortex_buf line;
    char *last_path;
    char **languages;
    size_t nlanguages, languages_cap;
    uint64_t counts[OUT_COUNT];
} jsonl_sink;

static void path_of(char *buf, size_t n, const jsonl_sink *s, const char *name, const char *suffix)
{
    snprintf(buf, n, "%s/%s%s", s->dir, name, suffix);
}

static int jsonl_open(void **out, const cortex_sink_context *ctx)
{
    jsonl_sink *s = cortex_xcalloc(1, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "%s/index", ctx->data_dir);
    if (mkdir(s->dir, 0777) != 0 && errno != EEXIST) {
        int rc = cortex_error_set(CORTEX_EIO, "%s: cannot create directory: %s", s->dir, strerror(errno));
        free(s);
        return rc;
    }
    s->project = cortex_xstrdup(ctx->project_name);
    *out = s;
    return 0;
}

static void close_outputs(jsonl_sink *s, int unlink_tmp)
{
    for (int i = 0; i < OUT_COUNT; i++) {
        if (s->out[i]) fclose(s->out[i]);
        s->out[i] = NULL;
        if (unlink_tmp) {
            char p[PATH_MAX + 32];
            path_of(p, sizeof p, s, out_names[i], ".tmp");
            unlink(p);
        }
    }
}

static int jsonl_begin(void *self)
{
    jsonl_sink *s = self;
    for (int i = 0; i < OUT_COUNT; i++) {
        char p[PATH_MAX + 32];
        path_of(p, sizeof p, s, out_names[i], ".tmp");
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
    return 0;
}

static int write_line(jsonl_sink *s, int which)
{
    s->counts[which]++;
    if (fwrite(s->line.data, 1, s->line.len, s->out[which]) != s->line.len)
        return cortex_error_set(CORTEX_EIO, "%s/%s.tmp: write failed: %s", s->dir, out_names[which], strerror(errno));
    cortex_buf_clear(&s->line);
    return 0;
}

static void note_language(jsonl_sink *s, const char *lang)
{
    for (size_t i = 0; i < s->nlanguages; i++)
        if (strcmp(s->languages[i], lang) == 0) return;
    *CORTEX_PUSH(s->languages, s->nlanguages, s->languages_cap) = cortex_xstrdup(lang);
}

static int jsonl_file(void *self, const cortex_file_records *r)
{
    jsonl_sink *s = self;
    if (s->last_path && strcmp(s->last_path, r->path) >= 0)
        return cortex_error_set(CORTEX_EINVALID, "jsonl sink: files out of order (%s after %s)", r->path, s->last_path);
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

/* Every run rewrites the whole index, so a removed file is simply not written. */
static int jsonl_remove(void *self, const char *path) { return 0; }

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
    char tmp[PATH_MAX + 32], final[PATH_MAX + 32];
    path_of(tmp, sizeof tmp, s, "index.json", ".tmp");
    path_of(final, sizeof final, s, "index.json", "");
    FILE *f = fopen(tmp, "wb");
    int rc = 0;
    if (!f || fwrite(b.data, 1, b.len, f) != b.len || fflush(f) != 0 || fsync(fileno(f)) != 0)
        rc = cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", tmp, strerror(errno));
    if (f && fclose(f) != 0 && !rc) rc = cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", tmp, strerror(errno));
    if (!rc && rename(tmp, final) != 0) rc = cortex_error_set(CORTEX_EIO, "%s: cannot rename: %s", final, strerror(errno));
    cortex_buf_free(&b);
    return rc;
}

static int jsonl_commit(void *self)
{
    jsonl_sink *s = self;
    for (int i = 0; i < OUT_COUNT; i++) {
        if (fflush(s->out[i]) != 0 || fsync(fileno(s->out[i])) != 0) {
            int rc = cortex_error_set(CORTEX_EIO, "%s/%s.tmp: flush failed: %s", s->dir, out_names[i], strerror(errno));
            close_outputs(s, 1);
            return rc;
        }
    }
    close_outputs(s, 0);
    for (int i = 0; i < OUT_COUNT; i++) {
        char tmp[PATH_MAX + 32], final[PATH_MAX + 32];
        path_of(tmp, sizeof tmp, s, out_names[i], ".tmp");
        path_of(final, sizeof final, s, out_names[i], "");
        if (rename(tmp, final) != 0) return cortex_error_set(CORTEX_EIO, "%s: cannot rename: %s", final, strerror(errno));
    }
    /* index.json last: its presence says the files beside it are complete. */
    return write_manifest(s);
}

static void jsonl_abort(void *self) { close_outputs(self, 1); }

static void jsonl_close(void *self)
{
    jsonl_sink *s = self;
    if (!s) return;
    close_outputs(s, 1);
    cortex_buf_free(&s->line);
    for (size_t i = 0; i < s->nlanguages; i++) free(s->languages[i]);
    free(s->languages);
    free(s->last_path);
    free(s->project);
    free(s);
}

const cortex_sink_type cortex_sink_jsonl = {
    CORTEX_SINK_ABI_VERSION, "jsonl", "portable, deterministic JSONL index in .cortex/index/",
    jsonl_open, jsonl_begin, jsonl_file, jsonl_remove, jsonl_commit, jsonl_abort, jsonl_close,
};
