/* The table of built-in sinks. Adding a sink is one row here. */
#include "sink.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

const cortex_sink_type *const cortex_sink_types[] = {&cortex_sink_sqlite, &cortex_sink_jsonl, &cortex_sink_chunks, NULL};

const cortex_sink_type *cortex_sink_find(const char *name)
{
    for (int i = 0; cortex_sink_types[i]; i++)
        if (strcmp(cortex_sink_types[i]->name, name) == 0) return cortex_sink_types[i];
    return NULL;
}

/* The names as messages list them, joined once: the table never changes. */
static char names[256];
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

static void join_names(void)
{
    size_t used = 0;
    for (int i = 0; cortex_sink_types[i] && used < sizeof names; i++) {
        int n = snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", cortex_sink_types[i]->name);
        if (n < 0) break;
        used += (size_t)n;
    }
}

const char *cortex_sink_names(void)
{
    pthread_once(&names_once, join_names);
    return names;
}
