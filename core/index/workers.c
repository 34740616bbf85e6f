/* Parallel extraction with in-order delivery. */
#define _GNU_SOURCE
#include "workers.h"

#include "source.h"

#include "../extract/extractor.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* How far (in jobs) workers may run ahead of the indexer: enough to keep them
 * busy while it writes, few enough that held records stay small. */
#define WINDOW_PER_THREAD 32
/* The indexer, finding a file not done yet, sleeps until this many files from
 * it are: woken once per batch instead of at every file, it preempts a
 * worker that much less often. */
#define TAKE_BATCH 8
/* A file of at least 1/BIG_SHARE_OF_THREAD of one thread's part of the bytes starts first,
 * before the window: left to its place in path order it could keep one
 * thread busy after the others are done. Smaller ones wait their turn: a
 * file started early holds its records until the indexer reaches it (the
 * whole run). */
#define BIG_SHARE_OF_THREAD 8

typedef struct slot {
    cortex_extract_result result;
    int state; /* 0 waiting, 1 running, 2 done */
} slot;

struct cortex_workers {
    const char *root;
    const cortex_extract_job *jobs;
    size_t njobs;
    slot *slots;
    size_t *order;    /* jobs in the order workers start them */
    size_t next;      /* next position in `order` */
    size_t taken;     /* jobs [0, taken) were handed to the indexer */
    size_t window;
    double parse_seconds;
    uint64_t max_line_length;
    const cortex_chunk_options *chunk; /* NULL: no chunks */
    int stopping;
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a job was released, or the workers stop */
    pthread_cond_t ready;   /* the files the indexer waits for are done */
    size_t await_lo, await_hi; /* those files: [lo, hi), or none when hi is 0 */
    pthread_t *threads;
    unsigned nthreads; /* 0: extraction happens in take() */
    cortex_extractor *inline_extractor;
    char *inline_buf;
    size_t inline_cap;
};

unsigned cortex_workers_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}

static size_t longest_line(const char *s, size_t len)
{
    size_t longest = 0;
    for (const char *p = s, *end = s + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = (size_t)((nl ? nl : end) - p);
        if (n > longest) longest = n;
        p = nl ? nl + 1 : end;
    }
    return longest;
}

/* Reads and extracts one job into its slot. */
static void run_job(cortex_workers *w, cortex_extractor *x, size_t i, char **buf, size_t *cap)
{
    const cortex_extract_job *job = &w->jobs[i];
    cortex_extract_result *res = &w->slots[i].result;
    char abs[PATH_MAX + 1];
    snprintf(abs, sizeof abs, "%s/%s", w->root, job->path);
    size_t len = 0;
    int64_t mtime_ns = 0;
    const char *why = cortex_source_read(abs, buf, cap, &len, &mtime_ns);
    if (why) {
        res->skip_reason = why;
        return;
    }
    if (w->max_line_length && longest_line(*buf, len) > w->max_line_length) {
        res->skip_reason = "a line longer than the limit (minified or generated; limits.max_line_length)";
        return;
    }
    cortex_file_records *r = &res->rec;
    r->path = job->path;
    r->lang = job->plugin->name;
    r->project = job->project;
    r->mtime_ns = mtime_ns;
    cortex_source_describe(r, *buf, len);
    if (job->unless_hash && strcmp(r->hash, job->unless_hash) == 0) {
        res->same_hash = 1;
        return;
    }
    const char *problem = cortex_source_extract(x, job->plugin, *buf, len, w->chunk, r);
    if (problem) res->problem = cortex_xstrdup(problem);
}

/* The next job a worker may start, or SIZE_MAX to wait; called with the lock held. */
static size_t claim(cortex_workers *w)
{
    if (w->next >= w->njobs) return SIZE_MAX;
    size_t i = w->order[w->next];
    /* The largest files start regardless of the window: they are first in `order`. */
    if (i >= w->taken + w->window && w->next >= w->nthreads * 2) return SIZE_MAX;
    w->next++;
    w->slots[i].state = 1;
    return i;
}

/* Whether jobs [lo, hi) are all done; called with the lock held. */
static int all_done(const cortex_workers *w, size_t lo, size_t hi)
{
    for (size_t i = lo; i < hi; i++)
        if (w->slots[i].state != 2) return 0;
    return 1;
}

static void *worker(void *arg)
{
    cortex_workers *w = arg;
    cortex_extract_limits limits = {w->parse_seconds, 0};
    cortex_extractor *x;
    cortex_extractor_new(&x, &limits);
    char *buf = NULL;
    size_t cap = 0;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        size_t i = SIZE_MAX;
        /* Wait while the next job is beyond the window; leave when none is left. */
        while (!w->stopping && w->next < w->njobs && (i = claim(w)) == SIZE_MAX)
            pthread_cond_wait(&w->changed, &w->lock);
        if (w->stopping || i == SIZE_MAX) break;
        pthread_mutex_unlock(&w->lock);
        run_job(w, x, i, &buf, &cap);
        pthread_mutex_lock(&w->lock);
        w->slots[i].state = 2;
        if (i >= w->await_lo && i < w->await_hi && all_done(w, w->await_lo, w->await_hi)) pthread_cond_signal(&w->ready);
    }
    pthread_mutex_unlock(&w->lock);
    free(buf);
    cortex_extractor_free(x);
    return NULL;
}

