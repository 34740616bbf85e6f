/*
 * The resources' reads (resources.h): the files page and the symbol lookup
 * through the store's read API, as the tools read it; the file outline is
 * the get_file_symbols tool, rendered.
 */
#include "resources.h"

#include "handlers.h"

#include "../util/error.h"

#include <stdlib.h>
#include <string.h>

/* A file resource lists at most this many symbols. */
#define FILE_OUTLINE_LIMIT 1000
#define SYMBOL_DEFINITIONS_MAX 20
#define SYMBOL_SOURCE_LINES 80

typedef struct file_page {
    json_t *list;
    long page, n;
    int more;
} file_page;

static int add_file(const cortex_store_file *f, void *payload)
{
    file_page *fp = payload;
    if (fp->n++ == fp->page) {
        fp->more = 1;
        return 1;
    }
    json_array_append_new(fp->list, json_pack("{s:s,s:s}", "path", f->path, "lang", f->lang));
    return 0;
}

int cortex_tool_resource_files(json_t **out, int *more, cortex_reader *r, long offset, long page)
{
    *out = json_array();
    *more = 0;
    if (!r->db) return 0;
    file_page fp = {*out, page, 0, 0};
    cortex_store_file_filter filter = {.limit = page + 1, .offset = offset};
    int rc = cortex_store_read_files(r->db, &filter, add_file, &fp);
    *more = fp.more;
    return rc > 0 ? 0 : rc;
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
    *out = cortex_json_text(text, strlen(text));
    free(text);
    return 0;
}

typedef struct symbol_page {
    cortex_buf md;
    const char *root;
    int n;
} symbol_page;

static int add_definition(const cortex_store_symbol *sym, void *payload)
{
    symbol_page *sp = payload;
    int64_t first = sym->line, last = sym->line_end;
    cortex_buf_printf(&sp->md, "%s## %s `%s`\n\n%s:%lld-%lld\n", sp->n++ ? "\n" : "", sym->kind, sym->name, sym->file,
                      (long long)first, (long long)last);
    if (sym->doc) cortex_buf_printf(&sp->md, "\n%s\n", sym->doc);
    if (last > first + SYMBOL_SOURCE_LINES - 1) last = first + SYMBOL_SOURCE_LINES - 1;
    char *source = cortex_read_lines(sp->root, sym->file, first, last);
    if (source) cortex_buf_printf(&sp->md, "\n```\n%s\n```\n", source);
    free(source);
    return 0;
}

int cortex_tool_resource_symbol(json_t **out, cortex_reader *r, const char *name)
{
    *out = NULL;
    if (!r->db) return cortex_error_set(CORTEX_ENOTFOUND, "the repository has no index");
    symbol_page sp = {{0}, r->repo->root, 0};
    int rc = cortex_store_read_definitions(r->db, name, (cortex_store_page){SYMBOL_DEFINITIONS_MAX, 0}, add_definition, &sp);
    if (rc < 0 && sp.n == 0) {
        cortex_buf_free(&sp.md);
        return rc;
    }
    if (sp.n == 0) {
        cortex_buf_free(&sp.md);
        return cortex_error_set(CORTEX_ENOTFOUND, "no definition named \"%.200s\"", name);
    }
    /* Source text may hold any bytes; the JSON must be UTF-8. */
    *out = cortex_json_text(sp.md.data, sp.md.len);
    cortex_buf_free(&sp.md);
    return 0;
}
