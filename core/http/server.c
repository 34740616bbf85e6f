/*
 * The service on libmicrohttpd: one thread per connection (a slow tool call
 * or a stuck client holds its own thread, never another's), the checks every
 * request passes before its body is read (token, Origin, body size, requests
 * in flight per client), the per-request deadline, and the lifecycle of
 * `cortex serve`.
 */
#define _GNU_SOURCE
#include "internal.h"
#include "gate.h"

#include "../util/error.h"

#include <arpa/inet.h>
#include <limits.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

struct http_client {
    char addr[INET6_ADDRSTRLEN];
    unsigned inflight;
};

/* A request being answered: its body, and its deadline for the watchdog. */
typedef struct conn_state {
    cortex_buf body;
    int too_large;
    int answered;
    http_match match;
    double start;
    char client[INET6_ADDRSTRLEN];
    int counted;        /* counted in its client's in-flight requests */
    atomic_int cancelled; /* 0, or an HTTP_CANCEL_ reason */
    double deadline;
    int fd;               /* the connection's socket, watched for its client leaving */
    http_stream *stream;  /* an answer still being made: the request stays watched until it is sent */
    char *url;            /* for the log, when a streamed call ends after its handler returned */
    struct conn_state *prev, *next; /* in the watchdog's list while the handler runs */
} conn_state;

typedef struct server {
    http_service svc;
    struct MHD_Daemon *daemon;
    pthread_mutex_t watch_lock;
    conn_state *running; /* requests in their handler */
    pthread_t watchdog;
    atomic_int stopping;
} server;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Sets a request's reason to be cancelled, unless it has one. */
static void cancel(conn_state *c, int reason)
{
    int none = 0;
    atomic_compare_exchange_strong(&c->cancelled, &none, reason);
}

/* Whether the client closed its side of the connection. The connection's own
 * thread is in the handler and reads nothing meanwhile, so the socket is
 * looked at from here: a FIN (or a reset) is the client gone. The socket
 * stays open while the handler runs, as libmicrohttpd closes it only after. */
static int client_gone(int fd)
{
    if (fd < 0) return 0;
    struct pollfd p = {.fd = fd, .events = POLLRDHUP};
    return poll(&p, 1, 0) == 1 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

/* Cancels the requests past their deadline and those whose client left; a
 * tool call notices within milliseconds. */
static void *watchdog(void *arg)
{
    server *s = arg;
    while (!atomic_load(&s->stopping)) {
        usleep(100 * 1000);
        double t = now();
        pthread_mutex_lock(&s->watch_lock);
        for (conn_state *c = s->running; c; c = c->next) {
            if (t > c->deadline) cancel(c, HTTP_CANCEL_DEADLINE);
            else if (client_gone(c->fd)) cancel(c, HTTP_CANCEL_CLIENT_GONE);
        }
        pthread_mutex_unlock(&s->watch_lock);
    }
    return NULL;
}

static const char *lookup_header(void *payload, const char *name)
{
    return MHD_lookup_connection_value(payload, MHD_HEADER_KIND, name);
}

static const char *lookup_query(void *payload, const char *name)
{
    return MHD_lookup_connection_value(payload, MHD_GET_ARGUMENT_KIND, name);
}

static enum MHD_Result send_reply(server *s, struct MHD_Connection *c, conn_state *st, http_reply *reply)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(reply->body.len, reply->body.data ? reply->body.data : (char *)"",
                                                                MHD_RESPMEM_MUST_COPY);
    if (reply->body.len || reply->status != 202)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, reply->content_type ? reply->content_type : "application/json");
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    if (reply->session_id[0]) MHD_add_response_header(resp, "Mcp-Session-Id", reply->session_id);
    if (reply->allow) MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, reply->allow);
    if (reply->status == 401) MHD_add_response_header(resp, MHD_HTTP_HEADER_WWW_AUTHENTICATE, "Bearer realm=\"cortex\"");
    enum MHD_Result r = MHD_queue_response(c, (unsigned)reply->status, resp);
    MHD_destroy_response(resp);
    st->answered = 1;
    http_metrics_record(s->svc.metrics, st->match.route, reply->status, now() - st->start);
    cortex_buf_free(&reply->body);
    return r;
}

static enum MHD_Result refuse(server *s, struct MHD_Connection *c, conn_state *st, int status, const char *code,
                              const char *message, const char *hint)
{
    http_reply reply = {0};
    http_error(&reply, status, code, message, hint);
    return send_reply(s, c, st, &reply);
}

