/* A bulk load's definitions counted by language and name, in C: see bulk_names.h. */
#include "bulk_names.h"

#include "../util/error.h"
#include "../util/mem.h"
#include "../util/sort.h"

#include <stdlib.h>
#include <string.h>

/* Packed: a large repository's millions of definitions are all held until the commit */
typedef struct name_entry {
    int64_t id;
    uint64_t name : 40;  /* offset into names */
    uint64_t lang : 16;  /* into langs */
    uint64_t member : 8; /* cortex_store_name_member */
} name_entry;

#define MAX_NAME_OFFSET ((UINT64_C(1) << 40) - 1)
#define MAX_LANGS (1u << 16)

struct cortex_bulk_names {
    name_entry *entries;
    size_t n, cap;
    char **langs; /* the few languages seen, in order of appearance */
    size_t nlangs;
    char *names; /* NUL-terminated, end to end: no per-string padding */
    size_t names_len, names_cap;
};

cortex_bulk_names *cortex_bulk_names_new(void) { return cortex_xcalloc(1, sizeof(cortex_bulk_names)); }

static uint32_t lang_index(cortex_bulk_names *b, const char *lang)
{
    /* files come in path order, runs of one language: the last one first */
    for (size_t i = b->nlangs; i-- > 0;)
        if (strcmp(b->langs[i], lang) == 0) return (uint32_t)i;
    if (b->nlangs == MAX_LANGS) cortex_die_oom(); /* far past any plugin set */
    b->langs = cortex_xrealloc(b->langs, (b->nlangs + 1) * sizeof *b->langs);
    b->langs[b->nlangs] = cortex_xstrdup(lang);
    return (uint32_t)b->nlangs++;
}

void cortex_bulk_names_add(cortex_bulk_names *b, const char *lang, const char *name, int member, int64_t id)
{
    size_t len = strlen(name) + 1;
    if (b->names_len + len > MAX_NAME_OFFSET) cortex_die_oom(); /* a terabyte of names */
    if (b->names_len + len > b->names_cap) cortex_grow((void **)&b->names, &b->names_cap, b->names_len + len, 1);
    memcpy(b->names + b->names_len, name, len);
    name_entry *e = CORTEX_PUSH(b->entries, b->n, b->cap);
    e->id = id;
    e->name = b->names_len;
    e->lang = lang_index(b, lang);
    e->member = (unsigned)member;
    b->names_len += len;
}

/* The table's key (language, name, place) in its order: BINARY collation,
 * bytes as strcmp. */
static int compare_keys(const cortex_bulk_names *names, const name_entry *a, const name_entry *b)
{
    int c = a->lang == b->lang ? 0 : strcmp(names->langs[a->lang], names->langs[b->lang]);
    if (!c) c = strcmp(names->names + a->name, names->names + b->name);
    return c ? c : (int)a->member - (int)b->member;
}

/* The key's order, then by id. */
static int compare_entries(const void *x, const void *y, void *names_arg)
{
    const name_entry *a = x, *b = y;
    int c = compare_keys(names_arg, a, b);
    return c ? c : (a->id > b->id) - (a->id < b->id);
}

int cortex_bulk_names_write(cortex_bulk_names *b, sqlite3 *db)
{
    cortex_sort_in_place(b->entries, b->n, sizeof *b->entries, compare_entries, b);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "INSERT INTO definition_names(lang, name, member, n, id) VALUES (?1, ?2, ?5, ?3, ?4)", -1, &st, NULL) !=
        SQLITE_OK)
        return cortex_error_set(CORTEX_EIO, "sqlite store: count definition names: %s", sqlite3_errmsg(db));
    int rc = SQLITE_DONE;
    for (size_t i = 0, j; i < b->n && rc == SQLITE_DONE; i = j) {
        for (j = i + 1; j < b->n && compare_keys(b, &b->entries[j], &b->entries[i]) == 0;) j++;
        sqlite3_bind_int(st, 5, (int)b->entries[i].member);
        sqlite3_bind_text(st, 1, b->langs[b->entries[i].lang], -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, b->names + b->entries[i].name, -1, SQLITE_STATIC);
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
    free(b->names);
    free(b);
}
