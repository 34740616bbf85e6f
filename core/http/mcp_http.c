/*
 * MCP over Streamable HTTP at /mcp/{repo} (or /mcp?repo=, or /mcp when one
 * repository is registered): each POST carries one JSON-RPC message, answered
 * through the same method table as stdio (core/mcp/methods.c) on a server
 * made for the request over the repository's shared state and a pooled
 * reader. A request whose _meta names 2026-07-28 is served statelessly (its
 * MCP-Protocol-Version and Mcp-Method headers must agree with the body);
 * `initialize` opens a legacy session (Mcp-Session-Id) that later requests
 * must name. Notifications a request makes (progress, log) come back before
 * its response as one text/event-stream body; notifications/cancelled
 * cancels a running request of the same session (or, without one, of the
 * same client address).
 */
#include "internal.h"
#include "gate.h"

#include "../mcp/jsonrpc.h"
#include "../util/json_dump.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* A session idle this long is forgotten; past this many, the least recent goes. */
#define SESSION_IDLE_SECONDS 3600
#define SESSIONS_MAX 1024
#define HEADER_MISMATCH (-32020)
/* implementation-defined (-32000..-32019): the code the official SDKs answer a bad Accept with */
#define NOT_ACCEPTABLE (-32000)

struct http_session {
    char id[33];
    http_repo *repo;
    cortex_mcp_session state;
    time_t last;
};

typedef struct http_call {
    char session[33];  /* "" for a stateless request */
    char client[64];
    json_t *id;        /* borrowed for the call */
    atomic_int *cancelled;
    struct http_call *next;
} http_call;

void http_sessions_free(http_service *svc)
{
    free(svc->sessions);
    svc->sessions = NULL;
    svc->nsessions = 0;
}

static const char *const legacy_versions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", NULL};

static int is_legacy_version(const char *v)
{
    for (const char *const *l = legacy_versions; *l; l++)
        if (strcmp(*l, v) == 0) return 1;
    return 0;
}

/* Under svc->lock. */
static http_session *session_find(http_service *svc, const char *id)
{
    time_t t = time(NULL);
    for (size_t i = 0; i < svc->nsessions; i++) {
        http_session *s = &svc->sessions[i];
        if (t - s->last > SESSION_IDLE_SECONDS) {
            *s = svc->sessions[--svc->nsessions];
            i--;
            continue;
        }
        if (strcmp(s->id, id) == 0) return s;
    }
    return NULL;
}

static void session_add(http_service *svc, http_repo *repo, const cortex_mcp_session *state, char out[33])
{
    pthread_mutex_lock(&svc->lock);
    http_session *s;
    if (svc->nsessions >= SESSIONS_MAX) {
        s = &svc->sessions[0];
        for (size_t i = 1; i < svc->nsessions; i++)
            if (svc->sessions[i].last < s->last) s = &svc->sessions[i];
    } else {
        s = CORTEX_PUSH(svc->sessions, svc->nsessions, svc->capsessions);
    }
    http_random_id(s->id);
    s->repo = repo;
    s->state = *state;
    s->last = time(NULL);
    memcpy(out, s->id, 33);
    pthread_mutex_unlock(&svc->lock);
}

/* The JSON-RPC message `msg` (stolen) as the reply, with an HTTP status. */
static void rpc_reply(http_reply *out, int status, json_t *msg)
{
    http_json(out, status, msg);
}

/* Whether one media range (a type, "text/" "*", with parameters) names `type`:
 * case-insensitive, parameters ignored but q, and q=0 is a refusal. */
