/* The MCP method table and the era rules around it. */
#define _POSIX_C_SOURCE 200809L
#include "methods.h"

#include "jsonrpc.h"

#include "../index/watch.h"

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

static const char instructions[] =
    "cortex indexes this repository's code and docs. Start with `explore` for the layout, then `search` "
    "(ranked full text; kind and path filters) to find symbols, files, comments and docs. "
    "`get_file_symbols` is a file's outline, `get_children` a class's members, `get_imports` its dependencies. "
    "`get_callers` / `get_callees` walk the call graph; each edge says how it was bound. "
    "Results say when a file changed since it was indexed; `flush_index` re-indexes. "
    "Pass format: \"text\" for compact output.";

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

void cortex_mcp_send(cortex_mcp_server *s, json_t *msg)
{
    if (cortex_jsonrpc_write(s->out, msg) != 0) fprintf(stderr, "cortex mcp: cannot write to stdout\n");
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

/* notifications/progress for the running call, at most every 100 ms. */
static void progress(size_t done, size_t total, void *payload)
{
    cortex_mcp_server *s = payload;
    if (!s->progress_token) return;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    double now = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    if (done < total && now - s->last_progress < 0.1) return;
    s->last_progress = now;
    char message[96];
    snprintf(message, sizeof message, "indexed %zu of %zu files", done, total);
    cortex_mcp_send(s, json_pack("{s:s,s:s,s:{s:O,s:I,s:I,s:s}}", "jsonrpc", "2.0", "method", "notifications/progress",
                                 "params", "progressToken", s->progress_token, "progress", (json_int_t)done, "total",
                                 (json_int_t)total, "message", message));
}

int cortex_mcp_server_init(cortex_mcp_server *s, FILE *out, const cortex_mcp_options *opts)
{
    memset(s, 0, sizeof *s);
    s->out = out;
    s->opts = opts;
    s->legacy_level = -1;
    s->request_level = -1;
    int rc = cortex_tool_session_open(&s->tools, opts->root ? opts->root : ".");
    if (rc) return rc;
    unsigned configured = 0;
    for (size_t i = 0; s->tools.config_ok && i < s->tools.config.nmcp_disable; i++) {
        unsigned bit;
        if (cortex_tool_groups_parse(s->tools.config.mcp_disable[i], &bit) == 0) configured |= bit;
    }
    if (!s->tools.config_ok) fprintf(stderr, "cortex mcp: %s (indexing is off until it is fixed)\n", s->tools.config_error);
    s->tools.disabled_groups = opts->disabled_groups | configured;
    s->tools.progress = progress;
    s->tools.progress_payload = s;
    return 0;
}

void cortex_mcp_server_dispose(cortex_mcp_server *s)
{
    if (s->watching) {
        atomic_store(&s->stop_watching, 1);
        pthread_join(s->watcher, NULL);
    }
    if (s->indexing) {
        atomic_store(&s->stop_indexing, 1); /* the client is gone: the store keeps its previous state */
        pthread_join(s->indexer, NULL);
    }
    cortex_tool_session_close(&s->tools);
}

static void *index_in_background(void *arg)
{
    cortex_mcp_server *s = arg;
    cortex_index_options o = {0};
    o.root = s->tools.root;
    o.pipeline = cortex_config_pipeline(&s->tools.config, NULL);
    o.cancel = &s->stop_indexing;
    cortex_index_report report;
    if (cortex_index_run(s->tools.plugins, &o, &report) != 0)
        fprintf(stderr, "cortex mcp: indexing failed: %s\n", cortex_error_last());
    else
        fprintf(stderr, "cortex mcp: indexed %llu files in %.2f s\n", (unsigned long long)report.files, report.seconds);
    cortex_index_report_dispose(&report);
    return NULL;
}

void cortex_mcp_server_start_index(cortex_mcp_server *s)
{
    if (s->tools.db || s->indexing || !s->tools.config_ok) return;
    fprintf(stderr, "cortex mcp: no index in %s yet; indexing it\n", s->tools.root);
    cortex_tool_session_plugins(&s->tools); /* loaded here: the thread only reads them */
    s->indexing = pthread_create(&s->indexer, NULL, index_in_background, s) == 0;
}

static void *watch_loop(void *arg)
{
    cortex_mcp_server *s = arg;
    cortex_watch *w;
    if (cortex_watch_open(&w, s->tools.root) != 0) {
        fprintf(stderr, "cortex mcp: not watching: %s\n", cortex_error_last());
        return NULL;
    }
    while (cortex_watch_wait(w, 150, &s->stop_watching) == 1) {
        cortex_index_options o = {0};
        o.root = s->tools.root;
        o.pipeline = cortex_config_pipeline(&s->tools.config, NULL);
        o.cancel = &s->stop_watching;
        cortex_index_report report;
        int rc = cortex_index_run(s->tools.plugins, &o, &report);
        if (rc != 0 && rc != CORTEX_ECANCELLED) fprintf(stderr, "cortex mcp: re-indexing after a change failed: %s\n", cortex_error_last());
        cortex_index_report_dispose(&report);
    }
    cortex_watch_close(w);
    return NULL;
}

void cortex_mcp_server_start_watch(cortex_mcp_server *s)
{
    if (s->watching || !s->tools.config_ok) return;
    cortex_tool_session_plugins(&s->tools); /* loaded here: the thread only reads them */
    s->watching = pthread_create(&s->watcher, NULL, watch_loop, s) == 0;
}

void cortex_mcp_server_wait_index(cortex_mcp_server *s)
{
    if (s->indexing) {
        pthread_join(s->indexer, NULL);
        s->indexing = 0;
    }
    cortex_tool_session_reopen(&s->tools);
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
                     server_info(), "instructions", instructions);
}

