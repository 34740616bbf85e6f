/* The navigation tools: explore, get_file_symbols, get_children, get_imports. */
#define _DEFAULT_SOURCE
#include "handlers.h"
#include "paths.h"

#include "../util/error.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- explore ------------------------------------------------------------ */

typedef struct dir_files {
    char *dir;          /* "" for the root */
    size_t first, count;/* range in the file list */
} dir_files;

/* The largest per-directory cap whose total stays within the budget (water-filling). */
static size_t fair_cap(const dir_files *dirs, size_t ndirs, size_t budget)
{
    size_t lo = 0, hi = 0;
    for (size_t i = 0; i < ndirs; i++)
        if (dirs[i].count > hi) hi = dirs[i].count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2, used = 0;
        for (size_t i = 0; i < ndirs; i++) used += dirs[i].count < mid ? dirs[i].count : mid;
        if (used <= budget)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

static size_t dir_length(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) : 0;
}

static int compare_dir_then_name(const void *a, const void *b)
{
    const char *x = *(char *const *)a, *y = *(char *const *)b;
    size_t dx = dir_length(x), dy = dir_length(y);
    int c = strncmp(x, y, dx < dy ? dx : dy);
    if (c == 0 && dx != dy) c = dx < dy ? -1 : 1;
    return c ? c : strcmp(x + dx, y + dy);
}

/* ?1 a directory ('' = all), ?2 a project (NULL = all) */
static const char scope_filter[] =
    "(?1 = '' OR f.path = ?1 OR substr(f.path, 1, length(?1) + 1) = ?1 || '/') AND (?2 IS NULL OR f.project = ?2)";

/* The projects of the index (the root's "." and each nested repository),
 * with their file counts; NULL when the root's is the only one. */
static json_t *projects_json(cortex_reader *s)
{
    sqlite3_stmt *st = cortex_tool_prepare(s, "SELECT project, count(*) FROM files GROUP BY project ORDER BY project");
    if (!st) return NULL;
    json_t *list = json_array();
    while (sqlite3_step(st) == SQLITE_ROW)
        json_array_append_new(list, json_pack("{s:s,s:I}", "path", (const char *)sqlite3_column_text(st, 0), "files",
                                              (json_int_t)sqlite3_column_int64(st, 1)));
    sqlite3_finalize(st);
    if (json_array_size(list) == 1 && strcmp(json_string_value(json_object_get(json_array_get(list, 0), "path")), ".") == 0) {
        json_decref(list);
        return NULL;
    }
    return list;
}

