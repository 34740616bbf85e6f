/*
 * The lookups of one commit's binding at commit (bind_scope.c), remembered
 * for the run: types and members repeat across the references (every
 * `self.x()` of a class asks for the same), and so do the rows of a
 * candidate query. Internal to core/store/.
 */
#ifndef CORTEX_STORE_BIND_MEMO_H
#define CORTEX_STORE_BIND_MEMO_H

#include <stddef.h>
#include <stdint.h>

/** A definition a lookup found, with its file. Owns its strings. */
typedef struct cortex_store_def {
    int64_t id, file_id;
    char *path;
    char *dtype; /* the type it declares (a field's, a variable's; a function's result), or NULL */
    char *name;  /* its short name */
    int variant; /* its file is a build variant (the files table's `variant`) */
} cortex_store_def;

cortex_store_def cortex_store_def_copy(const cortex_store_def *d);
/** Frees `d`'s strings and zeroes it. */
void cortex_store_def_free(cortex_store_def *d);
/** Frees `n` definitions and the array. */
void cortex_store_defs_free(cortex_store_def *defs, size_t n);

/** A lookup made: its outcome, the definition it found, or the rows of a
 *  candidate query. */
typedef struct cortex_store_memo_entry {
    char *key; /* NULL: a free slot */
    int got, outside;
    int has_def;
    cortex_store_def def;
    cortex_store_def *defs;
    size_t ndefs;
} cortex_store_memo_entry;

typedef struct cortex_store_memo {
    cortex_store_memo_entry *slots;
    size_t cap, n; /* cap: a power of two */
} cortex_store_memo;

/** The entry of `key`, or NULL when the lookup was not made yet. */
const cortex_store_memo_entry *cortex_store_memo_get(cortex_store_memo *m, const char *key);

/** Records a lookup's outcome `got` under `key` (copied), with a copy of
 *  `def` (or none: NULL) and `outside`; the entry, valid until the next put. */
cortex_store_memo_entry *cortex_store_memo_put(cortex_store_memo *m, const char *key, int got, const cortex_store_def *def,
                                               int outside);

/** A memoized outcome: its definition copied into `out` when it has one,
 *  `*outside` set when the entry's is (`outside` may be NULL). */
int cortex_store_memo_take(const cortex_store_memo_entry *e, cortex_store_def *out, int *outside);

/** "<tag><number>:<text>": a memo key; free it. */
char *cortex_store_memo_key(char tag, int64_t number, const char *text);

void cortex_store_memo_free(cortex_store_memo *m);

#endif
