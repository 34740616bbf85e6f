/* The quarantine list: JSON lines {"path","bytes","mtime_ns","reason"}, sorted by path. */
#define _GNU_SOURCE
#include "quarantine.h"

#include "../record/record_json.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int compare_paths(const void *a, const void *b)
{
    return strcmp(((const cortex_quarantined *)a)->path, ((const cortex_quarantined *)b)->path);
}

void cortex_quarantine_load(cortex_quarantine *q, const char *data_dir)
{
    memset(q, 0, sizeof *q);
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/quarantine.jsonl", data_dir);
    FILE *in = fopen(path, "r");
    if (!in) return;
    char *line = NULL;
    size_t cap = 0;
    cortex_buf decoded = {0};
    while (getline(&line, &cap, in) > 0) {
        json_t *o = json_loads(line, 0, NULL);
        const char *p = json_string_value(json_object_get(o, "path"));
        const char *reason = json_string_value(json_object_get(o, "reason"));
        json_t *bytes = json_object_get(o, "bytes"), *mtime = json_object_get(o, "mtime_ns");
        if (p && reason && json_is_integer(bytes) && json_is_integer(mtime) &&
            cortex_path_from_json(&decoded, p) == 0 && decoded.data) {
            cortex_quarantined *e = CORTEX_PUSH(q->files, q->n, q->cap);
            *e = (cortex_quarantined){cortex_xstrdup(decoded.data), (uint64_t)json_integer_value(bytes),
                                      (int64_t)json_integer_value(mtime), cortex_xstrdup(reason)};
        }
        json_decref(o);
    }
    cortex_buf_free(&decoded);
    free(line);
    fclose(in);
    if (q->n) qsort(q->files, q->n, sizeof *q->files, compare_paths);
}

void cortex_quarantine_dispose(cortex_quarantine *q)
{
    for (size_t i = 0; i < q->n; i++) {
        free(q->files[i].path);
        free(q->files[i].reason);
    }
    free(q->files);
    memset(q, 0, sizeof *q);
}

const char *cortex_quarantine_reason(const cortex_quarantine *q, const char *path, uint64_t bytes, int64_t mtime_ns)
{
    if (!q->n) return NULL;
    cortex_quarantined key = {.path = (char *)path};
    const cortex_quarantined *e = bsearch(&key, q->files, q->n, sizeof *q->files, compare_paths);
    return e && e->bytes == bytes && e->mtime_ns == mtime_ns ? e->reason : NULL;
}

/* Whether `e`'s file is still the one it was listed as. */
static int still_same(const char *root, const cortex_quarantined *e)
{
    char abs[PATH_MAX * 2];
    snprintf(abs, sizeof abs, "%s/%s", root, e->path);
    struct stat st;
    return lstat(abs, &st) == 0 && (uint64_t)st.st_size == e->bytes &&
           (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec == e->mtime_ns;
}

static void write_entry(cortex_buf *out, const char *path, uint64_t bytes, int64_t mtime_ns, const char *reason)
{
    cortex_buf_puts(out, "{\"path\":");
    cortex_json_path(out, path, strlen(path));
    cortex_buf_printf(out, ",\"bytes\":%llu,\"mtime_ns\":%lld,\"reason\":", (unsigned long long)bytes,
                      (long long)mtime_ns);
    cortex_json_string(out, reason, strlen(reason));
    cortex_buf_puts(out, "}\n");
}

int cortex_quarantine_add(const char *data_dir, const char *root, const char *path, const char *reason)
{
    cortex_quarantine q;
    cortex_quarantine_load(&q, data_dir);
    char abs[PATH_MAX * 2];
    snprintf(abs, sizeof abs, "%s/%s", root, path);
    struct stat st;
    if (lstat(abs, &st) != 0) {
        cortex_quarantine_dispose(&q);
        return cortex_error_set(CORTEX_EIO, "%s: %s", path, strerror(errno));
    }
    cortex_buf out = {0};
    int added = 0;
    for (size_t i = 0; i <= q.n; i++) {
        const cortex_quarantined *e = i < q.n ? &q.files[i] : NULL;
        if (!added && (!e || strcmp(path, e->path) <= 0)) {
            write_entry(&out, path, (uint64_t)st.st_size, (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec,
                        reason);
            added = 1;
        }
        if (!e || strcmp(path, e->path) == 0 || !still_same(root, e)) continue;
        write_entry(&out, e->path, e->bytes, e->mtime_ns, e->reason);
    }
    cortex_quarantine_dispose(&q);
    char file[PATH_MAX], tmp[PATH_MAX + 8];
    snprintf(file, sizeof file, "%s/quarantine.jsonl", data_dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", file);
    FILE *f = fopen(tmp, "w");
    int rc = 0;
    if (!f || fwrite(out.data, 1, out.len, f) != out.len || fflush(f) != 0 || fsync(fileno(f)) != 0)
        rc = cortex_error_set(CORTEX_EIO, "%s: %s", tmp, strerror(errno));
    if (f && fclose(f) != 0 && rc == 0) rc = cortex_error_set(CORTEX_EIO, "%s: %s", tmp, strerror(errno));
    if (rc == 0 && rename(tmp, file) != 0) rc = cortex_error_set(CORTEX_EIO, "%s: %s", file, strerror(errno));
    cortex_buf_free(&out);
    return rc;
}
