/*
 * The memory tools (docs/memory.md): `memory` reads and writes a store's
 * memories and categories, `memory_delete` (apart, so its destructiveHint is
 * honest) removes, prunes and deletes categories. Each call opens the store
 * (its lock, and the index brought up to date with the files), runs one
 * operation, and says what the sync found (a rebuilt index, skipped files).
 */
#define _DEFAULT_SOURCE
#include "handlers.h"

#include "rank.h"

#include "../memory/names.h"
#include "../memory/store.h"
#include "../memory/stores.h"
#include "../util/beneath.h"
#include "../util/error.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *arg_str(const json_t *args, const char *key) { return json_string_value(json_object_get(args, key)); }

static json_t *time_json(int64_t ms)
{
    if (!ms) return json_null();
    char text[32];
    cortex_memory_time_format(text, ms);
    return json_string(text);
}

static int time_arg(int64_t *out, const json_t *args, const char *key)
{
    *out = 0;
    const char *v = arg_str(args, key);
    if (v && cortex_memory_time_parse(out, v) != 0)
        return cortex_error_set(CORTEX_EINVALID, "%s: \"%s\" is not a date such as 2026-02-13T10:00:00Z", key, v);
    return 0;
}

/* ---- results ------------------------------------------------------------------------ */

static json_t *row_json(const cortex_memory_row *r)
{
    json_t *tags = json_loads(r->tags_json ? r->tags_json : "[]", 0, NULL);
    return json_pack("{s:s,s:s,s:s,s:o,s:s,s:o,s:o,s:o,s:I,s:o}", "path", r->path, "category", r->category, "title",
                     r->title ? r->title : "", "tags", tags ? tags : json_array(), "source", r->source ? r->source : "unknown",
                     "created_at", time_json(r->created_at), "updated_at", time_json(r->updated_at), "expires_at",
                     time_json(r->expires_at), "token_estimate", (json_int_t)r->token_estimate, "summary",
                     cortex_text_json(r->summary));
}

static int row_into(const cortex_memory_row *r, void *payload)
{
    json_array_append_new(payload, row_json(r));
    return 0;
}

/* The store's name, and what opening it found: a rebuilt index, skipped files. */
static void store_fields(json_t *out, cortex_memory_store *s)
{
    json_object_set_new(out, "store", json_string(cortex_memory_store_name(s)));
    if (cortex_memory_store_notice(s)) json_object_set_new(out, "notice", json_string(cortex_memory_store_notice(s)));
    const char *const *problems;
    size_t n = cortex_memory_store_problems(s, &problems);
    if (n) {
        json_t *a = json_array();
        for (size_t i = 0; i < n; i++) json_array_append_new(a, json_string(problems[i]));
        json_object_set_new(out, "problems", a);
    }
}

static int open_store(cortex_memory_store **out, cortex_tool_ctx *ctx, const json_t *args)
{
    const char *name = arg_str(args, "store");
    if (!name) name = "project";
    char *dir;
    int rc = cortex_memory_store_dir_of(&dir, cortex_repo_data_dir(cortex_reader_repo(ctx->reader)), name);
    if (rc) return rc;
    rc = cortex_memory_store_open(out, name, dir, cortex_memory_store_builtin(name));
    if (rc == CORTEX_ENOTFOUND)
        rc = cortex_error_set(CORTEX_ENOTFOUND, "unknown store \"%s\" (operation stores lists them; create_store makes one)", name);
    free(dir);
    return rc;
}

/* ---- citations: does the code still say what the memory cites? ------------------------ */

typedef struct symbol_check {
    const char *file;
    int found;
} symbol_check;

static int symbol_seen(const cortex_store_symbol *sym, void *payload)
{
    symbol_check *c = payload;
    if (!c->file || (sym->file && strcmp(sym->file, c->file) == 0)) c->found = 1;
    return c->found;
}

