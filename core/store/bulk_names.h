/*
 * A bulk load's definition names: the bindable definitions by language and
 * name, gathered as the SQLite sink stores them and counted at commit into
 * definition_names, in key order. The same rows as the store's GROUP BY over
 * every symbol (count, and the id when there is one), without its join to the
 * files and its temporary B-tree: 0.30 s of the kernel subtree's serial commit
 * against 0.1 s this way.
 */
#ifndef CORTEX_STORE_BULK_NAMES_H
#define CORTEX_STORE_BULK_NAMES_H

#include <sqlite3.h>
#include <stdint.h>

typedef struct cortex_bulk_names cortex_bulk_names;

cortex_bulk_names *cortex_bulk_names_new(void);
/* One definition of `name` (copied) in a file of language `lang` (copied once
 * per language); `member`: its cortex_store_place (bind.h). */
void cortex_bulk_names_add(cortex_bulk_names *b, const char *lang, const char *name, int member, int64_t id);
/* Fills definition_names, which must be empty, in `db`'s open transaction.
 * Returns 0 or a CORTEX_E* code with the message set. */
int cortex_bulk_names_write(cortex_bulk_names *b, sqlite3 *db);
void cortex_bulk_names_free(cortex_bulk_names *b);

#endif
