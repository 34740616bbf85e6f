/* The navigation tools: explore, get_file_symbols, get_children, get_imports. */
#define _DEFAULT_SOURCE
#include "handlers.h"
#include "answer_cache.h"
#include "dir_listing.h"
#include "paths.h"
#include "repo_map.h"

#include "../util/error.h"
#include "../util/tokens.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* ---- explore ------------------------------------------------------------ */

/* Scopes of at least this many files keep their listing on disk: reading
 * their rows is what an explore of them costs. */
#define KEPT_FROM_FILES 4096

typedef struct project_list {
    json_t *list;
    int64_t files;
} project_list;

static int add_project(const char *project, int64_t files, void *payload)
{
    project_list *p = payload;
    json_array_append_new(p->list, json_pack("{s:s,s:I}", "path", project, "files", (json_int_t)files));
    p->files += files;
    return 0;
}

/* The projects of the index (the root's "." and each nested repository),
 * with their file counts; NULL when the root's is the only one. Counting
 * them reads every file's row: a large index keeps them (answer_cache.h). */
static json_t *projects_json(cortex_reader *s)
{
    json_t *none = json_object();
    json_t *kept = cortex_answer_cache_get(s, "explore projects", none), *list = NULL;
    if (kept) {
        list = json_incref(json_object_get(kept, "projects"));
        json_decref(kept);
    } else {
        project_list p = {json_array(), 0};
        if (cortex_store_read_projects(s->db, add_project, &p) == 0) {
            if (json_array_size(p.list) != 1 ||
                strcmp(json_string_value(json_object_get(json_array_get(p.list, 0), "path")), ".") != 0)
                list = json_incref(p.list);
            if (p.files >= KEPT_FROM_FILES) {
                json_t *answer = json_pack("{s:O}", "projects", list ? list : json_null());
                cortex_answer_cache_put(s, "explore projects", none, answer);
                json_decref(answer);
            }
        }
        json_decref(p.list);
    }
    json_decref(none);
    if (json_is_null(list)) {
        json_decref(list);
        list = NULL;
    }
    return list;
}

/* The files of the scope: their paths, languages and bytes. */
typedef struct scope_files {
    cortex_scope_path *paths;
    size_t npaths, cap;
    int64_t bytes, definitions;
    json_t *langs;
} scope_files;

static int add_scope_file(const cortex_store_file *f, void *payload)
{
    scope_files *sf = payload;
    *CORTEX_PUSH(sf->paths, sf->npaths, sf->cap) = (cortex_scope_path){cortex_xstrdup(f->path), cortex_dir_length(f->path)};
    json_object_set_new(sf->langs, f->lang, json_integer(json_integer_value(json_object_get(sf->langs, f->lang)) + 1));
    sf->bytes += f->bytes;
    sf->definitions += f->definitions;
    return 0;
}

/* What canopy's status reports: the files and tokens in scope, the store's
 * size on disk (with its write-ahead log), when it was last written, its schema. */
static json_t *status_json(cortex_reader *s, size_t files, int64_t bytes)
{
    int64_t size = 0, written = 0;
    char path[PATH_MAX + 8];
    for (int wal = 0; wal < 2; wal++) {
        snprintf(path, sizeof path, "%s%s", s->repo->store_path, wal ? "-wal" : "");
        struct stat st;
        if (stat(path, &st) != 0) continue;
        size += (int64_t)st.st_size;
        if ((int64_t)st.st_mtime > written) written = (int64_t)st.st_mtime;
    }
    char when[32] = "";
    time_t t = (time_t)written;
    struct tm tm;
    if (written && gmtime_r(&t, &tm)) strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return json_pack("{s:I,s:I,s:I,s:s,s:i,s:I}", "files", (json_int_t)files, "tokens",
                     (json_int_t)cortex_tokens_of((size_t)bytes), "store_bytes", (json_int_t)size, "last_indexed", when,
                     "schema_version", cortex_store_read_schema_version(s->db), "generation",
                     (json_int_t)cortex_store_read_generation(s->db));
}

/* The scope's files, counted and listed by directory: explore's answer but
 * for what it reads beside the files (the root, the status, the map). */
