/* `cortex index`: runs the pipeline and reports what it found and what it skipped. */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"

#include "../index/pipeline.h"
#include "../index/supervise.h"
#include "../store/totals.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <getopt.h>
#include <limits.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SKIPS_SHOWN_PER_REASON 5
#define PARSE_ERRORS_SHOWN 5
/* A time left is shown once this many seconds and this fraction (1/N) of the bytes to parse have gone by. */
#define ETA_AFTER_SECONDS 2.0
#define ETA_AFTER_PARTS 10

static void say_waiting(long pid, void *payload)
{
    (void)payload;
    fprintf(stderr, "cortex index: waiting for another indexer (pid %ld) to finish with this repository\n", pid);
}

/* How progress is shown: a redrawn bar on a terminal, a plain line every
 * few seconds otherwise, JSON lines with --json. */
typedef enum { PROGRESS_BAR, PROGRESS_LINES, PROGRESS_JSON } progress_style;

typedef struct progress_state {
    progress_style style;
    double start, last;
    int committing_shown; /* the bar's commit line, cleared when the run ends */
} progress_state;

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void show_progress(const cortex_index_progress *at, void *payload)
{
    progress_state *p = payload;
    size_t done = at->done, total = at->total;
    double now = seconds_now();
    double every = p->style == PROGRESS_BAR ? 0.1 : p->style == PROGRESS_JSON ? 0.5 : 5.0;
    if (done < total && now - p->last < every) return;
    p->last = now;
    double elapsed = now - p->start;
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    /* The time left goes by the bytes parsed, not the files: one file of a
     * run can take longer than a thousand others (a generated table against
     * a header). The first files say little about the rest: the workers
     * start the largest first and the sinks take files in path order, so an
     * early rate is far off. No estimate until enough of the run has gone by. */
    double part = at->bytes_total ? (double)at->bytes_done / (double)at->bytes_total
                  : total        ? (double)done / (double)total
                                 : 1.0;
    double eta = done == total ? 0 : part > 0 ? elapsed * (1 - part) / part : 0;
    int eta_known = done == total || (elapsed >= ETA_AFTER_SECONDS && part * ETA_AFTER_PARTS >= 1.0);
    if (p->style == PROGRESS_JSON) {
        char eta_text[32] = "null";
        if (eta_known) snprintf(eta_text, sizeof eta_text, "%.1f", eta);
        fprintf(stderr,
                "{\"progress\":%zu,\"total\":%zu,\"bytes\":%llu,\"bytes_total\":%llu,\"files_per_second\":%.0f,"
                "\"eta_seconds\":%s}\n",
                done, total, (unsigned long long)at->bytes_done, (unsigned long long)at->bytes_total, rate, eta_text);
    } else if (p->style == PROGRESS_LINES) {
        if (eta_known)
            fprintf(stderr, "cortex: indexed %zu/%zu files, %.0f files/s, about %.0f s of parsing left\n", done, total, rate, eta);
        else
            fprintf(stderr, "cortex: indexed %zu/%zu files, %.0f files/s\n", done, total, rate);
    } else {
        enum { WIDTH = 24 };
        size_t filled = total ? done * WIDTH / total : WIDTH;
        char bar[WIDTH + 1];
        for (size_t i = 0; i < WIDTH; i++) bar[i] = i < filled ? '#' : '.';
        bar[WIDTH] = '\0';
        fprintf(stderr, "\rcortex: [%s] %zu/%zu files, %.0f files/s", bar, done, total, rate);
        if (eta_known) fprintf(stderr, ", ETA %.0f s", eta);
        fputs(" \033[K", stderr);
        if (done == total) fputs("\r\033[K", stderr);
    }
    fflush(stderr);
}

/* The sinks commit: on a large repository the store's indexes and full-text
 * tables take seconds after the last file, which the bar would leave silent. */
static void show_committing(size_t files, void *payload)
{
    progress_state *p = payload;
    if (p->style == PROGRESS_JSON) {
        fprintf(stderr, "{\"phase\":\"commit\",\"files\":%zu}\n", files);
    } else if (p->style == PROGRESS_LINES) {
        if (seconds_now() - p->start >= 5.0) fprintf(stderr, "cortex: indexed %zu files; writing the store\n", files);
    } else {
        fprintf(stderr, "\rcortex: %zu files; writing the store (indexes, full-text tables)\033[K", files);
        p->committing_shown = 1;
    }
    fflush(stderr);
}

