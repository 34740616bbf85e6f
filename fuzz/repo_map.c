/*
 * The repository map's file (core/tools/repo_map_cache.c): any bytes in
 * .cortex/cortex.db-map are read whole or refused, never past their end; a
 * map read is saved and read back the same. The store identity the reader
 * asks for is taken from the input's own header, so inputs reach the body.
 */
#define _GNU_SOURCE
#include "scratch.h"
#include "tools/repo_map_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char dir[256], path[320], again[320];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_scratch_dir(dir, sizeof dir, "cortex-fuzz-repo-map");
    snprintf(path, sizeof path, "%s/cortex.db-map", dir);
    snprintf(again, sizeof again, "%s/again.db-map", dir);
    return 0;
}

static void put(const char *file, const uint8_t *data, size_t size)
{
    FILE *f = fopen(file, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) abort();
}

static void same(const cortex_repo_map *a, const cortex_repo_map *b)
{
    if (!b || a->n != b->n || a->generation != b->generation) abort();
    for (size_t i = 0; i < a->n; i++) {
        const cortex_repo_map_file *x = &a->files[i], *y = &b->files[i];
        if (x->id != y->id || memcmp(&x->rank, &y->rank, sizeof x->rank) != 0 || x->ntop != y->ntop ||
            strcmp(x->path, y->path) != 0 || memcmp(x->top, y->top, x->ntop * sizeof *x->top) != 0)
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    put(path, data, size);
    char id[33] = ""; /* the header: magic (8), byte order and a spare word (8), then the store's identity */
    if (size >= 48) memcpy(id, data + 16, 32);
    cortex_repo_map *m = cortex_repo_map_cache_load(path, id, INT64_MAX);
    if (m) {
        for (size_t i = 0; i < m->n; i++)
            if (m->files[i].ntop > CORTEX_REPO_MAP_SYMBOLS_PER_FILE || !m->files[i].path) abort();
        remove(again);
        cortex_repo_map_cache_save(m, again, id);
        cortex_repo_map *back = cortex_repo_map_cache_load(again, id, INT64_MAX);
        if (*id && strlen(id) < 32) same(m, back);
        cortex_repo_map_free(back);
    }
    cortex_repo_map_free(m);
    return 0;
}
