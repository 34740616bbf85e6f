/*
 * The server: its state over the repository (tools, reader, the live
 * repository of core/serve/), the channel its notifications leave by, and
 * the stdio loop: a reader thread that queues messages (and marks cancelled
 * requests the moment their notifications/cancelled arrives), and the main
 * thread that answers them through the method table in methods.c.
 */
#include "server.h"

#include "jsonrpc.h"
#include "methods.h"

#include "../util/error.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* What the live repository does, said on stderr: stdout is the protocol's. */
static void on_serve_event(const cortex_serve_event *e, void *payload)
{
    const cortex_mcp_server *s = payload;
    switch (e->kind) {
    case CORTEX_SERVE_INDEX_STARTED:
        fprintf(stderr, "cortex mcp: no index in %s yet; indexing it\n", cortex_repo_root(s->repo));
        break;
    case CORTEX_SERVE_INDEXED:
        if (e->rc != 0)
            fprintf(stderr, "cortex mcp: indexing failed: %s\n", e->message);
        else
            fprintf(stderr, "cortex mcp: indexed %llu files in %.2f s\n", (unsigned long long)e->report->files,
                    e->report->seconds);
        break;
    case CORTEX_SERVE_REINDEXED:
        if (e->rc != 0 && e->rc != CORTEX_ECANCELLED)
            fprintf(stderr, "cortex mcp: re-indexing after a change failed: %s\n", e->message);
        break;
    case CORTEX_SERVE_NOT_WATCHING: fprintf(stderr, "cortex mcp: not watching: %s\n", e->message); break;
    case CORTEX_SERVE_WATCHING: break;
    case CORTEX_SERVE_KEPT_CHECKED:
        if (e->kept_checked)
            fprintf(stderr, "cortex mcp: kept answers current: %u of %u\n", e->kept_current, e->kept_checked);
        break;
    }
}

/* A server with no repository yet, its log levels unset. */
static cortex_mcp_server *server_alloc(const cortex_mcp_options *opts, cortex_mcp_send_cb send, void *payload)
{
    cortex_mcp_server *s = cortex_xcalloc(1, sizeof *s);
    s->send = send;
    s->send_payload = payload;
    s->opts = opts;
    s->legacy_level = -1;
    s->request_level = -1;
    return s;
}

int cortex_mcp_server_new(cortex_mcp_server **out, const cortex_mcp_options *opts, cortex_mcp_send_cb send, void *payload)
{
    *out = NULL;
    cortex_mcp_server *s = server_alloc(opts, send, payload);
    int rc = cortex_repo_open(&s->repo, opts->root ? opts->root : ".");
    if (rc == 0) rc = cortex_reader_open(&s->reader, s->repo);
    cortex_serve_options so = {.on_event = on_serve_event, .payload = s};
    if (rc == 0) rc = cortex_serve_open(&s->serve, s->repo, &so);
    if (rc) {
        cortex_mcp_server_free(s);
        return rc;
    }
    cortex_mcp_repo_setup(s->repo, opts, "cortex mcp");
    *out = s;
    return 0;
}

void cortex_mcp_repo_setup(cortex_repo *repo, const cortex_mcp_options *opts, const char *who)
{
    const cortex_config *config = cortex_repo_config(repo);
    unsigned configured = 0;
    for (size_t i = 0; config && i < config->nmcp_disable; i++) {
        unsigned bit;
        if (cortex_tool_groups_parse(config->mcp_disable[i], &bit) == 0) configured |= bit;
    }
    if (!config) fprintf(stderr, "%s: %s (indexing is off until it is fixed)\n", who, cortex_repo_config_error(repo));
    cortex_repo_set_disabled_groups(repo, opts->disabled_groups | configured);
    /* The option over the configuration; both were checked against the same names. */
    cortex_tool_profile profile = CORTEX_TOOL_PROFILE_FULL;
    const char *profile_name = opts->tools ? opts->tools : config ? config->mcp_tools : NULL;
    if (profile_name) cortex_tool_profile_parse(profile_name, &profile);
    cortex_repo_set_tool_profile(repo, profile);
}