static void index_usage(FILE *out)
{
    fprintf(out,
            "usage: cortex index [PATH] [--pipeline NAME] [--full] [--threads N] [--out DIR] [--quiet] [--json] [--max-file-size BYTES]\n\n"
            "Indexes PATH (default: the current directory) into PATH/.cortex/:\n"
            "  cortex.db   SQLite store with full-text search (local, derived)\n"
            "  index/      deterministic JSONL index, safe to commit\n"
            "  chunks/     docs by section, code files in three tiers (JSONL)\n\n"
            "options:\n"
            "  --out DIR             write the index data to DIR instead of PATH/.cortex (read-only trees)\n"
            "  --quiet               print nothing but errors\n"
            "  --json                print the report as JSON\n"
            "  --max-file-size BYTES skip larger files (default 1048576)\n"
            "  --sink NAME           write only to this sink (sqlite, jsonl, chunks); repeatable; default the pipeline's\n"
            "  --full                re-parse every file, even those unchanged since the last run\n"
            "  --threads N           extraction threads (default: the number of cores); output does not depend on N\n"
            "  --pipeline NAME       run the pipeline of that name from .cortex/config.yml (default: \"default\")\n"
            "  --no-wait             fail at once when another indexer holds the repository, instead of waiting\n"
            "  --from-jsonl          rebuild the store from the committed JSONL index (index/, chunks/), parsing nothing\n");
}

/* The index's totals after the run, from the store; 0 when there is none
 * (a run that wrote only other sinks) or it cannot be read. */
static int read_totals(cortex_store_totals *out, const cortex_index_report *r)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/cortex.db", r->data_dir) >= (int)sizeof path || access(path, F_OK) != 0) return 0;
    cortex_store *store;
    if (cortex_store_open(&store, path, CORTEX_STORE_READ) != 0) return 0;
    int ok = cortex_store_totals_read(out, store) == 0;
    cortex_store_close(store);
    return ok;
}

static json_t *report_json(const cortex_index_report *r, const cortex_store_totals *totals)
{
    json_t *langs = json_object();
    for (size_t i = 0; i < r->nlangs; i++) {
        const cortex_language_stats *l = &r->langs[i];
        json_object_set_new(langs, l->lang,
                            json_pack("{s:I,s:I,s:I,s:I,s:I}", "files", (json_int_t)l->files, "bytes", (json_int_t)l->bytes,
                                      "symbols", (json_int_t)l->symbols, "references", (json_int_t)l->refs, "texts",
                                      (json_int_t)l->texts));
    }
    json_t *skipped = json_array();
    for (size_t i = 0; i < r->walk.nskipped; i++)
        json_array_append_new(skipped, json_pack("{s:s,s:s}", "path", r->walk.skipped[i].path, "reason", r->walk.skipped[i].reason));
    json_t *problems = json_array();
    for (size_t i = 0; i < r->nproblems; i++)
        json_array_append_new(problems, json_pack("{s:s,s:s}", "path", r->problems[i].path, "message", r->problems[i].message));
    json_t *parse_errors = json_array();
    for (size_t i = 0; i < r->nparse_errors; i++) json_array_append_new(parse_errors, json_string(r->parse_errors[i]));
    json_t *notes = json_array();
    if (r->walk.note) json_array_append_new(notes, json_string(r->walk.note));
    json_t *j = json_pack("{s:s,s:s,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:o,s:o,s:o,s:I,s:I,s:I,s:o,s:o,s:f}", "root", r->root, "data_dir",
                     r->data_dir, "files", (json_int_t)r->files, "bytes", (json_int_t)r->bytes, "symbols",
                     (json_int_t)r->symbols, "references", (json_int_t)r->refs, "texts", (json_int_t)r->texts, "removed",
                     (json_int_t)r->removed, "unchanged", (json_int_t)r->unchanged, "languages", langs, "skipped", skipped, "notes", notes, "ignored",
                     (json_int_t)r->walk.ignored,
                     "unsupported", (json_int_t)r->walk.unsupported, "files_with_parse_errors",
                     (json_int_t)r->files_with_parse_errors, "parse_errors", parse_errors, "problems", problems, "seconds",
                     r->seconds);
    /* files, symbols, references and texts above count what this run parsed; the index's totals beside them */
    json_object_set_new(j, "parsed", json_integer((json_int_t)(r->files - r->unchanged)));
    json_object_set_new(j, "index",
                        totals ? json_pack("{s:I,s:I,s:I,s:I,s:I}", "files", (json_int_t)totals->files, "symbols",
                                           (json_int_t)totals->symbols, "references", (json_int_t)totals->refs, "texts",
                                           (json_int_t)totals->texts, "files_with_parse_errors",
                                           (json_int_t)totals->parse_errors)
                               : json_null());
    return j;
}