static json_t *citation_json(cortex_reader *r, const cortex_memory_citation *c, int *stale)
{
    json_t *j = json_object();
    if (c->file) json_object_set_new(j, "file", json_string(c->file));
    if (c->symbol) json_object_set_new(j, "symbol", json_string(c->symbol));
    if (c->url) json_object_set_new(j, "url", json_string(c->url));
    if (c->file) {
        /* confined like every read of the repository: a path that climbs out, or through a link, is no file of it */
        int fd = cortex_open_beneath(cortex_repo_root(cortex_reader_repo(r)), c->file);
        json_object_set_new(j, "file_exists", json_boolean(fd >= 0));
        if (fd >= 0) close(fd);
        else *stale = 1;
    }
    if (c->symbol) {
        if (!r->db) cortex_reader_reopen(r);
        if (!r->db) {
            json_object_set_new(j, "symbol_found", json_string("unknown")); /* no code index: never guessed */
        } else {
            symbol_check check = {c->file, 0};
            int rc = cortex_store_read_definitions(r->db, c->symbol, (cortex_store_page){-1, 0}, symbol_seen, &check);
            if (rc < 0) json_object_set_new(j, "symbol_found", json_string("unknown"));
            else json_object_set_new(j, "symbol_found", json_boolean(check.found));
            if (rc >= 0 && !check.found) *stale = 1;
        }
    }
    return j;
}

static int get_row(const cortex_memory_row *r, void *payload)
{
    *(json_t **)payload = row_json(r);
    return 0;
}

/* ---- operations ---------------------------------------------------------------------- */

static int op_get(json_t *out, cortex_memory_store *s, cortex_tool_ctx *ctx, const json_t *args)
{
    const char *path = arg_str(args, "path");
    cortex_memory_doc d;
    int rc = cortex_memory_load(&d, s, path ? path : "");
    if (rc) return rc;
    int expired = d.expires_at && d.expires_at <= cortex_memory_now_ms();
    if (expired && !json_is_true(json_object_get(args, "include_expired"))) {
        char when[32];
        cortex_memory_time_format(when, d.expires_at);
        cortex_memory_doc_dispose(&d);
        return cortex_error_set(CORTEX_ENOTFOUND, "memory \"%s\" expired at %s (include_expired: true shows it)", path,
                                when);
    }
    json_t *m = NULL;
    rc = cortex_memory_index_get(cortex_memory_store_index(s), path, get_row, &m);
    if (rc) { /* the file reads but the index skipped it: say so rather than guess */
        cortex_memory_doc_dispose(&d);
        return cortex_error_set(CORTEX_EIO, "memory \"%s\" is not in the index (%s)", path, cortex_error_last());
    }
    json_object_set_new(m, "body", json_string(d.body));
    json_object_set_new(m, "expired", json_boolean(expired));
    json_t *cites = json_array();
    int stale = 0;
    for (size_t i = 0; i < d.ncitations; i++) json_array_append_new(cites, citation_json(ctx->reader, &d.citations[i], &stale));
    json_object_set_new(m, "citations", cites);
    json_object_set_new(m, "stale", json_boolean(stale));
    json_object_set_new(out, "memory", m);
    cortex_memory_doc_dispose(&d);
    return 0;
}

static int run_query(json_t *out, cortex_memory_store *s, cortex_memory_filter *f, const char *text)
{
    cortex_buf fts = {0};
    int rc = 0;
    for (int plain = 0; plain < 2; plain++) {
        if (text) {
            cortex_buf_clear(&fts);
            if (cortex_query_fts(text, plain, &fts) != 0) {
                rc = cortex_error_set(CORTEX_EINVALID, "text: \"%s\" has no term to look for", text);
                break;
            }
            f->fts = fts.data;
        }
        json_t *items = json_array();
        int64_t total = 0;
        rc = cortex_memory_index_query(&total, cortex_memory_store_index(s), f, row_into, items);
        if (rc == 0) {
            json_object_set_new(out, "memories", items);
            cortex_page_finish(out, total, f->offset, json_array_size(items));
            break;
        }
        json_decref(items);
        if (!text || rc != CORTEX_EINVALID) break; /* FTS5 refused the syntax: once more as plain terms */
    }
    cortex_buf_free(&fts);
    return rc;
}

static int64_t limit_of(const json_t *args, int64_t fallback)
{
    const json_t *l = json_object_get(args, "limit");
    return l ? json_integer_value(l) : fallback;
}

