/*
 * The repository map explore shows (as Aider's repo map does): files ranked
 * by PageRank over the references between them, each with its definitions
 * most referenced from other files, fitted to a token budget; vendored trees
 * one line each. Computed once per index generation. Internal to core/tools/.
 */
#ifndef CORTEX_TOOLS_REPO_MAP_H
#define CORTEX_TOOLS_REPO_MAP_H

#include "handlers.h"

typedef struct cortex_repo_map cortex_repo_map;

/** The reader's map for its store's generation, built on first use. */
int cortex_repo_map_get(const cortex_repo_map **out, cortex_reader *s);
void cortex_repo_map_free(cortex_repo_map *m);

/** The map's files under `scope` ("" for all) as JSON, within `tokens`
 *  (characters / 4 of its compact lines): {files: [{file, symbols}],
 *  vendored: [{path, files}], tokens}. */
json_t *cortex_repo_map_json(cortex_reader *s, const cortex_repo_map *m, const char *scope, int64_t tokens);

#endif
