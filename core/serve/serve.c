/*
 * The live repository behind every front end: the background first index,
 * the watch loop (and its thread), waiting for the index, and the generation
 * of completed runs, guarded by one mutex so any thread may wait on them.
 */
#define _POSIX_C_SOURCE 200809L
#include "serve.h"

#include "../index/supervise.h"
#include "../index/watch.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct cortex_serve {
    cortex_repo *repo; /* borrowed */
    int can_index;       /* 0 when the configuration does not load: nothing is indexed */
    const cortex_pipeline_config *pipeline; /* NULL = the built-in defaults */
    int quiet_ms;
    cortex_serve_event_cb on_event;
    void *payload;

    pthread_mutex_t lock; /* guards indexing and generation */
    pthread_cond_t changed;
    int64_t generation;

    /* The first index of a repository without one runs beside the front end,
     * so it answers the handshake and discovery at once; a request that needs
     * the index waits for it. */
    pthread_t indexer;
    int indexer_started; /* joined at close */
    int indexing;        /* running now; guarded by lock */
    atomic_int stop_indexing;

    pthread_t watcher;
    int watching;
    atomic_int stop_watching;
};

static void tell(cortex_serve *s, cortex_serve_event *e)
{
    pthread_mutex_lock(&s->lock);
    e->generation = s->generation;
    pthread_mutex_unlock(&s->lock);
    if (s->on_event) s->on_event(e, s->payload);
}

/* One index run of the whole repository; the generation moves when it succeeds. */
static int run(cortex_serve *s, const atomic_int *cancel, cortex_index_report *report)
{
    cortex_index_options o = {0};
    o.root = cortex_repo_root(s->repo);
    o.pipeline = s->pipeline;
    o.cancel = cancel;
    o.background = 1; /* the answers the front end gives meanwhile come first */
    int rc = cortex_index_run_isolated(report, cortex_repo_plugins(s->repo), &o);
    if (rc == 0) {
        pthread_mutex_lock(&s->lock);
        s->generation++;
        pthread_cond_broadcast(&s->changed);
        pthread_mutex_unlock(&s->lock);
    }
    return rc;
}

int cortex_serve_open(cortex_serve **out, cortex_repo *repo, const cortex_serve_options *opts)
{
    *out = NULL;
    const cortex_config *config = cortex_repo_config(repo);
    const char *name = opts ? opts->pipeline : NULL;
    const cortex_pipeline_config *pipeline = config ? cortex_config_pipeline(config, name) : NULL;
    if (config && name && !pipeline) return CORTEX_ENOTFOUND; /* the message is set */
    cortex_serve *s = cortex_xcalloc(1, sizeof *s);
    s->repo = repo;
    s->can_index = config != NULL;
    s->pipeline = pipeline;
    s->quiet_ms = opts && opts->quiet_ms > 0 ? opts->quiet_ms : CORTEX_SERVE_QUIET_MS;
    s->on_event = opts ? opts->on_event : NULL;
    s->payload = opts ? opts->payload : NULL;
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->changed, NULL);
    *out = s;
    return 0;
}

