/*
 * The registered repositories: adding one (under a root, a git work tree,
 * a unique name), its pool of read connections (one per request in flight,
 * kept for the next), its background reindex (the flush_index tool on a
 * reader of its own, coalesced: a request while one runs joins it), and its
 * entry in /repos and /status.
 */
#define _GNU_SOURCE
#include "internal.h"

#include "../util/error.h"
#include "../walk/gitrepo.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <xxhash.h>

static void on_serve_event(const cortex_serve_event *e, void *payload)
{
    http_repo *r = payload;
    if (e->kind != CORTEX_SERVE_REINDEXED && e->kind != CORTEX_SERVE_INDEXED) {
        if (e->kind == CORTEX_SERVE_NOT_WATCHING) fprintf(stderr, "cortex serve: %s: not watching: %s\n", r->name, e->message);
        return;
    }
    pthread_mutex_lock(&r->lock);
    if (e->rc == 0) r->runs_ok++;
    else if (e->rc != CORTEX_ECANCELLED) r->runs_failed++;
    pthread_mutex_unlock(&r->lock);
}

static int valid_name(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > 64 || strcmp(name, ".") == 0 || strcmp(name, "..") == 0) return 0;
    for (const char *c = name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '.' ||
              *c == '_' || *c == '-'))
            return 0;
    return 1;
}

http_repo *http_repo_find(http_service *svc, const char *key)
{
    http_repo *found = NULL;
    pthread_mutex_lock(&svc->lock);
    for (size_t i = 0; i < svc->nrepos && !found; i++)
        if (strcmp(svc->repos[i]->id, key) == 0 || strcmp(svc->repos[i]->name, key) == 0) found = svc->repos[i];
    pthread_mutex_unlock(&svc->lock);
    return found;
}

static int refuse(int *status, const char **code, const char **hint, int http, const char *c, const char *h, int rc)
{
    *status = http;
    *code = c;
    *hint = h;
    return rc;
}

int http_repo_add(http_repo **out, http_service *svc, const char *path, const char *name, int *status,
                  const char **code, const char **hint)
{
    *out = NULL;
    char real[PATH_MAX];
    if (!path || path[0] != '/')
        return refuse(status, code, hint, 400, "invalid_argument", "give the repository's absolute path",
                      cortex_error_set(CORTEX_EINVALID, "path must be an absolute path"));
    if (!realpath(path, real))
        return refuse(status, code, hint, 404, "not_found", "check the path on the service's machine",
                      cortex_error_set(CORTEX_ENOTFOUND, "no directory %s", path));
    /* realpath followed every link: a link under a root to elsewhere is judged by where it leads */
    if (!http_under_roots(svc, real))
        return refuse(status, code, hint, 403, "outside_roots",
                      "only repositories under the service's roots (--root) can be added",
                      cortex_error_set(CORTEX_EINVALID, "%s is not under a root the service serves", real));
    cortex_gitrepo g;
    if (cortex_gitrepo_open(&g, real) != 0)
        return refuse(status, code, hint, 400, "not_a_repository", "give the top of a git work tree (the directory holding .git)",
                      cortex_error_set(CORTEX_EINVALID, "%s is not the top of a git work tree", real));
    cortex_gitrepo_dispose(&g);
    const char *base = strrchr(real, '/');
    base = base && base[1] ? base + 1 : "root";
    const char *want = name ? name : base;
    if (!valid_name(want))
        return refuse(status, code, hint, 400, "invalid_argument", "a name is 1 to 64 of A-Z a-z 0-9 . _ -",
                      cortex_error_set(CORTEX_EINVALID, "name \"%.80s\" is not a valid repository name", want));
    char id[17];
    snprintf(id, sizeof id, "%016llx", (unsigned long long)XXH3_64bits(real, strlen(real)));

    pthread_mutex_lock(&svc->lock);
    for (size_t i = 0; i < svc->nrepos; i++) {
        http_repo *r = svc->repos[i];
        if (strcmp(r->id, id) == 0) {
            *out = r; /* registered before: the same entry */
            pthread_mutex_unlock(&svc->lock);
            return 0;
        }
        if (strcmp(r->name, want) == 0 || strcmp(r->id, want) == 0) {
            pthread_mutex_unlock(&svc->lock);
            return refuse(status, code, hint, 409, "name_taken", "give another name",
                          cortex_error_set(CORTEX_EINVALID, "the name \"%s\" is taken by %s", want, r->root));
        }
    }
    http_repo *r = cortex_xcalloc(1, sizeof *r);
    memcpy(r->id, id, sizeof id);
    r->name = cortex_xstrdup(want);
    r->root = cortex_xstrdup(real);
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->idle, NULL);
    int rc = cortex_repo_open(&r->repo, real);
    cortex_serve_options so = {.on_event = on_serve_event, .payload = r};
    if (rc == 0) rc = cortex_serve_open(&r->serve, r->repo, &so);
    if (rc) {
        pthread_mutex_unlock(&svc->lock);
        cortex_repo_close(r->repo);
        free(r->name);
        free(r->root);
        free(r);
        return refuse(status, code, hint, 500, "internal_error", "see the service's log", rc);
    }
    cortex_mcp_repo_setup(r->repo, &svc->mcp, "cortex serve");
    *CORTEX_PUSH(svc->repos, svc->nrepos, svc->caprepos) = r;
    pthread_mutex_unlock(&svc->lock);

    cortex_reader *reader = http_reader_take(r);
    int indexed = reader && cortex_reader_ready(reader);
    if (reader) http_reader_put(r, reader);
    if (!indexed) http_repo_reindex(r, NULL);
    else http_lazy_discard_leftover(r);
    if (svc->opts.watch) cortex_serve_start_watch(r->serve);
    fprintf(stderr, "cortex serve: serving %s as %s (%s)%s\n", real, r->name, r->id, indexed ? "" : "; indexing it");
    *out = r;
    return 0;
}

