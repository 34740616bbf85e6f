/*
 * The names include binding may change (bind.c): the SQL function
 * include_may_bind(lang, name), true when the language has a file-local
 * definition of the name somewhere, or several definitions of it; a name
 * with one definition is bound to it by name anyway. Asked once for each
 * bare reference of every file the binding looks at: the first questions
 * are answered from definition_names one by one, and a binding that asks
 * many (a bulk load asks about every reference of the repository) reads the
 * qualifying names once into a hash set instead, where each answer costs a
 * fraction of a b-tree search.
 */
#ifndef CORTEX_STORE_INCLUDE_NAMES_H
#define CORTEX_STORE_INCLUDE_NAMES_H

#include <sqlite3.h>

typedef struct cortex_include_names cortex_include_names;

/* Registers include_may_bind() on `db` for the statements that follow.
 * Returns 0 or a CORTEX_E* code with the message set; *out is freed with
 * cortex_include_names_end. */
int cortex_include_names_begin(sqlite3 *db, cortex_include_names **out);

/* Unregisters the function and frees what it held. NULL-safe. */
void cortex_include_names_end(sqlite3 *db, cortex_include_names *n);

#endif
