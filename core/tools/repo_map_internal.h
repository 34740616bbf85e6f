/*
 * The repository map's parts, shared by its builder (repo_map.c) and the
 * file that keeps it across processes (repo_map_cache.c). Internal to
 * core/tools/.
 */
#ifndef CORTEX_TOOLS_REPO_MAP_INTERNAL_H
#define CORTEX_TOOLS_REPO_MAP_INTERNAL_H

#include "repo_map.h"

#include <stddef.h>
#include <stdint.h>

/* Definitions named per file in the map. */
#define CORTEX_REPO_MAP_SYMBOLS_PER_FILE 5

typedef struct cortex_repo_map_file {
    int64_t id;
    char *path;
    size_t vendored_root; /* cortex_path_vendored_root of the path, found once */
    double rank;
    int64_t top[CORTEX_REPO_MAP_SYMBOLS_PER_FILE];
    double top_score[CORTEX_REPO_MAP_SYMBOLS_PER_FILE];
    size_t ntop;
} cortex_repo_map_file;

struct cortex_repo_map {
    char store_id[40]; /* the store it was built from (cortex_store_read_identity), and when */
    int64_t generation;
    /* when `generation` is older than the store's (checked at `checked_at`):
     * the files written, added or removed since */
    int stale;
    int64_t checked_at, changed_since;
    cortex_repo_map_file *files; /* by rank, best first */
    size_t n;
};

/** The map another process saved for the store `store_id` at a generation
 *  no later than `generation`, from `path`; NULL when there is none, or it is
 *  another store's or a later generation's, or it cannot be read whole. */
cortex_repo_map *cortex_repo_map_cache_load(const char *path, const char *store_id, int64_t generation);

/** Saves `m` for the store `store_id` at `path`, replacing what was there at
 *  once (a new file renamed over it); a failure only loses the saving. */
void cortex_repo_map_cache_save(const cortex_repo_map *m, const char *path, const char *store_id);

#endif