static int scope_listing(json_t **out, cortex_reader *s, const char *scope, const cortex_store_file_filter *filter,
                         size_t budget)
{
    scope_files sf = {.langs = json_object()};
    int rc = cortex_store_read_files(s->db, filter, add_scope_file, &sf);
    cortex_scope_path *paths = sf.paths;
    size_t npaths = sf.npaths;
    if (rc == 0 && npaths == 1 && strcmp(paths[0].path, scope) == 0)
        rc = cortex_error_set(CORTEX_EINVALID, "\"%s\" is a file; get_file_symbols shows its outline", scope);
    else if (rc == 0 && npaths == 0 && *scope)
        rc = cortex_error_set(CORTEX_ENOTFOUND, "no indexed files under \"%s\"; explore without a path lists the project", scope);
    else if (rc == 0 && npaths == 0 && filter->project)
        rc = cortex_error_set(CORTEX_ENOTFOUND, "no project \"%s\"; explore without arguments lists the projects",
                              filter->project);
    if (rc == 0) {
        size_t shown = 0, more_directories = 0;
        cortex_scope_paths_sort(paths, npaths);
        json_t *dirs = cortex_dir_listing(paths, npaths, scope, budget, &shown, &more_directories);
        *out = json_pack("{s:I,s:I,s:I,s:O,s:o,s:I,s:b}", "files", (json_int_t)npaths, "bytes", (json_int_t)sf.bytes,
                         "symbols", (json_int_t)sf.definitions, "languages", sf.langs, "directories", dirs, "shown",
                         (json_int_t)shown, "truncated", shown < npaths);
        if (more_directories) json_object_set_new(*out, "more_directories", json_integer((json_int_t)more_directories));
        /* a monorepo: the nested repositories, each its own project */
        json_t *projects = projects_json(s);
        if (projects) json_object_set_new(*out, "projects", projects);
    }
    json_decref(sf.langs);
    for (size_t i = 0; i < npaths; i++) free(paths[i].path);
    free(paths);
    return rc;
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
    cortex_store_file_filter filter = {.dir = scope, .project = project_arg,
                                       .parse_errors = json_is_true(json_object_get(args, "parse_errors")),
                                       .unordered = 1};

    /* A large scope's listing is kept for the next call on the same index
     * (answer_cache.h); NULL for a path that is not UTF-8, never kept. */
    json_t *key = json_pack("{s:s,s:s?,s:b,s:I}", "path", scope, "project", project_arg, "parse_errors",
                            filter.parse_errors, "max_entries", (json_int_t)budget);
    json_t *listing = key ? cortex_answer_cache_get(s, "explore", key) : NULL;
    if (!listing && (rc = scope_listing(&listing, s, scope, &filter, budget)) == 0 && key &&
        json_integer_value(json_object_get(listing, "files")) >= KEPT_FROM_FILES)
        cortex_answer_cache_put(s, "explore", key, listing);
    json_decref(key);
    if (rc) return rc;

    const char *name = strrchr(s->repo->root, '/');
    /* paths are any bytes: repaired, never a NULL that empties the answer */
    json_t *project = json_pack("{s:o,s:o,s:o,s:O,s:O,s:O,s:O}", "root", cortex_text_json(s->repo->root), "name",
                                cortex_text_json(name && name[1] ? name + 1 : s->repo->root), "path",
                                cortex_text_json(*scope ? scope : "."), "files", json_object_get(listing, "files"),
                                "bytes", json_object_get(listing, "bytes"), "symbols",
                                json_object_get(listing, "symbols"), "languages",
                                json_object_get(listing, "languages"));
    *out = json_pack("{s:o,s:O,s:O,s:O}", "project", project, "directories", json_object_get(listing, "directories"),
                     "shown", json_object_get(listing, "shown"), "truncated", json_object_get(listing, "truncated"));
    json_t *more_directories = json_object_get(listing, "more_directories");
    if (more_directories) json_object_set(*out, "more_directories", more_directories);
    json_int_t files = json_integer_value(json_object_get(listing, "files"));
    json_object_set_new(*out, "status", status_json(s, (size_t)files, json_integer_value(json_object_get(listing, "bytes"))));
    int64_t map_tokens = json_integer_value(json_object_get(args, "map_tokens"));
    const cortex_repo_map *map = NULL;
    if (map_tokens > 0 && (rc = cortex_repo_map_get(&map, s)) == 0)
        json_object_set_new(*out, "map", cortex_repo_map_json(s, map, scope, map_tokens));
    json_t *projects = json_object_get(listing, "projects");
    if (projects) json_object_set(*out, "projects", projects);
    json_decref(listing);
    if (rc) {
        json_decref(*out);
        *out = NULL;
    }
    return rc;
}

