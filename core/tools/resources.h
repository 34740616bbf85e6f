/*
 * What a front end's resources read, through the tool layer: a page of the
 * indexed files, a file's outline as text, and every definition of a name
 * with its source. The front end names them (URIs) and sends them.
 */
#ifndef CORTEX_TOOLS_RESOURCES_H
#define CORTEX_TOOLS_RESOURCES_H

#include "tools.h"

/** Up to `page` indexed files in path order from `offset`: `*out` is an array
 *  of {"path", "lang"} (caller owns; empty when there is no index) and `*more`
 *  is set when files follow the page. 0, or a negative code with the message set. */
int cortex_tool_resource_files(json_t **out, int *more, cortex_reader *r, long offset, long page);

/** The outline of the indexed file `path` as compact text (get_file_symbols),
 *  a JSON string into `*out` (caller owns). 0, CORTEX_ECANCELLED, or a
 *  negative code with the message an agent reads. */
int cortex_tool_resource_file(json_t **out, cortex_tool_ctx *ctx, const char *path);

/** Every definition named `name` (fn, or Class.method) as Markdown: kind,
 *  location, doc and the first lines of its source, a JSON string into `*out`
 *  (caller owns). 0, or a negative code with the message set: no index, or no
 *  such definition. */
int cortex_tool_resource_symbol(json_t **out, cortex_reader *r, const char *name);

#endif
