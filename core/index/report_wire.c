/* The report's JSON form between an isolated run and its supervisor. */
#define _GNU_SOURCE
#include "report_wire.h"

#include "../record/record_json.h"
#include "../util/mem.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

json_t *cortex_wire_path(const char *path)
{
    cortex_buf b = {0};
    cortex_json_path(&b, path, strlen(path));
    json_t *v = json_loadb(b.data, b.len, JSON_DECODE_ANY, NULL);
    cortex_buf_free(&b);
    return v;
}

char *cortex_wire_path_of(const json_t *v)
{
    if (!json_is_string(v)) return NULL;
    cortex_buf b = {0};
    if (cortex_path_from_json(&b, json_string_value(v)) != 0 || !b.data) {
        cortex_buf_free(&b);
        return NULL;
    }
    return b.data;
}

/* A message, its invalid bytes replaced. */
static json_t *wire_text(const char *text)
{
    cortex_buf b = {0};
    cortex_utf8_repair(&b, text, strlen(text));
    json_t *v = json_stringn(b.data ? b.data : "", b.len);
    cortex_buf_free(&b);
    return v;
}

static json_t *paths(char *const *s, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++) json_array_append_new(a, cortex_wire_path(s[i]));
    return a;
}

json_t *cortex_report_to_wire(const cortex_index_report *r)
{
    json_t *skipped = json_array(), *langs = json_array(), *problems = json_array();
    for (size_t i = 0; i < r->walk.nskipped; i++)
        json_array_append_new(skipped, json_pack("[o,o]", cortex_wire_path(r->walk.skipped[i].path),
                                                 wire_text(r->walk.skipped[i].reason)));
    for (size_t i = 0; i < r->nlangs; i++) {
        const cortex_language_stats *l = &r->langs[i];
        json_array_append_new(langs, json_pack("[s,I,I,I,I,I]", l->lang, (json_int_t)l->files, (json_int_t)l->bytes,
                                               (json_int_t)l->symbols, (json_int_t)l->refs, (json_int_t)l->texts));
    }
    for (size_t i = 0; i < r->nproblems; i++)
        json_array_append_new(
            problems, json_pack("[o,o]", cortex_wire_path(r->problems[i].path), wire_text(r->problems[i].message)));
    json_t *counts =
        json_pack("[I,I,I,I,I,I,I,I,I,I,I]", (json_int_t)r->files, (json_int_t)r->bytes, (json_int_t)r->symbols,
                  (json_int_t)r->refs, (json_int_t)r->texts, (json_int_t)r->removed,
                  (json_int_t)r->files_with_parse_errors, (json_int_t)r->unchanged, (json_int_t)r->walk.ignored,
                  (json_int_t)r->walk.unsupported, (json_int_t)r->walk.excluded);
    return json_pack("{s:o?,s:o?,s:s?,s:o,s:o,s:o,s:o,s:o,s:f}", "root", r->root ? cortex_wire_path(r->root) : NULL,
                     "data_dir", r->data_dir ? cortex_wire_path(r->data_dir) : NULL, "note", r->walk.note, "counts",
                     counts, "skipped", skipped, "langs", langs, "problems", problems, "parse_errors",
                     paths(r->parse_errors, r->nparse_errors), "seconds", r->seconds);
}

/* The walk's reasons and note are static texts in the indexing process: here
 * each distinct one is kept for the life of the process (there are a few). */
static const char *intern(const char *s)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static char **texts;
    static size_t n, cap;
    if (!s) return NULL;
    pthread_mutex_lock(&lock);
    const char *found = NULL;
    for (size_t i = 0; i < n && !found; i++)
        if (strcmp(texts[i], s) == 0) found = texts[i];
    if (!found) found = *CORTEX_PUSH(texts, n, cap) = cortex_xstrdup(s);
    pthread_mutex_unlock(&lock);
    return found;
}

static uint64_t count_at(const json_t *a, size_t i)
{
    return (uint64_t)json_integer_value(json_array_get(a, i));
}

void cortex_report_from_wire(cortex_index_report *r, const json_t *wire, const cortex_plugin_set *plugins)
{
    memset(r, 0, sizeof *r);
    r->root = cortex_wire_path_of(json_object_get(wire, "root"));
    r->data_dir = cortex_wire_path_of(json_object_get(wire, "data_dir"));
    r->walk.note = intern(json_string_value(json_object_get(wire, "note")));
    const json_t *c = json_object_get(wire, "counts");
    r->files = count_at(c, 0);
    r->bytes = count_at(c, 1);
    r->symbols = count_at(c, 2);
    r->refs = count_at(c, 3);
    r->texts = count_at(c, 4);
    r->removed = count_at(c, 5);
    r->files_with_parse_errors = count_at(c, 6);
    r->unchanged = count_at(c, 7);
    r->walk.ignored = count_at(c, 8);
    r->walk.unsupported = count_at(c, 9);
    r->walk.excluded = count_at(c, 10);
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(wire, "skipped"), i, v) {
        char *path = cortex_wire_path_of(json_array_get(v, 0));
        const char *reason = json_string_value(json_array_get(v, 1));
        if (!path || !reason) {
            free(path);
            continue;
        }
        cortex_walk_skip *s = CORTEX_PUSH(r->walk.skipped, r->walk.nskipped, r->walk.skipped_cap);
        *s = (cortex_walk_skip){path, intern(reason)};
    }
    json_array_foreach(json_object_get(wire, "langs"), i, v) {
        const char *name = json_string_value(json_array_get(v, 0));
        const cortex_language_plugin *p = plugins && name ? cortex_plugin_set_find(plugins, name) : NULL;
        if (plugins ? !p : !name) continue;
        cortex_language_stats *l = CORTEX_PUSH(r->langs, r->nlangs, r->langs_cap);
        *l = (cortex_language_stats){p ? p->name : intern(name), count_at(v, 1), count_at(v, 2),
                                     count_at(v, 3),             count_at(v, 4), count_at(v, 5)};
    }
    json_array_foreach(json_object_get(wire, "problems"), i, v) {
        char *path = cortex_wire_path_of(json_array_get(v, 0));
        const char *message = json_string_value(json_array_get(v, 1));
        if (!path || !message) {
            free(path);
            continue;
        }
        cortex_file_problem *p = CORTEX_PUSH(r->problems, r->nproblems, r->problems_cap);
        *p = (cortex_file_problem){path, cortex_xstrdup(message)};
    }
    json_array_foreach(json_object_get(wire, "parse_errors"), i, v) {
        char *path = cortex_wire_path_of(v);
        if (path) *CORTEX_PUSH(r->parse_errors, r->nparse_errors, r->parse_errors_cap) = path;
    }
    r->seconds = json_real_value(json_object_get(wire, "seconds"));
}