static int range_covers(const char *range, size_t n, const char *type)
{
    while (n && (*range == ' ' || *range == '\t')) range++, n--;
    size_t media = 0;
    while (media < n && range[media] != ';' && range[media] != ' ' && range[media] != '\t') media++;
    for (const char *p = range + media; p < range + n; p++) {
        if (*p != ';') continue;
        const char *q = p + 1;
        while (q < range + n && (*q == ' ' || *q == '\t')) q++;
        if (range + n - q >= 2 && (q[0] == 'q' || q[0] == 'Q') && q[1] == '=') {
            int nonzero = 0;
            for (q += 2; q < range + n && *q != ';'; q++)
                if (*q >= '1' && *q <= '9') nonzero = 1;
            if (!nonzero) return 0; /* q=0, q=0.000: "not acceptable" */
        }
    }
    const char *slash = memchr(range, '/', media);
    const char *tslash = strchr(type, '/');
    if (!slash || !tslash) return 0;
    size_t major = (size_t)(slash - range), minor = media - major - 1;
    size_t tmajor = (size_t)(tslash - type);
    if (major == 1 && range[0] == '*') return minor == 1 && slash[1] == '*';
    if (major != tmajor || strncasecmp(range, type, major) != 0) return 0;
    if (minor == 1 && slash[1] == '*') return 1;
    return minor == strlen(tslash + 1) && strncasecmp(slash + 1, tslash + 1, minor) == 0;
}

int http_accepts(const char *accept, const char *type)
{
    if (!accept) return 0;
    for (const char *p = accept;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (range_covers(p, n, type)) return 1;
        if (!comma) return 0;
        p = comma + 1;
    }
}

static int accepts(const char *accept, const char *type)
{
    return http_accepts(accept, type);
}

static void sse_event(cortex_buf *out, json_t *msg)
{
    cortex_buf_puts(out, "event: message\ndata: ");
    cortex_json_dump(out, msg);
    cortex_buf_puts(out, "\n\n");
}

static void cancel_call(http_service *svc, const char *session, const char *client, const json_t *id)
{
    if (!id || !(json_is_string(id) || json_is_integer(id))) return;
    pthread_mutex_lock(&svc->lock);
    for (http_call *c = svc->calls; c; c = c->next)
        if (strcmp(c->session, session) == 0 && (session[0] || strcmp(c->client, client) == 0) &&
            json_equal(c->id, (json_t *)id))
            atomic_store(c->cancelled, HTTP_CANCEL_NOTIFIED);
    pthread_mutex_unlock(&svc->lock);
}

static http_repo *mcp_repo(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    const char *key = m->repo[0] ? m->repo : rq->query ? rq->query(rq->payload, "repo") : NULL;
    if (!key) {
        pthread_mutex_lock(&svc->lock);
        http_repo *only = svc->nrepos == 1 ? svc->repos[0] : NULL;
        pthread_mutex_unlock(&svc->lock);
        if (only) return only;
        http_error(out, 404, "not_found", "no repository named: use /mcp/{repo} (a repo_id or name)",
                   "GET /repos lists them");
        return NULL;
    }
    http_repo *r = http_repo_find(svc, key);
    if (!r) {
        char message[160];
        snprintf(message, sizeof message, "no repository \"%.100s\"", key);
        http_error(out, 404, "not_found", message, "GET /repos lists them; POST /repos/add registers one");
    }
    return r;
}

/* One request's call on the repository: what it needs after the request's
 * own memory is gone (a streamed answer runs on a thread of its own). */
typedef struct mcp_call {
    http_service *svc;
    http_repo *repo;
    cortex_reader *reader;
    json_t *id, *params; /* owned */
    char *method;
    http_session session; /* the legacy session's copy, when `has_session` */
    int has_session;
    char session_id[33];
    char client[64];
    int modern;
    atomic_int *cancelled; /* the request's: lives until the answer is sent */
    json_t *notes;         /* what the call sent before its response, when not streamed */
    http_stream *stream;   /* or where it goes as it is sent */
    char new_session[40];  /* an initialize's session id */
} mcp_call;

static void mcp_call_free(mcp_call *c)
{
    if (c->reader) http_reader_put(c->repo, c->reader);
    json_decref(c->id);
    json_decref(c->params);
    free(c->method);
    json_decref(c->notes);
    free(c);
}

