/*
 * A tool session and one tool call: argument validation, indexing when the
 * store is missing, the handler, and the freshness every result carries. A
 * result that mentions files changed on disk since they were indexed is
 * answered again after those files are re-indexed, when they are few.
 */
#define _DEFAULT_SOURCE
#include "handlers.h"
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

static int open_read(cortex_tool_session *s)
{
    if (s->db) return 0;
    int rc = cortex_store_reader_open(&s->db, s->store_path);
    /* No store, one never committed (an indexer killed at its start) or one
     * of an older schema is no index yet: the next index run makes it. */
    if (rc == CORTEX_ENOTFOUND || rc == CORTEX_ESCHEMA) return 0;
    return rc;
}

static void close_read(cortex_tool_session *s)
{
    cortex_store_reader_close(s->db);
    s->db = NULL;
}

int cortex_tool_session_open(cortex_tool_session *s, const char *root)
{
    memset(s, 0, sizeof *s);
    struct stat st;
    if (!realpath(root, s->root) || stat(s->root, &st) != 0 || !S_ISDIR(st.st_mode))
        return cortex_error_set(CORTEX_ENOTFOUND, "%s: not a directory", root);
    snprintf(s->data_dir, sizeof s->data_dir, "%s/.cortex", s->root);
    snprintf(s->store_path, sizeof s->store_path, "%s/cortex.db", s->data_dir);
    s->auto_refresh = 1;
    /* A broken configuration does not stop the read tools; indexing refuses to run. */
    s->config_ok = cortex_config_load(&s->config, s->root) == 0;
    if (!s->config_ok) snprintf(s->config_error, sizeof s->config_error, "%s", cortex_error_last());
    return open_read(s);
}

void cortex_tool_session_close(cortex_tool_session *s)
{
    close_read(s);
    if (s->plugins) cortex_plugin_set_free(s->plugins);
    s->plugins = NULL;
    if (s->config_ok) cortex_config_dispose(&s->config);
    s->config_ok = 0;
}

cortex_plugin_set *cortex_tool_session_plugins(cortex_tool_session *s)
{
    if (!s->plugins) {
        char *path = cortex_plugin_default_search_path();
        cortex_plugin_set_load_lazy(&s->plugins, path);
        free(path);
    }
    return s->plugins;
}

int cortex_tool_session_reopen(cortex_tool_session *s)
{
    return open_read(s);
}

static void session_progress(size_t done, size_t total, void *payload)
{
    cortex_tool_session *s = payload;
    if (s->progress) s->progress(done, total, s->progress_payload);
}

static int run_index(cortex_tool_session *s, const char *const *only, size_t nonly, cortex_index_report *report)
{
    if (!s->config_ok) return cortex_error_set(CORTEX_EINVALID, "%s", s->config_error);
    cortex_tool_session_plugins(s);
    static const char *const store_only[] = {"sqlite", NULL};
    cortex_index_options o = {0};
    o.root = s->root;
    o.pipeline = cortex_config_pipeline(&s->config, NULL);
    o.sinks = only ? store_only : NULL;
    o.only = only;
    o.nonly = nonly;
    o.progress = session_progress;
    o.progress_payload = s;
    o.cancel = s->cancelled;
    /* A reader never blocks the writer (WAL), but a store rebuilt under an
     * open connection would be a different file: reconnect after. */
    close_read(s);
    int rc = cortex_index_run(s->plugins, &o, report);
    int rc2 = open_read(s);
    return rc ? rc : rc2;
}

int cortex_tool_session_index(cortex_tool_session *s, cortex_index_report *report)
{
    return run_index(s, NULL, 0, report);
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
static json_t *stale_files(cortex_tool_session *s, const json_t *result)
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
        snprintf(abs, sizeof abs, "%s/%s", s->root, paths[i]);
        struct stat fs;
        int64_t mtime = 0;
        if (stat(abs, &fs) == 0) mtime = (int64_t)fs.st_mtim.tv_sec * 1000000000 + fs.st_mtim.tv_nsec;
        if (mtime == 0 || (int64_t)fs.st_size != stamp.bytes || mtime != stamp.mtime_ns)
            json_array_append_new(stale, json_string(paths[i]));
    }
    free(paths);
    return stale;
}

static int64_t store_count(cortex_tool_session *s, cortex_store_table table)
{
    return s->db ? cortex_store_read_count(s->db, table) : 0;
}

