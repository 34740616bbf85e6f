/* The MCP method table and the era rules around it. */
#define _POSIX_C_SOURCE 200809L
#include "methods.h"

#include "jsonrpc.h"

#include "../util/error.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "version.h" /* generated from core/util/version.h.in */

/* Newest first: the modern revision, then the legacy ones initialize accepts. */
static const char *const supported_versions[] = {CORTEX_MCP_MODERN_VERSION, "2025-11-25", "2025-06-18", "2025-03-26",
                                                 "2024-11-05", NULL};
#define LATEST_LEGACY "2025-11-25"

static const char *const levels[] = {"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency", NULL};

/* Made from the tool table once; lives for the process. */
static cortex_buf instructions_text;
static pthread_once_t instructions_once = PTHREAD_ONCE_INIT;

static void instructions_make(void)
{
    cortex_tools_instructions(&instructions_text);
}

static const char *instructions(void)
{
    pthread_once(&instructions_once, instructions_make);
    return instructions_text.data;
}

static int level_index(const char *name)
{
    for (int i = 0; name && levels[i]; i++)
        if (strcmp(levels[i], name) == 0) return i;
    return -1;
}

static json_t *server_info(void)
{
    return json_pack("{s:s,s:s,s:s}", "name", "cortex", "title", "cortex code index", "version", CORTEX_VERSION);
}

static json_t *versions(void)
{
    json_t *a = json_array();
    for (const char *const *v = supported_versions; *v; v++) json_array_append_new(a, json_string(*v));
    return a;
}

static json_t *capabilities(int modern)
{
    json_t *c = json_pack("{s:{s:b},s:{s:b,s:b},s:{s:b}}", "tools", "listChanged", 0, "resources", "subscribe", 0,
                          "listChanged", 0, "prompts", "listChanged", 0);
    if (!modern) json_object_set_new(c, "logging", json_object());
    return c;
}

void cortex_mcp_log(cortex_mcp_server *s, const char *level, const char *fmt, ...)
{
    int threshold = s->modern ? s->request_level : s->legacy_level;
    int l = level_index(level);
    if (threshold < 0 || l < threshold) return;
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    cortex_mcp_send(s, json_pack("{s:s,s:s,s:{s:s,s:s,s:s}}", "jsonrpc", "2.0", "method", "notifications/message", "params",
                                 "level", level, "logger", "cortex", "data", text));
}

/* A client shown every file indexed would read little else: progress goes out
 * at most this often, and at the end. */
#define PROGRESS_INTERVAL_S 0.1

void cortex_mcp_progress(const cortex_index_progress *p, void *payload)
{
    size_t done = p->done, total = p->total;
    cortex_mcp_server *s = payload;
    if (!s->progress_token) return;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    double now = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    if (done < total && now - s->last_progress < PROGRESS_INTERVAL_S) return;
    s->last_progress = now;
    char message[96];
    snprintf(message, sizeof message, "indexed %zu of %zu files", done, total);
    cortex_mcp_send(s, json_pack("{s:s,s:s,s:{s:O,s:I,s:I,s:s}}", "jsonrpc", "2.0", "method", "notifications/progress",
                                 "params", "progressToken", s->progress_token, "progress", (json_int_t)done, "total",
                                 (json_int_t)total, "message", message));
}

void cortex_mcp_waiting(long holder_pid, void *payload)
{
    cortex_mcp_server *s = payload;
    if (!s->progress_token) return;
    char message[96];
    snprintf(message, sizeof message, "waiting for the index run of process %ld to finish", holder_pid);
    cortex_mcp_send(s, json_pack("{s:s,s:s,s:{s:O,s:i,s:s}}", "jsonrpc", "2.0", "method", "notifications/progress",
                                 "params", "progressToken", s->progress_token, "progress", 0, "message", message));
}

/* ---- methods --------------------------------------------------------------- */

typedef struct call {
    cortex_mcp_server *s;
    json_t *params; /* an object, maybe empty */
    const atomic_int *cancelled;
    int code;            /* set with message when the handler returns NULL */
    const char *message;
    char buf[256];       /* for a formatted message */
} call;