/* ---- symbol listings ------------------------------------------------------ */

static int add_symbol(const cortex_store_symbol *sym, void *payload)
{
    json_array_append_new(payload, cortex_symbol_json(sym));
    return 0;
}

static int file_lang(const cortex_store_file *f, void *payload)
{
    snprintf(payload, 64, "%s", f->lang);
    return 0;
}

static cortex_store_page page_of(const json_t *args)
{
    return (cortex_store_page){json_integer_value(json_object_get(args, "limit")),
                               json_integer_value(json_object_get(args, "offset"))};
}

int cortex_tool_file_symbols(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    char path[PATH_MAX];
    int64_t file_id;
    int rc = cortex_tool_indexed_file(&file_id, path, sizeof path, s, json_string_value(json_object_get(args, "file")));
    if (rc) return rc;
    json_t *items = json_array();
    int64_t total = 0;
    rc = cortex_store_read_file_symbols(&total, s->db, file_id, page_of(args), add_symbol, items);
    if (rc) {
        json_decref(items);
        return rc;
    }
    char lang[64] = "";
    cortex_store_read_file(s->db, path, file_lang, lang);
    *out = json_pack("{s:s,s:s,s:o}", "file", path, "lang", lang, "symbols", items);
    cortex_page_finish(*out, total, json_integer_value(json_object_get(args, "offset")), json_array_size(items));
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
    int64_t parents = 0;
    if ((rc = cortex_store_read_count_parents(&parents, s->db, file_id, parent))) return rc;
    if (parents == 0)
        return cortex_error_set(CORTEX_ENOTFOUND, "no symbol named \"%s\" in %s; get_file_symbols lists the file's symbols",
                                parent, path);
    json_t *items = json_array();
    int64_t total = 0;
    rc = cortex_store_read_children(&total, s->db, file_id, parent, page_of(args), add_symbol, items);
    if (rc) {
        json_decref(items);
        return rc;
    }
    *out = json_pack("{s:s,s:s,s:o}", "file", path, "parent", parent, "symbols", items);
    cortex_page_finish(*out, total, json_integer_value(json_object_get(args, "offset")), json_array_size(items));
    return 0;
}

typedef struct import_list {
    json_t *items;
    const char *file;
} import_list;

static int add_import(const cortex_store_import *im, void *payload)
{
    import_list *list = payload;
    json_array_append_new(list->items, json_pack("{s:o,s:o,s:o,s:s,s:I,s:o}", "name", cortex_text_json(im->name), "alias",
                                                 cortex_text_json(im->alias), "origin", cortex_text_json(im->origin), "file",
                                                 list->file, "line", (json_int_t)im->line, "resolved",
                                                 cortex_text_json(im->resolved)));
    return 0;
}

/* Who imports the file: one call answers both directions of a file's
 * dependencies; a header every driver includes lists its first `limit`. */
typedef struct importer_list {
    json_t *items;
    size_t limit, total;
} importer_list;

static int add_importer(const cortex_store_importer *im, void *payload)
{
    importer_list *list = payload;
    if (list->total++ < list->limit)
        json_array_append_new(list->items, json_pack("{s:o,s:o,s:I}", "file", cortex_text_json(im->file), "name",
                                                     cortex_text_json(im->name), "line", (json_int_t)im->line));
    return 0;
}

int cortex_tool_imports(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    char path[PATH_MAX];
    int64_t file_id;
    int rc = cortex_tool_indexed_file(&file_id, path, sizeof path, s, json_string_value(json_object_get(args, "file")));
    if (rc) return rc;
    import_list list = {json_array(), path};
    if ((rc = cortex_store_read_imports(s->db, file_id, add_import, &list))) {
        json_decref(list.items);
        return rc;
    }
    importer_list importers = {json_array(), (size_t)json_integer_value(json_object_get(args, "limit")), 0};
    if ((rc = cortex_store_read_importers(s->db, file_id, add_importer, &importers))) {
        json_decref(list.items);
        json_decref(importers.items);
        return rc;
    }
    json_t *items = list.items;
    *out = json_pack("{s:s,s:o,s:o,s:I}", "file", path, "imports", items, "imported_by", importers.items,
                     "imported_by_total", (json_int_t)importers.total);
    cortex_page_finish(*out, (int64_t)json_array_size(items), 0, json_array_size(items));
    return 0;
}
