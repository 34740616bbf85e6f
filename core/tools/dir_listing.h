/* explore's listing of a scope's files grouped by directory, bounded by a
 * budget of entries however many directories the scope holds. */
#ifndef CORTEX_TOOLS_DIR_LISTING_H
#define CORTEX_TOOLS_DIR_LISTING_H

#include <jansson.h>
#include <stddef.h>

/* A path of the scope, with the length of its directory part. */
typedef struct cortex_scope_path {
    char *path;
    size_t dir_len;
} cortex_scope_path;

/* The length of a path's directory part ("a/b/c.c" -> 3, "c.c" -> 0). */
size_t cortex_dir_length(const char *path);

/* Sorts paths by directory, then name. */
void cortex_scope_paths_sort(cortex_scope_path *paths, size_t n);

/* The listing of paths (sorted by cortex_scope_paths_sort) under scope ("" for
 * the root), at most budget file names and at most budget directory entries:
 * each directory gets an even share of the names, and where the scope has more
 * directories than the budget, those below the deepest level that fits are
 * folded into their ancestor at that level, which counts them
 * ("subdirectories") and their files ("more"). *shown is set to the names
 * listed, *more_directories to the entries left out when even the scope's
 * own subdirectories are more than the budget. */
json_t *cortex_dir_listing(const cortex_scope_path *paths, size_t npaths, const char *scope, size_t budget,
                           size_t *shown, size_t *more_directories);

#endif