static int op_query(json_t *out, cortex_memory_store *s, const json_t *args, int recent)
{
    cortex_memory_filter f = {.recursive = 1, .now = cortex_memory_now_ms(), .limit = limit_of(args, recent ? 10 : 20),
                              .offset = json_integer_value(json_object_get(args, "offset"))};
    const char *text = recent ? NULL : arg_str(args, "text");
    const char **tags = NULL;
    int rc = 0;
    if (!recent) {
        f.category = arg_str(args, "category");
        if (f.category && (rc = cortex_memory_check_category(f.category)) != 0) return rc;
        f.source = arg_str(args, "source");
        f.include_expired = json_is_true(json_object_get(args, "include_expired"));
        if ((rc = time_arg(&f.updated_after, args, "updated_after")) || (rc = time_arg(&f.updated_before, args, "updated_before")))
            return rc;
        const json_t *t = json_object_get(args, "tags");
        if (json_array_size(t)) {
            tags = cortex_xcalloc(json_array_size(t) + 1, sizeof *tags);
            for (size_t i = 0; i < json_array_size(t); i++) tags[i] = json_string_value(json_array_get(t, i));
            f.tags = tags;
        }
        const char *by = arg_str(args, "sort_by"), *order = arg_str(args, "sort_order");
        f.sort = !by ? (text ? CORTEX_MEMORY_SORT_RELEVANCE : CORTEX_MEMORY_SORT_UPDATED)
                 : strcmp(by, "relevance") == 0  ? CORTEX_MEMORY_SORT_RELEVANCE
                 : strcmp(by, "created_at") == 0 ? CORTEX_MEMORY_SORT_CREATED
                 : strcmp(by, "token_estimate") == 0 ? CORTEX_MEMORY_SORT_TOKENS
                                                     : CORTEX_MEMORY_SORT_UPDATED;
        f.ascending = order && strcmp(order, "asc") == 0;
    }
    rc = run_query(out, s, &f, text);
    free(tags);
    return rc;
}

static int category_into(const char *path, const char *description, int64_t memories, void *payload)
{
    json_array_append_new(payload, json_pack("{s:s,s:o,s:I}", "path", path, "description", cortex_text_json(description),
                                             "memories", (json_int_t)memories));
    return 0;
}

static int op_list(json_t *out, cortex_memory_store *s, const json_t *args)
{
    const char *category = arg_str(args, "category");
    if (!category) category = "";
    int rc = cortex_memory_check_category(category);
    if (rc) return rc;
    if (!cortex_memory_category_exists(s, category)) return cortex_error_set(CORTEX_ENOTFOUND, "no category \"%s\"", category);
    int recursive = json_is_true(json_object_get(args, "recursive"));
    json_t *cats = json_array();
    rc = cortex_memory_index_categories(cortex_memory_store_index(s), category, recursive, category_into, cats);
    json_object_set_new(out, "category", json_string(category));
    json_object_set_new(out, "categories", cats);
    if (rc) return rc;
    cortex_memory_filter f = {.category = category, .recursive = recursive, .now = cortex_memory_now_ms(),
                              .sort = CORTEX_MEMORY_SORT_UPDATED, .limit = limit_of(args, 100),
                              .offset = json_integer_value(json_object_get(args, "offset"))};
    return run_query(out, s, &f, NULL);
}

/* The citations argument as the front matter's. */
static void citations_arg(cortex_memory_doc *d, const json_t *a)
{
    d->ncitations = 0;
    d->citations = cortex_xcalloc(json_array_size(a) + 1, sizeof *d->citations);
    size_t i;
    json_t *c;
    json_array_foreach(a, i, c) {
        cortex_memory_citation *to = &d->citations[d->ncitations];
        const char *v;
        if ((v = arg_str(c, "file"))) to->file = cortex_xstrdup(v);
        if ((v = arg_str(c, "symbol"))) to->symbol = cortex_xstrdup(v);
        if ((v = arg_str(c, "url"))) to->url = cortex_xstrdup(v);
        if (to->file || to->symbol || to->url) d->ncitations++;
    }
}