static void print_skips(const cortex_index_report *r)
{
    /* grouped by reason, in order of first appearance */
    const char *reasons[32];
    size_t nreasons = 0;
    for (size_t i = 0; i < r->walk.nskipped && nreasons < 32; i++) {
        size_t k = 0;
        while (k < nreasons && strcmp(reasons[k], r->walk.skipped[i].reason) != 0) k++;
        if (k == nreasons) reasons[nreasons++] = r->walk.skipped[i].reason;
    }
    for (size_t k = 0; k < nreasons; k++) {
        size_t count = 0;
        for (size_t i = 0; i < r->walk.nskipped; i++)
            if (strcmp(r->walk.skipped[i].reason, reasons[k]) == 0) count++;
        printf("  skipped %zu: %s\n", count, reasons[k]);
        size_t shown = 0;
        for (size_t i = 0; i < r->walk.nskipped && shown < SKIPS_SHOWN_PER_REASON; i++)
            if (strcmp(r->walk.skipped[i].reason, reasons[k]) == 0) {
                printf("    %s\n", r->walk.skipped[i].path);
                shown++;
            }
        if (count > shown) printf("    ... and %zu more (see --json)\n", count - shown);
    }
}

static void print_report(const cortex_index_report *r, const cortex_store_totals *totals, int walked)
{
    double mb = (double)r->bytes / 1e6;
    printf("cortex: indexed %s in %.2f s (%.0f files/s, %.1f MB/s)\n", r->root, r->seconds,
           r->seconds > 0 ? (double)r->files / r->seconds : 0.0, r->seconds > 0 ? mb / r->seconds : 0.0);
    /* The table below counts what this run parsed: after a run that changed
     * nothing it says 0 symbols, so the index's totals come first. */
    if (totals)
        printf("  in the index: %llu files, %llu symbols, %llu references, %llu texts; parsed now: %llu files (%llu unchanged)\n",
               (unsigned long long)totals->files, (unsigned long long)totals->symbols, (unsigned long long)totals->refs,
               (unsigned long long)totals->texts, (unsigned long long)(r->files - r->unchanged),
               (unsigned long long)r->unchanged);
    printf("  by language (symbols, refs and texts of the files parsed now):\n");
    printf("  %-12s %8s %10s %10s %10s\n", "language", "files", "symbols", "refs", "texts");
    for (size_t i = 0; i < r->nlangs; i++) {
        const cortex_language_stats *l = &r->langs[i];
        printf("  %-12s %8llu %10llu %10llu %10llu\n", l->lang, (unsigned long long)l->files,
               (unsigned long long)l->symbols, (unsigned long long)l->refs, (unsigned long long)l->texts);
    }
    printf("  %-12s %8llu %10llu %10llu %10llu\n", "total", (unsigned long long)r->files,
           (unsigned long long)r->symbols, (unsigned long long)r->refs, (unsigned long long)r->texts);
    if (r->walk.note) printf("  note: %s\n", r->walk.note);
    print_skips(r);
    if (walked) /* a rebuild from the JSONL index walks nothing: its note says so */
        printf("  not indexed: %llu ignored by ignore rules, %llu with no language plugin\n",
               (unsigned long long)r->walk.ignored, (unsigned long long)r->walk.unsupported);
    if (r->unchanged)
        printf("  %llu files unchanged since the last run, carried over without parsing (--full re-parses)\n",
               (unsigned long long)r->unchanged);
    if (r->walk.excluded)
        printf("  %llu files left out by the pipeline's include/exclude globs\n", (unsigned long long)r->walk.excluded);
    if (r->removed) printf("  removed %llu files no longer present\n", (unsigned long long)r->removed);
    if (r->files_with_parse_errors) {
        printf("  %llu files have syntax the grammar could not parse; definitions around it were still extracted:\n",
               (unsigned long long)r->files_with_parse_errors);
        size_t shown = r->nparse_errors < PARSE_ERRORS_SHOWN ? r->nparse_errors : PARSE_ERRORS_SHOWN;
        for (size_t i = 0; i < shown; i++) printf("    %s\n", r->parse_errors[i]);
        if (r->nparse_errors > shown) printf("    ... and %zu more (see --json)\n", r->nparse_errors - shown);
    }
    for (size_t i = 0; i < r->nproblems; i++) printf("  problem: %s: %s\n", r->problems[i].path, r->problems[i].message);
    printf("  index: %s/cortex.db and %s/index/\n", r->data_dir, r->data_dir);
}

