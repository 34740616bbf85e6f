/* What the handlers share: store rows as JSON, pages, source lines. */
#define _DEFAULT_SOURCE
#include "handlers.h"

#include "../util/beneath.h"
#include "paths.h"

#include "../record/record_json.h"
#include "../util/error.h"
#include "../util/io.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

json_t *cortex_json_text(const char *s, size_t n)
{
    json_t *v = json_stringn(s, n);
    if (v) return v;
    cortex_buf b = {0};
    cortex_utf8_repair(&b, s, n);
    v = json_stringn(b.data ? b.data : "", b.len);
    cortex_buf_free(&b);
    return v;
}

json_t *cortex_text_json(const char *s)
{
    return s ? cortex_json_text(s, strlen(s)) : json_null();
}

void cortex_project_field(json_t *item, const char *project)
{
    if (project && strcmp(project, ".") != 0) json_object_set_new(item, "project", cortex_text_json(project));
}

json_t *cortex_symbol_json(const cortex_store_symbol *sym)
{
    json_t *item = json_pack("{s:o,s:o,s:o,s:I,s:I,s:o,s:o,s:o,s:o}", "name", cortex_text_json(sym->name), "kind",
                             cortex_text_json(sym->kind), "file", cortex_text_json(sym->file), "line",
                             (json_int_t)sym->line, "line_end", (json_int_t)sym->line_end, "parent",
                             cortex_text_json(sym->parent), "sig", cortex_text_json(sym->sig), "visibility",
                             cortex_text_json(sym->visibility), "doc", cortex_text_json(sym->doc));
    cortex_project_field(item, sym->project);
    return item;
}

int cortex_file_id_of(const cortex_store_file *file, void *payload)
{
    *(int64_t *)payload = file->id;
    return 0;
}

int cortex_symbol_into(const cortex_store_symbol *sym, void *payload)
{
    *(json_t **)payload = cortex_symbol_json(sym);
    return 0;
}

int cortex_tool_indexed_file(int64_t *out_id, char *out_path, size_t path_size, cortex_reader *s, const char *arg)
{
    char *path = out_path;
    int rc = cortex_path_resolve(s->repo->root, arg, path, path_size);
    if (rc) return rc;
    rc = cortex_store_read_file(s->db, path, cortex_file_id_of, out_id);
    if (rc != CORTEX_ENOTFOUND) return rc;
    char abs[PATH_MAX + 1];
    snprintf(abs, sizeof abs, "%s/%s", s->repo->root, path);
    if (access(abs, F_OK) != 0)
        return cortex_error_set(
            CORTEX_ENOTFOUND,
            "no file \"%s\" in the repository; `explore` or `search` with scope [\"file\"] finds paths", path);
    return cortex_error_set(CORTEX_ENOTFOUND,
                            "\"%s\" is not indexed (ignored, unsupported language, or added since the last index: "
                            "`flush_index` re-indexes)",
                            path);
}

void cortex_page_finish(json_t *result, int64_t total, int64_t offset, size_t shown)
{
    int64_t next = offset + (int64_t)shown;
    json_object_set_new(result, "total", json_integer(total));
    json_object_set_new(result, "offset", json_integer(offset));
    json_object_set_new(result, "truncated", json_boolean(next < total));
    json_object_set_new(result, "next_offset", next < total ? json_integer(next) : json_null());
}

/* An ambiguous edge names its best candidates, so an agent sees the choice
 * it must make instead of a bare "several". */
#define CANDIDATES_SHOWN 5

static int add_candidate(const cortex_store_symbol *sym, void *payload)
{
    json_array_append_new(payload, json_pack("{s:o,s:o,s:o,s:I}", "name", cortex_text_json(sym->name), "kind",
                                             cortex_text_json(sym->kind), "file", cortex_text_json(sym->file), "line",
                                             (json_int_t)sym->line));
    return 0;
}