static void note(json_t *msg, void *payload)
{
    mcp_call *c = payload;
    if (!c->stream) {
        json_array_append_new(c->notes, msg);
        return;
    }
    cortex_buf event = {0};
    sse_event(&event, msg);
    http_stream_write(c->stream, event.data, event.len);
    cortex_buf_free(&event);
    json_decref(msg);
}

/* Runs the call: its response, or NULL when it was cancelled (never
 * answered); the legacy session's state saved, or an initialize's opened. */
static json_t *run_call(mcp_call *c)
{
    http_service *svc = c->svc;
    /* The turn first, then a reader: the readers are as many as the calls that run. */
    unsigned slot;
    if (http_gate_enter(svc->gate, c->cancelled, &slot) != 0) return NULL;
    if (!(c->reader = http_reader_take(c->repo))) {
        http_gate_leave(svc->gate, slot);
        return cortex_jsonrpc_error(c->id, CORTEX_JSONRPC_INTERNAL_ERROR, "Internal error: the store cannot be opened", NULL);
    }
    cortex_mcp_server *server = cortex_mcp_server_over(&svc->mcp, c->repo->repo, c->repo->serve, c->reader, note, c);
    if (c->has_session) cortex_mcp_server_resume(server, &c->session.state);

    http_call call = {.id = c->id, .cancelled = c->cancelled};
    snprintf(call.session, sizeof call.session, "%s", c->session_id);
    snprintf(call.client, sizeof call.client, "%s", c->client);
    pthread_mutex_lock(&svc->lock);
    call.next = svc->calls;
    svc->calls = &call;
    pthread_mutex_unlock(&svc->lock);

    json_t *response = cortex_mcp_request(server, c->id, c->method, c->params, c->cancelled);

    pthread_mutex_lock(&svc->lock);
    for (http_call **p = &svc->calls; *p; p = &(*p)->next)
        if (*p == &call) {
            *p = call.next;
            break;
        }
    pthread_mutex_unlock(&svc->lock);

    cortex_mcp_session state;
    cortex_mcp_server_session(server, &state);
    cortex_mcp_server_free(server);
    http_reader_put(c->repo, c->reader);
    c->reader = NULL;
    http_gate_leave(svc->gate, slot);

    int initialized = !c->modern && strcmp(c->method, "initialize") == 0 && json_object_get(response, "result");
    if (initialized) {
        session_add(svc, c->repo, &state, c->new_session);
    } else if (c->session_id[0]) {
        pthread_mutex_lock(&svc->lock);
        http_session *s = session_find(svc, c->session_id);
        if (s) {
            s->state = state;
            s->last = time(NULL);
        }
        pthread_mutex_unlock(&svc->lock);
    }
    if (atomic_load(c->cancelled)) {
        json_decref(response);
        return NULL;
    }
    return response;
}

/* A streamed answer's thread: the notes as they come, then the response. */
static void stream_call(void *arg, http_stream *s)
{
    mcp_call *c = arg;
    c->stream = s;
    json_t *response = run_call(c);
    if (response) note(response, c);
    mcp_call_free(c);
}