static http_client *client_of(http_service *svc, const char *addr)
{
    for (size_t i = 0; i < svc->nclients; i++)
        if (strcmp(svc->clients[i].addr, addr) == 0) return &svc->clients[i];
    http_client *cl = CORTEX_PUSH(svc->clients, svc->nclients, svc->capclients);
    memset(cl, 0, sizeof *cl);
    snprintf(cl->addr, sizeof cl->addr, "%s", addr);
    return cl;
}

/* The checks made before the body is read; MHD_NO when one answered. */
static int admit(server *s, struct MHD_Connection *c, conn_state *st, const char *method)
{
    http_service *svc = &s->svc;
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    if (!http_origin_ok(svc, origin, MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host"))) {
        refuse(s, c, st, 403, "forbidden_origin", "the request's Origin is not allowed (DNS rebinding protection)",
               "browsers' pages may call the service only from a loopback origin or one given with --origin");
        return 0;
    }
    if (!http_token_ok(svc, MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization"))) {
        refuse(s, c, st, 401, "unauthorized", "a valid bearer token is required",
               "send Authorization: Bearer <the token in the service's --token-file>");
        return 0;
    }
    const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (length && strtoull(length, NULL, 10) > svc->opts.max_body) {
        char message[128];
        snprintf(message, sizeof message, "the body is larger than the service's limit of %zu bytes", svc->opts.max_body);
        refuse(s, c, st, 413, "payload_too_large", message, "send a smaller request");
        return 0;
    }
    (void)method;
    pthread_mutex_lock(&svc->lock);
    http_client *cl = client_of(svc, st->client);
    int over = cl->inflight >= svc->opts.max_per_client;
    if (!over) {
        cl->inflight++;
        st->counted = 1;
    }
    pthread_mutex_unlock(&svc->lock);
    if (over) {
        refuse(s, c, st, 429, "too_many_requests", "too many requests in flight from this address",
               "wait for an answer before sending more");
        return 0;
    }
    return 1;
}

/* The request's call has ended: no longer watched; why it was cancelled, if it was, logged and counted. */
static void finished(server *s, conn_state *st, const char *method, const char *url)
{
    pthread_mutex_lock(&s->watch_lock);
    if (st->prev) st->prev->next = st->next;
    else s->running = st->next;
    if (st->next) st->next->prev = st->prev;
    pthread_mutex_unlock(&s->watch_lock);
    int reason = atomic_load(&st->cancelled);
    if (reason) {
        static const char *const why[HTTP_CANCEL_REASONS] = {
            [HTTP_CANCEL_DEADLINE] = "past --request-seconds",
            [HTTP_CANCEL_CLIENT_GONE] = "its client closed the connection",
            [HTTP_CANCEL_NOTIFIED] = "notifications/cancelled",
        };
        http_metrics_cancelled(s->svc.metrics, reason);
        fprintf(stderr, "cortex serve: %s %s from %s: cancelled after %.2f s (%s)\n", method, url, st->client,
                now() - st->start, reason > 0 && reason < HTTP_CANCEL_REASONS ? why[reason] : "?");
    }
}

/* libmicrohttpd's content callback for a streamed answer, on the connection's
 * thread: it may block, as each connection has a thread of its own. */
static ssize_t read_stream(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    long n = http_stream_read(cls, buf, max);
    return n < 0 ? MHD_CONTENT_READER_END_OF_STREAM : (ssize_t)n;
}

/* Sends a streamed answer as it is made (chunked); the request stays watched
 * (deadline, client gone) until on_completed, which waits for its call. */
static enum MHD_Result send_stream(server *s, struct MHD_Connection *c, conn_state *st, http_reply *reply)
{
    st->stream = reply->stream;
    st->answered = 1;
    cortex_buf_free(&reply->body);
    struct MHD_Response *resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16384, read_stream, st->stream, NULL);
    if (!resp) {
        cancel(st, HTTP_CANCEL_CLIENT_GONE); /* nothing can be sent: on_completed ends the call */
        return MHD_NO;
    }
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, reply->content_type);
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    enum MHD_Result r = MHD_queue_response(c, (unsigned)reply->status, resp);
    MHD_destroy_response(resp);
    if (r != MHD_YES) cancel(st, HTTP_CANCEL_CLIENT_GONE);
    return r;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_size, void **con_cls)
{
    (void)version;
    server *s = cls;
    http_service *svc = &s->svc;
    conn_state *st = *con_cls;
    if (!st) {
        st = cortex_xcalloc(1, sizeof *st);
        *con_cls = st;
        st->start = now();
        st->fd = -1;
        st->url = cortex_xstrdup(url);
        const union MHD_ConnectionInfo *fdinfo = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        if (fdinfo) st->fd = fdinfo->connect_fd;
        http_route_match(&st->match, method, url);
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        const struct sockaddr *sa = info ? info->client_addr : NULL;
        if (sa && sa->sa_family == AF_INET)
            inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, st->client, sizeof st->client);
        else if (sa && sa->sa_family == AF_INET6)
            inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, st->client, sizeof st->client);
        if (!admit(s, c, st, method)) return MHD_YES;
        return MHD_YES;
    }
    if (st->answered) {
        *upload_size = 0; /* a refused request's body is dropped */
        return MHD_YES;
    }
    if (*upload_size) {
        if (st->body.len + *upload_size > svc->opts.max_body) st->too_large = 1;
        if (!st->too_large) cortex_buf_add(&st->body, upload_data, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    if (st->too_large) {
        char message[128];
        snprintf(message, sizeof message, "the body is larger than the service's limit of %zu bytes", svc->opts.max_body);
        return refuse(s, c, st, 413, "payload_too_large", message, "send a smaller request");
    }
    cortex_buf_puts(&st->body, ""); /* NUL-terminated, even when empty */
    http_request rq = {.method = method, .path = url, .body = st->body.data, .body_len = st->body.len,
                       .header = lookup_header, .query = lookup_query, .payload = c, .client = st->client,
                       .cancelled = &st->cancelled, .can_stream = 1};
    st->deadline = st->start + svc->opts.request_seconds;
    pthread_mutex_lock(&s->watch_lock);
    st->next = s->running;
    if (s->running) s->running->prev = st;
    s->running = st;
    pthread_mutex_unlock(&s->watch_lock);

    http_reply reply = {0};
    http_dispatch(svc, &rq, &st->match, &reply);
    if (reply.stream) return send_stream(s, c, st, &reply);
    finished(s, st, method, url);
    return send_reply(s, c, st, &reply);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)c;
    server *s = cls;
    conn_state *st = *con_cls;
    if (!st) return;
    if (st->stream) {
        /* sent, or its client left or the service stops: either way the call must end before its request's memory does */
        if (toe != MHD_REQUEST_TERMINATED_COMPLETED_OK) cancel(st, HTTP_CANCEL_CLIENT_GONE);
        http_stream_free(st->stream);
        st->stream = NULL;
        finished(s, st, "POST", st->url);
        http_metrics_record(s->svc.metrics, st->match.route, 200, now() - st->start);
    }
    if (st->counted) {
        pthread_mutex_lock(&s->svc.lock);
        http_client *cl = client_of(&s->svc, st->client);
        /* an address with nothing in flight is forgotten: the list stays as long as the connections */
        if (--cl->inflight == 0) *cl = s->svc.clients[--s->svc.nclients];
        pthread_mutex_unlock(&s->svc.lock);
    }
    cortex_buf_free(&st->body);
    free(st->url);
    free(st);
    *con_cls = NULL;
}