static json_t *m_discover(call *c)
{
    (void)c;
    return json_pack("{s:o,s:o,s:o,s:s}", "supportedVersions", versions(), "capabilities", capabilities(1), "serverInfo",
                     server_info(), "instructions", instructions);
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

static json_t *tool_json(const cortex_tool *t)
{
    int ro = (t->flags & CORTEX_TOOL_READ_ONLY) != 0;
    return json_pack("{s:s,s:s,s:s,s:O,s:O,s:{s:s,s:b,s:b,s:b,s:b}}", "name", t->name, "title", t->title, "description",
                     t->description, "inputSchema", cortex_tool_input_schema(t), "outputSchema",
                     cortex_tool_output_schema(t), "annotations", "title", t->title, "readOnlyHint", ro, "destructiveHint",
                     0, "idempotentHint", 1, "openWorldHint", 0);
}

static json_t *m_tools_list(call *c)
{
    long offset = cortex_mcp_cursor_offset(json_object_get(c->params, "cursor"));
    if (offset < 0) return invalid(c, "Invalid params: unknown cursor");
    long page = c->s->opts->tools_page_size > 0 ? c->s->opts->tools_page_size : 50;
    json_t *tools = json_array();
    long seen = 0, more = 0;
    for (size_t i = 0; i < cortex_tool_count; i++) {
        if (!cortex_tool_enabled(&c->s->tools, &cortex_tools[i])) continue;
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
    if (!t || !cortex_tool_enabled(&c->s->tools, t)) {
        snprintf(c->buf, sizeof c->buf, "Invalid params: unknown tool \"%.100s\"", name);
        return invalid(c, c->buf);
    }
    json_t *args = json_object_get(c->params, "arguments");
    if (args && !json_is_object(args) && !json_is_null(args)) return invalid(c, "Invalid params: arguments must be an object");
    if (json_is_null(args)) args = NULL;

    cortex_mcp_server_wait_index(c->s);
    c->s->tools.cancelled = c->cancelled;
    const json_t *meta = json_object_get(c->params, "_meta");
    c->s->progress_token = json_object_get(meta, "progressToken");
    c->s->last_progress = 0;
    cortex_mcp_log(c->s, "debug", "tools/call %s", name);
    json_t *result;
    cortex_tool_outcome o = cortex_tool_call(&c->s->tools, t, args, &result);
    c->s->tools.cancelled = NULL;
    c->s->progress_token = NULL;
    if (o == CORTEX_TOOL_CANCELLED) return json_object(); /* dropped by the caller: cancelled */

    const char *format = json_string_value(json_object_get(args, "format"));
    int text = format && strcmp(format, "text") == 0;
    /* A failure's text is its message alone: the agent reads it and corrects the call. */
    char *rendered = cortex_tool_render(t, result, text || o == CORTEX_TOOL_FAILED);
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
    return cortex_mcp_resources_list(c->s, c->params, &c->code, &c->message);
}

static json_t *m_resources_read(call *c)
{
    return cortex_mcp_resources_read(c->s, c->params, &c->code, &c->message);
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
    {"tools/list", m_tools_list, 1, 3600000, "public"},
    {"tools/call", m_tools_call, 0, 0, NULL},
    {"resources/list", m_resources_list, 1, 0, "private"},
    {"resources/templates/list", m_templates, 1, 3600000, "public"},
    {"resources/read", m_resources_read, 1, 0, "private"},
    {"prompts/list", m_prompts_list, 1, 3600000, "public"},
    {"prompts/get", m_prompts_get, 0, 0, NULL},
    {NULL, NULL, 0, 0, NULL},
};

json_t *cortex_mcp_server_request(cortex_mcp_server *s, json_t *id, const char *method_name, json_t *params,
                                  const atomic_int *cancelled)
{
    const mcp_method *m = methods;
    while (m->name && strcmp(m->name, method_name) != 0) m++;
    if (!m->name) return cortex_jsonrpc_error(id, CORTEX_JSONRPC_METHOD_NOT_FOUND, "Method not found", json_pack("{s:s}", "method", method_name));
    if (params && !json_is_object(params)) return cortex_jsonrpc_error(id, CORTEX_JSONRPC_INVALID_PARAMS, "Invalid params: params must be an object", NULL);

    /* The era of this request: a protocol version in _meta makes it modern. */
    const json_t *meta = json_object_get(params, "_meta");
    const char *version = json_string_value(json_object_get(meta, "io.modelcontextprotocol/protocolVersion"));
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

void cortex_mcp_server_notification(cortex_mcp_server *s, const char *method, json_t *params)
{
    (void)s;
    (void)method;
    (void)params;
    /* notifications/initialized needs nothing: tools/call is served without it;
     * notifications/cancelled is handled by the reader; others are ignored. */
}
