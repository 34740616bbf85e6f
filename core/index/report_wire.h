/*
 * A run's report as one JSON object, so an isolated run (supervise.h) can
 * hand it from the indexing process to its supervisor. It carries what the
 * front ends read of a report: counts, languages, skips with their reasons,
 * parse errors and problems; not the walk's list of files.
 */
#ifndef CORTEX_INDEX_REPORT_WIRE_H
#define CORTEX_INDEX_REPORT_WIRE_H

#include "pipeline.h"

#include <jansson.h>

/** A path as a JSON string in its reversible form (../record/record_json.h:
 *  names need not be UTF-8), and back (NULL when absent or malformed). */
json_t *cortex_wire_path(const char *path);
char *cortex_wire_path_of(const json_t *v);

json_t *cortex_report_to_wire(const cortex_index_report *r);

/** Fills `out` from `wire`; language names are taken from `plugins` (a
 *  language it lacks is dropped), or kept for the process's life when
 *  `plugins` is NULL. Release with cortex_index_report_dispose(). */
void cortex_report_from_wire(cortex_index_report *out, const json_t *wire, const cortex_plugin_set *plugins);

#endif
