/*
 * Predictive lazy indexing: a `query` on a repository whose first index has
 * not committed yet is answered at once from the files the query points at.
 * Their paths are chosen from the tree's paths alone (the walker, ignore
 * rules and the pipeline's globs honoured, nothing parsed): a path whose
 * file stem or directory names match a word of the query. Those files are
 * indexed into a store of their own, <root>/.cortex/partial (its own lock:
 * it never waits for the full run, which goes on in the background), and
 * the query runs there. The answer says `partial: true`, with the files it
 * was computed from and the tree's. Partial runs of a repository are one at
 * a time and add to the same store; once the full index commits, the partial
 * store is never served again and is deleted.
 */
#define _GNU_SOURCE
#include "internal.h"

#include "../index/supervise.h"
#include "../store/store.h"
#include "../util/error.h"

#include <ctype.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct http_lazy {
    pthread_mutex_t lock; /* one partial run or partial query at a time; guards what follows */
    int closed;           /* the full index exists: the partial store is gone and never served */
    char *dir;            /* <root>/.cortex/partial */
    cortex_repo *repo;    /* the tree with its index in `dir` */
    cortex_reader *reader;
    int walked;
    cortex_walk walk;     /* the tree's indexable paths, walked once */
    char **indexed;       /* the paths given to partial runs so far, sorted */
    size_t nindexed, capindexed;
    int have_store;       /* a partial run committed */
};

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st, (void)ftw;
    if (type == FTW_DP) rmdir(path);
    else unlink(path);
    return 0;
}

