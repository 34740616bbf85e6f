/*
 * Internal to core/http/: the service's state, a request and its reply as
 * the route handlers see them (no libmicrohttpd type crosses this header,
 * so the routes and the fuzz target run without a socket), and what each
 * file offers the others.
 */
#ifndef CORTEX_HTTP_INTERNAL_H
#define CORTEX_HTTP_INTERNAL_H

#include "http.h"

#include "../mcp/server.h"
#include "../serve/serve.h"
#include "../tools/tools.h"
#include "../util/mem.h"

#include <jansson.h>
#include <pthread.h>
#include <stdint.h>

/* ---- a registered repository (repos.c) ---------------------------------- */

typedef struct http_repo {
    char id[17];   /* 16 hex digits of the root's hash: stable across restarts */
    char *name;    /* unique among the registered; [A-Za-z0-9._-] */
    char *root;    /* a realpath */
    cortex_repo *repo;
    cortex_serve *serve; /* the watch, when asked for */

    pthread_mutex_t lock; /* guards everything below */
    pthread_cond_t idle;  /* a run ended */
    cortex_reader **readers; /* idle read connections: one per request in flight at most */
    size_t nreaders, capreaders;
    int running;          /* a reindex runs now */
    int runner_started;   /* `runner` is to be joined */
    pthread_t runner;
    char *glob;           /* the running reindex's glob, or NULL */
    atomic_int stop;
    int64_t runs_ok, runs_failed; /* reindex and watch runs since the start */
    char *last_error;     /* the last failed run's message */
    struct http_lazy *lazy; /* the partial store of early queries (lazy.c), made on first need */
} http_repo;

/* ---- the service (server.c) ---------------------------------------------- */

typedef struct http_session http_session;
typedef struct http_client http_client;

typedef struct http_service {
    cortex_http_options opts;
    cortex_mcp_options mcp; /* the tool options every repository is served with */
    char **roots;           /* realpaths */
    size_t nroots;
    char *token;            /* NULL on loopback without --token-file */
    size_t token_len;
    char **origins;         /* allowed Origin values */
    size_t norigins;
    int loopback;

    pthread_mutex_t lock;   /* guards the repositories' list, clients and sessions */
    http_repo **repos;
    size_t nrepos, caprepos;
    http_client *clients;   /* in-flight counts per address */
    size_t nclients, capclients;
    http_session *sessions; /* legacy MCP sessions (mcp_http.c) */
    size_t nsessions, capsessions;
    struct http_call *calls; /* MCP requests running, for notifications/cancelled */
    int64_t started;        /* seconds */

    struct http_metrics *metrics;
    struct http_gate *gate; /* the calls' turns (gate.h); NULL: no turns (the route tests) */
} http_service;

/* ---- a request and its reply ------------------------------------------------ */

typedef struct http_request {
    const char *method;
    const char *path;       /* without the query string */
    const char *body;       /* NUL-terminated */
    size_t body_len;
    /* A header's value, or NULL; `payload` is the transport's. */
    const char *(*header)(void *payload, const char *name);
    /* A query-string argument's value, or NULL. */
    const char *(*query)(void *payload, const char *name);
    void *payload;
    const char *client;          /* the peer's address */
    atomic_int *cancelled;       /* 0, or why the request is cancelled: an HTTP_CANCEL_ value */
    int can_stream;              /* the transport can send a reply's `stream` (the fuzz target's cannot) */
} http_request;

/* Why a request was cancelled (its `cancelled` flag's value; any non-zero stops a tool). */
enum {
    HTTP_CANCEL_DEADLINE = 1,    /* it ran past --request-seconds */
    HTTP_CANCEL_CLIENT_GONE = 2, /* its client closed the connection */
    HTTP_CANCEL_NOTIFIED = 3,    /* MCP notifications/cancelled named it */
    HTTP_CANCEL_REASONS = 4
};

/* ---- an answer sent as it is made (stream.c) ------------------------------- */

