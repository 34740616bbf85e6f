/*
 * Which files a file reaches through its includes, for include binding
 * (bind.c): the SQL function include_reaches(file, target), true when
 * `target` is reached from `file` through one include or more (never the
 * file itself). The include graph (imports with alias '*' and a target) is
 * read once a binding; a file's reach is walked when it is first asked about
 * and kept while the questions are about that file, as they come when the
 * references are read in id order (a file's references are one range of
 * ids). Materialised instead, every file's reach made a temporary table of a
 * pair per file and header it reaches, which on the whole kernel took more
 * of the serial commit than the binding that read it.
 */
#ifndef CORTEX_STORE_INCLUDE_REACH_H
#define CORTEX_STORE_INCLUDE_REACH_H

#include <sqlite3.h>

typedef struct cortex_include_reach cortex_include_reach;

/* Registers include_reaches() on `db` for the statements that follow; the
 * graph is read from `db` on the first call. Returns 0 or a CORTEX_E* code
 * with the message set; *out is freed with cortex_include_reach_end. */
int cortex_include_reach_begin(sqlite3 *db, cortex_include_reach **out);

/* Unregisters the function and frees what it held. NULL-safe. */
void cortex_include_reach_end(sqlite3 *db, cortex_include_reach *r);

#endif
