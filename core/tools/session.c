/*
 * A reader (one read connection to the store) and one tool call: argument
 * validation, indexing when the store is missing, the handler, and the
 * freshness every result carries. A
 * result that mentions files changed on disk since they were indexed is
 * answered again after those files are re-indexed, when they are few.
 */
#define _DEFAULT_SOURCE
#include "handlers.h"

#include "../index/supervise.h"
#include "../store/handle_log.h"
#include "../store/totals.h"
#include "repo_map.h"
#include "schema.h"

#include "../util/error.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* More changed files than this are reported, not re-indexed in the call: a
 * refresh costs about a millisecond a file, and a call should stay fast. */
#define REFRESH_MAX_FILES 20

static int open_read(cortex_reader *s)
{
    if (s->db) return 0;
    int rc = cortex_store_reader_open(&s->db, s->repo->store_path);
    /* No store, one never committed (an indexer killed at its start) or one
     * of an older schema is no index yet: the next index run makes it. */
    if (rc == CORTEX_ENOTFOUND || rc == CORTEX_ESCHEMA) return 0;
    return rc;
}

static void close_read(cortex_reader *s)
{
    cortex_store_reader_close(s->db);
    s->db = NULL;
}

int cortex_reader_open(cortex_reader **out, cortex_repo *repo)
{
    cortex_reader *s = cortex_xcalloc(1, sizeof *s);
    s->repo = repo;
    int rc = open_read(s);
    if (rc) {
        free(s);
        s = NULL;
    }
    *out = s;
    return rc;
}

cortex_handle_log *cortex_reader_handles(cortex_reader *s)
{
    if (s->handles || s->handles_failed) return s->handles;
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/handles.db", s->repo->data_dir);
    if (cortex_handle_log_open(&s->handles, path) != 0) s->handles_failed = 1;
    return s->handles;
}

void cortex_reader_close(cortex_reader *s)
{
    if (!s) return;
    cortex_handle_log_close(s->handles);
    cortex_repo_map_free(s->map);
    close_read(s);
    free(s);
}

int cortex_reader_reopen(cortex_reader *s)
{
    return open_read(s);
}

int cortex_reader_ready(const cortex_reader *s)
{
    return s->db != NULL;
}

int64_t cortex_reader_generation(cortex_reader *s)
{
    return s->db ? cortex_store_read_generation(s->db) : 0;
}

static int64_t store_count(cortex_reader *s, cortex_store_table table);

int64_t cortex_reader_files(cortex_reader *s)
{
    int64_t generation = cortex_reader_generation(s);
    if (generation != s->counted_generation || generation == 0) {
        s->indexed_files = store_count(s, CORTEX_STORE_FILES);
        s->counted_generation = generation;
    }
    return s->indexed_files;
}

cortex_repo *cortex_reader_repo(const cortex_reader *s)
{
    return s->repo;
}

/* `no_wait`: when another indexer holds the lock, fail at once instead of waiting for it. */
static int run_index(cortex_tool_ctx *ctx, const char *const *only, size_t nonly, int force, int no_wait,
                     cortex_index_report *report)
{
    cortex_reader *s = ctx->reader;
    cortex_repo *repo = s->repo;
    if (!repo->config_ok) return cortex_error_set(CORTEX_EINVALID, "%s", repo->config_error);
    static const char *const store_only[] = {"sqlite", NULL};
    cortex_index_options o = {0};
    o.root = repo->root;
    o.data_dir = repo->data_dir; /* <root>/.cortex, or the store cortex_repo_open_at() named */
    o.pipeline = cortex_config_pipeline(&repo->config, NULL);
    o.sinks = only ? store_only : NULL;
    o.only = only;
    o.nonly = nonly;
    o.force = force;
    o.no_wait = no_wait;
    o.progress = ctx->progress;
    o.progress_payload = ctx->progress_payload;
    o.waiting = ctx->waiting;
    o.cancel = ctx->cancelled;
    o.background = ctx->background;
    /* A reader never blocks the writer (WAL), but a store rebuilt under an
     * open connection would be a different file: reconnect after. */
    close_read(s);
    int rc = cortex_index_run_isolated(report, cortex_repo_plugins(repo), &o);
    int rc2 = open_read(s);
    return rc ? rc : rc2;
}

int cortex_tool_index(cortex_index_report *out, cortex_tool_ctx *ctx)
{
    return run_index(ctx, NULL, 0, 0, 0, out);
}

/* ---- freshness ----------------------------------------------------------- */

static int compare_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every "file" value in the result, and "path" values of explore's directories are not files. */
static void collect_files(const json_t *node, char ***paths, size_t *n, size_t *cap)
{
    if (json_is_array(node)) {
        size_t i;
        json_t *item;
        json_array_foreach(node, i, item) collect_files(item, paths, n, cap);
    } else if (json_is_object(node)) {
        const char *key;
        json_t *value;
        json_object_foreach((json_t *)node, key, value) {
            if (strcmp(key, "file") == 0 && json_is_string(value))
                *CORTEX_PUSH(*paths, *n, *cap) = (char *)json_string_value(value);
            else if (strcmp(key, "index") != 0)
                collect_files(value, paths, n, cap);
        }
    }
}

