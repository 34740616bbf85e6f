/*
 * The REST routes: health, status, the repositories, reindex, the handle
 * tools of canopy's service API (query, evidence_pack, expand with
 * generations and 409), and every tool of the table at
 * /repos/{id}/tools/{name}: the third front end over cortex_tool_call(),
 * with the same validation and errors as MCP and the CLI, each failure
 * answered with the status its code names.
 */
#include "internal.h"
#include "gate.h"

#include "../util/error.h"
#include "../util/json_dump.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "version.h" /* generated from core/util/version.h.in */

void http_error(http_reply *out, int status, const char *code, const char *message, const char *hint)
{
    json_t *m = json_string(message ? message : code);
    if (!m) {
        /* a message quoting the request (a method, a decoded path) may not be
         * UTF-8, which JSON cannot carry: such bytes are shown as '?' */
        char *copy = cortex_xstrdup(message);
        for (char *c = copy; *c; c++)
            if ((unsigned char)*c >= 0x80) *c = '?';
        m = json_string(copy);
        free(copy);
    }
    json_t *j = json_pack("{s:s,s:o,s:s}", "code", code, "message", m, "hint", hint ? hint : "");
    http_json(out, status, j);
}

void http_json(http_reply *out, int status, json_t *json)
{
    out->status = status;
    out->content_type = "application/json";
    cortex_buf_clear(&out->body);
    cortex_json_dump(&out->body, json);
    cortex_buf_putc(&out->body, '\n');
    json_decref(json);
}

json_t *http_body_object(const http_request *rq, http_reply *out)
{
    if (rq->body_len == 0) return json_object();
    json_error_t err;
    json_t *j = json_loadb(rq->body, rq->body_len, JSON_REJECT_DUPLICATES, &err);
    if (!j) {
        char message[256];
        snprintf(message, sizeof message, "the body is not JSON: %s at line %d, column %d", err.text, err.line,
                 err.column);
        http_error(out, 400, "invalid_json", message, "send a JSON object, Content-Type: application/json");
        return NULL;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        http_error(out, 400, "invalid_body", "the body must be a JSON object", "send {\"repo\": ..., ...}");
        return NULL;
    }
    return j;
}

/* The repository a body's "repo" names (removed from the object), or NULL with `out` set. */
static http_repo *body_repo(http_service *svc, json_t *body, http_reply *out)
{
    const json_t *v = json_object_get(body, "repo");
    if (!json_is_string(v)) {
        http_error(out, 400, "invalid_argument", "\"repo\" is required: a repository's repo_id or name",
                   "GET /repos lists them; POST /repos/add registers one");
        return NULL;
    }
    http_repo *r = http_repo_find(svc, json_string_value(v));
    if (!r) {
        char message[160];
        snprintf(message, sizeof message, "no repository \"%.100s\"", json_string_value(v));
        http_error(out, 404, "not_found", message, "GET /repos lists them; POST /repos/add registers one");
        return NULL;
    }
    json_object_del(body, "repo");
    return r;
}

/* A failed call's status, code and hint, by its cortex code. */
static void tool_failed(http_reply *out, int failure, const char *message)
{
    switch (failure) {
    case CORTEX_EINVALID:
        http_error(out, 400, "invalid_argument", message, "the tool's inputSchema (MCP tools/list) lists its parameters");
        break;
    case CORTEX_ENOTFOUND: http_error(out, 404, "not_found", message, "check the names and paths given"); break;
    case CORTEX_ESTALE:
        http_error(out, 409, "stale_generation", message, "query again (POST /query or /evidence_pack) for fresh handles");
        break;
    default: http_error(out, 500, "internal_error", message, "see the service's log; retry"); break;
    }
}

