/* `cortex watch`: keeps a repository's index current as files change. */
#include "commands.h"

#include "../config/config.h"
#include "../index/pipeline.h"
#include "../index/watch.h"
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
    cortex_config config;
    if (cortex_config_load(&config, root) != 0) {
        fprintf(stderr, "cortex watch: %s\n", cortex_error_last());
        return 2;
    }
    cortex_index_options opts = {0};
    opts.root = root;
    opts.pipeline = cortex_config_pipeline(&config, pipeline);
    if (!opts.pipeline) {
        fprintf(stderr, "cortex watch: %s\n", cortex_error_last());
        cortex_config_dispose(&config);
        return 2;
    }
    opts.cancel = &stop;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    cortex_plugin_set *plugins = cortex_cli_load_plugins(quiet, 1);
    cortex_watch *w = NULL;
    int rc = cortex_watch_open(&w, root);
    for (int first = 1; rc == 0 && !atomic_load(&stop); first = 0) {
        if (!first) {
            int changed = cortex_watch_wait(w, 150, &stop);
            if (changed <= 0) {
                rc = changed < 0 ? changed : 0;
                break;
            }
        }
        cortex_index_report r;
        int ran = cortex_index_run(plugins, &opts, &r);
        if (ran != 0 && ran != CORTEX_ECANCELLED) {
            fprintf(stderr, "cortex watch: %s\n", cortex_error_last());
        } else if (ran == 0 && !quiet) {
            if (first)
                printf("cortex: indexed %llu files; watching %u directories of %s (Ctrl-C stops)\n",
                       (unsigned long long)r.files, cortex_watch_count(w), r.root);
            else
                printf("cortex: re-indexed in %.2f s: %llu parsed, %llu unchanged, %llu removed\n", r.seconds,
                       (unsigned long long)(r.files - r.unchanged), (unsigned long long)r.unchanged,
                       (unsigned long long)r.removed);
            fflush(stdout);
        }
        cortex_index_report_dispose(&r);
    }
    if (rc) fprintf(stderr, "cortex watch: %s\n", cortex_error_last());
    cortex_watch_close(w);
    cortex_plugin_set_free(plugins);
    cortex_config_dispose(&config);
    return rc ? 1 : 0;
}
