/*
 * What a graph or analysis call is about, from what an agent writes: a
 * definition (`pkg.Type`, `Recv.Method`, `Class.method`, a bare name), a
 * file or a directory (a repository path), or a position (`file:line[:col]`,
 * the innermost definition there). Several definitions may match: the best
 * is chosen (an exact qualified name over a short one; for `a.b`, a member
 * of `a` or a top-level `b` of package `a` over a member `b` of a type in
 * it; exported over private, non-test over test, then by path) and the
 * others are listed.
 * Internal to core/tools/.
 */
#ifndef CORTEX_TOOLS_TARGET_H
#define CORTEX_TOOLS_TARGET_H

#include "handlers.h"

typedef enum cortex_target_kind {
    CORTEX_TARGET_NONE,
    CORTEX_TARGET_SYMBOL,
    CORTEX_TARGET_FILE,
    CORTEX_TARGET_DIRECTORY
} cortex_target_kind;

typedef struct cortex_target {
    cortex_target_kind kind;
    int64_t id;         /* the symbol's or the file's */
    char path[4096];    /* the file or directory; the symbol's file */
    json_t *chosen;     /* the target as a result object (a symbol, or {name, kind: file|directory}) */
    json_t *candidates; /* the other definitions it could name, best first */
    json_t *suggestion; /* nothing matched: names near it */
} cortex_target;

/** Resolves `text`. A target that matches nothing is kind NONE with a
 *  suggestion, not an error; an error is a failed read or a path outside
 *  the root, after which there is nothing to dispose of. Dispose of a
 *  resolved target with cortex_target_dispose(). */
int cortex_target_resolve(cortex_target *out, cortex_reader *s, const char *text);
void cortex_target_dispose(cortex_target *t);

#endif