int cortex_cmd_index(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"out", required_argument, NULL, 'o'}, {"quiet", no_argument, NULL, 'q'}, {"json", no_argument, NULL, 'j'},
        {"max-file-size", required_argument, NULL, 'm'}, {"sink", required_argument, NULL, 's'},
        {"full", no_argument, NULL, 'f'}, {"threads", required_argument, NULL, 't'},
        {"pipeline", required_argument, NULL, 'p'}, {"no-wait", no_argument, NULL, 'W'},
        {"from-jsonl", no_argument, NULL, 'J'}, {"help", no_argument, NULL, 'h'}, {0}};
    const char *sinks[8] = {0};
    size_t nsinks = 0;
    cortex_index_options opts = {0};
    int quiet = 0, json = 0, c;
    optind = 1;
    const char *pipeline = NULL;
    while ((c = getopt_long(argc, argv, "o:qjm:s:ft:p:h", longopts, NULL)) != -1) {
        switch (c) {
        case 's':
            if (nsinks + 1 >= sizeof sinks / sizeof *sinks) {
                fprintf(stderr, "cortex index: too many --sink options\n");
                return 2;
            }
            sinks[nsinks++] = optarg;
            opts.sinks = sinks;
            break;
        case 'o': opts.data_dir = optarg; break;
        case 'q': quiet = 1; break;
        case 'f': opts.full = 1; break;
        case 'p': pipeline = optarg; break;
        case 'W': opts.no_wait = 1; break;
        case 'J': opts.from_jsonl = 1; break;
        case 't': {
            char *end;
            long n = strtol(optarg, &end, 10);
            if (*end || n < 1 || n > 256) {
                fprintf(stderr, "cortex index: --threads must be a number from 1 to 256, not '%s'\n", optarg);
                return 2;
            }
            opts.threads = (unsigned)n;
            break;
        }
        case 'j': json = 1; break;
        case 'm': {
            char *end;
            unsigned long long v = strtoull(optarg, &end, 10);
            if (*end || v == 0) {
                fprintf(stderr, "cortex index: --max-file-size: expected a positive number of bytes, got '%s'\n", optarg);
                return 2;
            }
            opts.max_file_size = v;
            break;
        }
        case 'h': index_usage(stdout); return 0;
        default: index_usage(stderr); return 2;
        }
    }
    if (argc - optind > 1) {
        fprintf(stderr, "cortex index: expected at most one PATH\n");
        return 2;
    }
    opts.root = optind < argc ? argv[optind] : ".";
    if (!quiet) opts.waiting = say_waiting;

    progress_state progress = {json ? PROGRESS_JSON : isatty(STDERR_FILENO) ? PROGRESS_BAR : PROGRESS_LINES, seconds_now(), 0, 0};
    progress.last = progress.start; /* the first report comes after one interval */
    if (!quiet) {
        opts.progress = show_progress;
        opts.committing = show_committing;
        opts.progress_payload = &progress;
    }
    /* An invalid configuration stops the run before anything is written. */
    cortex_config config;
    if (cortex_config_load(&config, opts.root) != 0) {
        fprintf(stderr, "cortex index: %s\n", cortex_error_last());
        return 2;
    }
    opts.pipeline = cortex_config_pipeline(&config, pipeline);
    if (!opts.pipeline) {
        fprintf(stderr, "cortex index: %s\n", cortex_error_last());
        cortex_config_dispose(&config);
        return 2;
    }
    /* An isolated run's process loads the plugins: here they would be loaded twice */
    cortex_plugin_set *plugins = cortex_index_isolating() ? NULL : cortex_cli_load_plugins(quiet, 1);
    opts.plugin_warnings = !quiet;
    cortex_index_report report;
    int rc = cortex_index_run_isolated(&report, plugins, &opts);
    cortex_config_dispose(&config);
    if (progress.committing_shown) fputs("\r\033[K", stderr);
    cortex_store_totals totals;
    int have_totals = rc == 0 && !quiet && read_totals(&totals, &report);
    if (rc != 0) {
        fprintf(stderr, "cortex index: %s\n", cortex_error_last());
    } else if (json) {
        json_t *j = report_json(&report, have_totals ? &totals : NULL);
        char *s = json_dumps(j, JSON_INDENT(2));
        puts(s);
        free(s);
        json_decref(j);
    } else if (!quiet) {
        print_report(&report, have_totals ? &totals : NULL, !opts.from_jsonl);
    }
    cortex_index_report_dispose(&report);
    cortex_plugin_set_free(plugins);
    return rc == 0 ? 0 : 1;
}
