/*
 * An answer sent as it is made (internal.h, http_stream): a thread of its own
 * runs the work and appends to a buffer; the connection's thread, in
 * libmicrohttpd's content callback, waits for bytes and sends them. So an
 * MCP request's progress reaches its client while the call still runs.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

struct http_stream {
    pthread_mutex_t lock;
    pthread_cond_t more;
    cortex_buf pending; /* written, not yet taken */
    size_t taken;       /* of `pending` */
    int done;
    pthread_t thread;
    http_stream_work work;
    void *arg;
};

static void *run(void *p)
{
    http_stream *s = p;
    s->work(s->arg, s);
    pthread_mutex_lock(&s->lock);
    s->done = 1;
    pthread_cond_broadcast(&s->more);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

http_stream *http_stream_start(http_stream_work work, void *arg)
{
    http_stream *s = cortex_xcalloc(1, sizeof *s);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->more, NULL);
    s->work = work;
    s->arg = arg;
    if (pthread_create(&s->thread, NULL, run, s) != 0) {
        pthread_mutex_destroy(&s->lock);
        pthread_cond_destroy(&s->more);
        free(s);
        return NULL;
    }
    return s;
}

void http_stream_write(http_stream *s, const char *data, size_t n)
{
    pthread_mutex_lock(&s->lock);
    cortex_buf_add(&s->pending, data, n);
    pthread_cond_broadcast(&s->more);
    pthread_mutex_unlock(&s->lock);
}

long http_stream_read(http_stream *s, char *out, size_t max)
{
    pthread_mutex_lock(&s->lock);
    while (s->taken == s->pending.len && !s->done) pthread_cond_wait(&s->more, &s->lock);
    size_t n = s->pending.len - s->taken;
    if (n > max) n = max;
    memcpy(out, s->pending.data + s->taken, n);
    s->taken += n;
    if (s->taken == s->pending.len) s->taken = s->pending.len = 0; /* all sent: the buffer starts over */
    pthread_mutex_unlock(&s->lock);
    return n ? (long)n : -1;
}

void http_stream_free(http_stream *s)
{
    if (!s) return;
    pthread_join(s->thread, NULL);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->more);
    cortex_buf_free(&s->pending);
    free(s);
}