static int compare_size_desc(const void *a, const void *b, void *arg)
{
    const cortex_extract_job *jobs = arg;
    uint64_t x = jobs[*(const size_t *)a].size, y = jobs[*(const size_t *)b].size;
    if (x != y) return x > y ? -1 : 1;
    return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

cortex_workers *cortex_workers_start(const char *root, const cortex_extract_job *jobs, size_t njobs, unsigned threads,
                                     double parse_seconds, uint64_t max_line_length, const cortex_chunk_options *chunk)
{
    cortex_workers *w = cortex_xcalloc(1, sizeof *w);
    w->max_line_length = max_line_length;
    w->chunk = chunk;
    w->root = root;
    w->jobs = jobs;
    w->njobs = njobs;
    w->parse_seconds = parse_seconds;
    w->slots = cortex_xcalloc(njobs + 1, sizeof *w->slots);
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->changed, NULL);
    pthread_cond_init(&w->ready, NULL);
    if (threads <= 1 || njobs < 2) {
        cortex_extract_limits limits = {parse_seconds, 0};
        cortex_extractor_new(&w->inline_extractor, &limits);
        return w;
    }
    w->nthreads = threads;
    w->window = (size_t)threads * WINDOW_PER_THREAD;
    /* Of the 2N largest jobs, those big for their thread first; then the rest in path order. */
    w->order = cortex_xcalloc(njobs + 1, sizeof *w->order);
    for (size_t i = 0; i < njobs; i++) w->order[i] = i;
    size_t big = (size_t)threads * 2 < njobs ? (size_t)threads * 2 : njobs;
    size_t *by_size = cortex_xcalloc(njobs + 1, sizeof *by_size);
    memcpy(by_size, w->order, njobs * sizeof *by_size);
    qsort_r(by_size, njobs, sizeof *by_size, compare_size_desc, (void *)jobs);
    uint64_t bytes = 0;
    for (size_t i = 0; i < njobs; i++) bytes += jobs[i].size;
    while (big > 0 && jobs[by_size[big - 1]].size < bytes / threads / BIG_SHARE_OF_THREAD) big--;
    char *first = cortex_xcalloc(njobs + 1, 1);
    for (size_t k = 0; k < big; k++) first[by_size[k]] = 1;
    size_t at = 0;
    for (size_t k = 0; k < big; k++) w->order[at++] = by_size[k];
    for (size_t i = 0; i < njobs; i++)
        if (!first[i]) w->order[at++] = i;
    free(first);
    free(by_size);
    w->threads = cortex_xcalloc(threads, sizeof *w->threads);
    for (unsigned t = 0; t < threads; t++)
        if (pthread_create(&w->threads[t], NULL, worker, w) != 0) {
            w->nthreads = t; /* run with the ones that started; none: inline */
            break;
        }
    if (w->nthreads == 0) {
        cortex_extract_limits limits = {parse_seconds, 0};
        cortex_extractor_new(&w->inline_extractor, &limits);
    }
    return w;
}

cortex_extract_result *cortex_workers_take(cortex_workers *w, size_t i)
{
    if (w->nthreads == 0) {
        run_job(w, w->inline_extractor, i, &w->inline_buf, &w->inline_cap);
        w->slots[i].state = 2;
        return &w->slots[i].result;
    }
    pthread_mutex_lock(&w->lock);
    if (w->slots[i].state != 2) {
        /* all within the window, so the workers may start every one */
        w->await_lo = i;
        w->await_hi = w->njobs - i < TAKE_BATCH ? w->njobs : i + TAKE_BATCH;
        while (!all_done(w, w->await_lo, w->await_hi)) pthread_cond_wait(&w->ready, &w->lock);
        w->await_hi = 0;
    }
    pthread_mutex_unlock(&w->lock);
    return &w->slots[i].result;
}

void cortex_workers_release(cortex_workers *w, size_t i)
{
    cortex_extract_result *res = &w->slots[i].result;
    cortex_file_records_reset(&res->rec);
    free(res->problem);
    res->problem = NULL;
    pthread_mutex_lock(&w->lock);
    if (i + 1 > w->taken) w->taken = i + 1;
    pthread_cond_broadcast(&w->changed);
    pthread_mutex_unlock(&w->lock);
}

void cortex_workers_stop(cortex_workers *w)
{
    if (!w) return;
    pthread_mutex_lock(&w->lock);
    w->stopping = 1;
    pthread_cond_broadcast(&w->changed);
    pthread_mutex_unlock(&w->lock);
    for (unsigned t = 0; t < w->nthreads; t++) pthread_join(w->threads[t], NULL);
    for (size_t i = 0; i < w->njobs; i++) {
        cortex_file_records_reset(&w->slots[i].result.rec);
        free(w->slots[i].result.problem);
    }
    if (w->inline_extractor) cortex_extractor_free(w->inline_extractor);
    free(w->inline_buf);
    free(w->threads);
    free(w->order);
    free(w->slots);
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->changed);
    pthread_cond_destroy(&w->ready);
    free(w);
}