int cortex_edge_json(json_t **out, const cortex_store_edge *e, cortex_store_reader *db)
{
    *out = NULL;
    json_t *target = !e->target_name ? json_null()
                                     : json_pack("{s:o,s:o,s:o,s:I}", "name", cortex_text_json(e->target_name), "kind",
                                                 cortex_text_json(e->target_kind), "file",
                                                 cortex_text_json(e->target_file), "line", (json_int_t)e->target_line);
    json_t *edge =
        json_pack("{s:o,s:I,s:I,s:o,s:o,s:o,s:o,s:s,s:o}", "file", cortex_text_json(e->file), "line",
                  (json_int_t)e->line, "col", (json_int_t)e->col, "kind", cortex_text_json(e->kind), "name",
                  cortex_text_json(e->name), "qualifier", cortex_text_json(e->qualifier), "caller",
                  cortex_text_json(e->caller), "binding", e->binding ? e->binding : "unresolved", "target", target);
    cortex_project_field(edge, e->project);
    if (db && e->binding && strcmp(e->binding, "ambiguous") == 0) {
        json_t *candidates = json_array();
        int64_t n = 0;
        int rc = cortex_store_read_candidates(&n, db, e->id, CANDIDATES_SHOWN, add_candidate, candidates);
        if (rc) {
            json_decref(candidates);
            json_decref(edge);
            return rc;
        }
        json_object_set_new(edge, "candidates", candidates);
        json_object_set_new(edge, "candidates_total", json_integer(n));
    }
    *out = edge;
    return 0;
}

int cortex_edge_into(const cortex_store_edge *e, void *payload)
{
    cortex_edge_out *out = payload;
    return cortex_edge_json(&out->edge, e, out->db);
}

/* Lines [first, last] picked from a file's bytes as they come, a block at a
 * time: newlines counted, so a line deep in a large file costs a scan. */
typedef struct line_pick {
    int64_t first, last, no, offset;
    size_t keep;
    int64_t *start_byte, *end_byte;
    cortex_buf out;
} line_pick;

static void pick_start(line_pick *p, int64_t first, int64_t last, size_t keep, int64_t *start_byte, int64_t *end_byte)
{
    *p = (line_pick){first, last, 1, 0, keep, start_byte, end_byte, {0}};
    if (start_byte) *start_byte = -1;
    if (end_byte) *end_byte = -1;
    cortex_buf_puts(&p->out, "");
}

/* 1 once the last line is taken */
static int pick_block(line_pick *p, const char *block, size_t n)
{
    const char *q = block, *end = block + n;
    /* to the file's end from here: the rest of the block whole, its lines uncounted */
    if (p->last == INT64_MAX && p->no >= p->first && n) {
        if (p->start_byte && *p->start_byte < 0) *p->start_byte = p->offset;
        if (p->end_byte) *p->end_byte = p->offset + (int64_t)n;
        cortex_buf_add(&p->out, block, n < p->keep - p->out.len ? n : p->keep - p->out.len);
        p->offset += (int64_t)n;
        return 0;
    }
    while (q < end && p->no <= p->last) {
        const char *nl = memchr(q, '\n', (size_t)(end - q));
        const char *stop = nl ? nl + 1 : end;
        if (p->no >= p->first) {
            if (p->start_byte && *p->start_byte < 0) *p->start_byte = p->offset + (q - block);
            if (p->end_byte) *p->end_byte = p->offset + (stop - block);
            size_t take = (size_t)(stop - q);
            if (take > p->keep - p->out.len) take = p->keep - p->out.len;
            cortex_buf_add(&p->out, q, take);
        }
        if (nl) p->no++;
        q = stop;
    }
    p->offset += (int64_t)n;
    return p->no > p->last;
}

static char *pick_done(line_pick *p)
{
    cortex_buf *out = &p->out;
    while (out->len && (out->data[out->len - 1] == '\n' || out->data[out->len - 1] == '\r')) out->data[--out->len] = '\0';
    return out->data;
}

char *cortex_read_lines_at(const char *root, const char *path, int64_t first, int64_t last, size_t keep,
                           int64_t *start_byte, int64_t *end_byte)
{
    line_pick p;
    pick_start(&p, first, last, keep, start_byte, end_byte);
    /* the index may be older than the tree: a file since replaced by a link
     * out of the repository is not followed */
    int fd = cortex_open_beneath(root, path);
    if (fd < 0) {
        cortex_buf_free(&p.out);
        return NULL;
    }
    char block[65536];
    ssize_t n;
    while ((n = read(fd, block, sizeof block)) > 0 && !pick_block(&p, block, (size_t)n)) {}
    close(fd);
    return pick_done(&p);
}

char *cortex_read_lines(const char *root, const char *path, int64_t first, int64_t last)
{
    return cortex_read_lines_at(root, path, first, last, SIZE_MAX, NULL, NULL);
}