int cortex_tool_explore(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    char scope[PATH_MAX];
    const char *arg = json_string_value(json_object_get(args, "path"));
    int rc = cortex_path_resolve(s->repo->root, arg ? arg : "", scope, sizeof scope);
    if (rc) return rc;
    size_t budget = (size_t)json_integer_value(json_object_get(args, "max_entries"));

    const char *project_arg = json_string_value(json_object_get(args, "project"));
    char sql0[512];
    snprintf(sql0, sizeof sql0, "SELECT f.path, f.lang, f.bytes FROM files f WHERE %s ORDER BY f.path", scope_filter);
    sqlite3_stmt *st = cortex_tool_prepare(s, sql0);
    if (!st) return CORTEX_EIO;
    sqlite3_bind_text(st, 1, scope, -1, SQLITE_STATIC);
    if (project_arg) sqlite3_bind_text(st, 2, project_arg, -1, SQLITE_STATIC);
    char **paths = NULL;
    size_t npaths = 0, cap = 0;
    int64_t bytes = 0;
    json_t *langs = json_object();
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        *CORTEX_PUSH(paths, npaths, cap) = cortex_xstrdup((const char *)sqlite3_column_text(st, 0));
        const char *lang = (const char *)sqlite3_column_text(st, 1);
        json_object_set_new(langs, lang, json_integer(json_integer_value(json_object_get(langs, lang)) + 1));
        bytes += sqlite3_column_int64(st, 2);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) rc = cortex_tool_sql_error(s, "listing files");
    else if (npaths == 1 && strcmp(paths[0], scope) == 0)
        rc = cortex_error_set(CORTEX_EINVALID, "\"%s\" is a file; get_file_symbols shows its outline", scope);
    else if (npaths == 0 && *scope)
        rc = cortex_error_set(CORTEX_ENOTFOUND, "no indexed files under \"%s\"; explore without a path lists the project", scope);
    else if (npaths == 0 && project_arg)
        rc = cortex_error_set(CORTEX_ENOTFOUND, "no project \"%s\"; explore without arguments lists the projects", project_arg);
    else
        rc = 0;

    /* Sorted by path, a directory's files are not always adjacent ("a/b/x"
     * sorts between "a/a" and "a/c"): sort by directory, then name. */
    if (npaths) qsort(paths, npaths, sizeof *paths, compare_dir_then_name);
    dir_files *dirs = NULL;
    size_t ndirs = 0, dcap = 0;
    for (size_t i = 0; rc == 0 && i < npaths; i++) {
        size_t dlen = dir_length(paths[i]);
        if (ndirs == 0 || strlen(dirs[ndirs - 1].dir) != dlen || strncmp(dirs[ndirs - 1].dir, paths[i], dlen) != 0) {
            dir_files *nd = CORTEX_PUSH(dirs, ndirs, dcap);
            nd->dir = cortex_xstrndup(paths[i], dlen);
            nd->first = i;
            nd->count = 0;
        }
        dirs[ndirs - 1].count++;
    }
    char **order = paths;

    size_t per_dir = fair_cap(dirs, ndirs, budget), shown = 0, spare = budget;
    for (size_t d = 0; d < ndirs; d++) spare -= dirs[d].count < per_dir ? dirs[d].count : per_dir;
    json_t *dir_list = json_array();
    for (size_t d = 0; d < ndirs; d++) {
        json_t *names = json_array();
        size_t take = dirs[d].count < per_dir ? dirs[d].count : per_dir;
        if (take < dirs[d].count && spare > 0) take++, spare--; /* what the even share leaves, in directory order */
        for (size_t i = 0; i < take; i++) {
            const char *p = order[dirs[d].first + i];
            const char *base = strrchr(p, '/');
            json_array_append_new(names, json_string(base ? base + 1 : p));
        }
        shown += take;
        json_array_append_new(dir_list, json_pack("{s:s,s:o,s:I}", "path", *dirs[d].dir ? dirs[d].dir : ".", "files",
                                                  names, "more", (json_int_t)(dirs[d].count - take)));
        free(dirs[d].dir);
    }
    free(dirs);

    int64_t symbols = 0;
    if (rc == 0) {
        char sql[512];
        /* Imports are symbols too, one row each in `imports`: subtracting their
         * count keeps both counts on the file_id indexes (58 ms -> a few on the
         * kernel subtree, where a kind filter would read every symbol). */
        snprintf(sql, sizeof sql,
                 "SELECT (SELECT count(*) FROM symbols WHERE file_id IN (SELECT f.id FROM files f WHERE %s))"
                 " - (SELECT count(*) FROM imports WHERE file_id IN (SELECT f.id FROM files f WHERE %s))",
                 scope_filter, scope_filter);
        st = cortex_tool_prepare(s, sql);
        if (!st) rc = CORTEX_EIO;
        else {
            sqlite3_bind_text(st, 1, scope, -1, SQLITE_STATIC);
            if (project_arg) sqlite3_bind_text(st, 2, project_arg, -1, SQLITE_STATIC);
            if (sqlite3_step(st) == SQLITE_ROW) symbols = sqlite3_column_int64(st, 0);
            sqlite3_finalize(st);
        }
    }
    if (rc == 0) {
        const char *name = strrchr(s->repo->root, '/');
        json_t *project = json_pack("{s:s,s:s,s:s,s:I,s:I,s:I,s:O}", "root", s->repo->root, "name",
                                    name && name[1] ? name + 1 : s->repo->root, "path", *scope ? scope : ".", "files",
                                    (json_int_t)npaths, "bytes", (json_int_t)bytes, "symbols", (json_int_t)symbols,
                                    "languages", langs);
        *out = json_pack("{s:o,s:O,s:I,s:b}", "project", project, "directories", dir_list, "shown", (json_int_t)shown,
                            "truncated", shown < npaths);
        /* a monorepo: the nested repositories, each its own project */
        json_t *projects = projects_json(s);
        if (projects) json_object_set_new(*out, "projects", projects);
    }
    json_decref(dir_list);
    json_decref(langs);
    for (size_t i = 0; i < npaths; i++) free(paths[i]);
    free(paths);
    return rc;
}

/* ---- symbol listings ------------------------------------------------------ */

/* The records' own order (line, column, outer before inner, name): `int x, y;`
 * puts two fields at one position, and the ids are hashes. */
#define SOURCE_ORDER "s.line_start, s.col, s.line_end DESC, s.name, s.id"

/* Binds ?1 = id and, when not NULL, ?4 = name. */
static int64_t count_rows(cortex_reader *s, const char *sql, int64_t id, const char *name)
{
    int64_t n = 0;
    sqlite3_stmt *st = cortex_tool_prepare(s, sql);
    if (!st) return -1;
    sqlite3_bind_int64(st, 1, id);
    if (name) sqlite3_bind_text(st, 4, name, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW) n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return n;
}

/* Runs a symbol listing whose statement binds ?1 = id, ?2 = limit, ?3 = offset, ?4 = name. */
static int list_symbols(cortex_reader *s, const char *sql, int64_t id, const char *name, json_t *args, json_t **items)
{
    sqlite3_stmt *st = cortex_tool_prepare(s, sql);
    if (!st) return CORTEX_EIO;
    sqlite3_bind_int64(st, 1, id);
    if (name) sqlite3_bind_text(st, 4, name, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, json_integer_value(json_object_get(args, "limit")));
    sqlite3_bind_int64(st, 3, json_integer_value(json_object_get(args, "offset")));
    *items = json_array();
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) json_array_append_new(*items, cortex_symbol_json(st, 0));
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : cortex_tool_sql_error(s, "listing symbols");
}