static void answer(http_service *svc, const http_request *rq, http_repo *repo, const cortex_jsonrpc_message *msg,
                   http_session *session_copy, const char *session_id, int modern, http_reply *out)
{
    if (strcmp(msg->method, "tools/call") == 0 || strncmp(msg->method, "resources/", 10) == 0) {
        /* the first index waited for with no turn taken */
        cortex_reader *reader = http_reader_take(repo);
        if (!reader) {
            rpc_reply(out, 200, cortex_jsonrpc_error(msg->id, CORTEX_JSONRPC_INTERNAL_ERROR, "Internal error: the store cannot be opened", NULL));
            return;
        }
        int waited = http_repo_wait_first(repo, reader, rq->cancelled);
        http_reader_put(repo, reader);
        if (waited != 0) {
            out->status = 200; /* cancelled while waiting for the first index: never answered */
            out->content_type = "text/event-stream";
            return;
        }
    }
    mcp_call *c = cortex_xcalloc(1, sizeof *c);
    /* copies, not references: a streamed call reads them on its own thread */
    *c = (mcp_call){.svc = svc, .repo = repo, .id = json_deep_copy(msg->id),
                    .params = json_deep_copy(msg->params), .method = cortex_xstrdup(msg->method),
                    .has_session = session_copy != NULL, .modern = modern, .cancelled = rq->cancelled,
                    .notes = json_array()};
    if (session_copy) c->session = *session_copy;
    snprintf(c->session_id, sizeof c->session_id, "%s", session_id ? session_id : "");
    snprintf(c->client, sizeof c->client, "%s", rq->client ? rq->client : "");

    /* A request that asks for progress gets it as it happens: its answer is
     * an event stream from the start, written by a thread of its own. An
     * initialize is never streamed (its answer's header names the session). */
    int wants_progress = json_object_get(json_object_get(msg->params, "_meta"), "progressToken") != NULL;
    if (rq->can_stream && wants_progress && strcmp(msg->method, "initialize") != 0 &&
        (out->stream = http_stream_start(stream_call, c))) {
        out->status = 200;
        out->content_type = "text/event-stream";
        return;
    }

    json_t *response = run_call(c);
    if (c->new_session[0]) memcpy(out->session_id, c->new_session, sizeof c->new_session);
    if (!response) {
        /* a cancelled request is never answered: its stream ends empty */
        out->status = 200;
        out->content_type = "text/event-stream";
    } else if (json_array_size(c->notes) && accepts(http_header(rq, "Accept"), "text/event-stream")) {
        out->status = 200;
        out->content_type = "text/event-stream";
        size_t i;
        json_t *n;
        json_array_foreach(c->notes, i, n) sse_event(&out->body, n);
        sse_event(&out->body, response);
        json_decref(response);
    } else {
        rpc_reply(out, 200, response);
    }
    mcp_call_free(c);
}

