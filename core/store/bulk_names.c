/* A bulk load's definitions counted by language and name, in C: see bulk_names.h. */
#define _GNU_SOURCE /* qsort_r */
#include "bulk_names.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>

typedef struct name_entry {
    const char *name; /* in the arena */
    int64_t id;
    uint32_t lang; /* into langs */
    int member;
} name_entry;

struct cortex_bulk_names {
    name_entry *entries;
    size_t n, cap;
    char **langs; /* the few languages seen, in order of appearance */
    size_t nlangs;
    cortex_arena names;
};

cortex_bulk_names *cortex_bulk_names_new(void) { return cortex_xcalloc(1, sizeof(cortex_bulk_names)); }

static uint32_t lang_index(cortex_bulk_names *b, const char *lang)
{
    /* files come in path order, runs of one language: the last one first */
    for (size_t i = b->nlangs; i-- > 0;)
        if (strcmp(b->langs[i], lang) == 0) return (uint32_t)i;
    b->langs = cortex_xrealloc(b->langs, (b->nlangs + 1) * sizeof *b->langs);
    b->langs[b->nlangs] = cortex_xstrdup(lang);
    return (uint32_t)b->nlangs++;
}

void cortex_bulk_names_add(cortex_bulk_names *b, const char *lang, const char *name, int member, int64_t id)
{
    name_entry *e = CORTEX_PUSH(b->entries, b->n, b->cap);
    e->member = member;
    e->lang = lang_index(b, lang);
    e->name = cortex_arena_strdup(&b->names, name);
    e->id = id;
}

/* The table's key order (BINARY collation: bytes, as strcmp), then by id. */
static int compare_entries(const void *x, const void *y, void *langs_arg)
{
    char *const *langs = langs_arg;
    const name_entry *a = x, *b = y;
    int c = a->lang == b->lang ? 0 : strcmp(langs[a->lang], langs[b->lang]);
    if (!c) c = strcmp(a->name, b->name);
    if (!c) c = a->member - b->member;
    return c ? c : (a->id > b->id) - (a->id < b->id);
}

int cortex_bulk_names_write(cortex_bulk_names *b, sqlite3 *db)
{
    if (b->n) qsort_r(b->entries, b->n, sizeof *b->entries, compare_entries, b->langs);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "INSERT INTO definition_names(lang, name, member, n, id) VALUES (?1, ?2, ?5, ?3, ?4)", -1, &st, NULL) !=
        SQLITE_OK)
        return cortex_error_set(CORTEX_EIO, "sqlite store: count definition names: %s", sqlite3_errmsg(db));
    int rc = SQLITE_DONE;
    for (size_t i = 0, j; i < b->n && rc == SQLITE_DONE; i = j) {
        for (j = i + 1; j < b->n && b->entries[j].lang == b->entries[i].lang && b->entries[j].member == b->entries[i].member &&
                        strcmp(b->entries[j].name, b->entries[i].name) == 0;)
            j++;
        sqlite3_bind_int(st, 5, b->entries[i].member);
        sqlite3_bind_text(st, 1, b->langs[b->entries[i].lang], -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, b->entries[i].name, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 3, (sqlite3_int64)(j - i));
        if (j - i == 1) sqlite3_bind_int64(st, 4, b->entries[i].id);
        else sqlite3_bind_null(st, 4); /* several: bound by scope or import, or ambiguous */
        rc = sqlite3_step(st);
        sqlite3_reset(st);
    }
    int out = rc == SQLITE_DONE ? 0 : cortex_error_set(CORTEX_EIO, "sqlite store: count definition names: %s", sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return out;
}

void cortex_bulk_names_free(cortex_bulk_names *b)
{
    if (!b) return;
    free(b->entries);
    for (size_t i = 0; i < b->nlangs; i++) free(b->langs[i]);
    free(b->langs);
    cortex_arena_reset(&b->names);
    free(b);
}
