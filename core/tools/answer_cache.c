/*
 * Whole-repository answers kept beside the store (answer_cache.h). One file
 * an answer, named by a hash of the tool and its arguments, holding
 * {store_id, generation, build, name, args, answer}: it is read only when all
 * but the answer are the call's, so a hash that collides or an answer of
 * another store, generation or build of cortex is never taken. Written to a new file and renamed over
 * the old; the directory keeps the most recent KEEP files.
 */
#define _GNU_SOURCE /* lstat, st_mtim */
#include "answer_cache.h"

#include "../util/build_id.h"
#include "../util/io.h"
#include "../util/mem.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

/* Answers kept: arguments vary little in practice; the oldest go first. */
#define KEEP 64

static char *cache_dir(const cortex_reader *s)
{
    size_t len = strlen(s->repo->store_path) + sizeof "-answers";
    char *dir = cortex_xmalloc(len);
    snprintf(dir, len, "%s-answers", s->repo->store_path);
    return dir;
}

/* The answer's file: its directory, then the hash of the name and arguments. */
static char *answer_path(const cortex_reader *s, const char *name, const json_t *args)
{
    char *key = json_dumps(args, JSON_COMPACT | JSON_SORT_KEYS);
    if (!key) return NULL;
    XXH3_state_t *h = XXH3_createState();
    XXH3_64bits_reset(h);
    XXH3_64bits_update(h, name, strlen(name) + 1);
    XXH3_64bits_update(h, key, strlen(key));
    unsigned long long hash = (unsigned long long)XXH3_64bits_digest(h);
    XXH3_freeState(h);
    free(key);
    char *dir = cache_dir(s);
    size_t len = strlen(dir) + 32;
    char *path = cortex_xmalloc(len);
    snprintf(path, len, "%s/%016llx.json", dir, hash);
    free(dir);
    return path;
}

static int identity(cortex_reader *s, char *store_id, size_t size, int64_t *generation)
{
    return cortex_store_read_identity(s->db, store_id, size, generation) == 0 && *store_id;
}

json_t *cortex_answer_cache_get(cortex_reader *s, const char *name, const json_t *args)
{
    char store_id[40];
    int64_t generation;
    if (!identity(s, store_id, sizeof store_id, &generation)) return NULL;
    char *path = answer_path(s, name, args);
    if (!path) return NULL;
    json_t *kept = json_load_file(path, 0, NULL);
    free(path);
    json_t *answer = NULL;
    const char *kept_store = json_string_value(json_object_get(kept, "store_id"));
    const char *kept_name = json_string_value(json_object_get(kept, "name"));
    const char *kept_build = json_string_value(json_object_get(kept, "build"));
    if (kept_store && strcmp(kept_store, store_id) == 0 && kept_name && strcmp(kept_name, name) == 0 && kept_build &&
        strcmp(kept_build, cortex_build_id()) == 0 &&
        json_is_integer(json_object_get(kept, "generation")) &&
        json_integer_value(json_object_get(kept, "generation")) == generation &&
        json_equal(json_object_get(kept, "args"), (json_t *)args) == 1 && json_is_object(json_object_get(kept, "answer")))
        answer = json_incref(json_object_get(kept, "answer"));
    json_decref(kept);
    return answer;
}

typedef struct kept_file {
    char *name;
    struct timespec mtime;
} kept_file;

static int older_first(const void *a, const void *b)
{
    const kept_file *x = a, *y = b;
    if (x->mtime.tv_sec != y->mtime.tv_sec) return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
    if (x->mtime.tv_nsec != y->mtime.tv_nsec) return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* The oldest files past KEEP leave: answers, and any a writer left half made. */
static void prune(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    kept_file *files = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        struct stat st;
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path || lstat(path, &st) != 0 ||
            !S_ISREG(st.st_mode))
            continue;
        *CORTEX_PUSH(files, n, cap) = (kept_file){cortex_xstrdup(e->d_name), st.st_mtim};
    }
    closedir(d);
    if (n > KEEP) qsort(files, n, sizeof *files, older_first);
    for (size_t i = 0; i < n; i++) {
        if (i + KEEP < n) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, files[i].name);
            unlink(path);
        }
        free(files[i].name);
    }
    free(files);
}

void cortex_answer_cache_put(cortex_reader *s, const char *name, const json_t *args, const json_t *answer)
{
    char store_id[40];
    int64_t generation;
    if (!identity(s, store_id, sizeof store_id, &generation)) return;
    char *dir = cache_dir(s), *path = answer_path(s, name, args);
    if (!path || (mkdir(dir, 0755) != 0 && access(dir, W_OK) != 0)) {
        free(dir);
        free(path);
        return;
    }
    json_t *kept = json_pack("{s:s,s:I,s:s,s:s,s:O,s:O}", "store_id", store_id, "generation", (json_int_t)generation,
                             "build", cortex_build_id(), "name", name, "args", args, "answer", answer);
    char *text = kept ? json_dumps(kept, JSON_COMPACT) : NULL;
    if (text) (void)cortex_write_file_replacing(path, text, strlen(text)); /* unsaved, it is computed again next time */
    free(text);
    json_decref(kept);
    free(path);
    prune(dir);
    free(dir);
}
