/* Carrying committed lines over (see carry.h). */
#define _GNU_SOURCE /* getline */
#include "carry.h"
#include "../record/record_json.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cortex_carry_open(cortex_carry_reader *r, const char *path)
{
    memset(r, 0, sizeof *r);
    if (!(r->in = fopen(path, "r"))) return -1;
    cortex_carry_advance(r);
    return 0;
}

void cortex_carry_close(cortex_carry_reader *r)
{
    if (r->in) fclose(r->in);
    free(r->line);
    cortex_buf_free(&r->path);
    memset(r, 0, sizeof *r);
}

void cortex_carry_advance(cortex_carry_reader *r)
{
    r->len = r->in ? getline(&r->line, &r->cap, r->in) : -1;
    if (r->len >= 0) r->lines++;
    if (r->len < 0) {
        free(r->line);
        r->line = NULL;
        r->cap = 0;
    }
}

/* The path a line belongs to, decoded into `out`: the value of its first
 * field ({"path":"..." or {"file":"..."); only an escaped one goes through
 * jansson. 1, `out` untouched, when the first field is another. */
static int line_path(const char *line, cortex_buf *out)
{
    if (strncmp(line, "{\"path\":", 8) != 0 && strncmp(line, "{\"file\":", 8) != 0) return 1;
    const char *q = strchr(line, ':');
    if (!q || q[1] != '"') return -1;
    const char *start = q + 1, *p = start + 1;
    int escaped = 0;
    while (*p && *p != '"') {
        if (*p == '\\') {
            escaped = 1;
            if (!*++p) return -1;
        }
        p++;
    }
    if (*p != '"') return -1;
    cortex_buf_clear(out);
    int rc = 0;
    if (!escaped) {
        cortex_buf_add(out, start + 1, (size_t)(p - start - 1));
        if (out->data && cortex_path_escaped(out->data)) {
            char *text = cortex_xstrdup(out->data);
            rc = cortex_path_from_json(out, text);
            free(text);
        }
        return rc;
    }
    json_t *v = json_loadb(start, (size_t)(p - start + 1), JSON_DECODE_ANY, NULL);
    if (!json_is_string(v)) {
        json_decref(v);
        return -1;
    }
    rc = cortex_path_from_json(out, json_string_value(v));
    json_decref(v);
    return rc;
}

int cortex_carry_path(cortex_carry_reader *r)
{
    if (!r->line) return -1;
    int rc = line_path(r->line, &r->path);
    return rc == 1 ? (r->path.data ? 0 : -1) : rc;
}

int cortex_carry_seek(cortex_carry_reader *r, const char *path)
{
    while (r->line) {
        if (cortex_carry_path(r) != 0) return -1;
        int c = strcmp(r->path.data ? r->path.data : "", path);
        if (c == 0) return 1;
        if (c > 0) return 0;
        cortex_carry_advance(r);
    }
    return 0;
}

int cortex_carry_read_state(const char *path, char *buf, size_t size)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, size - 1, f);
    fclose(f);
    buf[n] = '\0';
    return 0;
}

/* Moves the committed list up to `path` (NULL: to its end), telling `left` of
 * each file passed over. 1 when the current line is `path`'s, 0 when it is not
 * listed, or a negative code (a line without a path, or left's). */
static int pass_until(cortex_files_list *l, const char *path)
{
    cortex_carry_reader *files = &l->old;
    while (l->have_old && files->line) {
        if (cortex_carry_path(files) != 0) return cortex_error_set(CORTEX_EIO, "%s: a line without a path", l->committed);
        int c = path ? strcmp(files->path.data, path) : -1;
        if (c == 0) return 1;
        if (c > 0) return 0;
        int rc = l->left(l->payload, files->path.data);
        if (rc) return rc;
        cortex_carry_advance(files);
    }
    return 0;
}

static int stage(cortex_files_list *l, const char *line, size_t len)
{
    l->written++;
    if (fwrite(line, 1, len, l->out) != len)
        return cortex_error_set(CORTEX_EIO, "%s: write failed: %s", l->staged, strerror(errno));
    return 0;
}

int cortex_files_list_begin(cortex_files_list *l, const char *dir, const char *staging, int carry,
                            int (*left)(void *payload, const char *path), void *payload)
{
    cortex_files_list_end(l);
    memset(l, 0, sizeof *l);
    snprintf(l->committed, sizeof l->committed, "%s/files.jsonl", dir);
    snprintf(l->staged, sizeof l->staged, "%s/files.jsonl", staging);
    l->left = left;
    l->payload = payload;
    l->have_old = carry && cortex_carry_open(&l->old, l->committed) == 0;
    if (!(l->out = fopen(l->staged, "wb")))
        return cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", l->staged, strerror(errno));
    return 0;
}

int cortex_files_list_keep(cortex_files_list *l, const char *path, const char *line, size_t len)
{
    int found = pass_until(l, path);
    if (found <= 0) return found;
    cortex_carry_reader *files = &l->old;
    if ((size_t)files->len != len || memcmp(files->line, line, len) != 0) return 0;
    int rc = stage(l, files->line, (size_t)files->len);
    if (rc) return rc;
    cortex_carry_advance(files);
    return 1;
}

int cortex_files_list_write(cortex_files_list *l, const char *path, const char *line, size_t len)
{
    int found = pass_until(l, path);
    if (found < 0) return found;
    if (found) cortex_carry_advance(&l->old); /* replaced */
    return stage(l, line, len);
}

int cortex_files_list_pass_rest(cortex_files_list *l) { return pass_until(l, NULL); }

int cortex_files_list_finish(cortex_files_list *l)
{
    int rc = 0;
    if (fflush(l->out) != 0 || fsync(fileno(l->out)) != 0)
        rc = cortex_error_set(CORTEX_EIO, "%s: flush failed: %s", l->staged, strerror(errno));
    if (fclose(l->out) != 0 && rc == 0) rc = cortex_error_set(CORTEX_EIO, "%s: flush failed: %s", l->staged, strerror(errno));
    l->out = NULL;
    return rc;
}

void cortex_files_list_end(cortex_files_list *l)
{
    if (l->out) fclose(l->out);
    l->out = NULL;
    cortex_carry_close(&l->old);
    l->have_old = 0;
}

int cortex_carry_write_synced(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    int rc = 0;
    if (!f || fwrite(data, 1, len, f) != len || fflush(f) != 0 || fsync(fileno(f)) != 0)
        rc = cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", path, strerror(errno));
    if (f && fclose(f) != 0 && !rc) rc = cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", path, strerror(errno));
    return rc;
}