void cortex_serve_close(cortex_serve *s)
{
    if (!s) return;
    if (s->watching) {
        atomic_store(&s->stop_watching, 1);
        pthread_join(s->watcher, NULL);
    }
    if (s->indexer_started) {
        atomic_store(&s->stop_indexing, 1); /* the client is gone: the store keeps its previous state */
        pthread_join(s->indexer, NULL);
    }
    pthread_cond_destroy(&s->changed);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

static void *index_in_background(void *arg)
{
    cortex_serve *s = arg;
    cortex_index_report report;
    int rc = run(s, &s->stop_indexing, &report);
    cortex_serve_event e = {.kind = CORTEX_SERVE_INDEXED, .rc = rc, .report = &report};
    if (rc) e.message = cortex_error_last();
    tell(s, &e);
    cortex_index_report_dispose(&report);
    pthread_mutex_lock(&s->lock);
    s->indexing = 0;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

void cortex_serve_start_index(cortex_serve *s)
{
    if (s->indexer_started || !s->can_index) return;
    cortex_serve_event e = {.kind = CORTEX_SERVE_INDEX_STARTED};
    tell(s, &e);
    cortex_repo_plugins(s->repo); /* loaded here, before the thread needs them */
    s->indexing = 1;
    s->indexer_started = pthread_create(&s->indexer, NULL, index_in_background, s) == 0;
    if (!s->indexer_started) s->indexing = 0;
}

void cortex_serve_wait_index(cortex_serve *s)
{
    pthread_mutex_lock(&s->lock);
    while (s->indexing) pthread_cond_wait(&s->changed, &s->lock);
    pthread_mutex_unlock(&s->lock);
}

static uint64_t watch_clock(void *w) { return cortex_watch_clock(w); }

/* What a run may index: the files a plugin claims under the pipeline's
 * settings, as the walk chooses them. */
typedef struct watch_scope {
    const cortex_plugin_set *plugins;
    cortex_walk_options walk;
} watch_scope;

/* Whether a change to `path` may change the index: a file a plugin claims,
 * or a .gitignore (which decides what the walk takes). Ignore rules and
 * the pipeline's globs are left to the run: an event they would drop still
 * starts one, which finds nothing to do. */
static int may_be_indexed(void *arg, const char *path)
{
    const watch_scope *scope = arg;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    return strcmp(base, ".gitignore") == 0 || cortex_walk_choose_plugin(scope->plugins, &scope->walk, path) != NULL;
}

int cortex_serve_watch(cortex_serve *s, int index_first, const atomic_int *stop)
{
    if (!s->can_index) return cortex_error_set(CORTEX_EINVALID, "%s", cortex_repo_config_error(s->repo));
    cortex_watch *w;
    int rc = cortex_watch_open(&w, cortex_repo_root(s->repo));
    if (rc) return rc;
    watch_scope scope = {.plugins = cortex_repo_plugins(s->repo)};
    cortex_index_walk_options(&scope.walk, s->pipeline, 0);
    cortex_watch_set_filter(w, may_be_indexed, &scope);
    cortex_serve_event watching = {.kind = CORTEX_SERVE_WATCHING, .watched_dirs = cortex_watch_count(w)};
    tell(s, &watching);
    cortex_repo_set_change_clock(s->repo, watch_clock, w);
    /* here, not in the first call that takes one */
    cortex_serve_event checked = {.kind = CORTEX_SERVE_KEPT_CHECKED};
    checked.kept_current = cortex_repo_check_kept_answers(s->repo, &checked.kept_checked);
    tell(s, &checked);
    for (int first = index_first; !atomic_load(stop); first = 0) {
        if (!first) {
            int changed = cortex_watch_wait(w, s->quiet_ms, stop);
            if (changed <= 0) {
                rc = changed;
                break;
            }
        }
        cortex_index_report report;
        int ran = run(s, stop, &report);
        cortex_serve_event e = {.kind = first ? CORTEX_SERVE_INDEXED : CORTEX_SERVE_REINDEXED, .rc = ran,
                                .report = &report, .watched_dirs = cortex_watch_count(w)};
        if (ran) e.message = cortex_error_last();
        tell(s, &e);
        cortex_index_report_dispose(&report);
    }
    cortex_repo_set_change_clock(s->repo, NULL, NULL); /* no reader reads the watch past here */
    cortex_watch_close(w);
    cortex_index_walk_options_free(&scope.walk);
    return rc;
}

static void *watch_thread(void *arg)
{
    cortex_serve *s = arg;
    if (cortex_serve_watch(s, 0, &s->stop_watching) != 0) {
        cortex_serve_event e = {.kind = CORTEX_SERVE_NOT_WATCHING, .message = cortex_error_last()};
        tell(s, &e);
    }
    return NULL;
}

void cortex_serve_start_watch(cortex_serve *s)
{
    if (s->watching || !s->can_index) return;
    cortex_repo_plugins(s->repo); /* loaded here, before the thread needs them */
    s->watching = pthread_create(&s->watcher, NULL, watch_thread, s) == 0;
}

int64_t cortex_serve_generation(cortex_serve *s)
{
    pthread_mutex_lock(&s->lock);
    int64_t g = s->generation;
    pthread_mutex_unlock(&s->lock);
    return g;
}

int64_t cortex_serve_wait_generation(cortex_serve *s, int64_t after, int timeout_ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&s->lock);
    while (s->generation <= after)
        if (pthread_cond_timedwait(&s->changed, &s->lock, &until) != 0) break;
    int64_t g = s->generation;
    pthread_mutex_unlock(&s->lock);
    return g;
}