static json_t *invalid(call *c, const char *message)
{
    c->code = CORTEX_JSONRPC_INVALID_PARAMS;
    c->message = message;
    return NULL;
}

static json_t *m_initialize(call *c)
{
    const char *asked = json_string_value(json_object_get(c->params, "protocolVersion"));
    if (!asked) return invalid(c, "Invalid params: protocolVersion is required");
    const char *chosen = LATEST_LEGACY;
    for (const char *const *v = supported_versions + 1; *v; v++)
        if (strcmp(*v, asked) == 0) chosen = *v;
    snprintf(c->s->legacy_version, sizeof c->s->legacy_version, "%s", chosen);
    return json_pack("{s:s,s:o,s:o,s:s}", "protocolVersion", chosen, "capabilities", capabilities(0), "serverInfo",
                     server_info(), "instructions", instructions());
}

static json_t *m_discover(call *c)
{
    (void)c;
    return json_pack("{s:o,s:o,s:o,s:s}", "supportedVersions", versions(), "capabilities", capabilities(1), "serverInfo",
                     server_info(), "instructions", instructions());
}

static json_t *m_ping(call *c)
{
    (void)c;
    return json_object();
}

static json_t *m_set_level(call *c)
{
    int l = level_index(json_string_value(json_object_get(c->params, "level")));
    if (l < 0) return invalid(c, "Invalid params: level must be one of debug, info, notice, warning, error, critical, alert, emergency");
    c->s->legacy_level = l;
    return json_object();
}

/* Every tools/list costs the client's context (issue 23: at most 3,000 tokens
 * for every tool): the compact schemas, only the hints that apply
 * (destructiveHint and idempotentHint mean something only when readOnlyHint is
 * false), and no title (optional, for display; the name serves, and the
 * server's instructions give each tool's title to the agent). */
static json_t *tool_json(const cortex_tool *t)
{
    json_t *hints;
    if (t->flags & CORTEX_TOOL_READ_ONLY)
        hints = json_pack("{s:b,s:b}", "readOnlyHint", 1, "openWorldHint", 0);
    else
        hints = json_pack("{s:b,s:b,s:b,s:b}", "readOnlyHint", 0, "destructiveHint",
                          (t->flags & CORTEX_TOOL_DESTRUCTIVE) != 0, "idempotentHint",
                          (t->flags & CORTEX_TOOL_IDEMPOTENT) != 0, "openWorldHint", 0);
    return json_pack("{s:s,s:s,s:O,s:O,s:o}", "name", t->name, "description", t->description, "inputSchema",
                     cortex_tool_listed_input_schema(t), "outputSchema", cortex_tool_listed_output_schema(t),
                     "annotations", hints);
}

static json_t *m_tools_list(call *c)
{
    long offset = cortex_mcp_cursor_offset(json_object_get(c->params, "cursor"));
    if (offset < 0) return invalid(c, "Invalid params: unknown cursor");
    long page = c->s->opts->tools_page_size > 0 ? c->s->opts->tools_page_size : CORTEX_MCP_TOOLS_PAGE;
    json_t *tools = json_array();
    long seen = 0, more = 0;
    for (size_t i = 0; i < cortex_tool_count; i++) {
        if (!cortex_tool_enabled(c->s->repo, &cortex_tools[i])) continue;
        if (seen >= offset && seen < offset + page) json_array_append_new(tools, tool_json(&cortex_tools[i]));
        if (seen >= offset + page) more = 1;
        seen++;
    }
    if (offset > seen) {
        json_decref(tools);
        return invalid(c, "Invalid params: unknown cursor");
    }
    json_t *r = json_pack("{s:o}", "tools", tools);
    if (more) json_object_set_new(r, "nextCursor", cortex_mcp_cursor(offset + page));
    return r;
}

