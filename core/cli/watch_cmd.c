/* `cortex watch`: keeps a repository's index current as files change. */
#include "commands.h"

#include "../serve/serve.h"
#include "../util/error.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

static atomic_int stop;

static void on_signal(int sig)
{
    (void)sig;
    atomic_store(&stop, 1);
}

/* Says what each run did; a failed run is reported and the watch goes on. */
static void on_event(const cortex_serve_event *e, void *payload)
{
    const int *quiet = payload;
    if (e->kind != CORTEX_SERVE_INDEXED && e->kind != CORTEX_SERVE_REINDEXED) return;
    const cortex_index_report *r = e->report;
    if (e->rc != 0 && e->rc != CORTEX_ECANCELLED) {
        fprintf(stderr, "cortex watch: %s\n", e->message);
    } else if (e->rc == 0 && !*quiet) {
        if (e->kind == CORTEX_SERVE_INDEXED)
            printf("cortex: indexed %llu files; watching %u directories of %s (Ctrl-C stops)\n",
                   (unsigned long long)r->files, e->watched_dirs, r->root);
        else
            printf("cortex: re-indexed in %.2f s: %llu parsed, %llu unchanged, %llu removed\n", r->seconds,
                   (unsigned long long)(r->files - r->unchanged), (unsigned long long)r->unchanged,
                   (unsigned long long)r->removed);
        fflush(stdout);
    }
}

static void watch_usage(FILE *out)
{
    fprintf(out, "usage: cortex watch [PATH] [--pipeline NAME] [--quiet]\n\n"
                 "Indexes PATH (default: the current directory), then re-indexes what changed each\n"
                 "time files change (inotify, debounced), until interrupted. `cortex mcp` does the same\n"
                 "while it serves.\n");
}

int cortex_cmd_watch(int argc, char **argv)
{
    const char *root = ".", *pipeline = NULL;
    int quiet = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0) quiet = 1;
        else if (strcmp(argv[i], "--pipeline") == 0 && i + 1 < argc) pipeline = argv[++i];
        else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            watch_usage(stdout);
            return 0;
        } else if (argv[i][0] == '-') {
            watch_usage(stderr);
            return 2;
        } else root = argv[i];
    }
    cortex_repo *repo;
    if (cortex_repo_open(&repo, root) != 0) {
        fprintf(stderr, "cortex watch: %s\n", cortex_error_last());
        return 1; /* nothing to watch, as when the watch itself fails */
    }
    if (cortex_repo_config_error(repo)) {
        fprintf(stderr, "cortex watch: %s\n", cortex_repo_config_error(repo));
        cortex_repo_close(repo);
        return 2;
    }
    cortex_serve_options so = {.pipeline = pipeline ? pipeline : "default", .on_event = on_event, .payload = &quiet};
    cortex_serve *serve;
    if (cortex_serve_open(&serve, repo, &so) != 0) {
        fprintf(stderr, "cortex watch: %s\n", cortex_error_last());
        cortex_repo_close(repo);
        return 2;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    cortex_plugin_set *plugins = cortex_repo_plugins(repo);
    if (!quiet)
        for (size_t i = 0; i < plugins->nrefused; i++)
            fprintf(stderr, "cortex: warning: plugin %s refused: %s\n", plugins->refused[i].path, plugins->refused[i].reason);
    int rc = cortex_serve_watch(serve, 1, &stop);
    if (rc) fprintf(stderr, "cortex watch: %s\n", cortex_error_last());
    cortex_serve_close(serve);
    cortex_repo_close(repo);
    return rc ? 1 : 0;
}