void http_mcp(http_service *svc, const http_request *rq, const http_match *m, http_reply *out)
{
    http_repo *repo = mcp_repo(svc, rq, m, out);
    if (!repo) return;
    const char *session_id = http_header(rq, "Mcp-Session-Id");
    if (strcmp(rq->method, "GET") == 0) {
        /* no stream of the server's own: nothing is sent but answers */
        http_error(out, 405, "method_not_allowed", "this server offers no GET stream", "POST JSON-RPC messages");
        out->allow = "POST, DELETE";
        return;
    }
    if (strcmp(rq->method, "DELETE") == 0) {
        int found = 0;
        pthread_mutex_lock(&svc->lock);
        http_session *s = session_id ? session_find(svc, session_id) : NULL;
        if (s) {
            *s = svc->sessions[--svc->nsessions];
            found = 1;
        }
        pthread_mutex_unlock(&svc->lock);
        if (found) http_json(out, 200, json_object());
        else http_error(out, 404, "session_not_found", "no such session", "initialize a new one");
        return;
    }
    /* Streamable HTTP: a POST must list both types, as the answer may be either */
    const char *accept = http_header(rq, "Accept");
    if (!accepts(accept, "application/json") || !accepts(accept, "text/event-stream")) {
        rpc_reply(out, 406, cortex_jsonrpc_error(NULL, NOT_ACCEPTABLE,
                                                 "Not Acceptable: Client must accept both application/json and "
                                                 "text/event-stream",
                                                 NULL));
        return;
    }
    cortex_jsonrpc_message msg;
    cortex_jsonrpc_parse(&msg, rq->body, rq->body_len);
    if (msg.kind == CORTEX_MSG_ERROR || msg.kind == CORTEX_MSG_BLANK) {
        int code = msg.kind == CORTEX_MSG_BLANK ? CORTEX_JSONRPC_INVALID_REQUEST : msg.error_code;
        rpc_reply(out, 400, cortex_jsonrpc_error(msg.id, code, msg.kind == CORTEX_MSG_BLANK ? "Invalid Request: empty body" : msg.error_message, NULL));
        cortex_jsonrpc_message_dispose(&msg);
        return;
    }
    if (msg.kind == CORTEX_MSG_RESPONSE || msg.kind == CORTEX_MSG_NOTIFICATION) {
        if (msg.kind == CORTEX_MSG_NOTIFICATION && strcmp(msg.method, "notifications/cancelled") == 0)
            cancel_call(svc, session_id ? session_id : "", rq->client ? rq->client : "",
                        json_object_get(msg.params, "requestId"));
        out->status = 202;
        cortex_jsonrpc_message_dispose(&msg);
        return;
    }
    const json_t *meta = json_object_get(msg.params, "_meta");
    const char *meta_version = json_string_value(json_object_get(meta, "io.modelcontextprotocol/protocolVersion"));
    const char *header_version = http_header(rq, "MCP-Protocol-Version");
    int modern = meta_version && strcmp(msg.method, "initialize") != 0;
    if (modern) {
        const char *header_method = http_header(rq, "Mcp-Method");
        const char *bad = !header_version                           ? "MCP-Protocol-Version header is missing"
                          : strcmp(header_version, meta_version) != 0 ? "MCP-Protocol-Version header differs from _meta"
                          : !header_method                          ? "Mcp-Method header is missing"
                          : strcmp(header_method, msg.method) != 0    ? "Mcp-Method header differs from the method"
                                                                      : NULL;
        if (bad) {
            rpc_reply(out, 400, cortex_jsonrpc_error(msg.id, HEADER_MISMATCH, "Header mismatch",
                                                     json_pack("{s:s}", "reason", bad)));
            cortex_jsonrpc_message_dispose(&msg);
            return;
        }
        answer(svc, rq, repo, &msg, NULL, NULL, 1, out);
        cortex_jsonrpc_message_dispose(&msg);
        return;
    }
    if (strcmp(msg.method, "initialize") == 0) {
        answer(svc, rq, repo, &msg, NULL, NULL, 0, out);
        cortex_jsonrpc_message_dispose(&msg);
        return;
    }
    /* a legacy request after initialize: its session, and a version header that is a legacy one */
    if (header_version && !is_legacy_version(header_version)) {
        rpc_reply(out, 400, cortex_jsonrpc_error(msg.id, CORTEX_JSONRPC_INVALID_REQUEST,
                                                 "Bad Request: unsupported MCP-Protocol-Version", NULL));
        cortex_jsonrpc_message_dispose(&msg);
        return;
    }
    if (!session_id) {
        rpc_reply(out, 400, cortex_jsonrpc_error(msg.id, CORTEX_JSONRPC_INVALID_REQUEST,
                                                 "Bad Request: Mcp-Session-Id header is required (initialize first, "
                                                 "or send the 2026-07-28 _meta for a stateless request)",
                                                 NULL));
        cortex_jsonrpc_message_dispose(&msg);
        return;
    }
    http_session copy;
    pthread_mutex_lock(&svc->lock);
    http_session *s = session_find(svc, session_id);
    int found = s && s->repo == repo;
    if (found) copy = *s;
    pthread_mutex_unlock(&svc->lock);
    if (!found) {
        http_error(out, 404, "session_not_found", "no such session on this endpoint (it ended or expired)",
                   "send initialize again without Mcp-Session-Id");
        cortex_jsonrpc_message_dispose(&msg);
        return;
    }
    answer(svc, rq, repo, &msg, &copy, session_id, 0, out);
    cortex_jsonrpc_message_dispose(&msg);
}
