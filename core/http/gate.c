/*
 * Turns for the service's calls (gate.h): a queue in arrival order, and the
 * start times of the calls running, which count against the width while they
 * are younger than a turn.
 */
#define _GNU_SOURCE
#include "gate.h"

#include "../util/mem.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

/* How often the first in line looks again without being woken (a running
 * call may have outlived its turn), and the others (their request may have
 * been cancelled), in nanoseconds. */
#define HEAD_RECHECK_NS 5000000L
#define QUEUED_RECHECK_NS 100000000L

/* One waiting call, on its own stack; woken alone, so that a call ending
 * does not wake every waiter to find that one may go. */
typedef struct waiter {
    struct waiter *next;
    pthread_cond_t wake;
} waiter;

struct http_gate {
    pthread_mutex_t lock;
    pthread_condattr_t monotonic;
    unsigned width;
    double turn; /* seconds: a call older than this no longer holds a place */
    unsigned nwaiting;
    double *since; /* per slot: a running call's start, or 0 for a free slot */
    unsigned nslots;
    waiter *head, *tail;
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

http_gate *http_gate_new(unsigned width, double turn_seconds)
{
    http_gate *g = cortex_xcalloc(1, sizeof *g);
    g->width = width ? width : 1;
    g->turn = turn_seconds;
    pthread_mutex_init(&g->lock, NULL);
    pthread_condattr_init(&g->monotonic);
    pthread_condattr_setclock(&g->monotonic, CLOCK_MONOTONIC);
    return g;
}

void http_gate_free(http_gate *g)
{
    if (!g) return;
    pthread_mutex_destroy(&g->lock);
    pthread_condattr_destroy(&g->monotonic);
    free(g->since);
    free(g);
}

/* The running calls still within their turn. */
static unsigned holding(const http_gate *g, double t)
{
    unsigned n = 0;
    for (unsigned i = 0; i < g->nslots; i++) n += g->since[i] > 0 && t - g->since[i] < g->turn;
    return n;
}

static unsigned take_slot(http_gate *g, double t)
{
    unsigned i = 0;
    while (i < g->nslots && g->since[i] > 0) i++;
    if (i == g->nslots) {
        g->since = cortex_xrealloc(g->since, (g->nslots + 1) * sizeof *g->since);
        g->nslots++;
    }
    g->since[i] = t;
    return i;
}

static void unqueue(http_gate *g, waiter *w)
{
    waiter **p = &g->head, *prev = NULL;
    while (*p && *p != w) {
        prev = *p;
        p = &(*p)->next;
    }
    if (!*p) return;
    *p = w->next;
    if (g->tail == w) g->tail = prev;
}

static void wake_head(http_gate *g)
{
    if (g->head) pthread_cond_signal(&g->head->wake);
}

int http_gate_enter(http_gate *g, const atomic_int *cancelled, unsigned *slot)
{
    *slot = 0;
    if (!g) return 0;
    waiter me = {0};
    pthread_cond_init(&me.wake, &g->monotonic);
    pthread_mutex_lock(&g->lock);
    if (g->tail) g->tail->next = &me;
    else g->head = &me;
    g->tail = &me;
    g->nwaiting++;
    int rc = 0;
    for (;;) {
        double t = now();
        if (g->head == &me && holding(g, t) < g->width) {
            *slot = take_slot(g, t);
            break;
        }
        if (cancelled && atomic_load(cancelled)) {
            rc = -1;
            break;
        }
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += g->head == &me ? HEAD_RECHECK_NS : QUEUED_RECHECK_NS;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&me.wake, &g->lock, &until);
    }
    unqueue(g, &me);
    g->nwaiting--;
    wake_head(g); /* the next in line may go now too */
    pthread_mutex_unlock(&g->lock);
    pthread_cond_destroy(&me.wake);
    return rc;
}

void http_gate_leave(http_gate *g, unsigned slot)
{
    if (!g) return;
    pthread_mutex_lock(&g->lock);
    if (slot < g->nslots) g->since[slot] = 0;
    wake_head(g);
    pthread_mutex_unlock(&g->lock);
}

unsigned http_gate_waiting(http_gate *g)
{
    if (!g) return 0;
    pthread_mutex_lock(&g->lock);
    unsigned n = g->nwaiting;
    pthread_mutex_unlock(&g->lock);
    return n;
}
