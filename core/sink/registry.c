/* The table of built-in sinks. Adding a sink is one row here. */
#include "sink.h"

#include <string.h>

const cortex_sink_type *const cortex_sink_types[] = {&cortex_sink_sqlite, &cortex_sink_jsonl, &cortex_sink_chunks, NULL};

const cortex_sink_type *cortex_sink_find(const char *name)
{
    for (int i = 0; cortex_sink_types[i]; i++)
        if (strcmp(cortex_sink_types[i]->name, name) == 0) return cortex_sink_types[i];
    return NULL;
}