typedef struct http_stream http_stream;
/** A streamed answer's work, run on a thread of its own: writes the body with
 *  http_stream_write(); owns `arg`. */
typedef void (*http_stream_work)(void *arg, http_stream *s);
/** Starts `work`; NULL when no thread could be started (then `arg` is the caller's). */
http_stream *http_stream_start(http_stream_work work, void *arg);
void http_stream_write(http_stream *s, const char *data, size_t n);
/** Waits for bytes: how many were copied to `out` (at most `max`), or -1
 *  once the work has ended and everything it wrote was read. */
long http_stream_read(http_stream *s, char *out, size_t max);
/** Waits for the work to end, then frees. NULL-safe. */
void http_stream_free(http_stream *s);

typedef struct http_reply {
    int status;
    const char *content_type; /* static; NULL = application/json */
    cortex_buf body;
    char session_id[40];      /* Mcp-Session-Id to send, or "" */
    const char *allow;        /* Allow header for a 405, or NULL */
    http_stream *stream;      /* when set, the body (status 200, content_type) comes from it, not `body` */
} http_reply;

const char *http_header(const http_request *rq, const char *name);

/** Sets `out` to `status` with the body {code, message, hint}. */
void http_error(http_reply *out, int status, const char *code, const char *message, const char *hint);
/** Sets `out` to `status` with `json` (stolen) as the body. */
void http_json(http_reply *out, int status, json_t *json);

/* ---- routing (routes.c) ----------------------------------------------------- */

typedef enum http_route_id {
    HTTP_ROUTE_HEALTH,
    HTTP_ROUTE_STATUS,
    HTTP_ROUTE_METRICS,
    HTTP_ROUTE_REPOS,
    HTTP_ROUTE_REPOS_ADD,
    HTTP_ROUTE_REINDEX,
    HTTP_ROUTE_QUERY,
    HTTP_ROUTE_EVIDENCE_PACK,
    HTTP_ROUTE_EXPAND,
    HTTP_ROUTE_TOOL,
    HTTP_ROUTE_MCP,
    HTTP_ROUTE_NONE, /* no such path: 404 */
    HTTP_ROUTE_COUNT
} http_route_id;

typedef struct http_match {
    http_route_id route;
    int method_ok;        /* the path matched but not the method: 405 */
    const char *allow;    /* the route's methods */
    char repo[80];        /* {id} of /repos/{id}/tools/{name} or /mcp/{repo}; "" when absent */
    char tool[80];        /* {name} */
} http_match;

/** Matches a method and path against the route table. Never fails: an
 *  unknown path is HTTP_ROUTE_NONE; a parameter too long or with a character
 *  outside [A-Za-z0-9._-] makes no match. */
void http_route_match(http_match *out, const char *method, const char *path);
/** The route's name in metrics ("/repos/{id}/tools/{name}"). */
const char *http_route_name(http_route_id route);

/** Answers a matched request (rest.c and mcp_http.c). */
void http_dispatch(http_service *svc, const http_request *rq, const http_match *m, http_reply *out);

/** Parses the body as a JSON object: the object (caller owns), or NULL with
 *  `out` set to 400 invalid_json / invalid_body. An empty body is {}. */
json_t *http_body_object(const http_request *rq, http_reply *out);

/* ---- rest.c ------------------------------------------------------------------ */

void http_rest(http_service *svc, const http_request *rq, const http_match *m, http_reply *out);

/* ---- mcp_http.c ------------------------------------------------------------ */

void http_mcp(http_service *svc, const http_request *rq, const http_match *m, http_reply *out);
/** 1 when the Accept header (may be NULL: then 0) has a media range covering
 *  `type` (the type itself, or a wildcard range) with a q above 0. */
int http_accepts(const char *accept, const char *type);
void http_sessions_free(http_service *svc);

/* ---- repos.c ------------------------------------------------------------------ */

