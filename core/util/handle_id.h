/*
 * A handle's id: "h" and 24 hex digits, 96 bits of XXH3-128 over a unit's
 * type, path, kind, name and line span. The handle tools name units by it
 * and the chunks sink writes it as a chunk's id, so a chunk found by a query
 * and its line in .cortex/chunks/ agree; it stays while the unit does not move.
 */
#ifndef CORTEX_UTIL_HANDLE_ID_H
#define CORTEX_UTIL_HANDLE_ID_H

#include <stdint.h>

#define CORTEX_HANDLE_ID_SIZE 26 /* with the NUL */

/** Writes the id of the unit of type `unit` ("symbol", "chunk", ...) in
 *  `file`, of `kind` and `name` (NULL: none), at lines [line, line_end]. */
void cortex_handle_id(char out[CORTEX_HANDLE_ID_SIZE], const char *unit, const char *file, const char *kind,
                      const char *name, int64_t line, int64_t line_end);

#endif
