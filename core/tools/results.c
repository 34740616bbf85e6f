/* What the handlers share: statements, rows as JSON, pages, source lines. */
#define _DEFAULT_SOURCE
#include "handlers.h"
#include "paths.h"

#include "../record/record_json.h"
#include "../util/error.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

sqlite3_stmt *cortex_tool_prepare(cortex_tool_session *s, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        cortex_error_set(CORTEX_EIO, "store query failed: %s", sqlite3_errmsg(s->db));
        sqlite3_finalize(st);
        return NULL;
    }
    return st;
}

int cortex_tool_sql_error(cortex_tool_session *s, const char *what)
{
    return cortex_error_set(CORTEX_EIO, "%s: %s", what, sqlite3_errmsg(s->db));
}

json_t *cortex_column_json(sqlite3_stmt *st, int col)
{
    switch (sqlite3_column_type(st, col)) {
    case SQLITE_NULL: return json_null();
    case SQLITE_INTEGER: return json_integer(sqlite3_column_int64(st, col));
    default: return cortex_json_text((const char *)sqlite3_column_text(st, col), (size_t)sqlite3_column_bytes(st, col));
    }
}

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

void cortex_project_field(json_t *item, sqlite3_stmt *st, int col)
{
    const char *project = (const char *)sqlite3_column_text(st, col);
    if (project && strcmp(project, ".") != 0) json_object_set_new(item, "project", json_string(project));
}

json_t *cortex_symbol_json(sqlite3_stmt *st, int c)
{
    json_t *item = json_pack("{s:o,s:o,s:o,s:I,s:I,s:o,s:o,s:o,s:o}", "name", cortex_column_json(st, c), "kind",
                     cortex_column_json(st, c + 1), "file", cortex_column_json(st, c + 2), "line",
                     (json_int_t)sqlite3_column_int64(st, c + 3), "line_end", (json_int_t)sqlite3_column_int64(st, c + 4),
                     "parent", cortex_column_json(st, c + 5), "sig", cortex_column_json(st, c + 6), "visibility",
                     cortex_column_json(st, c + 7), "doc", cortex_column_json(st, c + 8));
    cortex_project_field(item, st, c + 9);
    return item;
}

int cortex_tool_indexed_file(cortex_tool_session *s, const char *arg, int64_t *file_id, char *path, size_t path_size)
{
    int rc = cortex_path_resolve(s->root, arg, path, path_size);
    if (rc) return rc;
    sqlite3_stmt *st = cortex_tool_prepare(s, "SELECT id FROM files WHERE path = ?");
    if (!st) return CORTEX_EIO;
    sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) *file_id = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW) return 0;
    if (rc != SQLITE_DONE) return cortex_tool_sql_error(s, "looking up the file");
    char abs[PATH_MAX + 1];
    snprintf(abs, sizeof abs, "%s/%s", s->root, path);
    if (access(abs, F_OK) != 0)
        return cortex_error_set(CORTEX_ENOTFOUND, "no file \"%s\" in the repository; `explore` or `search` with scope [\"file\"] finds paths", path);
    return cortex_error_set(CORTEX_ENOTFOUND,
                            "\"%s\" is not indexed (ignored, unsupported language, or added since the last index: `flush_index` re-indexes)",
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

char *cortex_read_lines(const char *root, const char *path, int64_t first, int64_t last)
{
    char abs[PATH_MAX + 1];
    snprintf(abs, sizeof abs, "%s/%s", root, path);
    FILE *f = fopen(abs, "rb");
    if (!f) return NULL;
    cortex_buf out = {0};
    cortex_buf_puts(&out, "");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    for (int64_t no = 1; no <= last && (n = getline(&line, &cap, f)) >= 0; no++)
        if (no >= first) cortex_buf_add(&out, line, (size_t)n);
    free(line);
    fclose(f);
    while (out.len && (out.data[out.len - 1] == '\n' || out.data[out.len - 1] == '\r')) out.data[--out.len] = '\0';
    return out.data;
}
