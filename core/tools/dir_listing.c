/* explore's directory listing. A scope's directories are listed as deep as the
 * budget allows: on a repository of thousands of directories, the listing of
 * every one of them would be the largest answer an agent gets, at the first
 * call it makes. */
#define _DEFAULT_SOURCE
#include "dir_listing.h"

#include "handlers.h"

#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>

size_t cortex_dir_length(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) : 0;
}

/* Two byte strings in strcmp's order, a prefix first. */
static int compare_spans(const char *a, size_t na, const char *b, size_t nb)
{
    int c = memcmp(a, b, na < nb ? na : nb);
    if (c == 0 && na != nb) c = na < nb ? -1 : 1;
    return c;
}

static int compare_dir_then_name(const void *a, const void *b)
{
    const cortex_scope_path *x = a, *y = b;
    int c = compare_spans(x->path, x->dir_len, y->path, y->dir_len);
    return c ? c : strcmp(x->path + x->dir_len, y->path + y->dir_len);
}

void cortex_scope_paths_sort(cortex_scope_path *paths, size_t n)
{
    /* Sorted by path, a directory's files are not always adjacent ("a/b/x"
     * sorts between "a/a" and "a/c"). */
    if (n) qsort(paths, n, sizeof *paths, compare_dir_then_name);
}

/* A directory holding files of the scope: a prefix of its first file's path. */
typedef struct dir_span {
    const char *path;
    size_t len, first, count; /* its files: a range of the sorted paths */
    size_t depth;             /* components below the scope */
} dir_span;

/* An entry of the listing: a directory, with what is folded into it. */
typedef struct listed_dir {
    const char *path;
    size_t len;
    size_t own_first, own_count; /* its own files */
    size_t below, subdirectories;
} listed_dir;

/* The length of dir's prefix that keeps the scope and depth components below it. */
static size_t truncated_length(const dir_span *d, size_t scope_len, size_t depth)
{
    if (d->depth <= depth) return d->len;
    if (depth == 0) return scope_len;
    size_t at = scope_len ? scope_len + 1 : 0;
    for (size_t k = 0;; at++)
        if (d->path[at] == '/' && ++k == depth) return at;
}

typedef struct keyed_dir {
    const char *path;
    size_t key_len, dir; /* the directory's index in the spans */
} keyed_dir;

static int compare_keys(const void *a, const void *b)
{
    const keyed_dir *x = a, *y = b;
    int c = compare_spans(x->path, x->key_len, y->path, y->key_len);
    return c ? c : (x->dir > y->dir) - (x->dir < y->dir);
}

/* The directories keyed by their ancestor at depth, sorted by key. */
static keyed_dir *key_dirs(const dir_span *dirs, size_t ndirs, size_t scope_len, size_t depth)
{
    keyed_dir *keys = cortex_xmalloc((ndirs ? ndirs : 1) * sizeof *keys);
    for (size_t i = 0; i < ndirs; i++)
        keys[i] = (keyed_dir){dirs[i].path, truncated_length(&dirs[i], scope_len, depth), i};
    qsort(keys, ndirs, sizeof *keys, compare_keys);
    return keys;
}

static size_t count_keys(const keyed_dir *keys, size_t n)
{
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || compare_spans(keys[i - 1].path, keys[i - 1].key_len, keys[i].path, keys[i].key_len) != 0)
            distinct++;
    return distinct;
}