cortex_reader *http_reader_take(http_repo *r)
{
    cortex_reader *reader = NULL;
    pthread_mutex_lock(&r->lock);
    if (r->nreaders) reader = r->readers[--r->nreaders];
    pthread_mutex_unlock(&r->lock);
    if (!reader && cortex_reader_open(&reader, r->repo) != 0) return NULL; /* the message is set */
    cortex_reader_reopen(reader);
    return reader;
}

void http_reader_put(http_repo *r, cortex_reader *reader)
{
    pthread_mutex_lock(&r->lock);
    *CORTEX_PUSH(r->readers, r->nreaders, r->capreaders) = reader;
    pthread_mutex_unlock(&r->lock);
}

typedef struct run_arg {
    http_repo *r;
    char *glob;
} run_arg;

static void *run_reindex(void *arg)
{
    http_repo *r = arg;
    const cortex_tool *t = cortex_tool_find("flush_index");
    cortex_reader *reader = http_reader_take(r);
    json_t *args = json_object();
    if (!reader) {
        pthread_mutex_lock(&r->lock);
        r->runs_failed++;
        free(r->last_error);
        r->last_error = cortex_xstrdup(cortex_error_last());
        r->running = 0;
        pthread_cond_broadcast(&r->idle);
        pthread_mutex_unlock(&r->lock);
        json_decref(args);
        return NULL;
    }
    pthread_mutex_lock(&r->lock);
    if (r->glob) json_object_set_new(args, "glob", json_string(r->glob));
    pthread_mutex_unlock(&r->lock);
    cortex_tool_ctx ctx = {.reader = reader, .cancelled = &r->stop, .background = 1};
    json_t *result = NULL;
    cortex_tool_outcome o = cortex_tool_call(&result, &ctx, t, args);
    http_reader_put(r, reader);
    pthread_mutex_lock(&r->lock);
    if (o == CORTEX_TOOL_OK) {
        r->runs_ok++;
    } else if (o == CORTEX_TOOL_FAILED) {
        r->runs_failed++;
        free(r->last_error);
        r->last_error = cortex_xstrdup(json_string_value(json_object_get(result, "error")));
        fprintf(stderr, "cortex serve: %s: reindex failed: %s\n", r->name, r->last_error);
    }
    r->running = 0;
    free(r->glob);
    r->glob = NULL;
    pthread_cond_broadcast(&r->idle);
    pthread_mutex_unlock(&r->lock);
    /* an index is committed: early queries' partial store is served no more */
    if (o == CORTEX_TOOL_OK) http_lazy_drop(r);
    json_decref(result);
    json_decref(args);
    return NULL;
}