static void tags_arg(cortex_memory_doc *d, const json_t *a)
{
    d->ntags = 0;
    d->tags = cortex_xcalloc(json_array_size(a) + 1, sizeof *d->tags);
    size_t i;
    json_t *t;
    json_array_foreach(a, i, t) if (*json_string_value(t)) d->tags[d->ntags++] = cortex_xstrdup(json_string_value(t));
}

static void replace_str(char **slot, const char *v)
{
    free(*slot);
    *slot = v ? cortex_xstrdup(v) : NULL;
}

/* Applies the fields the arguments carry to `d`; absent ones are kept. */
static int apply_fields(cortex_memory_doc *d, const json_t *args)
{
    const json_t *v;
    if ((v = json_object_get(args, "title"))) replace_str(&d->title, json_string_value(v));
    if ((v = json_object_get(args, "body"))) replace_str(&d->body, json_string_value(v));
    if ((v = json_object_get(args, "source"))) replace_str(&d->source, json_string_value(v));
    if ((v = json_object_get(args, "tags"))) {
        for (size_t i = 0; i < d->ntags; i++) free(d->tags[i]);
        free(d->tags);
        tags_arg(d, v);
    }
    if ((v = json_object_get(args, "citations"))) {
        for (size_t i = 0; i < d->ncitations; i++) {
            free(d->citations[i].file);
            free(d->citations[i].symbol);
            free(d->citations[i].url);
        }
        free(d->citations);
        citations_arg(d, v);
    }
    if ((v = json_object_get(args, "expires_at"))) {
        if (json_is_null(v)) d->expires_at = 0; /* null clears */
        else return time_arg(&d->expires_at, args, "expires_at");
    }
    return 0;
}

static int saved(json_t *out, cortex_memory_store *s, const char *path)
{
    json_t *m = NULL;
    int rc = cortex_memory_index_get(cortex_memory_store_index(s), path, get_row, &m);
    if (rc) return rc == CORTEX_ENOTFOUND ? cortex_error_set(CORTEX_EIO, "%s: written but not indexed", path) : rc;
    json_object_set_new(out, "memory", m);
    char file[CORTEX_MEMORY_PATH_MAX + 8];
    snprintf(file, sizeof file, "%s.md", path);
    json_object_set_new(out, "file", json_string(file));
    return 0;
}

static int op_add(json_t *out, cortex_memory_store *s, cortex_tool_ctx *ctx, const json_t *args)
{
    const char *path = arg_str(args, "path");
    if (!path || !json_object_get(args, "body"))
        return cortex_error_set(CORTEX_EINVALID, "add needs path (category/slug) and body");
    cortex_memory_doc d = {0};
    d.created_at = d.updated_at = cortex_memory_now_ms();
    d.source = cortex_xstrdup(ctx->origin ? ctx->origin : "unknown");
    int rc = apply_fields(&d, args);
    if (rc == 0) rc = cortex_memory_save(s, path, &d, CORTEX_MEMORY_CREATE);
    cortex_memory_doc_dispose(&d);
    return rc ? rc : saved(out, s, path);
}

static int op_update(json_t *out, cortex_memory_store *s, const json_t *args)
{
    const char *path = arg_str(args, "path");
    cortex_memory_doc d;
    int rc = cortex_memory_load(&d, s, path ? path : "");
    if (rc) return rc;
    rc = apply_fields(&d, args);
    int64_t now = cortex_memory_now_ms();
    d.updated_at = now > d.updated_at ? now : d.updated_at + 1;
    if (rc == 0) rc = cortex_memory_save(s, path, &d, CORTEX_MEMORY_REPLACE);
    cortex_memory_doc_dispose(&d);
    return rc ? rc : saved(out, s, path);
}

static int op_move(json_t *out, cortex_memory_store *s, const json_t *args)
{
    const char *from = arg_str(args, "path"), *to = arg_str(args, "to");
    if (!from || !to) return cortex_error_set(CORTEX_EINVALID, "move needs path and to");
    int rc = cortex_memory_rename(s, from, to);
    if (rc == 0) json_object_set_new(out, "moved_from", json_string(from));
    return rc ? rc : saved(out, s, to);
}

