/* What the handlers share: store rows as JSON, pages, source lines. */
#define _DEFAULT_SOURCE
#include "handlers.h"

#include "../util/beneath.h"
#include "paths.h"

#include "../record/record_json.h"
#include "../util/error.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
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

char *cortex_read_lines_at(const char *root, const char *path, int64_t first, int64_t last, size_t keep,
                           int64_t *start_byte, int64_t *end_byte)
{
    if (start_byte) *start_byte = -1;
    if (end_byte) *end_byte = -1;
    /* the index may be older than the tree: a file since replaced by a link
     * out of the repository is not followed */
    int fd = cortex_open_beneath(root, path);
    if (fd < 0) return NULL;
    cortex_buf out = {0};
    cortex_buf_puts(&out, "");
    /* read in blocks and count newlines: a line deep in a large file costs a
     * scan, not a call per line before it */
    char block[65536];
    int64_t no = 1, offset = 0;
    ssize_t n;
    while (no <= last && (n = read(fd, block, sizeof block)) > 0) {
        const char *p = block, *end = block + n;
        while (p < end && no <= last) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            const char *stop = nl ? nl + 1 : end;
            if (no >= first) {
                if (start_byte && *start_byte < 0) *start_byte = offset + (p - block);
                if (end_byte) *end_byte = offset + (stop - block);
                size_t take = (size_t)(stop - p);
                if (take > keep - out.len) take = keep - out.len;
                cortex_buf_add(&out, p, take);
            }
            if (nl) no++;
            p = stop;
        }
        offset += n;
    }
    close(fd);
    while (out.len && (out.data[out.len - 1] == '\n' || out.data[out.len - 1] == '\r')) out.data[--out.len] = '\0';
    return out.data;
}

char *cortex_read_lines(const char *root, const char *path, int64_t first, int64_t last)
{
    return cortex_read_lines_at(root, path, first, last, SIZE_MAX, NULL, NULL);
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