cortex_mcp_server *cortex_mcp_server_over(const cortex_mcp_options *opts, cortex_repo *repo, cortex_serve *serve,
                                          cortex_reader *reader, cortex_mcp_send_cb send, void *payload)
{
    cortex_mcp_server *s = server_alloc(opts, send, payload);
    s->repo = repo;
    s->reader = reader;
    s->serve = serve;
    s->borrowed = 1;
    return s;
}

void cortex_mcp_server_session(const cortex_mcp_server *s, cortex_mcp_session *out)
{
    snprintf(out->version, sizeof out->version, "%s", s->legacy_version);
    out->level = s->legacy_level;
}

void cortex_mcp_server_resume(cortex_mcp_server *s, const cortex_mcp_session *session)
{
    snprintf(s->legacy_version, sizeof s->legacy_version, "%s", session->version);
    s->legacy_level = session->level;
}

void cortex_mcp_server_start(cortex_mcp_server *s)
{
    if (s->opts->index_on_start && !cortex_reader_ready(s->reader)) cortex_serve_start_index(s->serve);
    if (s->opts->watch) cortex_serve_start_watch(s->serve);
}

void cortex_mcp_server_free(cortex_mcp_server *s)
{
    if (!s) return;
    if (s->borrowed) {
        free(s);
        return;
    }
    cortex_serve_close(s->serve); /* first: its threads use the repository */
    cortex_reader_close(s->reader);
    cortex_repo_close(s->repo);
    free(s);
}

void cortex_mcp_server_wait_index(cortex_mcp_server *s)
{
    cortex_serve_wait_index(s->serve);
    cortex_reader_reopen(s->reader);
}

void cortex_mcp_send(cortex_mcp_server *s, json_t *msg)
{
    s->send(msg, s->send_payload);
}

/* The stdio transport's channel: one line per message on stdout. */
static void write_line(json_t *msg, void *payload)
{
    if (cortex_jsonrpc_write(payload, msg) != 0) fprintf(stderr, "cortex mcp: cannot write to stdout\n");
}

/* How much the reader queues while one request runs: past it, a request is
 * answered "busy" at its turn and its message dropped at once, so a client
 * that floods the server cannot grow it without bound. */
#define QUEUE_MAX_REQUESTS 256
#define QUEUE_MAX_BYTES (64u * 1024 * 1024)

typedef struct queued {
    cortex_jsonrpc_message msg;
    size_t bytes;          /* the line's length, while queued */
    json_t *shed_id;       /* a request shed for want of room: its id (owned), answered busy */
    int too_long;          /* an oversized line, drained */
    int eof;
    atomic_int cancelled;
    struct queued *next;
} queued;

typedef struct queue {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    queued *head, *tail;
    queued *running; /* the request being answered, or NULL */
    size_t count, bytes; /* what is queued */
    FILE *in;
} queue;

/* Marks a queued or running request with this id as cancelled. */
static void cancel(queue *q, const json_t *id)
{
    if (!id || !(json_is_string(id) || json_is_integer(id))) return;
    if (q->running && json_equal(q->running->msg.id, (json_t *)id)) atomic_store(&q->running->cancelled, 1);
    for (queued *it = q->head; it; it = it->next)
        if (it->msg.kind == CORTEX_MSG_REQUEST && json_equal(it->msg.id, (json_t *)id)) atomic_store(&it->cancelled, 1);
}

static void push(queue *q, queued *item)
{
    if (item->msg.kind == CORTEX_MSG_REQUEST && (q->count >= QUEUE_MAX_REQUESTS || q->bytes + item->bytes > QUEUE_MAX_BYTES)) {
        item->shed_id = json_incref(item->msg.id);
        cortex_jsonrpc_message_dispose(&item->msg);
        memset(&item->msg, 0, sizeof item->msg);
        item->bytes = 0;
    }
    q->count++;
    q->bytes += item->bytes;
    if (q->tail)
        q->tail->next = item;
    else
        q->head = item;
    q->tail = item;
    pthread_cond_signal(&q->ready);
}