int http_repo_reindex(http_repo *r, const char *glob)
{
    pthread_mutex_lock(&r->lock);
    if (r->running) {
        pthread_mutex_unlock(&r->lock);
        return 0;
    }
    /* the last run's thread has ended its work (running is 0): reap it */
    if (r->runner_started) pthread_join(r->runner, NULL);
    r->runner_started = 0;
    r->running = 1;
    r->glob = glob ? cortex_xstrdup(glob) : NULL;
    cortex_repo_plugins(r->repo); /* loaded here, before the thread needs them */
    if (pthread_create(&r->runner, NULL, run_reindex, r) == 0) {
        r->runner_started = 1;
    } else {
        r->running = 0;
        free(r->glob);
        r->glob = NULL;
    }
    int started = r->runner_started;
    pthread_mutex_unlock(&r->lock);
    return started;
}

int http_repo_wait_first(http_repo *r, cortex_reader *reader, const atomic_int *cancelled)
{
    if (cortex_reader_ready(reader)) return 0;
    int gone = 0;
    pthread_mutex_lock(&r->lock);
    /* woken every 100 ms to see whether the request is still wanted */
    while (r->running && !(gone = cancelled && atomic_load(cancelled))) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 100 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&r->idle, &r->lock, &until);
    }
    pthread_mutex_unlock(&r->lock);
    if (gone) return -1;
    cortex_reader_reopen(reader);
    return 0;
}

void http_repo_commit(const http_repo *r, char out[41])
{
    out[0] = '\0';
    cortex_gitrepo g;
    if (cortex_gitrepo_open(&g, r->root) != 0) return;
    if (cortex_gitrepo_head(out, &g) != 0) out[0] = '\0';
    cortex_gitrepo_dispose(&g);
}

json_t *http_repo_json(http_repo *r)
{
    cortex_reader *reader = http_reader_take(r);
    int64_t generation = reader ? cortex_reader_generation(reader) : 0;
    int64_t files = reader ? cortex_reader_files(reader) : 0;
    int ready = reader && cortex_reader_ready(reader);
    if (reader) http_reader_put(r, reader);
    char sha[41];
    http_repo_commit(r, sha);
    struct stat st;
    int64_t bytes = stat(cortex_repo_store_path(r->repo), &st) == 0 ? (int64_t)st.st_size : 0;
    pthread_mutex_lock(&r->lock);
    const char *status = r->running ? "indexing" : ready ? "ready" : r->last_error ? "error" : "not_indexed";
    json_t *j = json_pack("{s:s,s:s,s:s,s:s,s:I,s:s?,s:I,s:I,s:I,s:I}", "repo_id", r->id, "name", r->name, "repo_root",
                          r->root, "status", status, "generation", (json_int_t)generation, "commit_sha",
                          sha[0] ? sha : NULL, "files", (json_int_t)files, "store_bytes", (json_int_t)bytes,
                          "index_runs", (json_int_t)r->runs_ok, "index_failures", (json_int_t)r->runs_failed);
    if (r->last_error) json_object_set_new(j, "last_error", json_string(r->last_error));
    pthread_mutex_unlock(&r->lock);
    return j;
}

void http_repos_free(http_service *svc)
{
    for (size_t i = 0; i < svc->nrepos; i++) {
        http_repo *r = svc->repos[i];
        atomic_store(&r->stop, 1);
        cortex_serve_close(r->serve);
        if (r->runner_started) pthread_join(r->runner, NULL);
        http_lazy_free(r);
        for (size_t k = 0; k < r->nreaders; k++) cortex_reader_close(r->readers[k]);
        free(r->readers);
        cortex_repo_close(r->repo);
        pthread_mutex_destroy(&r->lock);
        pthread_cond_destroy(&r->idle);
        free(r->last_error);
        free(r->glob);
        free(r->name);
        free(r->root);
        free(r);
    }
    free(svc->repos);
    svc->repos = NULL;
    svc->nrepos = 0;
}
