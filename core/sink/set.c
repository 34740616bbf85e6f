/*
 * The sink fan-out of a run: every sink opened, begun, fed, told of
 * removals and committed together, so the pipeline handles one set. Commits
 * run side by side, each sink on a thread but the first.
 */
#include "set.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct open_sink {
    const cortex_sink_type *type;
    void *self;
} open_sink;

struct cortex_sink_set {
    open_sink *sinks;
    size_t opened, begun;
};

int cortex_sink_set_open(cortex_sink_set **out, const cortex_sink_type *const *types, size_t n, const cortex_sink_context *ctx)
{
    cortex_sink_set *set = cortex_xcalloc(1, sizeof *set);
    set->sinks = cortex_xcalloc(n + 1, sizeof *set->sinks);
    int rc = 0;
    for (; set->opened < n && rc == 0; set->opened++) {
        set->sinks[set->opened].type = types[set->opened];
        rc = types[set->opened]->open(&set->sinks[set->opened].self, ctx);
        if (rc) break;
    }
    for (; rc == 0 && set->begun < n; set->begun++)
        if ((rc = set->sinks[set->begun].type->begin(set->sinks[set->begun].self))) break;
    if (rc) {
        cortex_sink_set_close(set, 1);
        set = NULL;
    }
    *out = set;
    return rc;
}

size_t cortex_sink_set_count(const cortex_sink_set *set) { return set->opened; }

int cortex_sink_set_file(cortex_sink_set *set, const cortex_file_records *records, const int *only)
{
    int rc = 0;
    for (size_t s = 0; s < set->opened && rc == 0; s++)
        if (!only || only[s]) rc = set->sinks[s].type->file(set->sinks[s].self, records);
    return rc;
}

int cortex_sink_set_keep(cortex_sink_set *set, const cortex_file_records *header, int *fresh, size_t *nfresh)
{
    *nfresh = 0;
    for (size_t s = 0; s < set->opened; s++) {
        int k = set->sinks[s].type->keep(set->sinks[s].self, header);
        if (k && k != CORTEX_ENOTFOUND) return k;
        fresh[s] = k == CORTEX_ENOTFOUND;
        *nfresh += (size_t)fresh[s];
    }
    return 0;
}

int cortex_sink_set_remove(cortex_sink_set *set, const char *path)
{
    int rc = 0;
    for (size_t s = 0; s < set->opened && rc == 0; s++) rc = set->sinks[s].type->remove(set->sinks[s].self, path);
    return rc;
}

/* A sink committing on a thread of its own, with its error kept: the
 * message is thread-local. */
typedef struct sink_commit {
    const open_sink *sink;
    pthread_t thread;
    int started, rc;
    char message[1024];
} sink_commit;

static void *commit_on_thread(void *arg)
{
    sink_commit *c = arg;
    c->rc = c->sink->type->commit(c->sink->self);
    if (c->rc) snprintf(c->message, sizeof c->message, "%s", cortex_error_last());
    return NULL;
}

/* The first sink commits here, the others each on a thread: the JSONL index
 * and the chunks mostly wait on their fsyncs, hidden behind the store's
 * commit. */
int cortex_sink_set_commit(cortex_sink_set *set)
{
    size_t n = set->opened;
    if (n == 0) return 0;
    sink_commit *c = cortex_xcalloc(n, sizeof *c);
    for (size_t i = 1; i < n; i++) {
        c[i].sink = &set->sinks[i];
        c[i].started = pthread_create(&c[i].thread, NULL, commit_on_thread, &c[i]) == 0;
    }
    int rc = set->sinks[0].type->commit(set->sinks[0].self);
    for (size_t i = 1; i < n; i++) {
        if (c[i].started)
            pthread_join(c[i].thread, NULL);
        else
            commit_on_thread(&c[i]); /* no thread to be had: in turn */
        if (c[i].rc && !rc) rc = cortex_error_set(c[i].rc, "%s", c[i].message);
    }
    free(c);
    return rc;
}

void cortex_sink_set_close(cortex_sink_set *set, int abort)
{
    if (!set) return;
    if (abort)
        for (size_t s = 0; s < set->begun; s++) set->sinks[s].type->abort(set->sinks[s].self);
    for (size_t s = 0; s < set->opened; s++) set->sinks[s].type->close(set->sinks[s].self);
    free(set->sinks);
    free(set);
}