static void *reader(void *arg)
{
    queue *q = arg;
    cortex_buf line = {0};
    for (;;) {
        queued *item = cortex_xcalloc(1, sizeof *item);
        cortex_jsonrpc_line r = cortex_jsonrpc_read_line(q->in, &line, CORTEX_JSONRPC_MAX_LINE);
        if (r == CORTEX_LINE_EOF) {
            item->eof = 1;
        } else if (r == CORTEX_LINE_TOO_LONG) {
            item->too_long = 1;
        } else {
            cortex_jsonrpc_parse(&item->msg, line.data ? line.data : "", line.len);
            item->bytes = line.len;
            if (item->msg.kind == CORTEX_MSG_BLANK || item->msg.kind == CORTEX_MSG_RESPONSE) {
                cortex_jsonrpc_message_dispose(&item->msg);
                free(item);
                continue;
            }
            if (item->msg.kind == CORTEX_MSG_NOTIFICATION && strcmp(item->msg.method, "notifications/cancelled") == 0) {
                pthread_mutex_lock(&q->lock);
                cancel(q, json_object_get(item->msg.params, "requestId"));
                pthread_mutex_unlock(&q->lock);
                cortex_jsonrpc_message_dispose(&item->msg);
                free(item);
                continue;
            }
        }
        int eof = item->eof; /* once queued, the item belongs to the main thread */
        pthread_mutex_lock(&q->lock);
        push(q, item);
        pthread_mutex_unlock(&q->lock);
        if (eof) break;
    }
    cortex_buf_free(&line);
    return NULL;
}

static queued *pop(queue *q)
{
    pthread_mutex_lock(&q->lock);
    while (!q->head) pthread_cond_wait(&q->ready, &q->lock);
    queued *item = q->head;
    q->head = item->next;
    if (!q->head) q->tail = NULL;
    q->count--;
    q->bytes -= item->bytes;
    q->running = item;
    pthread_mutex_unlock(&q->lock);
    return item;
}

static void done(queue *q, queued *item)
{
    pthread_mutex_lock(&q->lock);
    q->running = NULL;
    pthread_mutex_unlock(&q->lock);
    cortex_jsonrpc_message_dispose(&item->msg);
    json_decref(item->shed_id);
    free(item);
}

int cortex_mcp_serve(FILE *in, FILE *out, const cortex_mcp_options *opts)
{
    cortex_mcp_server *server;
    int rc = cortex_mcp_server_new(&server, opts, write_line, out);
    if (rc) return rc;

    queue q = {.in = in};
    pthread_mutex_init(&q.lock, NULL);
    pthread_cond_init(&q.ready, NULL);
    pthread_t thread;
    if (pthread_create(&thread, NULL, reader, &q) != 0) {
        cortex_mcp_server_free(server);
        return cortex_error_set(CORTEX_ERROR, "cannot start the reader thread");
    }
    cortex_mcp_server_start(server);

    for (;;) {
        queued *item = pop(&q);
        if (item->eof) {
            done(&q, item);
            break;
        }
        if (item->shed_id) {
            cortex_mcp_send(server, cortex_jsonrpc_error(item->shed_id, CORTEX_JSONRPC_SERVER_BUSY,
                                                         "Server busy: too many requests queued; send it again", NULL));
        } else if (item->too_long) {
            cortex_mcp_send(server, cortex_jsonrpc_error(NULL, CORTEX_JSONRPC_INVALID_REQUEST,
                                                         "Invalid Request: message longer than the 4 MiB limit", NULL));
        } else if (item->msg.kind == CORTEX_MSG_ERROR) {
            cortex_mcp_send(server, cortex_jsonrpc_error(item->msg.id, item->msg.error_code, item->msg.error_message, NULL));
        } else if (item->msg.kind == CORTEX_MSG_NOTIFICATION) {
            /* Nothing to do: see cortex_mcp_request() (the reader applied notifications/cancelled). */
        } else if (!atomic_load(&item->cancelled)) {
            json_t *response = cortex_mcp_request(server, item->msg.id, item->msg.method, item->msg.params, &item->cancelled);
            /* A cancelled request is never answered, even when it finished. */
            if (response && !atomic_load(&item->cancelled))
                cortex_mcp_send(server, response);
            else
                json_decref(response);
        }
        done(&q, item);
    }
    pthread_join(thread, NULL);
    pthread_mutex_destroy(&q.lock);
    pthread_cond_destroy(&q.ready);
    cortex_mcp_server_free(server);
    return 0;
}