typedef struct file_stamp {
    int64_t bytes, mtime_ns;
} file_stamp;

static int read_stamp(const cortex_store_file *file, void *payload)
{
    *(file_stamp *)payload = (file_stamp){file->bytes, file->mtime_ns};
    return 0;
}

/* The mentioned files whose size or modification time differs from the store's, or that are gone. */
static json_t *stale_files(cortex_reader *s, const json_t *result)
{
    char **paths = NULL;
    size_t n = 0, cap = 0;
    collect_files(result, &paths, &n, &cap);
    json_t *stale = json_array();
    if (n == 0 || !s->db) {
        free(paths);
        return stale;
    }
    qsort(paths, n, sizeof *paths, compare_str);
    char abs[PATH_MAX + 1];
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && strcmp(paths[i], paths[i - 1]) == 0) continue;
        file_stamp stamp;
        if (cortex_store_read_file(s->db, paths[i], read_stamp, &stamp) != 0) continue;
        snprintf(abs, sizeof abs, "%s/%s", s->repo->root, paths[i]);
        struct stat fs;
        int64_t mtime = 0;
        if (stat(abs, &fs) == 0) mtime = (int64_t)fs.st_mtim.tv_sec * 1000000000 + fs.st_mtim.tv_nsec;
        if (mtime == 0 || (int64_t)fs.st_size != stamp.bytes || mtime != stamp.mtime_ns)
            json_array_append_new(stale, cortex_text_json(paths[i]));
    }
    free(paths);
    return stale;
}

static int64_t store_count(cortex_reader *s, cortex_store_table table)
{
    return s->db ? cortex_store_read_count(s->db, table) : 0;
}

/* The generation and file count an answer was computed from: taken while
 * its reads' snapshot is still open. */
typedef struct index_stamp {
    int64_t generation, files;
} index_stamp;

static index_stamp stamp_of(cortex_reader *s)
{
    /* Counting 100,000 files costs milliseconds: once per generation. */
    return (index_stamp){cortex_reader_generation(s), cortex_reader_files(s)};
}

static void add_freshness(json_t *result, index_stamp at, json_t *stale, json_t *refreshed)
{
    json_object_set_new(result, "index",
                        json_pack("{s:I,s:I,s:o,s:o}", "generation", (json_int_t)at.generation, "files",
                                  (json_int_t)at.files, "stale", stale, "refreshed", refreshed));
}

/* Re-indexes the stale files into the store. 0 on success. Never waits for
 * another index run (a reindex of the whole repository can take minutes): the
 * answer then names its stale files, and that run brings them in. */
static int refresh(cortex_tool_ctx *ctx, json_t *stale)
{
    size_t n = json_array_size(stale);
    const char **only = cortex_xcalloc(n + 1, sizeof *only);
    for (size_t i = 0; i < n; i++) only[i] = json_string_value(json_array_get(stale, i));
    cortex_index_report report;
    int rc = run_index(ctx, only, n, 0, 1, &report);
    cortex_index_report_dispose(&report);
    free(only);
    return rc;
}

/* ---- one call ------------------------------------------------------------ */

static cortex_tool_outcome failed(json_t **out, const char *message)
{
    *out = json_pack("{s:s}", "error", message && *message ? message : "the tool failed");
    return CORTEX_TOOL_FAILED;
}

/* The handler, with its reader's statements stopped by the call's cancellation. */
static int run_watched(json_t **out, cortex_tool_ctx *ctx, const cortex_tool *t, json_t *args)
{
    cortex_reader *s = ctx->reader;
    if (s->db && ctx->cancelled) cortex_store_reader_watch(s->db, ctx->cancelled);
    int rc = t->run(out, ctx, args);
    if (s->db) cortex_store_reader_watch(s->db, NULL);
    return rc;
}

