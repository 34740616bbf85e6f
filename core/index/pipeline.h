/*
 * One indexing run: walk the repository, read and extract each file, feed the
 * records to every sink in path order, tell the sinks which files left, and
 * commit them all (or abort them all on error). Produces the run's report.
 */
#ifndef CORTEX_INDEX_PIPELINE_H
#define CORTEX_INDEX_PIPELINE_H

#include "../chunk/chunk.h"
#include "../config/config.h"
#include "../extract/extractor.h"
#include "../record/records.h"
#include "../plugin/loader.h"
#include "../walk/walker.h"

#include <stdatomic.h>
#include <stdint.h>

/** Where a run is: files done of how many, and of the bytes of the files it
 *  parses (those not unchanged since the last run), how many are done. Bytes
 *  tell the work left better than files: a run's files differ in size by
 *  orders of magnitude. */
typedef struct cortex_index_progress {
    size_t done, total;
    uint64_t bytes_done, bytes_total;
} cortex_index_progress;

/** Told after each file. */
typedef void (*cortex_index_progress_cb)(const cortex_index_progress *p, void *payload);

/* Lines longer than this mark a minified or generated file, which is skipped. */
#define CORTEX_DEFAULT_MAX_LINE_LENGTH 16384
/* files per shard of the JSONL index and chunks (pipeline key shard_files) */
#define CORTEX_DEFAULT_SHARD_FILES 256

typedef struct cortex_index_options {
    const char *root;            /* repository to index */
    const cortex_pipeline_config *pipeline; /* the configured pipeline; NULL = built-in defaults.
                                               The fields below, when set, override it. */
    const char *data_dir;        /* where the index goes; NULL = <root>/.cortex */
    const char *const *sinks;    /* sink names, NULL-terminated; NULL = sqlite and jsonl */
    uint64_t max_file_size;      /* 0 = CORTEX_DEFAULT_MAX_FILE_SIZE */
    double parse_seconds;        /* per-file parse time limit; 0 = 10 s */
    /* Refresh only these repository-relative paths (sorted, unique): each is
     * re-extracted when it still exists and a plugin claims it, removed
     * otherwise; no walk, nothing else touched. NULL = the whole repository. */
    const char *const *only;
    size_t nonly;
    cortex_index_progress_cb progress; /* optional */
    void *progress_payload;
    const atomic_int *cancel;    /* optional: non-zero stops the run (CORTEX_ECANCELLED), every sink aborted */
    int full;                    /* re-extract every file, even those unchanged since the last run */
    int force;                   /* with `only`: re-extract those paths even when unchanged, the store kept */
    unsigned threads;            /* extraction threads; 0 = the machine's cores */
    int no_wait;                 /* another indexer holds the lock: fail at once instead of waiting */
    int from_jsonl;              /* rebuild the store from the committed JSONL index (and chunks), parsing nothing */
    int plugin_warnings;         /* an isolated run's process says on stderr which plugins it refused */
    int background;              /* no caller waits on the run: an isolated run's process gives way to those
                                    that answer (a lower scheduling priority); an in-process run ignores it */
    /* Told once when another indexer holds the repository's lock and this run waits for it. */
    void (*waiting)(long holder_pid, void *payload);
    /* Told once, with the files indexed, when every file is done and the sinks commit (the store builds
     * its indexes and full-text tables: seconds on a large repository). */
    void (*committing)(size_t files, void *payload);
} cortex_index_options;

typedef struct cortex_language_stats {
    const char *lang; /* borrowed from the plugin set */
    uint64_t files, bytes, symbols, refs, texts; /* symbols, refs, texts: of the files parsed in this run */
} cortex_language_stats;

typedef struct cortex_file_problem {
    char *path;
    char *message;
} cortex_file_problem;

typedef struct cortex_index_report {
    char *root;                  /* the repository, a realpath */
    char *data_dir;              /* where the index data goes, a realpath */
    cortex_walk walk;            /* files found and every skip, with reasons */
    cortex_language_stats *langs;
    size_t nlangs, langs_cap;
    uint64_t files, bytes, symbols, refs, texts, removed, files_with_parse_errors;
    uint64_t unchanged;          /* files carried over from the last run without parsing */
    char **parse_errors;         /* the files parsed now whose tree has ERROR or MISSING nodes, in path order */
    size_t nparse_errors, parse_errors_cap;
    cortex_file_problem *problems; /* files indexed only in part, or not at all */
    size_t nproblems, problems_cap;
    double seconds;
} cortex_index_report;

/** The walk's options as pipeline `pl` configures them (NULL: the built-in
 *  defaults): its include, exclude, plugins and extension overrides, files
 *  over `max_file_size` left out (0: the pipeline's limit). The override
 *  arrays are allocated: free them with cortex_index_walk_options_free(). */
void cortex_index_walk_options(cortex_walk_options *out, const cortex_pipeline_config *pl, uint64_t max_file_size);
void cortex_index_walk_options_free(cortex_walk_options *w);

/** Runs an index. Returns 0, or a negative code with the message set; the
 *  report is filled as far as the run got. Release with cortex_index_report_dispose(). */
int cortex_index_run(cortex_index_report *out, const cortex_plugin_set *plugins, const cortex_index_options *opts);

void cortex_index_report_dispose(cortex_index_report *r);

#endif