/* Adds canopy's service fields to each handle of a query or evidence_pack result. */
static void decorate(json_t *result, const char *sha, int partial)
{
    static const char *const lists[] = {"handles", "ref_handles", NULL};
    for (const char *const *l = lists; *l; l++) {
        json_t *handles = json_object_get(result, *l);
        size_t i;
        json_t *h;
        json_array_foreach(handles, i, h) {
            json_object_set_new(h, "source", json_string(partial ? "partial" : "service"));
            json_object_set_new(h, "commit_sha", sha[0] ? json_string(sha) : json_null());
        }
    }
    json_object_set_new(result, "commit_sha", sha[0] ? json_string(sha) : json_null());
}

static void run_tool(http_service *svc, http_repo *r, const http_request *rq, const cortex_tool *t, json_t *args,
                     int service_handles, http_reply *out)
{
    if (!cortex_tool_enabled(r->repo, t)) {
        char message[160];
        snprintf(message, sizeof message, "the tool \"%s\" is disabled for this repository", t->name);
        http_error(out, 404, "unknown_tool", message, "its group is disabled by the repository's mcp.disable or mcp.tools");
        return;
    }
    /* The turn first, then a reader: the readers (each a connection with its
     * kept statements and its mapping of the store) are as many as the calls
     * that run, not as the requests that wait. */
    unsigned slot;
    json_t *result = NULL;
    cortex_tool_outcome o = CORTEX_TOOL_CANCELLED;
    int lazy = -1, failure = 0;
    if (http_gate_enter(svc->gate, rq->cancelled, &slot) == 0) {
        cortex_reader *reader = http_reader_take(r);
        if (!reader) {
            http_gate_leave(svc->gate, slot);
            http_error(out, 503, "store_unavailable", cortex_error_last(), "retry shortly");
            return;
        }
        cortex_tool_ctx ctx = {.reader = reader, .cancelled = rq->cancelled, .origin = "http"};
        /* a query during the first index: answered now from the files it points at (lazy.c) */
        if (strcmp(t->name, "query") == 0 && !cortex_reader_ready(reader))
            lazy = http_lazy_query(&result, &ctx, r, reader, t, args, rq->cancelled);
        /* waiting for the first index holds the turn only until the turn is over */
        if (lazy >= 0)
            o = (cortex_tool_outcome)lazy;
        else if (!(t->flags & CORTEX_TOOL_NEEDS_INDEX) || http_repo_wait_first(r, reader, rq->cancelled) == 0)
            o = cortex_tool_call(&result, &ctx, t, args);
        if (o == CORTEX_TOOL_FAILED) failure = ctx.failure;
        http_reader_put(r, reader);
        http_gate_leave(svc->gate, slot);
    }
    if (o == CORTEX_TOOL_OK) {
        if (service_handles) {
            char sha[41];
            http_repo_commit(r, sha);
            decorate(result, sha, lazy >= 0);
        }
        http_json(out, 200, result);
    } else if (o == CORTEX_TOOL_CANCELLED) {
        json_decref(result);
        if (rq->cancelled && atomic_load(rq->cancelled) == HTTP_CANCEL_CLIENT_GONE)
            http_error(out, 503, "cancelled", "the client closed its connection: the call was cancelled", NULL);
        else
            http_error(out, 503, "timeout", "the request ran past the service's time limit",
                       "narrow the request (a glob, a lower limit) and retry");
    } else {
        tool_failed(out, failure, json_string_value(json_object_get(result, "error")));
        json_decref(result);
    }
}

/* ---- routes ------------------------------------------------------------------ */

static void r_health(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    (void)svc, (void)rq, (void)m;
    http_json(out, 200, json_pack("{s:s,s:s}", "status", "ok", "version", CORTEX_VERSION));
}

static json_t *repo_list(http_service *svc)
{
    pthread_mutex_lock(&svc->lock);
    size_t n = svc->nrepos;
    http_repo **copy = cortex_xcalloc(n ? n : 1, sizeof *copy);
    if (n) memcpy(copy, svc->repos, n * sizeof *copy);
    pthread_mutex_unlock(&svc->lock);
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++) json_array_append_new(a, http_repo_json(copy[i]));
    free(copy);
    return a;
}