/** Registers the git work tree at `path` (under a root) as `name` (NULL: its
 *  directory's name); a root registered before answers its entry again.
 *  0 and `*out` (borrowed, lives with the service), or a negative code with
 *  `*status`, `*code`, the message set and `*hint`. */
int http_repo_add(http_repo **out, http_service *svc, const char *path, const char *name, int *status,
                  const char **code, const char **hint);
/** The repository named by id or name, or NULL. */
http_repo *http_repo_find(http_service *svc, const char *id_or_name);
void http_repos_free(http_service *svc);

/** A reader of the repository for this request (reopened on the store when
 *  it appeared since); give it back with http_reader_put(). */
cortex_reader *http_reader_take(http_repo *r);
void http_reader_put(http_repo *r, cortex_reader *reader);

/** Starts a reindex in the background (the flush_index tool: `glob` NULL for
 *  the whole repository, incremental) unless one runs. 1 when started, 0 when
 *  one was running (the request joins it). */
int http_repo_reindex(http_repo *r, const char *glob);
/** Waits while a reindex runs, when the repository has no store yet: a
 *  request on a repository being indexed for the first time waits for it,
 *  until `*cancelled` (may be NULL) is set. 0, or -1 when cancelled. */
int http_repo_wait_first(http_repo *r, cortex_reader *reader, const atomic_int *cancelled);
/** HEAD's commit into `out` ("" when unknown). */
void http_repo_commit(const http_repo *r, char out[41]);
/** The repository's entry for /repos and /status (caller owns). */
json_t *http_repo_json(http_repo *r);

/* ---- lazy.c: a first answer before the first index -------------------------- */

/* Files a query's words may index ahead of the first index, at most. */
#define HTTP_LAZY_MAX_FILES 200

/** When the repository's first index runs and has not committed (`full`, the
 *  request's reader of the repository, finds no store), answers tool `t`
 *  (query) from the files its words point at by path, indexed into
 *  <root>/.cortex/partial, the answer marked partial. A cortex_tool_outcome
 *  with `*out` set (`call->failure` for a failure), or -1 when it does not
 *  apply (an index exists, none runs, or the partial way failed): the caller
 *  goes on as without it. */
int http_lazy_query(json_t **out, cortex_tool_ctx *call, http_repo *r, cortex_reader *full, const cortex_tool *t,
                    json_t *args, const atomic_int *cancelled);
/** The full index committed: the partial store is never served again, and is deleted. */
void http_lazy_drop(http_repo *r);
/** Deletes a partial store a previous process left (the repository is indexed). */
void http_lazy_discard_leftover(http_repo *r);
void http_lazy_free(http_repo *r);

/* ---- metrics.c ------------------------------------------------------------ */

struct http_metrics *http_metrics_new(void);
void http_metrics_free(struct http_metrics *m);
void http_metrics_record(struct http_metrics *m, http_route_id route, int status, double seconds);
/** Counts a request cancelled for `reason` (an HTTP_CANCEL_ value). */
void http_metrics_cancelled(struct http_metrics *m, int reason);
void http_metrics_render(http_service *svc, cortex_buf *out);

/* ---- security.c ---------------------------------------------------------------- */

/** Splits "ADDR:PORT" / "[V6]:PORT" into a socket address; whether it is loopback. */
struct sockaddr_storage;
int http_listen_parse(struct sockaddr_storage *out, int *loopback, const char *listen);
/** The token file's first line (caller frees), or NULL with the message set. */
char *http_token_load(const char *path);
/** 1 when `given` (an Authorization header, may be NULL) carries the token, in time independent of where they differ. */
int http_token_ok(const http_service *svc, const char *authorization);
/** 1 when the Origin header (may be NULL: non-browser clients send none) is allowed. */
int http_origin_ok(const http_service *svc, const char *origin, const char *host);
/** 1 when `path` (a realpath) is a root or below one. */
int http_under_roots(const http_service *svc, const char *path);
/** 16 random hex digits times two into `out` (33 bytes). */
void http_random_id(char out[33]);

#endif