cortex_tool_outcome cortex_tool_call(json_t **out, cortex_tool_ctx *ctx, const cortex_tool *t, json_t *args)
{
    *out = NULL;
    ctx->failure = 0;
    cortex_reader *s = ctx->reader;
    json_t *a = args ? json_deep_copy(args) : json_object();
    cortex_buf err = {0};
    const json_t *schema = cortex_tool_input_schema(t);
    if (cortex_schema_validate(schema, a, &err) != 0) {
        cortex_buf_puts(&err, " (the tool's inputSchema lists its parameters)");
        ctx->failure = CORTEX_EINVALID;
        cortex_tool_outcome o = failed(out, err.data);
        cortex_buf_free(&err);
        json_decref(a);
        return o;
    }
    cortex_buf_free(&err);
    cortex_schema_apply_defaults(schema, a);

    int rc = 0;
    if ((t->flags & CORTEX_TOOL_NEEDS_INDEX) && !s->db) {
        cortex_index_report report;
        rc = cortex_tool_index(&report, ctx);
        cortex_index_report_dispose(&report);
        if (rc == 0 && !s->db) rc = cortex_error_set(CORTEX_ENOTFOUND, "the repository could not be indexed");
    }
    /* A tool that only reads answers from one state of the index, freshness
     * and generation included, whatever a reindex commits meanwhile; one
     * that indexes must see what it wrote. */
    int snapshot = (t->flags & CORTEX_TOOL_READ_ONLY) != 0;
    if (rc == 0 && snapshot) cortex_store_reader_snapshot(s->db);
    if (rc == 0) rc = run_watched(out, ctx, t, a);
    json_t *refreshed = json_array();
    if (rc == 0 && (t->flags & CORTEX_TOOL_NEEDS_INDEX)) {
        json_t *stale = stale_files(s, *out);
        index_stamp at = stamp_of(s);
        size_t n = json_array_size(stale);
        /* the refresh reconnects the reader, ending its snapshot */
        if (n > 0 && n <= REFRESH_MAX_FILES && s->repo->auto_refresh && refresh(ctx, stale) == 0) {
            json_decref(*out);
            *out = NULL;
            json_decref(refreshed);
            refreshed = stale;
            stale = NULL; /* now `refreshed`'s: a rerun that fails must not release it twice */
            if (snapshot) cortex_store_reader_snapshot(s->db); /* a new one, with the refreshed files */
            if ((rc = run_watched(out, ctx, t, a)) == 0) {
                stale = stale_files(s, *out);
                at = stamp_of(s);
            }
        }
        if (rc == 0) add_freshness(*out, at, stale, json_incref(refreshed));
        else json_decref(stale);
    } else if (rc == 0) {
        add_freshness(*out, stamp_of(s), json_array(), json_incref(refreshed));
    }
    json_decref(refreshed);
    json_decref(a);
    if (snapshot) cortex_store_reader_snapshot_end(s->db);
    if (rc == CORTEX_ECANCELLED) {
        json_decref(*out);
        *out = NULL;
        return CORTEX_TOOL_CANCELLED;
    }
    if (rc != 0) {
        json_decref(*out);
        ctx->failure = rc;
        return failed(out, cortex_error_last());
    }
    return CORTEX_TOOL_OK;
}

/* ---- flush_index ----------------------------------------------------------- */

typedef struct matched_paths {
    char **paths;
    size_t n, cap;
} matched_paths;

static int add_matched(const cortex_store_file *file, void *payload)
{
    matched_paths *m = payload;
    *CORTEX_PUSH(m->paths, m->n, m->cap) = cortex_xstrdup(file->path);
    return 0;
}

int cortex_tool_flush(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    const char *glob = json_string_value(json_object_get(args, "glob"));
    if (glob && (glob[0] == '/' || strstr(glob, "..")))
        return cortex_error_set(CORTEX_EINVALID, "glob \"%s\" must be relative to the repository root, without ..", glob);
    /* With a glob, canopy's invalidate: the indexed files it matches are
     * extracted again, changed or not, into the store; nothing else is walked. */
    matched_paths m = {0};
    int rc = 0;
    if (glob && s->db) {
        cortex_store_file_filter filter = {.dir = "", .glob = glob};
        rc = cortex_store_read_files(s->db, &filter, add_matched, &m);
        if (rc == 0 && m.n == 0) rc = cortex_error_set(CORTEX_ENOTFOUND, "no indexed file matches \"%s\"", glob);
    }
    cortex_index_report r = {0};
    int ran = rc == 0;
    if (rc == 0) rc = glob && s->db ? run_index(ctx, (const char *const *)m.paths, m.n, 1, 0, &r) : cortex_tool_index(&r, ctx);
    for (size_t i = 0; i < m.n; i++) free(m.paths[i]);
    free(m.paths);
    if (!ran) return rc;
    /* Totals of the index as it now stands, as `cortex index` reports them:
     * unchanged files were not parsed. */
    cortex_store_totals totals = {0};
    if (rc == 0 && s->db) rc = cortex_store_read_totals(&totals, s->db);
    if (rc == 0)
        *out = json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:f,s:[ss]}", "files", (json_int_t)r.files, "parsed",
                            (json_int_t)(r.files - r.unchanged), "unchanged", (json_int_t)r.unchanged, "symbols",
                            (json_int_t)totals.symbols, "references", (json_int_t)totals.refs, "texts",
                            (json_int_t)totals.texts, "removed", (json_int_t)r.removed,
                            "skipped", (json_int_t)r.walk.nskipped, "seconds", r.seconds, "sinks", "sqlite", "jsonl");
    if (rc == 0 && glob && m.n) json_object_set_new(*out, "sinks", json_pack("[s]", "sqlite"));
    if (rc == 0) {
        json_t *problems = json_array();
        for (size_t i = 0; i < r.nproblems; i++)
            json_array_append_new(problems, json_pack("{s:o,s:o}", "file", cortex_text_json(r.problems[i].path), "message",
                                                      cortex_text_json(r.problems[i].message)));
        json_object_set_new(*out, "problems", problems);
    }
    cortex_index_report_dispose(&r);
    return rc;
}
