/*
 * Import targets: which indexed file each import names. A plugin gives every
 * import its candidate paths, most likely first (an exact path, or "*" "/suffix"
 * for the one indexed path ending so); the store points the import at the
 * first candidate that is indexed.
 */
#ifndef CORTEX_STORE_IMPORT_TARGETS_H
#define CORTEX_STORE_IMPORT_TARGETS_H

#include <sqlite3.h>
#include <stdint.h>

/* Points imports at their target files (imports.target_file_id). `all`: every
 * import, as when files came or went (a new file may be what an old import
 * names); otherwise only those of the files written in `generation` and those
 * whose target left. Returns 0 or a CORTEX_E* code. */
int cortex_import_targets_resolve(sqlite3 *db, int all, int64_t generation);

#endif