int cortex_tool_file_symbols(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    char path[PATH_MAX];
    int64_t file_id;
    int rc = cortex_tool_indexed_file(&file_id, path, sizeof path, s, json_string_value(json_object_get(args, "file")));
    if (rc) return rc;
    json_t *items;
    rc = list_symbols(s,
                      "SELECT " CORTEX_SYMBOL_COLUMNS " FROM symbols s JOIN files f ON f.id = s.file_id "
                      "LEFT JOIN symbols p ON p.id = s.parent_id WHERE s.file_id = ?1 "
                      "ORDER BY " SOURCE_ORDER " LIMIT ?2 OFFSET ?3",
                      file_id, NULL, args, &items);
    if (rc) return rc;
    char lang[64] = "";
    sqlite3_stmt *st = cortex_tool_prepare(s, "SELECT lang FROM files WHERE id = ?");
    if (st) {
        sqlite3_bind_int64(st, 1, file_id);
        if (sqlite3_step(st) == SQLITE_ROW) snprintf(lang, sizeof lang, "%s", sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
    }
    *out = json_pack("{s:s,s:s,s:o}", "file", path, "lang", lang, "symbols", items);
    cortex_page_finish(*out, count_rows(s, "SELECT count(*) FROM symbols WHERE file_id = ?1", file_id, NULL),
                       json_integer_value(json_object_get(args, "offset")), json_array_size(items));
    return 0;
}

int cortex_tool_children(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    char path[PATH_MAX];
    int64_t file_id;
    int rc = cortex_tool_indexed_file(&file_id, path, sizeof path, s, json_string_value(json_object_get(args, "file")));
    if (rc) return rc;
    const char *parent = json_string_value(json_object_get(args, "parent"));
    /* The parent by qualified or short name; several definitions (a class
     * redefined under a condition) contribute all their children, found
     * among the file's symbols (a parent is always in its children's file:
     * no index by parent to build). */
#define PARENTS "(SELECT id FROM symbols WHERE file_id = ?1 AND kind <> 'import' AND (name = ?4 OR short_name = ?4))"
    if (count_rows(s, "SELECT count(*) FROM " PARENTS, file_id, parent) == 0)
        return cortex_error_set(CORTEX_ENOTFOUND, "no symbol named \"%s\" in %s; get_file_symbols lists the file's symbols",
                                parent, path);
    json_t *items;
    rc = list_symbols(s,
                      "SELECT " CORTEX_SYMBOL_COLUMNS " FROM symbols s JOIN files f ON f.id = s.file_id "
                      "LEFT JOIN symbols p ON p.id = s.parent_id WHERE s.file_id = ?1 AND s.parent_id IN " PARENTS
                      " ORDER BY " SOURCE_ORDER " LIMIT ?2 OFFSET ?3",
                      file_id, parent, args, &items);
    if (rc) return rc;
    *out = json_pack("{s:s,s:s,s:o}", "file", path, "parent", parent, "symbols", items);
    cortex_page_finish(*out, count_rows(s, "SELECT count(*) FROM symbols WHERE file_id = ?1 AND parent_id IN " PARENTS, file_id, parent),
                       json_integer_value(json_object_get(args, "offset")), json_array_size(items));
    return 0;
}

int cortex_tool_imports(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    char path[PATH_MAX];
    int64_t file_id;
    int rc = cortex_tool_indexed_file(&file_id, path, sizeof path, s, json_string_value(json_object_get(args, "file")));
    if (rc) return rc;
    sqlite3_stmt *st = cortex_tool_prepare(s, "SELECT i.name, i.alias, i.origin, i.line, t.path FROM imports i "
                                              "LEFT JOIN files t ON t.id = i.target_file_id WHERE i.file_id = ? ORDER BY i.line, i.id");
    if (!st) return CORTEX_EIO;
    sqlite3_bind_int64(st, 1, file_id);
    json_t *items = json_array();
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        json_array_append_new(items, json_pack("{s:o,s:o,s:o,s:s,s:I,s:o}", "name", cortex_column_json(st, 0), "alias",
                                               cortex_column_json(st, 1), "origin", cortex_column_json(st, 2), "file", path,
                                               "line", (json_int_t)sqlite3_column_int64(st, 3), "resolved",
                                               cortex_column_json(st, 4)));
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        json_decref(items);
        return cortex_tool_sql_error(s, "listing imports");
    }
    *out = json_pack("{s:s,s:o}", "file", path, "imports", items);
    cortex_page_finish(*out, (int64_t)json_array_size(items), 0, json_array_size(items));
    return 0;
}