static void r_status(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    (void)rq, (void)m;
    json_t *roots = json_array();
    for (size_t i = 0; i < svc->nroots; i++) json_array_append_new(roots, json_string(svc->roots[i]));
    http_json(out, 200,
              json_pack("{s:s,s:s,s:I,s:b,s:o,s:o}", "service", "cortex", "version", CORTEX_VERSION, "uptime_seconds",
                        (json_int_t)(time(NULL) - svc->started), "auth", svc->token != NULL, "roots", roots, "repos",
                        repo_list(svc)));
}

static void r_repos(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    (void)rq, (void)m;
    http_json(out, 200, repo_list(svc));
}

static void r_repos_add(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    (void)m;
    json_t *body = http_body_object(rq, out);
    if (!body) return;
    const json_t *path = json_object_get(body, "path"), *name = json_object_get(body, "name");
    if (!json_is_string(path) || (name && !json_is_string(name))) {
        http_error(out, 400, "invalid_argument", "\"path\" (a string) is required; \"name\" is an optional string",
                   "POST /repos/add {\"path\": \"/abs/repo\", \"name\": \"repo\"}");
    } else {
        http_repo *r;
        int status;
        const char *code, *hint;
        if (http_repo_add(&r, svc, json_string_value(path), json_string_value(name), &status, &code, &hint) == 0)
            http_json(out, 200, json_pack("{s:s,s:s}", "repo_id", r->id, "name", r->name));
        else
            http_error(out, status, code, cortex_error_last(), hint);
    }
    json_decref(body);
}

static void r_reindex(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    (void)m;
    json_t *body = http_body_object(rq, out);
    if (!body) return;
    http_repo *r = body_repo(svc, body, out);
    const json_t *glob = json_object_get(body, "glob");
    if (r && glob && !json_is_string(glob)) {
        http_error(out, 400, "invalid_argument", "\"glob\" must be a string, e.g. \"src/**/*.c\"", NULL);
    } else if (r) {
        const char *g = json_string_value(glob);
        if (g && (g[0] == '/' || strstr(g, ".."))) {
            http_error(out, 400, "invalid_argument", "\"glob\" must be relative to the repository root, without ..",
                       "e.g. \"src/**/*.c\"");
        } else {
            int started = http_repo_reindex(r, g);
            cortex_reader *reader = http_reader_take(r);
            int64_t generation = reader ? cortex_reader_generation(reader) : 0;
            if (reader) http_reader_put(r, reader);
            char sha[41];
            http_repo_commit(r, sha);
            json_t *j = json_pack("{s:I,s:s,s:s?}", "generation", (json_int_t)generation, "status",
                                  started ? "indexing" : "already_indexing", "commit_sha", sha[0] ? sha : NULL);
            http_json(out, 200, j);
        }
    }
    json_decref(body);
}

static void r_handle_tool(http_service *svc, const http_request *rq, const char *tool, http_reply *out)
{
    json_t *body = http_body_object(rq, out);
    if (!body) return;
    http_repo *r = body_repo(svc, body, out);
    if (r) run_tool(svc, r, rq, cortex_tool_find(tool), body, 1, out);
    json_decref(body);
}

static void r_query(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    (void)m;
    r_handle_tool(svc, rq, "query", out);
}

static void r_evidence_pack(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    (void)m;
    r_handle_tool(svc, rq, "evidence_pack", out);
}

/* canopy's form, {handles: [{id, generation?} | id]}, into the tool's
 * {handle_ids, generation}: a generation that differs among the handles is
 * stale for some of them, so the oldest one given is checked. 0, or -1 with
 * `out` set. */