static void remove_tree(const char *dir)
{
    struct stat st;
    if (lstat(dir, &st) == 0) nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static char *partial_dir(const http_repo *r)
{
    cortex_buf b = {0};
    cortex_buf_printf(&b, "%s/.cortex/partial", r->root);
    return b.data;
}

void http_lazy_discard_leftover(http_repo *r)
{
    char *dir = partial_dir(r);
    remove_tree(dir);
    free(dir);
}

static void lazy_release(struct http_lazy *z)
{
    cortex_reader_close(z->reader);
    z->reader = NULL;
    cortex_repo_close(z->repo);
    z->repo = NULL;
    cortex_walk_dispose(&z->walk);
    memset(&z->walk, 0, sizeof z->walk);
    z->walked = 0;
    for (size_t i = 0; i < z->nindexed; i++) free(z->indexed[i]);
    free(z->indexed);
    z->indexed = NULL;
    z->nindexed = z->capindexed = 0;
    z->have_store = 0;
    if (z->dir) remove_tree(z->dir);
}

/* The repository's lazy state, made on first need. */
static struct http_lazy *lazy_of(http_repo *r)
{
    pthread_mutex_lock(&r->lock);
    if (!r->lazy) {
        struct http_lazy *z = cortex_xcalloc(1, sizeof *z);
        pthread_mutex_init(&z->lock, NULL);
        z->dir = partial_dir(r);
        r->lazy = z;
    }
    struct http_lazy *z = r->lazy;
    pthread_mutex_unlock(&r->lock);
    return z;
}

void http_lazy_drop(http_repo *r)
{
    struct http_lazy *z = lazy_of(r);
    pthread_mutex_lock(&z->lock); /* a partial run in progress ends first */
    if (!z->closed) {
        z->closed = 1;
        lazy_release(z);
    }
    pthread_mutex_unlock(&z->lock);
}

void http_lazy_free(http_repo *r)
{
    struct http_lazy *z = r->lazy;
    if (!z) return;
    lazy_release(z);
    pthread_mutex_destroy(&z->lock);
    free(z->dir);
    free(z);
    r->lazy = NULL;
}

/* ---- choosing files by their paths ------------------------------------------------ */

typedef struct term_set {
    char **t;
    size_t n, cap;
} term_set;

static void terms_add_word(term_set *ts, const char *w, size_t len)
{
    if (len < 3 || len > 128) return; /* "io", "x": every tree has them */
    char word[129];
    for (size_t i = 0; i < len; i++) word[i] = (char)tolower((unsigned char)w[i]);
    word[len] = '\0';
    for (size_t i = 0; i < ts->n; i++)
        if (strcmp(ts->t[i], word) == 0) return;
    if (ts->n < 64) *CORTEX_PUSH(ts->t, ts->n, ts->cap) = cortex_xstrdup(word);
}

/* The words of `text` as the store splits a name (cortex_store_name_terms():
 * the name itself, then its words at _ . - and case changes), lower-cased. */
static void split_words(const char *text, void (*each)(void *payload, const char *w, size_t len), void *payload)
{
    size_t n = strlen(text);
    if (n > 1024) n = 1024;
    char *copy = cortex_xstrndup(text, n);
    char *words = cortex_xmalloc(3 * n + 2);
    /* a text of several names ("parse config", a DSL query) is split at blanks first */
    for (char *save = NULL, *tok = strtok_r(copy, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
        cortex_store_name_terms(words, tok);
        const char *p = words;
        while (*p) {
            const char *e = strchr(p, ' ');
            size_t len = e ? (size_t)(e - p) : strlen(p);
            /* a word of the split is letters and digits only; the name itself may hold
             * punctuation (a "def:name" query): kept only when it is one identifier */
            int ident = len > 0;
            for (size_t i = 0; i < len && ident; i++) ident = isalnum((unsigned char)p[i]) || p[i] == '_';
            if (ident) each(payload, p, len);
            p += len;
            while (*p == ' ') p++;
        }
    }
    free(words);
    free(copy);
}

static void add_term(void *payload, const char *w, size_t len)
{
    terms_add_word(payload, w, len);
}

static void query_terms(term_set *ts, const json_t *args)
{
    static const char *const keys[] = {"symbol", "pattern", "query", "section", "parent", NULL};
    for (const char *const *k = keys; *k; k++) {
        const char *v = json_string_value(json_object_get(args, *k));
        if (v) split_words(v, add_term, ts);
    }
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(args, "patterns"), i, v) if (json_is_string(v))
        split_words(json_string_value(v), add_term, ts);
}

typedef struct path_score {
    const term_set *ts;
    int *best;    /* per term: its strongest match in this path */
    int strength; /* of the component being scored */
} path_score;

static void score_word(void *payload, const char *w, size_t len)
{
    path_score *ps = payload;
    for (size_t i = 0; i < ps->ts->n; i++) {
        const char *t = ps->ts->t[i];
        if (strlen(t) != len) continue;
        int same = 1;
        for (size_t k = 0; k < len && same; k++) same = tolower((unsigned char)w[k]) == t[k];
        if (same && ps->strength > ps->best[i]) ps->best[i] = ps->strength;
    }
}

/* How strongly `path` matches the terms: per term, 4 when it is the file's
 * stem, 2 a word of the stem, 3 a directory's whole name, 1 a word of one;
 * summed over the terms. 0: no match. */
static int path_strength(const char *path, const term_set *ts, int *best)
{
    memset(best, 0, ts->n * sizeof *best);
    path_score ps = {ts, best, 0};
    const char *p = path;
    char comp[PATH_MAX];
    while (*p) {
        const char *slash = strchr(p, '/');
        size_t len = slash ? (size_t)(slash - p) : strlen(p);
        if (len >= sizeof comp) len = sizeof comp - 1;
        memcpy(comp, p, len);
        comp[len] = '\0';
        int file = !slash;
        if (file) {
            char *dot = strchr(comp + (comp[0] == '.'), '.');
            if (dot) *dot = '\0'; /* the stem: "parser.tab.c" -> "parser" */
        }
        /* the whole component first (split_words gives the name, then its words) */
        int whole = 1;
        char words[3 * PATH_MAX + 2];
        cortex_store_name_terms(words, comp);
        const char *w = words;
        while (*w) {
            const char *e = strchr(w, ' ');
            size_t wl = e ? (size_t)(e - w) : strlen(w);
            ps.strength = whole ? (file ? 4 : 3) : (file ? 2 : 1);
            score_word(&ps, w, wl);
            whole = 0;
            w += wl;
            while (*w == ' ') w++;
        }
        p = slash ? slash + 1 : p + len;
    }
    int sum = 0;
    for (size_t i = 0; i < ts->n; i++) sum += best[i];
    return sum;
}

typedef struct candidate {
    const cortex_walk_file *f;
    int strength;
} candidate;

static int by_strength(const void *a, const void *b)
{
    const candidate *x = a, *y = b;
    if (x->strength != y->strength) return y->strength - x->strength;
    if (x->f->size != y->f->size) return x->f->size < y->f->size ? -1 : 1;
    return strcmp(x->f->path, y->f->path);
}

static int by_path(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int walk_tree(struct http_lazy *z, http_repo *r)
{
    const cortex_config *config = cortex_repo_config(r->repo);
    if (!config) return cortex_error_set(CORTEX_EINVALID, "%s", cortex_repo_config_error(r->repo));
    const cortex_pipeline_config *pl = cortex_config_pipeline(config, NULL);
    cortex_walk_options wopts;
    cortex_index_walk_options(&wopts, pl, 0);
    int rc = cortex_walk_run(&z->walk, r->root, cortex_repo_plugins(r->repo), &wopts);
    cortex_index_walk_options_free(&wopts);
    if (rc == 0) {
        z->walked = 1;
        fprintf(stderr, "cortex serve: %s: %zu files to choose early queries' files from (%llu ignored, %llu unsupported)%s%s\n",
                r->name, z->walk.nfiles, (unsigned long long)z->walk.ignored, (unsigned long long)z->walk.unsupported,
                z->walk.note ? ": " : "", z->walk.note ? z->walk.note : "");
    }
    return rc;
}

/* Indexes into the partial store the chosen paths it lacks (all of them sorted
 * into `z->indexed`); with none chosen and no store yet, an empty store, so
 * the query runs (and validates its arguments) as anywhere else. */
static int index_paths(struct http_lazy *z, http_repo *r, candidate *c, size_t n, const atomic_int *cancelled)
{
    const char **only = cortex_xcalloc(n + 1, sizeof *only);
    size_t nonly = 0;
    for (size_t i = 0; i < n; i++)
        if (!z->nindexed || !bsearch(&c[i].f->path, z->indexed, z->nindexed, sizeof *z->indexed, by_path))
            only[nonly++] = c[i].f->path;
    if (nonly == 0 && z->have_store) {
        free(only);
        return 0;
    }
    qsort(only, nonly, sizeof *only, by_path);
    char cortex_dir[PATH_MAX];
    snprintf(cortex_dir, sizeof cortex_dir, "%s/.cortex", r->root);
    if (mkdir(cortex_dir, 0777) != 0 && errno != EEXIST) {
        free(only);
        return cortex_error_set(CORTEX_EIO, "%s: cannot create directory: %s", cortex_dir, strerror(errno));
    }
    static const char *const sinks[] = {"sqlite", NULL};
    cortex_index_options o = {0};
    o.root = r->root;
    o.pipeline = cortex_config_pipeline(cortex_repo_config(r->repo), NULL);
    o.data_dir = z->dir;
    o.sinks = sinks;
    o.only = only;
    o.nonly = nonly;
    o.cancel = cancelled;
    cortex_index_report report;
    int rc = cortex_index_run_isolated(&report, cortex_repo_plugins(r->repo), &o);
    cortex_index_report_dispose(&report);
    if (rc == 0) {
        for (size_t i = 0; i < nonly; i++) *CORTEX_PUSH(z->indexed, z->nindexed, z->capindexed) = cortex_xstrdup(only[i]);
        if (z->nindexed) qsort(z->indexed, z->nindexed, sizeof *z->indexed, by_path);
        z->have_store = 1;
    }
    free(only);
    return rc;
}

/* The lists of handles a query's answer gives. */
static const char *const handle_lists[] = {"handles", "ref_handles", NULL};

/* Whether an answer found anything. */
static int answer_found(const json_t *result)
{
    for (const char *const *l = handle_lists; *l; l++)
        if (json_array_size(json_object_get(result, *l)) > 0) return 1;
    return 0;
}

/* Marks a partial answer: its handles are not the full index's (generation 0,
 * which no committed index has, so an expand that names it is a 409), and
 * says what it was computed from. */
static void mark_partial(json_t *result, int64_t indexed, int64_t total, size_t matched, size_t chosen)
{
    for (const char *const *l = handle_lists; *l; l++) {
        size_t i;
        json_t *h;
        json_array_foreach(json_object_get(result, *l), i, h) {
            json_object_set_new(h, "generation", json_integer(0));
            json_object_set_new(h, "source", json_string("partial"));
        }
    }
    json_object_set_new(result, "generation", json_integer(0));
    json_t *index = json_object_get(result, "index");
    if (json_is_object(index)) {
        json_object_set_new(index, "generation", json_integer(0));
        json_object_set_new(index, "partial", json_true());
    }
    json_object_set_new(result, "partial", json_true());
    json_object_set_new(result, "indexed_files", json_integer((json_int_t)indexed));
    json_object_set_new(result, "total_files", json_integer((json_int_t)total));
    json_object_set_new(result, "matched_files", json_integer((json_int_t)matched));
    char note[400];
    if (matched == 0)
        snprintf(note, sizeof note,
                 "the first index is still running and no file's path matches the query's words, so the %lld files "
                 "indexed ahead of it may not hold the answer: query again once GET /repos says ready",
                 (long long)indexed);
    else
        snprintf(note, sizeof note,
                 "the first index is still running: answered from %lld of %lld files, chosen by their paths (%zu of "
                 "%zu matching paths this time); query again once GET /repos says ready for a complete answer",
                 (long long)indexed, (long long)total, chosen, matched);
    json_object_set_new(result, "partial_note", json_string(note));
}

int http_lazy_query(json_t **out, cortex_tool_ctx *call, http_repo *r, cortex_reader *full, const cortex_tool *t,
                    json_t *args, const atomic_int *cancelled)
{
    *out = NULL;
    pthread_mutex_lock(&r->lock);
    int first_running = r->running;
    pthread_mutex_unlock(&r->lock);
    if (!first_running) return -1; /* no first index under way: the call indexes as it always did */
    struct http_lazy *z = lazy_of(r);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pthread_mutex_lock(&z->lock);
    cortex_reader_reopen(full);
    if (z->closed || cortex_reader_ready(full)) {
        pthread_mutex_unlock(&z->lock);
        return -1;
    }
    int rc = 0;
    if (!z->repo) {
        remove_tree(z->dir); /* a store a previous process left is not known to hold what `indexed` says */
        rc = cortex_repo_open_at(&z->repo, r->root, z->dir);
        if (rc == 0) rc = cortex_reader_open(&z->reader, z->repo);
    }
    if (rc == 0 && !z->walked) rc = walk_tree(z, r);
    term_set ts = {0};
    candidate *c = NULL;
    size_t matched = 0, chosen = 0;
    if (rc == 0) {
        query_terms(&ts, args);
        c = cortex_xcalloc(z->walk.nfiles + 1, sizeof *c);
        int *best = cortex_xcalloc(ts.n + 1, sizeof *best);
        for (size_t i = 0; i < z->walk.nfiles && ts.n; i++) {
            int s = path_strength(z->walk.files[i].path, &ts, best);
            if (s > 0) c[matched++] = (candidate){&z->walk.files[i], s};
        }
        free(best);
        qsort(c, matched, sizeof *c, by_strength);
    }
    /* The strongest few paths first, more only while the answer finds
     * nothing: the whole index shares the cores, and every file indexed
     * now delays the first answer. */
    static const size_t tiers[] = {8, 32, HTTP_LAZY_MAX_FILES};
    cortex_tool_outcome o = CORTEX_TOOL_FAILED;
    for (size_t k = 0; rc == 0 && k < sizeof tiers / sizeof *tiers; k++) {
        chosen = matched < tiers[k] ? matched : tiers[k];
        rc = index_paths(z, r, c, chosen, cancelled);
        if (rc == 0) {
            cortex_reader_reopen(z->reader);
            if (!cortex_reader_ready(z->reader)) rc = cortex_error_set(CORTEX_ENOTFOUND, "the partial store did not open");
        }
        if (rc) break;
        cortex_tool_ctx ctx = *call;
        ctx.reader = z->reader;
        o = cortex_tool_call(out, &ctx, t, args);
        call->failure = ctx.failure;
        if (o != CORTEX_TOOL_OK || chosen == matched || answer_found(*out)) break;
        json_decref(*out);
        *out = NULL;
    }
    if (rc == 0) {
        if (o == CORTEX_TOOL_OK) {
            int64_t files = cortex_reader_files(z->reader);
            mark_partial(*out, files, (int64_t)z->walk.nfiles, matched, chosen);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            fprintf(stderr, "cortex serve: %s: a partial answer from %lld of %zu files (%zu matched the query's words) in %.2f s\n",
                    r->name, (long long)files, z->walk.nfiles, matched,
                    (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
        }
    }
    for (size_t i = 0; i < ts.n; i++) free(ts.t[i]);
    free(ts.t);
    free(c);
    pthread_mutex_unlock(&z->lock);
    if (rc == CORTEX_ECANCELLED) return CORTEX_TOOL_CANCELLED;
    if (rc) {
        /* the partial way failed (a broken configuration, a disk error): the caller waits for the full index */
        fprintf(stderr, "cortex serve: %s: no partial answer: %s\n", r->name, cortex_error_last());
        return -1;
    }
    /* the full index committed meanwhile: its answer, not this one */
    cortex_reader_reopen(full);
    if (cortex_reader_ready(full)) {
        json_decref(*out);
        *out = NULL;
        return -1;
    }
    return (int)o;
}
