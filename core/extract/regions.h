/*
 * The regions of a file that other plugins parse (a plugin's
 * embedded_regions hook: a .vue file's <script> blocks): collected, checked,
 * and handed out one language at a time, each language's regions together.
 * Internal to core/extract/.
 */
#ifndef CORTEX_EXTRACT_REGIONS_H
#define CORTEX_EXTRACT_REGIONS_H

#include "../plugin/loader.h"

#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>

/** The most regions one file may have; the hook's later ones are dropped. */
#define CORTEX_REGIONS_MAX 256

typedef struct cortex_regions cortex_regions;

/** Asks `p`'s hook for the regions of `src` (`len` bytes, the file at `path`).
 *  A region out of order, overlapping the previous one or out of bounds is the
 *  plugin's mistake and is dropped. Caller owns `*out`; free with
 *  cortex_regions_free(). */
void cortex_regions_find(cortex_regions **out, const cortex_language_plugin *p, const char *path, const char *src,
                         size_t len);

/** The next language's regions, in the order each language first appears:
 *  their ranges (at most CORTEX_REGIONS_MAX, into `ranges`, `*n` of them) and
 *  the plugin that parses them, or NULL in `*inner` when no loaded plugin can
 *  (none by that name, or one without a grammar of its own). 0 when every
 *  language has been handed out. */
int cortex_regions_next(cortex_regions *l, const cortex_language_plugin **inner, TSRange *ranges, uint32_t *n);

void cortex_regions_free(cortex_regions *l);

#endif
