/*
 * The "speed of light" for `cortex index`: the same walk, reads, tree-sitter
 * parse and plugin queries (every match iterated, its predicates checked), and
 * nothing else: no records, no sinks. The gap to `cortex index` is cortex's own.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "index/source.h"
#include "plugin/loader.h"
#include "util/error.h"
#include "walk/walker.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct floor_totals {
    uint64_t files, bytes, matches, accepted, skipped;
} floor_totals;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Parses one file and runs its plugin's queries over the whole tree, as the
 * extractor does (compiled as one: one walk), but keeps only counts. */
static void floor_file(TSParser *parser, TSQueryCursor *cursor, const cortex_language_plugin *p, const char *src,
                       size_t len, floor_totals *t)
{
    ts_parser_set_language(parser, p->language);
    TSTree *tree = ts_parser_parse_string(parser, NULL, src, (uint32_t)len);
    if (!tree) return;
    TSNode root = ts_tree_root_node(tree);
    for (uint32_t qi = 0; qi < p->nqueries; qi++) {
        const cortex_compiled_query *q = &p->queries[qi];
        ts_query_cursor_exec(cursor, q->query, root);
        TSQueryMatch m;
        while (ts_query_cursor_next_match(cursor, &m)) {
            t->matches++;
            if (cortex_compiled_query_accepts(q, &m, src)) t->accepted++;
        }
    }
    ts_tree_delete(tree);
}

/* N threads take files in turn, each with its own parser, cursor and totals,
 * as the indexer's workers do. */
typedef struct floor_run {
    const char *root;
    const cortex_walk *walk;
    atomic_size_t next;
} floor_run;

typedef struct floor_worker {
    floor_run *run;
    floor_totals t;
    pthread_t thread;
} floor_worker;

static void *floor_worker_main(void *arg)
{
    floor_worker *w = arg;
    TSParser *parser = ts_parser_new();
    TSQueryCursor *cursor = ts_query_cursor_new();
    char *data = NULL;
    size_t cap = 0, len = 0;
    char abs[PATH_MAX + 1];
    for (size_t i; (i = atomic_fetch_add(&w->run->next, 1)) < w->run->walk->nfiles;) {
        const cortex_walk_file *f = &w->run->walk->files[i];
        snprintf(abs, sizeof abs, "%s/%s", w->run->root, f->path);
        /* the pipeline's own reader, so binary and unreadable files drop out the same way */
        if (cortex_source_read(abs, &data, &cap, &len, NULL)) {
            w->t.skipped++;
            continue;
        }
        if (cortex_plugin_queries(f->plugin) != 0) { /* queries that do not compile: the index skips the file too */
            w->t.skipped++;
            continue;
        }
        floor_file(parser, cursor, f->plugin, data, len, &w->t);
        w->t.files++;
        w->t.bytes += len;
    }
    free(data);
    ts_query_cursor_delete(cursor);
    ts_parser_delete(parser);
    return NULL;
}

int main(int argc, char **argv)
{
    unsigned threads = 1;
    if (argc == 4 && strcmp(argv[1], "--threads") == 0) {
        threads = (unsigned)atoi(argv[2]);
        argv += 2;
        argc -= 2;
    }
    if (argc != 2 || argv[1][0] == '-' || threads < 1 || threads > 256) {
        fprintf(stderr, "usage: cortex-floor [--threads N] DIR\n\n"
                        "Walks, reads, parses and queries DIR as `cortex index` would, with nothing else,\n"
                        "on N threads (default 1), and prints:\n"
                        "files=N bytes=N seconds=S matches=N accepted=N skipped=N\n");
        return 2;
    }
    double t0 = now_seconds();
    char *search = cortex_plugin_default_search_path();
    cortex_plugin_set *plugins;
    cortex_plugin_set_load_lazy(&plugins, search); /* as `cortex index`: only the plugins a file needs compile */
    free(search);
    for (size_t i = 0; i < plugins->nrefused; i++)
        fprintf(stderr, "cortex-floor: refused %s: %s\n", plugins->refused[i].path, plugins->refused[i].reason);
    if (plugins->count == 0) {
        fprintf(stderr, "cortex-floor: no language plugins loaded; set $CORTEX_PLUGIN_PATH\n");
        cortex_plugin_set_free(plugins);
        return 1;
    }

    char root[PATH_MAX];
    if (!realpath(argv[1], root)) {
        perror(argv[1]);
        cortex_plugin_set_free(plugins);
        return 1;
    }
    cortex_walk walk;
    cortex_walk_options wopts = {.max_file_size = CORTEX_DEFAULT_MAX_FILE_SIZE};
    if (cortex_walk_run(&walk, root, plugins, &wopts) != 0) {
        fprintf(stderr, "cortex-floor: %s\n", cortex_error_last());
        cortex_plugin_set_free(plugins);
        return 1;
    }

    floor_run run = {root, &walk, 0};
    floor_worker *workers = calloc(threads, sizeof *workers);
    for (unsigned k = 0; k < threads; k++) {
        workers[k].run = &run;
        pthread_create(&workers[k].thread, NULL, floor_worker_main, &workers[k]);
    }
    floor_totals t = {0};
    for (unsigned k = 0; k < threads; k++) {
        pthread_join(workers[k].thread, NULL);
        t.files += workers[k].t.files;
        t.bytes += workers[k].t.bytes;
        t.matches += workers[k].t.matches;
        t.accepted += workers[k].t.accepted;
        t.skipped += workers[k].t.skipped;
    }
    free(workers);
    double seconds = now_seconds() - t0;
    printf("files=%llu bytes=%llu seconds=%.3f matches=%llu accepted=%llu skipped=%llu\n", (unsigned long long)t.files,
           (unsigned long long)t.bytes, seconds, (unsigned long long)t.matches, (unsigned long long)t.accepted,
           (unsigned long long)(t.skipped + walk.nskipped));

    cortex_walk_dispose(&walk);
    cortex_plugin_set_free(plugins);
    return 0;
}
