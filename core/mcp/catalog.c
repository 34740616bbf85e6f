/*
 * Resources and prompts. Resources: every indexed file as cortex://file/{path}
 * (its outline) and cortex://symbol/{name} (a symbol's definitions with their
 * source). Prompts: explore-codebase, find-symbol, trace-call-chain.
 */
#include "methods.h"

#include "jsonrpc.h"

#include "../tools/resources.h"
#include "../util/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>

#define FILE_PREFIX "cortex://file/"
#define SYMBOL_PREFIX "cortex://symbol/"

long cortex_mcp_cursor_offset(const json_t *cursor)
{
    if (!cursor) return 0;
    const char *c = json_string_value(cursor);
    if (!c || strncmp(c, "cortex:", 7) != 0 || !c[7]) return -1;
    char *end;
    errno = 0;
    long v = strtol(c + 7, &end, 10);
    /* Cursors are ours and count items; one past any list we hand out is not
     * one of them, and adding a page to it must not overflow. */
    return *end || errno || v < 0 || v > CORTEX_MCP_CURSOR_MAX ? -1 : v;
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

json_t *cortex_mcp_resources_list(cortex_tool_ctx *ctx, long page, json_t *params, int *code, const char **message)
{
    long offset = cortex_mcp_cursor_offset(json_object_get(params, "cursor"));
    if (offset < 0) {
        *code = CORTEX_JSONRPC_INVALID_PARAMS;
        *message = "Invalid params: unknown cursor";
        return NULL;
    }
    json_t *list = json_array();
    json_t *files = NULL;
    int more = 0;
    cortex_tool_resource_files(&files, &more, ctx->reader, offset, page);
    size_t i;
    json_t *file;
    json_array_foreach(files, i, file) {
        const char *path = json_string_value(json_object_get(file, "path"));
        cortex_buf uri = {0};
        cortex_buf_puts(&uri, FILE_PREFIX);
        uri_path(&uri, path);
        char description[512];
        snprintf(description, sizeof description, "Outline of %s (%s): its symbols with lines and signatures", path,
                 json_string_value(json_object_get(file, "lang")));
        json_array_append_new(list, json_pack("{s:s,s:s,s:s,s:s}", "uri", uri.data, "name", path, "description",
                                              description, "mimeType", "text/plain"));
        cortex_buf_free(&uri);
    }
    json_decref(files);
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

static json_t *not_found(int not_found_code, int *code, const char **message, const char *text)
{
    *code = not_found_code;
    *message = text;
    return NULL;
}

static json_t *contents(const char *uri, const char *mime, json_t *text)
{
    return json_pack("{s:[{s:s,s:s,s:o}]}", "contents", "uri", uri, "mimeType", mime, "text", text);
}

/* A formatted error message outlives the call that made it, until the transport
 * answers on the same thread: one buffer per thread, so transports may answer in parallel. */
static _Thread_local char message_buf[512];

json_t *cortex_mcp_resources_read(cortex_tool_ctx *ctx, int not_found_code, json_t *params, int *code, const char **message)
{
    const char *uri = json_string_value(json_object_get(params, "uri"));
    if (!uri) {
        *code = CORTEX_JSONRPC_INVALID_PARAMS;
        *message = "Invalid params: uri is required";
        return NULL;
    }
    cortex_buf decoded = {0};
    json_t *text = NULL;
    int rc = 0;
    const char *mime = NULL;
    size_t fl = strlen(FILE_PREFIX), sl = strlen(SYMBOL_PREFIX);
    if (strncmp(uri, FILE_PREFIX, fl) == 0 && uri[fl] && uri_decode(uri + fl, &decoded) == 0) {
        rc = cortex_tool_resource_file(&text, ctx, decoded.data);
        mime = "text/plain";
    } else if (strncmp(uri, SYMBOL_PREFIX, sl) == 0 && uri[sl] && uri_decode(uri + sl, &decoded) == 0) {
        rc = cortex_tool_resource_symbol(&text, ctx->reader, decoded.data);
        mime = "text/markdown";
    }
    cortex_buf_free(&decoded);
    if (!mime) return not_found(not_found_code, code, message, "Resource not found: cortex serves cortex://file/{path} and cortex://symbol/{name}");
    if (rc) {
        snprintf(message_buf, sizeof message_buf, "Resource not found: %s", rc == CORTEX_ECANCELLED ? uri : cortex_error_last());
        return not_found(not_found_code, code, message, message_buf);
    }
    return contents(uri, mime, text);
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