/* ---- source files kept for one answer ------------------------------------ */

/* Files kept, and the largest kept: a walk's context lines come from a few
 * files of ordinary size; a larger one is read for each line as before. */
#define SOURCE_FILES_KEPT 8
#define SOURCE_FILE_KEPT_MAX (4u << 20)

struct cortex_source_files {
    const char *root;
    struct {
        char *path; /* NULL: a free slot */
        char *data;
        size_t len;
        size_t *line_at; /* where each line starts: line k at line_at[k - 1] */
        size_t lines;
        uint64_t used; /* when last read: the least recent goes first */
    } slot[SOURCE_FILES_KEPT];
    uint64_t clock;
};

cortex_source_files *cortex_source_files_new(const char *root)
{
    cortex_source_files *f = cortex_xcalloc(1, sizeof *f);
    f->root = root;
    return f;
}

void cortex_source_files_free(cortex_source_files *f)
{
    if (!f) return;
    for (int i = 0; i < SOURCE_FILES_KEPT; i++) {
        free(f->slot[i].path);
        free(f->slot[i].data);
        free(f->slot[i].line_at);
    }
    free(f);
}

/* The file's bytes whole into `out`; 0 when unreadable or too large to keep. */
static int read_whole(const char *root, const char *path, cortex_buf *out)
{
    int fd = cortex_open_beneath(root, path);
    if (fd < 0) return 0;
    struct stat st;
    int ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size <= SOURCE_FILE_KEPT_MAX;
    if (ok) {
        cortex_grow((void **)&out->data, &out->cap, (size_t)st.st_size + 1, 1);
        ok = cortex_read_all(fd, out->data, (size_t)st.st_size) == 0; /* a file cut short meanwhile: read per line */
        if (ok) out->len = (size_t)st.st_size;
    }
    close(fd);
    return ok;
}

char *cortex_source_files_lines(cortex_source_files *f, const char *path, int64_t first, int64_t last)
{
    int at = -1, oldest = 0;
    for (int i = 0; i < SOURCE_FILES_KEPT && at < 0; i++) {
        if (f->slot[i].path && strcmp(f->slot[i].path, path) == 0) at = i;
        else if (f->slot[i].used < f->slot[oldest].used) oldest = i;
    }
    if (at < 0) {
        cortex_buf whole = {0};
        if (!read_whole(f->root, path, &whole)) {
            cortex_buf_free(&whole);
            return cortex_read_lines(f->root, path, first, last);
        }
        at = oldest;
        free(f->slot[at].path);
        free(f->slot[at].data);
        free(f->slot[at].line_at);
        f->slot[at].path = cortex_xstrdup(path);
        f->slot[at].data = whole.data;
        f->slot[at].len = whole.len;
        f->slot[at].line_at = NULL;
        size_t cap = 0, n = 0;
        for (size_t at_byte = 0; at_byte < whole.len;) {
            *CORTEX_PUSH(f->slot[at].line_at, n, cap) = at_byte;
            const char *nl = memchr(whole.data + at_byte, '\n', whole.len - at_byte);
            at_byte = nl ? (size_t)(nl - whole.data) + 1 : whole.len;
        }
        f->slot[at].lines = n;
    }
    f->slot[at].used = ++f->clock;
    /* the lines' bytes, picked as a read from disk picks them */
    if (first < 1) first = 1;
    line_pick p;
    pick_start(&p, 1, last - first + 1, SIZE_MAX, NULL, NULL);
    if (last >= first && (uint64_t)first <= f->slot[at].lines) {
        size_t from = f->slot[at].line_at[first - 1];
        size_t to = (uint64_t)last < f->slot[at].lines ? f->slot[at].line_at[last] : f->slot[at].len;
        pick_block(&p, f->slot[at].data + from, to - from);
    }
    return pick_done(&p);
}

void cortex_json_sort(json_t *items, size_t first, int (*compare)(const void *a, const void *b))
{
    size_t n = json_array_size(items) > first ? json_array_size(items) - first : 0;
    if (n < 2) return;
    json_t **v = cortex_xcalloc(n, sizeof *v);
    for (size_t i = 0; i < n; i++) v[i] = json_incref(json_array_get(items, first + i));
    qsort(v, n, sizeof *v, compare);
    for (size_t i = 0; i < n; i++) json_array_set_new(items, first + i, v[i]);
    free(v);
}
