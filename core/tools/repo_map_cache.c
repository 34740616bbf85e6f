/*
 * The repository map kept on disk beside the store (repo_map_internal.h), so
 * that it is built once for a store's generation, not once per process: on a
 * large repository the build reads every reference.
 *
 * The file, in the host's byte order (a cache, never shared between
 * machines): a header (magic, a byte-order mark, the store's identity, its
 * generation, the count of files), then each file by rank: its id, rank,
 * count of definitions, path length, definitions, path.
 */
#define _GNU_SOURCE /* strnlen, fileno */
#include "rank.h"
#include "repo_map_internal.h"

#include "../util/io.h"
#include "../util/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char MAGIC[8] = "CXRMAP1\n";
#define BYTE_ORDER_MARK 0x01020304u
#define STORE_ID_BYTES 32

typedef struct header {
    char magic[8];
    uint32_t byte_order, reserved;
    char store_id[STORE_ID_BYTES];
    int64_t generation;
    uint64_t n;
} header;

typedef struct entry {
    int64_t id;
    double rank;
    uint32_t ntop, path_len;
    int64_t top[CORTEX_REPO_MAP_SYMBOLS_PER_FILE];
} entry;

/* Reads `n` bytes at `*at` of `data` (of `size`) into `out`; 0 if too few. */
static int take(void *out, size_t n, const char *data, size_t size, size_t *at)
{
    if (size - *at < n) return 0;
    memcpy(out, data + *at, n);
    *at += n;
    return 1;
}

static cortex_repo_map *parse(const char *data, size_t size, const char *store_id, int64_t generation)
{
    header h;
    size_t at = 0;
    if (!take(&h, sizeof h, data, size, &at) || memcmp(h.magic, MAGIC, sizeof MAGIC) != 0 ||
        h.byte_order != BYTE_ORDER_MARK || h.generation > generation ||
        strnlen(h.store_id, sizeof h.store_id) == sizeof h.store_id || strcmp(h.store_id, store_id) != 0 ||
        h.n > (size - at) / sizeof(entry))
        return NULL;
    cortex_repo_map *m = cortex_xcalloc(1, sizeof *m);
    m->generation = h.generation;
    m->files = cortex_xcalloc(h.n ? h.n : 1, sizeof *m->files);
    for (; m->n < h.n; m->n++) {
        entry e;
        if (!take(&e, sizeof e, data, size, &at) || e.ntop > CORTEX_REPO_MAP_SYMBOLS_PER_FILE || size - at < e.path_len)
            break;
        cortex_repo_map_file *f = &m->files[m->n];
        *f = (cortex_repo_map_file){.id = e.id, .rank = e.rank, .ntop = e.ntop,
                                    .path = cortex_xstrndup(data + at, e.path_len)};
        f->vendored_root = cortex_path_vendored_root(f->path);
        memcpy(f->top, e.top, sizeof f->top);
        at += e.path_len;
    }
    if (m->n < h.n || at != size) { /* cut short, or more than it says */
        cortex_repo_map_free(m);
        return NULL;
    }
    return m;
}

cortex_repo_map *cortex_repo_map_cache_load(const char *path, const char *store_id, int64_t generation)
{
    if (!*store_id) return NULL;
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    struct stat st;
    cortex_repo_map *m = NULL;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        size_t size = (size_t)st.st_size;
        char *data = cortex_xmalloc(size);
        if (fread(data, 1, size, f) == size) m = parse(data, size, store_id, generation);
        free(data);
    }
    fclose(f);
    return m;
}

void cortex_repo_map_cache_save(const cortex_repo_map *m, const char *path, const char *store_id)
{
    if (!*store_id || strlen(store_id) >= STORE_ID_BYTES) return;
    header h = {.byte_order = BYTE_ORDER_MARK, .generation = m->generation, .n = m->n};
    memcpy(h.magic, MAGIC, sizeof MAGIC);
    memcpy(h.store_id, store_id, strlen(store_id));
    cortex_buf out = {0};
    cortex_buf_add(&out, (const char *)&h, sizeof h);
    for (size_t i = 0; i < m->n; i++) {
        const cortex_repo_map_file *f = &m->files[i];
        entry e = {.id = f->id, .rank = f->rank, .ntop = (uint32_t)f->ntop, .path_len = (uint32_t)strlen(f->path)};
        memcpy(e.top, f->top, sizeof e.top);
        cortex_buf_add(&out, (const char *)&e, sizeof e);
        cortex_buf_add(&out, f->path, e.path_len);
    }
    (void)cortex_write_file_replacing(path, out.data, out.len); /* unsaved, it is built again next time */
    cortex_buf_free(&out);
}
