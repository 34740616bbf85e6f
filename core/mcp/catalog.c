/*
 * Resources and prompts. Resources: every indexed file as cortex://file/{path}
 * (its outline) and cortex://symbol/{name} (a symbol's definitions with their
 * source). Prompts: explore-codebase, find-symbol, trace-call-chain.
 */
#include "methods.h"

#include "jsonrpc.h"

#include "../tools/handlers.h"
#include "../util/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RESOURCE_NOT_FOUND_LEGACY (-32002)
#define FILE_PREFIX "cortex://file/"
#define SYMBOL_PREFIX "cortex://symbol/"
#define SYMBOL_DEFINITIONS_MAX 20
#define SYMBOL_SOURCE_LINES 80

long cortex_mcp_cursor_offset(const json_t *cursor)
{
    if (!cursor) return 0;
    const char *c = json_string_value(cursor);
    if (!c || strncmp(c, "cortex:", 7) != 0 || !c[7]) return -1;
    char *end;
    long v = strtol(c + 7, &end, 10);
    return *end || v < 0 ? -1 : v;
}

json_t *cortex_mcp_cursor(long offset)
{
    char text[32];
    snprintf(text, sizeof text, "cortex:%ld", offset);
    return json_string(text);
}

/* Percent-encodes what RFC 3986 does not allow in a path, keeping '/'. */
static void uri_path(cortex_buf *b, const char *path)
{
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("/-._~", *p))
            cortex_buf_putc(b, (char)*p);
        else
            cortex_buf_printf(b, "%%%02X", *p);
    }
}

