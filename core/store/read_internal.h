/*
 * What the read API's files share (read.c, search.c): the reader's
 * connection, statements with their errors, and a symbol row. Internal to
 * core/store/.
 */
#ifndef CORTEX_STORE_READ_INTERNAL_H
#define CORTEX_STORE_READ_INTERNAL_H

#include "read.h"

#include <sqlite3.h>

/** The columns a symbol row is read from, and the joins they need. */
#define CORTEX_STORE__SYMBOL_COLUMNS                                                                                   \
    "s.id, s.name, s.short_name, s.kind, f.path, s.line_start, s.line_end, p.name, s.sig, s.visibility, s.doc, "       \
    "f.project"
#define CORTEX_STORE__SYMBOL_FROM                                                                                      \
    " FROM symbols s JOIN files f ON f.id = s.file_id LEFT JOIN symbols p ON p.id = s.parent_id "

/** Borrowed; valid until the reader is closed. */
sqlite3 *cortex_store__reader_db(cortex_store_reader *r);
/** `sql` prepared, or taken from the reader's statements prepared before
 *  (told apart by their text) when one is not in use; NULL with the message
 *  set on failure. Hand it back with cortex_store__release(), never finalize
 *  it. */
sqlite3_stmt *cortex_store__prepare(cortex_store_reader *r, const char *sql);
/** The code of a prepare that returned NULL (its message is set):
 *  CORTEX_ECANCELLED when the watched call was cancelled, else CORTEX_EIO. */
int cortex_store__prepare_failed(cortex_store_reader *r);
/** int64_t ids compared, for qsort and bsearch. */
int cortex_store__compare_ids(const void *a, const void *b);
/** Whether `id` is among the `n` ascending `ids`. */
int cortex_store__sorted_has(const int64_t *ids, size_t n, int64_t id);
/** The filter as SQL on `s` (symbols) and `f` (its file), after a WHERE, its
 *  values bound by cortex_store__bind_filter() from ?10 on: ?10 the glob,
 *  ?11 the visibility, ?12 the path prefix, ?20.. the kinds, ?40.. the
 *  visibilities. */
void cortex_store__filter_sql(char *out, size_t size, const cortex_store_symbol_filter *f);
void cortex_store__bind_filter(sqlite3_stmt *st, const cortex_store_symbol_filter *f);
/* The language of definition `id` (SQL text): its file's. */
#define CORTEX_STORE__LANG_OF(id) "(SELECT f.lang FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id = " id ")"

/* The references that may bind to definition `id` (SQL text) named `name`:
 * those stored bound to it, and those bearing its name stored without a
 * target and open to the view's binding by name (ref_bindings: a name with
 * one definition binds, several make it ambiguous). The view's work is then
 * done for these alone, not for a hub name's thousands of stored calls. The
 * view binds by name only to the one definition its language's
 * definition_names rows of the places it reads (members 0 to 2) name: for any
 * other definition of the name those references are not read (the name
 * looked up is NULL, which the index answers at once). */
#define CORTEX_STORE__MAY_BIND(id, name)                                                                               \
    "SELECT id FROM refs WHERE name = (CASE WHEN"                                                                    \
    " EXISTS (SELECT 1 FROM definition_names WHERE id = " id " AND member IN (0, 1, 2) AND name = " name           \
    "   AND lang = " CORTEX_STORE__LANG_OF(id) ")"                                                                 \
    " THEN " name " END) AND target_id IS NULL"                                                                      \
    " AND (resolution IS NULL OR resolution IN ('import', 'type', 'ambiguous'))"                                       \
    " UNION ALL SELECT id FROM refs WHERE target_id = " id

/** Hands back a statement of cortex_store__prepare(): reset, its bindings
 *  cleared, kept for the next use of its text (finalized when the reader's
 *  cache had no room for it). NULL is ignored. */
void cortex_store__release(cortex_store_reader *r, sqlite3_stmt *st);
/** A failed step as CORTEX_EIO with SQLite's message after `what`. */
int cortex_store__step_error(cortex_store_reader *r, const char *what);
/** CORTEX_ECANCELLED (message set) when the watched call was cancelled, else 0:
 *  looked at before each statement, beside SQLite's progress handler within one. */
int cortex_store__cancelled(cortex_store_reader *r);
/** A failed statement on `db` as a negative code: CORTEX_ECANCELLED when the
 *  reader's cancel flag interrupted it, else CORTEX_EIO with SQLite's message. */
int cortex_store__failed(sqlite3 *db, const char *what);
/** A column's text, NULL for SQL NULL. Borrowed until the next step. */
const char *cortex_store__text(sqlite3_stmt *st, int col);
/** Calls `cb` on each row of `st` (CORTEX_STORE__SYMBOL_COLUMNS from column 0)
 *  until it returns non-zero, then finalizes `st`. 0, the callback's code,
 *  or a failed step's (after `what`). */
int cortex_store__symbol_rows(cortex_store_reader *r, sqlite3_stmt *st, const char *what, cortex_store_symbol_cb cb,
                              void *payload);
/** Steps `st` to its end, `row` turning each row into a call of `cb`; a
 *  non-zero callback stops it. Finalizes `st`. 0, the callback's code, or a
 *  failed step's (after `what`). */
int cortex_store__each_row(cortex_store_reader *r, sqlite3_stmt *st, const char *what,
                           int (*row)(sqlite3_stmt *st, void *cb, void *payload), void *cb, void *payload);
/** Reads CORTEX_STORE__SYMBOL_COLUMNS from column `col` on. */
int cortex_store__symbol_row(sqlite3_stmt *st, int col, cortex_store_symbol *out);

/** Registers cortex_coverage(), the FTS5 auxiliary function the search
 *  scopes rank by (search.c), on a reader's connection. */
int cortex_store__register_coverage(sqlite3 *db);

#endif
