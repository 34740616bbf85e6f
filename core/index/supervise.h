/*
 * An isolated index run: the run happens in a process of its own (this
 * binary, `cortex __index-child`), watched by the caller. Grammars and
 * plugins are third-party C code: when one crashes or spins on a file, that
 * process dies or is stopped, the file is quarantined (quarantine.h) with its
 * signal or its time, and the run starts again without it. The caller, a CLI
 * or a server, only ever sees a report. Progress, "waiting for the lock" and
 * "committing" reach the caller's callbacks as they happen; a cancel stops
 * the process.
 */
#ifndef CORTEX_INDEX_SUPERVISE_H
#define CORTEX_INDEX_SUPERVISE_H

#include "pipeline.h"

/* The hidden command that runs the isolated process's side. */
#define CORTEX_INDEX_CHILD_COMMAND "__index-child"

/** Makes cortex_index_run_isolated() spawn `executable` (this program: it
 *  must answer CORTEX_INDEX_CHILD_COMMAND). Until then, and when
 *  $CORTEX_NO_ISOLATION is set, runs happen in the caller's process. */
void cortex_index_isolate_with(const char *executable);

/** Whether cortex_index_run_isolated() runs in a process of its own (it
 *  then needs no plugins of the caller's). */
int cortex_index_isolating(void);

/** Runs the index `opts` describes in a process of its own, quarantining
 *  each file that crashes or hangs its extraction and going on without it.
 *  As cortex_index_run(); `plugins` may be NULL when
 *  cortex_index_isolating() (the process loads the plugins itself, from the
 *  same places). */
int cortex_index_run_isolated(cortex_index_report *out, const cortex_plugin_set *plugins,
                              const cortex_index_options *opts);

/** The isolated process's side: reads the request on stdin, runs it with
 *  the plugins `load` gives (quiet: say nothing of refused ones), tells
 *  events and the report on descriptor 3, records its files in the shared
 *  area of descriptor 4. Returns the process's exit code. */
int cortex_index_child_main(cortex_plugin_set *(*load)(int quiet));

#endif