static int hex(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Decodes %XX escapes; -1 on a malformed escape or an encoded NUL. */
static int uri_decode(const char *in, cortex_buf *out)
{
    for (const char *p = in; *p; p++) {
        if (*p != '%') {
            cortex_buf_putc(out, *p);
            continue;
        }
        int hi = hex(p[1]), lo = hi >= 0 ? hex(p[2]) : -1;
        if (lo < 0 || (hi == 0 && lo == 0)) return -1;
        cortex_buf_putc(out, (char)(hi * 16 + lo));
        p += 2;
    }
    if (!out->data) cortex_buf_puts(out, "");
    return 0;
}

typedef struct resource_page {
    json_t *list;
    long page, n;
    int more;
} resource_page;

static int add_resource(const cortex_store_file *f, void *payload)
{
    resource_page *rp = payload;
    if (rp->n++ == rp->page) {
        rp->more = 1;
        return 1;
    }
    cortex_buf uri = {0};
    cortex_buf_puts(&uri, FILE_PREFIX);
    uri_path(&uri, f->path);
    char description[512];
    snprintf(description, sizeof description, "Outline of %s (%s): its symbols with lines and signatures", f->path, f->lang);
    json_array_append_new(rp->list, json_pack("{s:s,s:s,s:s,s:s}", "uri", uri.data, "name", f->path, "description",
                                              description, "mimeType", "text/plain"));
    cortex_buf_free(&uri);
    return 0;
}

json_t *cortex_mcp_resources_list(cortex_mcp_server *s, json_t *params, int *code, const char **message)
{
    long offset = cortex_mcp_cursor_offset(json_object_get(params, "cursor"));
    if (offset < 0) {
        *code = CORTEX_JSONRPC_INVALID_PARAMS;
        *message = "Invalid params: unknown cursor";
        return NULL;
    }
    long page = s->opts->resources_page_size > 0 ? s->opts->resources_page_size : 100;
    json_t *list = json_array();
    int more = 0;
    cortex_mcp_server_wait_index(s);
    if (s->tools.db) {
        resource_page rp = {list, page, 0, 0};
        cortex_store_file_filter filter = {.limit = page + 1, .offset = offset};
        cortex_store_read_files(s->tools.db, &filter, add_resource, &rp);
        more = rp.more;
    }
    json_t *r = json_pack("{s:o}", "resources", list);
    if (more) json_object_set_new(r, "nextCursor", cortex_mcp_cursor(offset + page));
    return r;
}

json_t *cortex_mcp_resource_templates(void)
{
    return json_pack("{s:[{s:s,s:s,s:s,s:s,s:s},{s:s,s:s,s:s,s:s,s:s}]}", "resourceTemplates", "uriTemplate",
                     FILE_PREFIX "{path}", "name", "file-outline", "title", "File outline", "description",
                     "A file's symbols in line order, with kinds, lines, signatures and docs", "mimeType", "text/plain",
                     "uriTemplate", SYMBOL_PREFIX "{name}", "name", "symbol", "title", "Symbol definitions", "description",
                     "Every definition of a name (fn or Class.method) with its location, signature, doc and source",
                     "mimeType", "text/markdown");
}

static json_t *not_found(cortex_mcp_server *s, int *code, const char **message, const char *text)
{
    *code = s->modern ? CORTEX_JSONRPC_INVALID_PARAMS : RESOURCE_NOT_FOUND_LEGACY;
    *message = text;
    return NULL;
}

static json_t *contents(const char *uri, const char *mime, const char *text)
{
    return json_pack("{s:[{s:s,s:s,s:s}]}", "contents", "uri", uri, "mimeType", mime, "text", text);
}

static char message_buf[512];

static json_t *read_file_outline(cortex_mcp_server *s, const char *uri, const char *path, int *code, const char **message)
{
    json_t *args = json_pack("{s:s,s:i}", "file", path, "limit", 1000);
    json_t *result;
    const cortex_tool *t = cortex_tool_find("get_file_symbols");
    cortex_tool_outcome o = cortex_tool_call(&s->tools, t, args, &result);
    json_decref(args);
    if (o != CORTEX_TOOL_OK) {
        snprintf(message_buf, sizeof message_buf, "Resource not found: %s", result ? json_string_value(json_object_get(result, "error")) : uri);
        json_decref(result);
        return not_found(s, code, message, message_buf);
    }
    char *text = cortex_tool_render(t, result, 1);
    json_decref(result);
    json_t *r = contents(uri, "text/plain", text);
    free(text);
    return r;
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

static json_t *read_symbol(cortex_mcp_server *s, const char *uri, const char *name, int *code, const char **message)
{
    if (!s->tools.db) return not_found(s, code, message, "Resource not found: the repository has no index");
    symbol_page sp = {{0}, s->tools.root, 0};
    if (cortex_store_read_definitions(s->tools.db, name, (cortex_store_page){SYMBOL_DEFINITIONS_MAX, 0}, add_definition, &sp) != 0 &&
        sp.n == 0) {
        cortex_buf_free(&sp.md);
        return not_found(s, code, message, "Resource not found: the repository has no index");
    }
    cortex_buf md = sp.md;
    if (sp.n == 0) {
        cortex_buf_free(&md);
        snprintf(message_buf, sizeof message_buf, "Resource not found: no definition named \"%.200s\"", name);
        return not_found(s, code, message, message_buf);
    }
    /* Source text may hold any bytes; the JSON must be UTF-8. */
    json_t *text = cortex_json_text(md.data, md.len);
    json_t *r = json_pack("{s:[{s:s,s:s,s:o}]}", "contents", "uri", uri, "mimeType", "text/markdown", "text", text);
    cortex_buf_free(&md);
    return r;
}

json_t *cortex_mcp_resources_read(cortex_mcp_server *s, json_t *params, int *code, const char **message)
{
    const char *uri = json_string_value(json_object_get(params, "uri"));
    if (!uri) {
        *code = CORTEX_JSONRPC_INVALID_PARAMS;
        *message = "Invalid params: uri is required";
        return NULL;
    }
    cortex_mcp_server_wait_index(s);
    cortex_buf decoded = {0};
    json_t *r;
    size_t fl = strlen(FILE_PREFIX), sl = strlen(SYMBOL_PREFIX);
    if (strncmp(uri, FILE_PREFIX, fl) == 0 && uri[fl] && uri_decode(uri + fl, &decoded) == 0)
        r = read_file_outline(s, uri, decoded.data, code, message);
    else if (strncmp(uri, SYMBOL_PREFIX, sl) == 0 && uri[sl] && uri_decode(uri + sl, &decoded) == 0)
        r = read_symbol(s, uri, decoded.data, code, message);
    else
        r = not_found(s, code, message, "Resource not found: cortex serves cortex://file/{path} and cortex://symbol/{name}");
    cortex_buf_free(&decoded);
    return r;
}

/* ---- prompts ------------------------------------------------------------------ */

typedef struct prompt {
    const char *name, *title, *description;
    const char *argument, *argument_description; /* one argument, or NULL */
    int required;
    const char *text; /* %s: the argument, or "" */
} prompt;

static const prompt prompts[] = {
    {"explore-codebase", "Explore the codebase", "Get oriented in this repository with cortex's tools", "focus",
     "an area to concentrate on (a directory, feature or concept)", 0,
     "Explore this repository using the cortex tools before reading files. Call `explore` for its languages "
     "and layout, then `search` for the main entry points and concepts%s%s, `get_file_symbols` on the central "
     "files for their outlines, and `get_callers` / `get_callees` on the key functions. Summarise the "
     "architecture: the main modules, how they depend on each other, and where to start reading."},
    {"find-symbol", "Find a symbol", "Locate a definition and everything that uses it", "name",
     "the symbol: fn, Class, or Class.method", 1,
     "Find `%s` in this repository with the cortex tools. Call `search` with the name (scope [\"symbol\"]) to "
     "locate its definitions, `get_file_symbols` on the defining file for its context, and `get_callers` for "
     "every place that uses it. Report each definition (file:line, signature, doc) and its uses, grouped by file."},
    {"trace-call-chain", "Trace a call chain", "Follow calls into and out of a function", "name",
     "the function or method to start from: fn or Class.method", 1,
     "Trace the call chain around `%s` with the cortex tools. Call `get_callers` on it, then on each caller in "
     "turn, up to the entry points; call `get_callees` on it for what it depends on. Note how each edge was "
     "bound (scoped, import, name, ambiguous, unresolved) and treat ambiguous and unresolved edges as "
     "unconfirmed. Draw the chain as an indented list of file:line entries."},
};

#define NPROMPTS (sizeof prompts / sizeof prompts[0])

json_t *cortex_mcp_prompts_list(void)
{
    json_t *list = json_array();
    for (size_t i = 0; i < NPROMPTS; i++)
        json_array_append_new(list, json_pack("{s:s,s:s,s:s,s:[{s:s,s:s,s:b}]}", "name", prompts[i].name, "title",
                                              prompts[i].title, "description", prompts[i].description, "arguments", "name",
                                              prompts[i].argument, "description", prompts[i].argument_description,
                                              "required", prompts[i].required));
    return json_pack("{s:o}", "prompts", list);
}

json_t *cortex_mcp_prompts_get(json_t *params, int *code, const char **message)
{
    const char *name = json_string_value(json_object_get(params, "name"));
    const prompt *p = NULL;
    for (size_t i = 0; name && i < NPROMPTS; i++)
        if (strcmp(prompts[i].name, name) == 0) p = &prompts[i];
    *code = CORTEX_JSONRPC_INVALID_PARAMS;
    if (!p) {
        *message = "Invalid params: unknown prompt; prompts/list names them";
        return NULL;
    }
    const json_t *args = json_object_get(params, "arguments");
    const char *value = json_string_value(json_object_get(args, p->argument));
    if (p->required && (!value || !*value)) {
        snprintf(message_buf, sizeof message_buf, "Invalid params: prompt %s needs the argument \"%s\"", p->name, p->argument);
        *message = message_buf;
        return NULL;
    }
    char text[2048];
    if (p->required)
        snprintf(text, sizeof text, p->text, value);
    else
        snprintf(text, sizeof text, p->text, value && *value ? ", concentrating on " : "", value && *value ? value : "");
    return json_pack("{s:s,s:[{s:s,s:{s:s,s:s}}]}", "description", p->description, "messages", "role", "user", "content",
                     "type", "text", "text", text);
}