static json_t *m_tools_call(call *c)
{
    const char *name = json_string_value(json_object_get(c->params, "name"));
    if (!name) return invalid(c, "Invalid params: name is required");
    const cortex_tool *t = cortex_tool_find(name);
    if (!t || !cortex_tool_enabled(c->s->repo, t)) {
        snprintf(c->buf, sizeof c->buf, "Invalid params: unknown tool \"%.100s\"", name);
        return invalid(c, c->buf);
    }
    json_t *args = json_object_get(c->params, "arguments");
    if (args && !json_is_object(args) && !json_is_null(args)) return invalid(c, "Invalid params: arguments must be an object");
    if (json_is_null(args)) args = NULL;

    cortex_mcp_server_wait_index(c->s);
    cortex_tool_ctx ctx = {.reader = c->s->reader, .origin = "mcp", .progress = cortex_mcp_progress, .progress_payload = c->s,
                           .waiting = cortex_mcp_waiting,
                           .cancelled = c->cancelled};
    const json_t *meta = json_object_get(c->params, "_meta");
    c->s->progress_token = json_object_get(meta, "progressToken");
    c->s->last_progress = 0;
    cortex_mcp_log(c->s, "debug", "tools/call %s", name);
    json_t *result;
    cortex_tool_outcome o = cortex_tool_call(&result, &ctx, t, args);
    c->s->progress_token = NULL;
    if (o == CORTEX_TOOL_CANCELLED) return json_object(); /* dropped by the caller: cancelled */

    /* A failure's text is its message alone: the agent reads it and corrects the call. */
    char *rendered = cortex_tool_render(t, result, cortex_tool_wants_text(t, args) || o == CORTEX_TOOL_FAILED);
    json_t *r = json_pack("{s:[{s:s,s:s}]}", "content", "type", "text", "text", rendered);
    free(rendered);
    if (o == CORTEX_TOOL_OK) {
        const json_t *refreshed = json_object_get(json_object_get(result, "index"), "refreshed");
        if (json_array_size(refreshed)) cortex_mcp_log(c->s, "info", "re-indexed %zu changed files before answering", json_array_size(refreshed));
        json_object_set_new(r, "structuredContent", result);
        json_object_set_new(r, "isError", json_false());
    } else {
        json_decref(result);
        json_object_set_new(r, "isError", json_true());
    }
    return r;
}

static json_t *m_resources_list(call *c)
{
    long page = c->s->opts->resources_page_size > 0 ? c->s->opts->resources_page_size : CORTEX_MCP_RESOURCES_PAGE;
    cortex_tool_ctx ctx = {.reader = c->s->reader, .cancelled = c->cancelled, .origin = "mcp"};
    if (cortex_mcp_cursor_offset(json_object_get(c->params, "cursor")) >= 0) cortex_mcp_server_wait_index(c->s);
    return cortex_mcp_resources_list(&ctx, page, c->params, &c->code, &c->message);
}

/* A resource that does not exist: the legacy era's own code, the modern era's invalid params. */
#define RESOURCE_NOT_FOUND_LEGACY (-32002)

static json_t *m_resources_read(call *c)
{
    cortex_tool_ctx ctx = {.reader = c->s->reader, .cancelled = c->cancelled, .origin = "mcp"};
    if (json_string_value(json_object_get(c->params, "uri"))) cortex_mcp_server_wait_index(c->s);
    return cortex_mcp_resources_read(&ctx, c->s->modern ? CORTEX_JSONRPC_INVALID_PARAMS : RESOURCE_NOT_FOUND_LEGACY,
                                     c->params, &c->code, &c->message);
}

static json_t *m_templates(call *c)
{
    long offset = cortex_mcp_cursor_offset(json_object_get(c->params, "cursor"));
    if (offset != 0) return invalid(c, "Invalid params: unknown cursor");
    return cortex_mcp_resource_templates();
}

static json_t *m_prompts_list(call *c)
{
    long offset = cortex_mcp_cursor_offset(json_object_get(c->params, "cursor"));
    if (offset != 0) return invalid(c, "Invalid params: unknown cursor");
    return cortex_mcp_prompts_list();
}

static json_t *m_prompts_get(call *c)
{
    return cortex_mcp_prompts_get(c->params, &c->code, &c->message);
}