static void service_free(server *s)
{
    http_service *svc = &s->svc;
    http_repos_free(svc);
    http_sessions_free(svc);
    for (size_t i = 0; i < svc->nroots; i++) free(svc->roots[i]);
    free(svc->roots);
    for (size_t i = 0; i < svc->norigins; i++) free(svc->origins[i]);
    free(svc->origins);
    free(svc->clients);
    if (svc->token) memset(svc->token, 0, svc->token_len);
    free(svc->token);
    http_metrics_free(svc->metrics);
    http_gate_free(svc->gate);
    pthread_mutex_destroy(&svc->lock);
    pthread_mutex_destroy(&s->watch_lock);
    free(s);
}

int cortex_http_serve(const cortex_http_options *opts, const atomic_int *stop)
{
    server *s = cortex_xcalloc(1, sizeof *s);
    http_service *svc = &s->svc;
    svc->opts = *opts;
    if (!svc->opts.listen) svc->opts.listen = CORTEX_HTTP_DEFAULT_LISTEN;
    if (!svc->opts.max_body) svc->opts.max_body = CORTEX_HTTP_MAX_BODY;
    if (!svc->opts.max_connections) svc->opts.max_connections = CORTEX_HTTP_MAX_CONNECTIONS;
    if (!svc->opts.max_per_client) svc->opts.max_per_client = CORTEX_HTTP_MAX_PER_CLIENT;
    if (!svc->opts.request_seconds) svc->opts.request_seconds = CORTEX_HTTP_REQUEST_SECONDS;
    svc->mcp.watch = opts->watch;
    svc->started = time(NULL);
    pthread_mutex_init(&svc->lock, NULL);
    pthread_mutex_init(&s->watch_lock, NULL);
    svc->metrics = http_metrics_new();
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    svc->gate = http_gate_new(svc->opts.workers ? svc->opts.workers : 2 * (unsigned)(cores > 0 ? cores : 1),
                              HTTP_GATE_TURN_SECONDS);

    struct sockaddr_storage addr;
    int rc = http_listen_parse(&addr, &svc->loopback, svc->opts.listen);
    if (rc == 0 && !svc->loopback && !opts->token_file)
        rc = cortex_error_set(CORTEX_EINVALID,
                              "refusing to listen on %s without --token-file: off loopback anyone who reaches the port "
                              "could read every served repository (give --token-file FILE, or listen on 127.0.0.1)",
                              svc->opts.listen);
    if (rc == 0 && opts->token_file) {
        svc->token = http_token_load(opts->token_file);
        if (!svc->token) rc = CORTEX_EINVALID;
        else svc->token_len = strlen(svc->token);
    }
    static const char *const cwd_only[] = {".", NULL};
    for (const char *const *r = opts->roots ? opts->roots : cwd_only; rc == 0 && *r; r++) {
        char real[PATH_MAX];
        if (!realpath(*r, real)) {
            rc = cortex_error_set(CORTEX_ENOTFOUND, "--root %s: no such directory", *r);
            break;
        }
        size_t cap = svc->nroots;
        *CORTEX_PUSH(svc->roots, svc->nroots, cap) = cortex_xstrdup(real);
    }
    for (const char *const *o = opts->origins; rc == 0 && o && *o; o++) {
        size_t cap = svc->norigins;
        *CORTEX_PUSH(svc->origins, svc->norigins, cap) = cortex_xstrdup(*o);
    }
    for (const char *const *p = opts->repos; rc == 0 && p && *p; p++) {
        http_repo *r;
        int status;
        const char *code, *hint;
        char real[PATH_MAX];
        rc = http_repo_add(&r, svc, realpath(*p, real) ? real : *p, NULL, &status, &code, &hint);
        if (rc) cortex_error_set(rc, "--repo %s: %s (%s)", *p, cortex_error_last(), hint);
    }
    if (rc == 0) {
        /* poll, not select: select cannot watch a descriptor past FD_SETSIZE,
         * which a service with many connections and open stores reaches */
        unsigned flags =
            MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ERROR_LOG;
        if (addr.ss_family == AF_INET6) flags |= MHD_USE_IPv6;
        s->daemon = MHD_start_daemon(flags, 0, NULL, NULL, on_request, s, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                                     MHD_OPTION_CONNECTION_LIMIT, svc->opts.max_connections,
                                     MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)CORTEX_HTTP_IDLE_SECONDS,
                                     MHD_OPTION_NOTIFY_COMPLETED, on_completed, s, MHD_OPTION_END);
        if (!s->daemon) rc = cortex_error_set(CORTEX_EIO, "cannot listen on %s (in use, or not an address of this machine)", svc->opts.listen);
    }
    if (rc) {
        service_free(s);
        return rc;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    unsigned port = info ? info->port : 0;
    fprintf(stderr, "cortex serve: listening on %.*s:%u%s\n", (int)(strrchr(svc->opts.listen, ':') - svc->opts.listen),
            svc->opts.listen, port, svc->token ? " (bearer token required)" : "");
    if (opts->port_file) {
        char tmp[PATH_MAX];
        snprintf(tmp, sizeof tmp, "%s.tmp", opts->port_file);
        FILE *f = fopen(tmp, "w");
        if (f) {
            fprintf(f, "%u\n", port);
            fclose(f);
            rename(tmp, opts->port_file);
        }
    }
    pthread_create(&s->watchdog, NULL, watchdog, s);
    while (!atomic_load(stop)) usleep(100 * 1000);
    fprintf(stderr, "cortex serve: stopping\n");
    atomic_store(&s->stopping, 1);
    pthread_join(s->watchdog, NULL);
    MHD_stop_daemon(s->daemon);
    service_free(s);
    return 0;
}
