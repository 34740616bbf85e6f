/*
 * A jansson value written as compact JSON text: what json_dumps writes with
 * JSON_COMPACT (members in their order, no spaces, reals as %.17g with a
 * point), in one pass into a growing buffer. The answers of the tools are
 * large trees, and jansson's writer, a callback for each token and a
 * character at a time inside strings, was a fifth of a large answer's time.
 */
#ifndef CORTEX_UTIL_JSON_DUMP_H
#define CORTEX_UTIL_JSON_DUMP_H

#include "mem.h"

#include <jansson.h>

/** Appends `v` to `b` (NULL: `null`). */
void cortex_json_dump(cortex_buf *b, const json_t *v);

/** `v` as a NUL-terminated string, owned by the caller (never NULL). */
char *cortex_json_dumps(const json_t *v);

#endif