static int op_category(json_t *out, cortex_memory_store *s, const json_t *args, int create)
{
    const char *category = arg_str(args, "category");
    if (!category) return cortex_error_set(CORTEX_EINVALID, "give category");
    const json_t *desc = json_object_get(args, "description");
    int rc = create ? cortex_memory_category_make(s, category) : 0;
    if (rc == 0 && (desc || !create)) rc = cortex_memory_category_describe(s, category, json_string_value(desc));
    if (rc == 0)
        json_object_set_new(out, "category", json_pack("{s:s,s:o}", "path", category, "description",
                                                       cortex_text_json(json_string_value(desc))));
    return rc;
}

static int store_into(const char *name, const char *dir, void *payload)
{
    json_array_append_new(payload, json_pack("{s:s,s:s,s:b}", "name", name, "dir", dir, "exists", access(dir, F_OK) == 0));
    return 0;
}

int cortex_tool_memory(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    const char *op = arg_str(args, "operation");
    const char *data_dir = cortex_repo_data_dir(cortex_reader_repo(ctx->reader));
    *out = json_pack("{s:s}", "operation", op);
    if (strcmp(op, "stores") == 0) {
        json_t *stores = json_array();
        json_object_set_new(*out, "stores", stores);
        return cortex_memory_stores_each(data_dir, store_into, stores);
    }
    if (strcmp(op, "create_store") == 0) {
        const char *name = arg_str(args, "name");
        char *dir;
        int rc = cortex_memory_store_create(&dir, data_dir, name ? name : "");
        if (rc == 0) json_object_set_new(*out, "created", json_pack("{s:s,s:s}", "name", name, "dir", dir));
        free(dir);
        return rc;
    }
    cortex_memory_store *s;
    int rc = open_store(&s, ctx, args);
    if (rc) return rc;
    if (strcmp(op, "get") == 0) rc = op_get(*out, s, ctx, args);
    else if (strcmp(op, "list") == 0) rc = op_list(*out, s, args);
    else if (strcmp(op, "recent") == 0) rc = op_query(*out, s, args, 1);
    else if (strcmp(op, "query") == 0) rc = op_query(*out, s, args, 0);
    else if (strcmp(op, "add") == 0) rc = op_add(*out, s, ctx, args);
    else if (strcmp(op, "update") == 0) rc = op_update(*out, s, args);
    else if (strcmp(op, "move") == 0) rc = op_move(*out, s, args);
    else if (strcmp(op, "create_category") == 0) rc = op_category(*out, s, args, 1);
    else if (strcmp(op, "describe_category") == 0) rc = op_category(*out, s, args, 0);
    else if (strcmp(op, "reindex") == 0) {
        int64_t n = 0;
        rc = cortex_memory_store_reindex(s, &n);
        json_object_set_new(*out, "memories", json_integer(n));
    }
    store_fields(*out, s);
    cortex_memory_store_close(s);
    return rc;
}

typedef struct collected {
    char **paths;
    size_t n, cap;
} collected;

static int collect_path(const cortex_memory_row *r, void *payload)
{
    collected *c = payload;
    *CORTEX_PUSH(c->paths, c->n, c->cap) = cortex_xstrdup(r->path);
    return 0;
}