static int expand_args(json_t *body, http_reply *out)
{
    json_t *handles = json_object_get(body, "handles");
    if (!handles) return 0; /* the tool's own form */
    if (!json_is_array(handles) || json_object_get(body, "handle_ids")) {
        http_error(out, 400, "invalid_argument", "\"handles\" must be an array of {id, generation?} (or give handle_ids)",
                   "POST /expand {\"repo\": ..., \"handles\": [{\"id\": \"h...\", \"generation\": 3}]}");
        return -1;
    }
    json_t *ids = json_array();
    json_int_t oldest = -1;
    size_t i;
    json_t *h;
    json_array_foreach(handles, i, h) {
        const json_t *id = json_is_string(h) ? h : json_object_get(h, "id");
        const json_t *g = json_is_object(h) ? json_object_get(h, "generation") : NULL;
        if (!json_is_string(id) || (g && !json_is_integer(g))) {
            json_decref(ids);
            http_error(out, 400, "invalid_argument", "each of \"handles\" is {\"id\": string, \"generation\"?: integer}", NULL);
            return -1;
        }
        json_array_append(ids, (json_t *)id);
        if (g && (oldest < 0 || json_integer_value(g) < oldest)) oldest = json_integer_value(g);
    }
    json_object_del(body, "handles");
    json_object_set_new(body, "handle_ids", ids);
    if (oldest >= 0 && !json_object_get(body, "generation")) json_object_set_new(body, "generation", json_integer(oldest));
    return 0;
}

static void r_expand(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    (void)m;
    json_t *body = http_body_object(rq, out);
    if (!body) return;
    http_repo *r = body_repo(svc, body, out);
    if (r && expand_args(body, out) == 0) run_tool(svc, r, rq, cortex_tool_find("expand"), body, 0, out);
    json_decref(body);
}

static void r_tool(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    http_repo *r = http_repo_find(svc, m->repo);
    if (!r) {
        char message[160];
        snprintf(message, sizeof message, "no repository \"%s\"", m->repo);
        http_error(out, 404, "not_found", message, "GET /repos lists them; POST /repos/add registers one");
        return;
    }
    const cortex_tool *t = cortex_tool_find(m->tool);
    if (!t) {
        char message[160];
        snprintf(message, sizeof message, "no tool \"%s\"", m->tool);
        http_error(out, 404, "unknown_tool", message, "MCP tools/list, or `cortex --help`, lists the tools");
        return;
    }
    json_t *body = http_body_object(rq, out);
    if (!body) return;
    run_tool(svc, r, rq, t, body, 0, out);
    json_decref(body);
}

static void r_metrics(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    (void)rq, (void)m;
    out->status = 200;
    out->content_type = "text/plain; version=0.0.4; charset=utf-8";
    cortex_buf_clear(&out->body);
    http_metrics_render(svc, &out->body);
}

typedef void (*route_fn)(http_service *svc, const http_request *rq, const http_match *m, http_reply *out);

static const route_fn handlers[HTTP_ROUTE_COUNT] = {
    [HTTP_ROUTE_HEALTH] = r_health,
    [HTTP_ROUTE_STATUS] = r_status,
    [HTTP_ROUTE_METRICS] = r_metrics,
    [HTTP_ROUTE_REPOS] = r_repos,
    [HTTP_ROUTE_REPOS_ADD] = r_repos_add,
    [HTTP_ROUTE_REINDEX] = r_reindex,
    [HTTP_ROUTE_QUERY] = r_query,
    [HTTP_ROUTE_EVIDENCE_PACK] = r_evidence_pack,
    [HTTP_ROUTE_EXPAND] = r_expand,
    [HTTP_ROUTE_TOOL] = r_tool,
    [HTTP_ROUTE_MCP] = http_mcp,
};

void http_dispatch(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    if (m->route == HTTP_ROUTE_NONE || !handlers[m->route]) {
        char message[200];
        snprintf(message, sizeof message, "no route %.20s %.150s", rq->method, rq->path);
        http_error(out, 404, "not_found", message, "see docs/http.md for the routes");
        return;
    }
    if (!m->method_ok) {
        char message[256];
        snprintf(message, sizeof message, "%.20s is not allowed on %.150s (allowed: %.40s)", rq->method, rq->path, m->allow);
        http_error(out, 405, "method_not_allowed", message, NULL);
        out->allow = m->allow;
        return;
    }
    handlers[m->route](svc, rq, m, out);
}

const char *http_header(const http_request *rq, const char *name)
{
    return rq->header ? rq->header(rq->payload, name) : NULL;
}
