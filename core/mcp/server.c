/*
 * The server loop: a reader thread that queues messages (and marks cancelled
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

typedef struct queued {
    cortex_jsonrpc_message msg;
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
    free(item);
}

int cortex_mcp_serve(FILE *in, FILE *out, const cortex_mcp_options *opts)
{
    cortex_mcp_server server;
    int rc = cortex_mcp_server_init(&server, out, opts);
    if (rc) return rc;

    queue q = {.in = in};
    pthread_mutex_init(&q.lock, NULL);
    pthread_cond_init(&q.ready, NULL);
    pthread_t thread;
    if (pthread_create(&thread, NULL, reader, &q) != 0) {
        cortex_mcp_server_dispose(&server);
        return cortex_error_set(CORTEX_ERROR, "cannot start the reader thread");
    }
    if (opts->index_on_start) cortex_mcp_server_start_index(&server);
    if (opts->watch) cortex_mcp_server_start_watch(&server);

    for (;;) {
        queued *item = pop(&q);
        if (item->eof) {
            done(&q, item);
            break;
        }
        if (item->too_long) {
            cortex_mcp_send(&server, cortex_jsonrpc_error(NULL, CORTEX_JSONRPC_INVALID_REQUEST,
                                                          "Invalid Request: message longer than the 4 MiB limit", NULL));
        } else if (item->msg.kind == CORTEX_MSG_ERROR) {
            cortex_mcp_send(&server, cortex_jsonrpc_error(item->msg.id, item->msg.error_code, item->msg.error_message, NULL));
        } else if (item->msg.kind == CORTEX_MSG_NOTIFICATION) {
            cortex_mcp_server_notification(&server, item->msg.method, item->msg.params);
        } else if (!atomic_load(&item->cancelled)) {
            json_t *response = cortex_mcp_server_request(&server, item->msg.id, item->msg.method, item->msg.params,
                                                         &item->cancelled);
            /* A cancelled request is never answered, even when it finished. */
            if (response && !atomic_load(&item->cancelled))
                cortex_mcp_send(&server, response);
            else
                json_decref(response);
        }
        done(&q, item);
    }
    pthread_join(thread, NULL);
    pthread_mutex_destroy(&q.lock);
    pthread_cond_destroy(&q.ready);
    cortex_mcp_server_dispose(&server);
    return 0;
}