/* The largest per-directory cap whose total stays within the budget (water-filling). */
static size_t fair_cap(const listed_dir *dirs, size_t ndirs, size_t budget)
{
    size_t lo = 0, hi = 0;
    for (size_t i = 0; i < ndirs; i++)
        if (dirs[i].own_count > hi) hi = dirs[i].own_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2, used = 0;
        for (size_t i = 0; i < ndirs; i++) used += dirs[i].own_count < mid ? dirs[i].own_count : mid;
        if (used <= budget)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* The directories of the sorted paths, each with its depth below the scope. */
static dir_span *spans_of(const cortex_scope_path *paths, size_t npaths, size_t scope_len, size_t *ndirs,
                          size_t *max_depth)
{
    dir_span *dirs = NULL;
    size_t n = 0, cap = 0;
    *max_depth = 0;
    for (size_t i = 0; i < npaths; i++) {
        size_t len = paths[i].dir_len;
        if (n == 0 || dirs[n - 1].len != len || memcmp(dirs[n - 1].path, paths[i].path, len) != 0) {
            size_t depth = scope_len == 0 && len > 0;
            for (size_t k = scope_len; k < len; k++) depth += paths[i].path[k] == '/';
            *CORTEX_PUSH(dirs, n, cap) = (dir_span){paths[i].path, len, i, 0, depth};
            if (depth > *max_depth) *max_depth = depth;
        }
        dirs[n - 1].count++;
    }
    *ndirs = n;
    return dirs;
}

/* The entries at depth: each key's group of directories, one entry. */
static listed_dir *group_keys(const keyed_dir *keys, size_t nkeys, const dir_span *dirs, size_t *nlisted)
{
    listed_dir *listed = NULL;
    size_t n = 0, cap = 0;
    for (size_t i = 0; i < nkeys; i++) {
        if (n == 0 || compare_spans(listed[n - 1].path, listed[n - 1].len, keys[i].path, keys[i].key_len) != 0)
            *CORTEX_PUSH(listed, n, cap) = (listed_dir){keys[i].path, keys[i].key_len, 0, 0, 0, 0};
        const dir_span *d = &dirs[keys[i].dir];
        listed_dir *e = &listed[n - 1];
        if (d->len == e->len) {
            e->own_first = d->first;
            e->own_count = d->count;
        } else {
            e->below += d->count;
            e->subdirectories++;
        }
    }
    *nlisted = n;
    return listed;
}

json_t *cortex_dir_listing(const cortex_scope_path *paths, size_t npaths, const char *scope, size_t budget,
                           size_t *shown, size_t *more_directories)
{
    size_t scope_len = strlen(scope), ndirs = 0, max_depth = 0;
    dir_span *dirs = spans_of(paths, npaths, scope_len, &ndirs, &max_depth);

    /* The deepest level whose entries fit the budget; the scope's own
     * subdirectories at least. */
    size_t depth = max_depth;
    keyed_dir *keys = key_dirs(dirs, ndirs, scope_len, depth);
    while (depth > 1 && count_keys(keys, ndirs) > budget) {
        free(keys);
        keys = key_dirs(dirs, ndirs, scope_len, --depth);
    }
    size_t nlisted = 0;
    listed_dir *listed = group_keys(keys, ndirs, dirs, &nlisted);
    free(keys);
    *more_directories = nlisted > budget ? nlisted - budget : 0;
    if (nlisted > budget) nlisted = budget;

    size_t per_dir = fair_cap(listed, nlisted, budget), spare = budget;
    for (size_t d = 0; d < nlisted; d++) spare -= listed[d].own_count < per_dir ? listed[d].own_count : per_dir;
    json_t *out = json_array();
    *shown = 0;
    for (size_t d = 0; d < nlisted; d++) {
        const listed_dir *e = &listed[d];
        json_t *names = json_array();
        size_t take = e->own_count < per_dir ? e->own_count : per_dir;
        if (take < e->own_count && spare > 0) take++, spare--; /* what the even share leaves, in directory order */
        for (size_t i = 0; i < take; i++) {
            const char *p = paths[e->own_first + i].path;
            const char *base = strrchr(p, '/');
            json_array_append_new(names, cortex_text_json(base ? base + 1 : p));
        }
        *shown += take;
        char *path = cortex_xstrndup(e->path, e->len);
        json_t *entry = json_pack("{s:o,s:o,s:I}", "path", cortex_text_json(*path ? path : "."), "files", names, "more",
                                  (json_int_t)(e->own_count - take + e->below));
        if (e->subdirectories) json_object_set_new(entry, "subdirectories", json_integer((json_int_t)e->subdirectories));
        json_array_append_new(out, entry);
        free(path);
    }
    free(listed);
    free(dirs);
    return out;
}
