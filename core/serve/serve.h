/*
 * The live repository, the same for every front end (`cortex mcp`,
 * `cortex watch`, an HTTP server): the first index in the background while
 * requests are answered, a watch that re-indexes changes once they settle,
 * waiting for the index, and a generation that counts the index runs that
 * completed. It knows no protocol: what happens is told to the front end
 * through an event callback, which formats it as it likes.
 */
#ifndef CORTEX_SERVE_SERVE_H
#define CORTEX_SERVE_SERVE_H

#include "../index/pipeline.h"
#include "../tools/tools.h"

#include <stdatomic.h>
#include <stdint.h>

/* A burst of changes (a branch switch, a build) is re-indexed once, after the
 * tree has been quiet this long. */
#define CORTEX_SERVE_QUIET_MS 150

typedef struct cortex_serve cortex_serve;

typedef enum cortex_serve_event_kind {
    CORTEX_SERVE_INDEX_STARTED, /* a repository without an index: its first index starts in the background */
    CORTEX_SERVE_WATCHING,      /* the watch is in place: changes from now on are seen */
    CORTEX_SERVE_INDEXED,       /* a first index finished (in the background, or the watch loop's own) */
    CORTEX_SERVE_REINDEXED,     /* a re-index after a settled change finished */
    CORTEX_SERVE_NOT_WATCHING,  /* the watch thread could not start, or stopped on an error */
    CORTEX_SERVE_KEPT_CHECKED   /* the watch looked at the files the answers kept beside the store read */
} cortex_serve_event_kind;

typedef struct cortex_serve_event {
    cortex_serve_event_kind kind;
    int rc;                            /* INDEXED, REINDEXED: 0, or the run's negative code */
    const char *message;               /* the failure's message when rc != 0 or NOT_WATCHING, else NULL */
    const cortex_index_report *report; /* INDEXED, REINDEXED: the run's report, else NULL */
    unsigned watched_dirs;             /* directories watched, when a watch runs */
    unsigned kept_current, kept_checked; /* KEPT_CHECKED: kept answers whose files are as they read them, of those
                                          * of the store's generation that read files */
    int64_t generation;                /* cortex_serve_generation() after this event */
} cortex_serve_event;

/** Told on the thread where it happened (a background thread, or the caller
 *  of cortex_serve_watch()); everything the event points to is borrowed for
 *  the call. */
typedef void (*cortex_serve_event_cb)(const cortex_serve_event *event, void *payload);

typedef struct cortex_serve_options {
    const char *pipeline;         /* the configured pipeline to index with; NULL = "default", or the
                                     built-in defaults when the configuration has none */
    int quiet_ms;                 /* the watch's debounce; 0 = CORTEX_SERVE_QUIET_MS */
    cortex_serve_event_cb on_event; /* optional */
    void *payload;
} cortex_serve_options;

/** Serves `repo` (borrowed: close the serve first). A repository whose
 *  configuration does not load is served without indexing (the start
 *  functions do nothing); a named `pipeline` it lacks fails. 0, or a negative code
 *  with the message set. Caller owns `*out`; close with cortex_serve_close(). */
int cortex_serve_open(cortex_serve **out, cortex_repo *repo, const cortex_serve_options *opts);

/** Stops the background index (the store keeps its previous state) and the
 *  watch thread, and waits for both. Accepts NULL. */
void cortex_serve_close(cortex_serve *s);

/** Starts the first index in the background and returns at once. The front
 *  end calls it when its reader finds no index. */
void cortex_serve_start_index(cortex_serve *s);

/** Starts a thread that re-indexes what changes on disk, once it settles. */
void cortex_serve_start_watch(cortex_serve *s);

/** Runs the watch on the calling thread until `*stop` is non-zero: indexes
 *  first when `index_first` is set, then re-indexes each settled change. A
 *  failed run is told and the watch goes on. 0 when stopped, or a negative
 *  code with the message set when the watch cannot run. */
int cortex_serve_watch(cortex_serve *s, int index_first, const atomic_int *stop);

/** Waits for the background index, if one runs (from any thread). A reader
 *  then reopens its connection to see it. */
void cortex_serve_wait_index(cortex_serve *s);

/** Index runs completed without error since the open: a front end or a test
 *  tells from it that the index moved. */
int64_t cortex_serve_generation(cortex_serve *s);

/** Waits until the generation exceeds `after`, or `timeout_ms` passes; returns
 *  the generation then. */
int64_t cortex_serve_wait_generation(cortex_serve *s, int64_t after, int timeout_ms);

#endif