static void add_freshness(cortex_tool_session *s, json_t *result, json_t *stale, json_t *refreshed)
{
    int64_t generation = s->db ? cortex_store_read_generation(s->db) : 0;
    /* Counting 100,000 files costs milliseconds: once per generation. */
    if (generation != s->counted_generation || generation == 0) {
        s->indexed_files = store_count(s, CORTEX_STORE_FILES);
        s->counted_generation = generation;
    }
    json_object_set_new(result, "index",
                        json_pack("{s:I,s:I,s:o,s:o}", "generation", (json_int_t)generation, "files",
                                  (json_int_t)s->indexed_files, "stale", stale, "refreshed", refreshed));
}

/* Re-indexes the stale files into the store. 0 on success. */
static int refresh(cortex_tool_session *s, json_t *stale)
{
    size_t n = json_array_size(stale);
    const char **only = cortex_xcalloc(n + 1, sizeof *only);
    for (size_t i = 0; i < n; i++) only[i] = json_string_value(json_array_get(stale, i));
    cortex_index_report report;
    int rc = run_index(s, only, n, &report);
    cortex_index_report_dispose(&report);
    free(only);
    return rc;
}

/* ---- one call ------------------------------------------------------------ */

static cortex_tool_outcome failed(json_t **result, const char *message)
{
    *result = json_pack("{s:s}", "error", message && *message ? message : "the tool failed");
    return CORTEX_TOOL_FAILED;
}

cortex_tool_outcome cortex_tool_call(cortex_tool_session *s, const cortex_tool *t, json_t *args, json_t **result)
{
    *result = NULL;
    json_t *a = args ? json_deep_copy(args) : json_object();
    cortex_buf err = {0};
    const json_t *schema = cortex_tool_input_schema(t);
    if (cortex_schema_validate(schema, a, &err) != 0) {
        cortex_buf_puts(&err, " (the tool's inputSchema lists its parameters)");
        cortex_tool_outcome o = failed(result, err.data);
        cortex_buf_free(&err);
        json_decref(a);
        return o;
    }
    cortex_buf_free(&err);
    cortex_schema_apply_defaults(schema, a);

    int rc = 0;
    if ((t->flags & CORTEX_TOOL_NEEDS_INDEX) && !s->db) {
        cortex_index_report report;
        rc = cortex_tool_session_index(s, &report);
        cortex_index_report_dispose(&report);
        if (rc == 0 && !s->db) rc = cortex_error_set(CORTEX_ENOTFOUND, "the repository could not be indexed");
    }
    if (rc == 0) rc = t->run(s, a, result);
    json_t *refreshed = json_array();
    if (rc == 0 && (t->flags & CORTEX_TOOL_NEEDS_INDEX)) {
        json_t *stale = stale_files(s, *result);
        size_t n = json_array_size(stale);
        if (n > 0 && n <= REFRESH_MAX_FILES && s->auto_refresh && refresh(s, stale) == 0) {
            json_decref(*result);
            *result = NULL;
            json_decref(refreshed);
            refreshed = stale;
            if ((rc = t->run(s, a, result)) == 0) stale = stale_files(s, *result);
        }
        if (rc == 0) add_freshness(s, *result, stale, json_incref(refreshed));
        else json_decref(stale);
    } else if (rc == 0) {
        add_freshness(s, *result, json_array(), json_incref(refreshed));
    }
    json_decref(refreshed);
    json_decref(a);
    if (rc == CORTEX_ECANCELLED) {
        json_decref(*result);
        *result = NULL;
        return CORTEX_TOOL_CANCELLED;
    }
    if (rc != 0) {
        json_decref(*result);
        return failed(result, cortex_error_last());
    }
    return CORTEX_TOOL_OK;
}

/* ---- flush_index ----------------------------------------------------------- */

int cortex_tool_flush(cortex_tool_session *s, json_t *args, json_t **result)
{
    (void)args;
    cortex_index_report r;
    int rc = cortex_tool_session_index(s, &r);
    /* Totals of the index as it now stands: unchanged files were not parsed. */
    if (rc == 0)
        *result = json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:f,s:[ss]}", "files", (json_int_t)r.files, "parsed",
                            (json_int_t)(r.files - r.unchanged), "unchanged", (json_int_t)r.unchanged, "symbols",
                            (json_int_t)store_count(s, CORTEX_STORE_SYMBOLS), "references",
                            (json_int_t)store_count(s, CORTEX_STORE_REFS), "texts",
                            (json_int_t)store_count(s, CORTEX_STORE_TEXTS), "removed", (json_int_t)r.removed,
                            "skipped", (json_int_t)r.walk.nskipped, "seconds", r.seconds, "sinks", "sqlite", "jsonl");
    cortex_index_report_dispose(&r);
    return rc;
}
