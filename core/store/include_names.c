/* The names include binding may change (see include_names.h). */
#include "include_names.h"

#include "bind.h"
#include "name_slots.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Questions answered one by one before the names are read whole: reading
 * them costs about what this many single searches do on the whole kernel. */
#define PROBES_BEFORE_LOADING 100000

#define MAY_BIND_WHERE "(member = " CORTEX_STORE_FILE_LOCAL_SQL " OR (member IN (0, 2) AND n > 1))"

typedef cortex_name_key entry;

struct cortex_include_names {
    sqlite3 *db;
    sqlite3_stmt *probe;
    unsigned long asked;
    int loaded, failed;
    char **langs;
    size_t nlangs, langs_cap;
    entry *entries;
    size_t n, cap;
    cortex_name_slots index;
    cortex_arena arena;
};

/* The language's number; UINT32_MAX for one no qualifying name has (the
 * store's languages are few). */
static uint32_t find_lang(const cortex_include_names *t, const char *lang)
{
    for (size_t i = 0; i < t->nlangs; i++)
        if (strcmp(t->langs[i], lang) == 0) return (uint32_t)i;
    return UINT32_MAX;
}

/* Reads every qualifying name, in key order (a name's rows are adjacent). */
static int load(cortex_include_names *t)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(t->db, "SELECT lang, name FROM definition_names WHERE " MAY_BIND_WHERE, -1, &st, NULL);
    if (rc != SQLITE_OK) return rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *lang = (const char *)sqlite3_column_text(st, 0), *name = (const char *)sqlite3_column_text(st, 1);
        if (!lang || !name) continue;
        uint32_t l = find_lang(t, lang);
        if (l == UINT32_MAX) {
            *CORTEX_PUSH(t->langs, t->nlangs, t->langs_cap) = cortex_xstrdup(lang);
            l = (uint32_t)(t->nlangs - 1);
        }
        const entry *last = t->n ? &t->entries[t->n - 1] : NULL;
        if (last && last->lang == l && strcmp(last->name, name) == 0) continue;
        *CORTEX_PUSH(t->entries, t->n, t->cap) = (entry){cortex_arena_strdup(&t->arena, name), l};
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return rc;
    cortex_name_slots_build(&t->index, t->entries, t->n, sizeof *t->entries);
    return SQLITE_OK;
}

static int in_set(const cortex_include_names *t, const char *lang, const char *name)
{
    uint32_t l = find_lang(t, lang);
    return l != UINT32_MAX && cortex_name_slots_find(&t->index, t->entries, sizeof *t->entries, l, name) != NULL;
}

/* One search of definition_names: -1 on an error. */
static int probe(cortex_include_names *t, const char *lang, const char *name)
{
    if (!t->probe && sqlite3_prepare_v2(t->db,
                                        "SELECT 1 FROM definition_names WHERE lang = ?1 AND name = ?2 AND " MAY_BIND_WHERE
                                        " LIMIT 1",
                                        -1, &t->probe, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(t->probe, 1, lang, -1, SQLITE_STATIC);
    sqlite3_bind_text(t->probe, 2, name, -1, SQLITE_STATIC);
    int rc = sqlite3_step(t->probe), found = rc == SQLITE_ROW;
    sqlite3_reset(t->probe);
    sqlite3_clear_bindings(t->probe);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? found : -1;
}

static void sql_include_may_bind(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    cortex_include_names *t = sqlite3_user_data(ctx);
    const char *lang = (const char *)sqlite3_value_text(argv[0]), *name = (const char *)sqlite3_value_text(argv[1]);
    if (!lang || !name) {
        sqlite3_result_null(ctx);
        return;
    }
    if (!t->loaded && ++t->asked > PROBES_BEFORE_LOADING) {
        t->loaded = 1;
        t->failed = load(t) != SQLITE_OK;
    }
    int answer = t->failed ? -1 : t->loaded ? in_set(t, lang, name) : probe(t, lang, name);
    if (answer < 0) sqlite3_result_error(ctx, "include_may_bind: cannot read definition_names", -1);
    else sqlite3_result_int(ctx, answer);
}

int cortex_include_names_begin(sqlite3 *db, cortex_include_names **out)
{
    cortex_include_names *t = cortex_xcalloc(1, sizeof *t);
    t->db = db;
    if (sqlite3_create_function(db, "include_may_bind", 2, SQLITE_UTF8, t, sql_include_may_bind, NULL, NULL) !=
        SQLITE_OK) {
        free(t);
        *out = NULL;
        return cortex_error_set(CORTEX_EIO, "sqlite store: register include_may_bind: %s", sqlite3_errmsg(db));
    }
    *out = t;
    return 0;
}

void cortex_include_names_end(sqlite3 *db, cortex_include_names *t)
{
    if (!t) return;
    sqlite3_create_function(db, "include_may_bind", 2, SQLITE_UTF8, NULL, NULL, NULL, NULL);
    sqlite3_finalize(t->probe);
    for (size_t i = 0; i < t->nlangs; i++) free(t->langs[i]);
    free(t->langs);
    free(t->entries);
    cortex_name_slots_free(&t->index);
    cortex_arena_reset(&t->arena);
    free(t);
}
