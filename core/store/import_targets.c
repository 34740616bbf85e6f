/*
 * Import targets (import_targets.h): the indexed paths sorted forwards for
 * exact candidates and reversed for suffix candidates, looked up for each
 * import a run must resolve.
 */
#include "import_targets.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int db_error(sqlite3 *db, const char *what)
{
    return cortex_error_set(CORTEX_EIO, "sqlite store: %s: %s", what, sqlite3_errmsg(db));
}

typedef struct keyed_id {
    char *key;
    int64_t id;
} keyed_id;

/* Indexed paths, sorted forwards (exact lookups) and reversed (suffix
 * lookups); and, built on the first candidate that names a directory, the
 * directories holding files the same two ways, each with its first file. */
typedef struct path_index {
    keyed_id *fwd, *rev;
    size_t n, fwd_cap, rev_cap;
    keyed_id *dirs, *rev_dirs; /* "a/b" and "b/a/" ("" and "/" for the root) */
    size_t ndirs, dirs_cap, rev_dirs_cap;
    int dirs_built;
} path_index;

static int compare_keyed(const void *a, const void *b)
{
    return strcmp(((const keyed_id *)a)->key, ((const keyed_id *)b)->key);
}

static char *reverse_copy(const char *s, size_t extra)
{
    size_t n = strlen(s);
    char *r = cortex_xmalloc(n + 1 + extra);
    for (size_t i = 0; i < n; i++) r[i] = s[n - 1 - i];
    r[n] = '\0';
    return r;
}

/* The first entry whose key is not less than `key` on its first `len` bytes. */
static size_t lower_bound(const keyed_id *keys, size_t n, const char *key, size_t len)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (strncmp(keys[mid].key, key, len) < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Resolves "a/./b/../c" to "a/c" in place; 0 when it climbs above the root. */
static int normalize_path(char *p)
{
    char *src = cortex_xstrdup(p); /* read from a copy: the output may overtake the input */
    size_t o = 0;
    for (char *seg = src, *end; seg; seg = end ? end + 1 : NULL) {
        end = strchr(seg, '/');
        size_t len = end ? (size_t)(end - seg) : strlen(seg);
        if (len == 2 && seg[0] == '.' && seg[1] == '.') {
            if (o == 0) {
                free(src);
                return 0;
            }
            o--; /* drop the '/' after the last segment, then the segment */
            while (o > 0 && p[o - 1] != '/') o--;
        } else if (len > 0 && !(len == 1 && seg[0] == '.')) {
            memcpy(p + o, seg, len);
            o += len;
            p[o++] = '/';
        }
    }
    free(src);
    if (o > 0) o--;
    p[o] = '\0';
    return o > 0;
}

/* The directories of the indexed paths (fwd is sorted by path: a
 * directory's first file comes first), forwards and reversed. */
static void build_dirs(path_index *ix)
{
    ix->dirs_built = 1;
    for (size_t i = 0; i < ix->n; i++) {
        const char *slash = strrchr(ix->fwd[i].key, '/');
        size_t len = slash ? (size_t)(slash - ix->fwd[i].key) : 0;
        char *dir = cortex_xstrndup(ix->fwd[i].key, len);
        *CORTEX_PUSH(ix->dirs, ix->ndirs, ix->dirs_cap) = (keyed_id){dir, ix->fwd[i].id};
    }
    if (ix->ndirs) qsort(ix->dirs, ix->ndirs, sizeof *ix->dirs, compare_keyed);
    size_t w = 0, nrev = 0;
    for (size_t i = 0; i < ix->ndirs; i++) {
        if (w && strcmp(ix->dirs[w - 1].key, ix->dirs[i].key) == 0) {
            if (ix->dirs[i].id < ix->dirs[w - 1].id) ix->dirs[w - 1].id = ix->dirs[i].id;
            free(ix->dirs[i].key);
            continue;
        }
        ix->dirs[w++] = ix->dirs[i];
    }
    ix->ndirs = w;
    for (size_t i = 0; i < ix->ndirs; i++) {
        char *r = reverse_copy(ix->dirs[i].key, 1);
        size_t n = strlen(r);
        r[n] = '/';
        r[n + 1] = '\0';
        *CORTEX_PUSH(ix->rev_dirs, nrev, ix->rev_dirs_cap) = (keyed_id){r, ix->dirs[i].id};
    }
    if (nrev) qsort(ix->rev_dirs, nrev, sizeof *ix->rev_dirs, compare_keyed);
}

/* The id of the entry whose key is `key`, or 0. */
static int64_t exact(const keyed_id *keys, size_t n, const char *key)
{
    size_t i = lower_bound(keys, n, key, strlen(key) + 1);
    return i < n && strcmp(keys[i].key, key) == 0 ? keys[i].id : 0;
}

/* Among reversed keys, the id of the one that starts with the reversed
 * `suffix` and a '/', when exactly one does; 0 otherwise. A file's key is its
 * reversed path (it ends with "/" + suffix); a directory's has a '/' added
 * (it ends with "/" + suffix, or is suffix). */
static int64_t unique_suffix(const keyed_id *rev, size_t n, const char *suffix)
{
    size_t len = strlen(suffix);
    char *key = reverse_copy(suffix, 1); /* reversed, the keys start with reverse(suffix) + "/" */
    key[len] = '/';
    key[len + 1] = '\0';
    size_t i = lower_bound(rev, n, key, len + 1);
    int64_t id = 0;
    if (i < n && strncmp(rev[i].key, key, len + 1) == 0 && (i + 1 >= n || strncmp(rev[i + 1].key, key, len + 1) != 0))
        id = rev[i].id;
    free(key);
    return id;
}

/* The file id a candidate names, or 0: an exact path, or "*" "/suffix" matching
 * exactly one indexed path that ends with "/suffix"; a candidate ending with
 * "/" names a directory ("./" the root, no suffix of it): its first file. */
static int64_t lookup_candidate(path_index *ix, const char *candidate)
{
    int suffix = strncmp(candidate, "*/", 2) == 0;
    size_t clen = strlen(candidate);
    int dir = clen > 0 && candidate[clen - 1] == '/';
    char *buf = cortex_xstrdup(candidate + (suffix ? 2 : 0));
    int64_t id = 0;
    if (normalize_path(buf) || (dir && !suffix && strcmp(candidate, "./") == 0)) {
        if (dir && !ix->dirs_built) build_dirs(ix);
        const keyed_id *fwd = dir ? ix->dirs : ix->fwd, *rev = dir ? ix->rev_dirs : ix->rev;
        size_t n = dir ? ix->ndirs : ix->n;
        id = !suffix ? exact(fwd, n, buf) : *buf ? unique_suffix(rev, n, buf) : 0;
    }
    free(buf);
    return id;
}

static void path_index_free(path_index *ix)
{
    for (size_t i = 0; i < ix->n; i++) {
        free(ix->fwd[i].key);
        free(ix->rev[i].key);
    }
    for (size_t i = 0; i < ix->ndirs; i++) {
        free(ix->dirs[i].key);
        free(ix->rev_dirs[i].key);
    }
    free(ix->fwd);
    free(ix->rev);
    free(ix->dirs);
    free(ix->rev_dirs);
}

static int load_path_index(sqlite3 *db, path_index *ix)
{
    memset(ix, 0, sizeof *ix);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "SELECT id, path FROM files ORDER BY path", -1, &st, NULL) != SQLITE_OK)
        return db_error(db, "list files");
    size_t nrev = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *path = (const char *)sqlite3_column_text(st, 1);
        int64_t id = sqlite3_column_int64(st, 0);
        *CORTEX_PUSH(ix->fwd, ix->n, ix->fwd_cap) = (keyed_id){cortex_xstrdup(path), id};
        *CORTEX_PUSH(ix->rev, nrev, ix->rev_cap) = (keyed_id){reverse_copy(path, 0), id};
    }
    sqlite3_finalize(st);
    if (nrev) qsort(ix->rev, nrev, sizeof *ix->rev, compare_keyed);
    return 0;
}

