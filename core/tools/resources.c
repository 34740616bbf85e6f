/*
 * The resources' reads (resources.h): the files page and the symbol lookup
 * run their SQL here, beside the tools that read the same store; the file
 * outline is the get_file_symbols tool, rendered.
 */
#include "resources.h"

#include "handlers.h"

#include "../util/error.h"

#include <stdlib.h>

/* A file resource lists at most this many symbols. */
#define FILE_OUTLINE_LIMIT 1000
#define SYMBOL_DEFINITIONS_MAX 20
#define SYMBOL_SOURCE_LINES 80

int cortex_tool_resource_files(json_t **out, int *more, cortex_reader *r, long offset, long page)
{
    *out = json_array();
    *more = 0;
    sqlite3_stmt *st = r->db ? cortex_tool_prepare(r, "SELECT path, lang FROM files ORDER BY path LIMIT ? OFFSET ?") : NULL;
    if (!st) return r->db ? CORTEX_EIO : 0;
    sqlite3_bind_int64(st, 1, page + 1);
    sqlite3_bind_int64(st, 2, offset);
    long n = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (n++ == page) {
            *more = 1;
            break;
        }
        json_array_append_new(*out, json_pack("{s:s,s:s}", "path", (const char *)sqlite3_column_text(st, 0), "lang",
                                              (const char *)sqlite3_column_text(st, 1)));
    }
    sqlite3_finalize(st);
    return 0;
}

int cortex_tool_resource_file(json_t **out, cortex_tool_ctx *ctx, const char *path)
{
    *out = NULL;
    json_t *args = json_pack("{s:s,s:i}", "file", path, "limit", FILE_OUTLINE_LIMIT);
    json_t *result;
    const cortex_tool *t = cortex_tool_find("get_file_symbols");
    cortex_tool_outcome o = cortex_tool_call(&result, ctx, t, args);
    json_decref(args);
    if (o == CORTEX_TOOL_CANCELLED) return cortex_error_set(CORTEX_ECANCELLED, "cancelled");
    if (o != CORTEX_TOOL_OK) {
        int rc = cortex_error_set(CORTEX_ENOTFOUND, "%s", json_string_value(json_object_get(result, "error")));
        json_decref(result);
        return rc;
    }
    char *text = cortex_tool_render(t, result, 1);
    json_decref(result);
    *out = json_string(text);
    free(text);
    return 0;
}

int cortex_tool_resource_symbol(json_t **out, cortex_reader *r, const char *name)
{
    *out = NULL;
    sqlite3_stmt *st = r->db ? cortex_tool_prepare(r,
                                                   "SELECT s.name, s.kind, f.path, s.line_start, s.line_end, s.sig, s.doc "
                                                   "FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.kind <> 'import' "
                                                   "AND (s.name = ?1 OR (instr(?1, '.') = 0 AND s.short_name = ?1)) "
                                                   "ORDER BY f.path, s.line_start LIMIT ?2")
                             : NULL;
    if (!st) return cortex_error_set(CORTEX_ENOTFOUND, "the repository has no index");
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, SYMBOL_DEFINITIONS_MAX);
    cortex_buf md = {0};
    int n = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *path = (const char *)sqlite3_column_text(st, 2);
        int64_t first = sqlite3_column_int64(st, 3), last = sqlite3_column_int64(st, 4);
        cortex_buf_printf(&md, "%s## %s `%s`\n\n%s:%lld-%lld\n", n++ ? "\n" : "", sqlite3_column_text(st, 1),
                          sqlite3_column_text(st, 0), path, (long long)first, (long long)last);
        if (sqlite3_column_type(st, 6) != SQLITE_NULL) cortex_buf_printf(&md, "\n%s\n", sqlite3_column_text(st, 6));
        if (last > first + SYMBOL_SOURCE_LINES - 1) last = first + SYMBOL_SOURCE_LINES - 1;
        char *source = cortex_read_lines(r->repo->root, path, first, last);
        if (source) cortex_buf_printf(&md, "\n```\n%s\n```\n", source);
        free(source);
    }
    sqlite3_finalize(st);
    if (n == 0) {
        cortex_buf_free(&md);
        return cortex_error_set(CORTEX_ENOTFOUND, "no definition named \"%.200s\"", name);
    }
    /* Source text may hold any bytes; the JSON must be UTF-8. */
    *out = cortex_json_text(md.data, md.len);
    cortex_buf_free(&md);
    return 0;
}