int cortex_tool_memory_delete(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    const char *op = arg_str(args, "operation");
    *out = json_pack("{s:s,s:[]}", "operation", op, "removed");
    json_t *removed = json_object_get(*out, "removed");
    cortex_memory_store *s;
    int rc = open_store(&s, ctx, args);
    if (rc) return rc;
    if (strcmp(op, "remove") == 0) {
        const char *path = arg_str(args, "path");
        cortex_memory_doc d;
        if (json_is_true(json_object_get(args, "dry_run"))) rc = cortex_memory_load(&d, s, path ? path : "");
        else rc = cortex_memory_delete(s, path ? path : "");
        if (json_is_true(json_object_get(args, "dry_run")) && rc == 0) cortex_memory_doc_dispose(&d);
        if (rc == 0) json_array_append_new(removed, json_string(path));
    } else if (strcmp(op, "prune") == 0) {
        int dry = json_is_true(json_object_get(args, "dry_run"));
        cortex_memory_filter f = {.expired_only = 1, .now = cortex_memory_now_ms(), .limit = -1};
        collected c = {0};
        rc = cortex_memory_index_query(NULL, cortex_memory_store_index(s), &f, collect_path, &c);
        for (size_t i = 0; i < c.n; i++) {
            if (rc == 0 && !dry) rc = cortex_memory_delete(s, c.paths[i]);
            if (rc == 0) json_array_append_new(removed, json_string(c.paths[i]));
            free(c.paths[i]);
        }
        free(c.paths);
    } else {
        const char *category = arg_str(args, "category");
        if (json_is_true(json_object_get(args, "dry_run")))
            rc = cortex_memory_category_exists(s, category ? category : "")
                     ? 0
                     : cortex_error_set(CORTEX_ENOTFOUND, "no category \"%s\"", category ? category : "");
        else rc = cortex_memory_category_remove(s, category ? category : "");
        if (rc == 0) json_array_append_new(removed, json_string(category));
    }
    json_object_set_new(*out, "dry_run", json_boolean(json_is_true(json_object_get(args, "dry_run"))));
    store_fields(*out, s);
    cortex_memory_store_close(s);
    return rc;
}

/* Text: a memory as its file reads (title, fields, body, citations with what
 * the code says of them); a list as one line per memory; else JSON. */
void cortex_render_memory(const json_t *result, cortex_buf *out)
{
    const json_t *m = json_object_get(result, "memory"), *list = json_object_get(result, "memories");
    const char *notice = json_string_value(json_object_get(result, "notice"));
    if (notice) cortex_buf_printf(out, "notice: %s\n", notice);
    for (size_t i = 0; i < json_array_size(json_object_get(result, "problems")); i++)
        cortex_buf_printf(out, "skipped: %s\n", json_string_value(json_array_get(json_object_get(result, "problems"), i)));
    if (json_object_get(m, "body")) {
        cortex_buf_printf(out, "%s  %s\n", json_string_value(json_object_get(m, "path")),
                          json_string_value(json_object_get(m, "title")));
        char *tags = json_dumps(json_object_get(m, "tags"), JSON_COMPACT);
        cortex_buf_printf(out, "tags %s  source %s  updated %s%s\n", tags, json_string_value(json_object_get(m, "source")),
                          json_string_value(json_object_get(m, "updated_at")),
                          json_is_true(json_object_get(m, "stale")) ? "  STALE: a citation no longer holds" : "");
        free(tags);
        size_t i;
        json_t *c;
        json_array_foreach(json_object_get(m, "citations"), i, c) {
            char *line = json_dumps(c, JSON_COMPACT);
            cortex_buf_printf(out, "cites %s\n", line);
            free(line);
        }
        cortex_buf_printf(out, "\n%s", json_string_value(json_object_get(m, "body")));
        return;
    }
    if (list) {
        size_t i;
        json_t *c;
        json_array_foreach(json_object_get(result, "categories"), i, c) {
            const char *d = json_string_value(json_object_get(c, "description"));
            cortex_buf_printf(out, "%s/  (%lld)%s%s\n", json_string_value(json_object_get(c, "path")),
                              (long long)json_integer_value(json_object_get(c, "memories")), d ? "  " : "", d ? d : "");
        }
        json_array_foreach(list, i, c) {
            cortex_buf_printf(out, "%s  %s  %s\n", json_string_value(json_object_get(c, "path")),
                              json_string_value(json_object_get(c, "updated_at")),
                              json_string_value(json_object_get(c, "title")));
        }
        cortex_buf_printf(out, "%zu of %lld\n", json_array_size(list),
                          (long long)json_integer_value(json_object_get(result, "total")));
        return;
    }
    json_t *copy = json_deep_copy(result);
    json_object_del(copy, "index");
    char *text = json_dumps(copy, JSON_INDENT(2));
    cortex_buf_printf(out, "%s\n", text);
    free(text);
    json_decref(copy);
}