int cortex_import_targets_resolve(sqlite3 *db, int all, int64_t generation)
{
    path_index ix;
    int rc = load_path_index(db, &ix);
    if (rc) return rc;
    sqlite3_stmt *q, *u;
    const char *sql = all
                          ? "SELECT id, candidates, target_file_id, file_id FROM imports"
                          : "SELECT i.id, i.candidates, i.target_file_id, i.file_id FROM imports i JOIN files f ON f.id = i.file_id"
                            " WHERE f.generation = ?1 OR (i.target_file_id IS NOT NULL"
                            " AND NOT EXISTS (SELECT 1 FROM files t WHERE t.id = i.target_file_id))";
    if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) != SQLITE_OK) {
        path_index_free(&ix);
        return db_error(db, "list imports");
    }
    if (sqlite3_bind_parameter_count(q) == 1) sqlite3_bind_int64(q, 1, generation);
    /* a file whose import now leads elsewhere has its references bound again */
    sqlite3_stmt *noted = NULL;
    if (sqlite3_prepare_v2(db, "UPDATE imports SET target_file_id = ? WHERE id = ?", -1, &u, NULL) != SQLITE_OK ||
        (!all && sqlite3_prepare_v2(db, "INSERT OR IGNORE INTO temp.rebind_files VALUES (?)", -1, &noted, NULL) !=
                     SQLITE_OK)) {
        rc = db_error(db, "prepare import update");
        sqlite3_finalize(u);
        sqlite3_finalize(q);
        path_index_free(&ix);
        return rc;
    }
    while (rc == 0 && sqlite3_step(q) == SQLITE_ROW) {
        const char *cands = (const char *)sqlite3_column_text(q, 1);
        int64_t target = 0, old = sqlite3_column_int64(q, 2);
        while (cands && *cands && !target) {
            const char *nl = strchr(cands, '\n');
            size_t len = nl ? (size_t)(nl - cands) : strlen(cands);
            char *one = cortex_xstrndup(cands, len);
            target = lookup_candidate(&ix, one);
            free(one);
            cands += len + (nl ? 1 : 0);
        }
        if (target == old) continue;
        if (target) sqlite3_bind_int64(u, 1, target);
        else sqlite3_bind_null(u, 1);
        sqlite3_bind_int64(u, 2, sqlite3_column_int64(q, 0));
        rc = sqlite3_step(u) == SQLITE_DONE ? 0 : db_error(db, "update import target");
        sqlite3_reset(u);
        if (rc == 0 && noted) {
            sqlite3_bind_int64(noted, 1, sqlite3_column_int64(q, 3));
            rc = sqlite3_step(noted) == SQLITE_DONE ? 0 : db_error(db, "note an import's file");
            sqlite3_reset(noted);
        }
    }
    sqlite3_finalize(q);
    sqlite3_finalize(u);
    sqlite3_finalize(noted);
    path_index_free(&ix);
    return rc;
}