/* Lists that change only with the binary may be cached this long. */
#define STATIC_LIST_TTL_MS 3600000

typedef struct mcp_method {
    const char *name;
    json_t *(*run)(call *c);
    int cacheable; /* modern: carries ttlMs and cacheScope */
    int ttl_ms;
    const char *scope;
} mcp_method;

static const mcp_method methods[] = {
    {"initialize", m_initialize, 0, 0, NULL},
    {"server/discover", m_discover, 0, 0, NULL},
    {"ping", m_ping, 0, 0, NULL},
    {"logging/setLevel", m_set_level, 0, 0, NULL},
    {"tools/list", m_tools_list, 1, STATIC_LIST_TTL_MS, "public"},
    {"tools/call", m_tools_call, 0, 0, NULL},
    {"resources/list", m_resources_list, 1, 0, "private"},
    {"resources/templates/list", m_templates, 1, STATIC_LIST_TTL_MS, "public"},
    {"resources/read", m_resources_read, 1, 0, "private"},
    {"prompts/list", m_prompts_list, 1, STATIC_LIST_TTL_MS, "public"},
    {"prompts/get", m_prompts_get, 0, 0, NULL},
    {NULL, NULL, 0, 0, NULL},
};

json_t *cortex_mcp_request(cortex_mcp_server *s, json_t *id, const char *method_name, json_t *params,
                           const atomic_int *cancelled)
{
    const mcp_method *m = methods;
    while (m->name && strcmp(m->name, method_name) != 0) m++;
    if (!m->name) return cortex_jsonrpc_error(id, CORTEX_JSONRPC_METHOD_NOT_FOUND, "Method not found", json_pack("{s:s}", "method", method_name));
    if (params && !json_is_object(params)) return cortex_jsonrpc_error(id, CORTEX_JSONRPC_INVALID_PARAMS, "Invalid params: params must be an object", NULL);

    /* The era of this request: a protocol version in _meta makes it modern. */
    const json_t *meta = json_object_get(params, "_meta");
    const json_t *asked = json_object_get(meta, "io.modelcontextprotocol/protocolVersion");
    /* present but not a string (5, null, {}): a modern request cortex cannot serve, not a legacy one */
    if (asked && !json_is_string(asked) && strcmp(method_name, "initialize") != 0)
        return cortex_jsonrpc_error(id, CORTEX_JSONRPC_UNSUPPORTED_VERSION, "Unsupported protocol version",
                                    json_pack("{s:o,s:O}", "supported", versions(), "requested", asked));
    const char *version = json_string_value(asked);
    s->modern = version != NULL && strcmp(method_name, "initialize") != 0;
    s->request_level = level_index(json_string_value(json_object_get(meta, "io.modelcontextprotocol/logLevel")));
    if (s->modern && strcmp(version, CORTEX_MCP_MODERN_VERSION) != 0)
        return cortex_jsonrpc_error(id, CORTEX_JSONRPC_UNSUPPORTED_VERSION, "Unsupported protocol version",
                                    json_pack("{s:o,s:s}", "supported", versions(), "requested", version));

    json_t *empty = params ? NULL : json_object();
    call c = {.s = s, .params = params ? params : empty, .cancelled = cancelled};
    json_t *result = m->run(&c);
    json_decref(empty);
    if (!result) return cortex_jsonrpc_error(id, c.code ? c.code : CORTEX_JSONRPC_INTERNAL_ERROR, c.message ? c.message : "Internal error", NULL);
    if (s->modern) {
        json_object_set_new(result, "resultType", json_string("complete"));
        json_t *rmeta = json_object_get(result, "_meta");
        if (!rmeta) json_object_set_new(result, "_meta", rmeta = json_object());
        json_object_set_new(rmeta, "io.modelcontextprotocol/serverInfo", server_info());
        if (m->cacheable) {
            json_object_set_new(result, "ttlMs", json_integer(m->ttl_ms));
            json_object_set_new(result, "cacheScope", json_string(m->scope));
        }
    }
    return cortex_jsonrpc_result(id, result);
}
