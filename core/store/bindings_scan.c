/*
 * Every reference's binding in one pass (bindings_scan.h). Each step below
 * says which part of the ref_bindings view (store.c) it mirrors; a change to
 * the view is a change here, and tests/unit/bindings_agree.c fails until both
 * agree again.
 */
#include "bindings_scan.h"
#include "ids.h"
#include "name_slots.h"
#include "read_internal.h"
#include "store.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>

/* ---- definition_names in memory ------------------------------------------------ */

/* The rows of one language and name, by membership: the view joins
 * members 0, 1 and 2 (d0, d1, d2); a file-local definition is not bound
 * by name across files. */
typedef struct names_entry {
    cortex_name_key key; /* first: name_slots.h */
    uint8_t present; /* bit m: a row of member m exists (else the view's join is NULL) */
    uint8_t has_id;  /* bit m: its id is not NULL */
    int64_t n[3], id[3];
} names_entry;

typedef struct names {
    char **langs;
    size_t nlangs, langs_cap;
    names_entry *entries;
    size_t n, cap;
    cortex_name_slots index;
    cortex_arena arena;
} names;

/* The language's number, added when new (few: a store's languages). */
static uint32_t lang_number(names *t, const char *lang)
{
    for (size_t i = t->nlangs; i-- > 0;)
        if (strcmp(t->langs[i], lang) == 0) return (uint32_t)i;
    *CORTEX_PUSH(t->langs, t->nlangs, t->langs_cap) = cortex_xstrdup(lang);
    return (uint32_t)(t->nlangs - 1);
}

static const names_entry *names_find(const names *t, uint32_t lang, const char *name)
{
    return cortex_name_slots_find(&t->index, t->entries, sizeof *t->entries, lang, name);
}

static void names_index(names *t) { cortex_name_slots_build(&t->index, t->entries, t->n, sizeof *t->entries); }

static void names_free(names *t)
{
    for (size_t i = 0; i < t->nlangs; i++) free(t->langs[i]);
    free(t->langs);
    free(t->entries);
    cortex_name_slots_free(&t->index);
    cortex_arena_reset(&t->arena);
}

/* definition_names (only `only`'s rows, when not NULL) comes in key order (lang, name, member): one entry for
 * each language and name, its memberships side by side. */
static int names_load(cortex_store_reader *r, names *t, const char *only)
{
    sqlite3_stmt *st = cortex_store__prepare(
        /* the key leads with the language: a name is looked up once in each */
        r, only ? "SELECT d.lang, d.name, d.member, d.n, d.id FROM languages l CROSS JOIN definition_names d"
                  " ON d.lang = l.lang AND d.name = ?1 AND d.member IN (0, 1, 2) ORDER BY d.lang, d.name, d.member"
                : "SELECT lang, name, member, n, id FROM definition_names WHERE member IN (0, 1, 2)"
                  " ORDER BY lang, name, member");
    if (!st) return cortex_store__prepare_failed(r);
    if (only) sqlite3_bind_text(st, 1, only, -1, SQLITE_STATIC);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        uint32_t lang = lang_number(t, cortex_store__text(st, 0));
        const char *name = cortex_store__text(st, 1);
        names_entry *e = t->n ? &t->entries[t->n - 1] : NULL;
        if (!e || e->key.lang != lang || strcmp(e->key.name, name) != 0) {
            e = CORTEX_PUSH(t->entries, t->n, t->cap);
            *e = (names_entry){.key = {cortex_arena_strdup(&t->arena, name), lang}};
        }
        int m = sqlite3_column_int(st, 2);
        e->present |= (uint8_t)(1u << m);
        e->n[m] = sqlite3_column_int64(st, 3);
        if (sqlite3_column_type(st, 4) != SQLITE_NULL) {
            e->has_id |= (uint8_t)(1u << m);
            e->id[m] = sqlite3_column_int64(st, 4);
        }
    }
    int out = rc == SQLITE_DONE ? 0 : cortex_store__step_error(r, "reading the names of definitions");
    cortex_store__release(r, st);
    if (!out) names_index(t);
    return out;
}

/* ---- files' languages ------------------------------------------------------------ */

typedef struct file_langs {
    int64_t *ids;
    uint32_t *langs;
    size_t n, cap;
} file_langs;

static int file_langs_load(cortex_store_reader *r, names *t, file_langs *out)
{
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT id, lang FROM files ORDER BY id");
    if (!st) return cortex_store__prepare_failed(r);
    int rc;
    size_t lcap = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        size_t at = out->n;
        *CORTEX_PUSH(out->ids, out->n, out->cap) = sqlite3_column_int64(st, 0);
        cortex_grow((void **)&out->langs, &lcap, at + 1, sizeof *out->langs);
        out->langs[at] = lang_number(t, cortex_store__text(st, 1));
    }
    int out_rc = rc == SQLITE_DONE ? 0 : cortex_store__step_error(r, "reading the files' languages");
    cortex_store__release(r, st);
    return out_rc;
}

/* ---- the view, for one reference ------------------------------------------------- */

typedef struct ref_row {
    const char *name, *resolution;
    int has_target, qualifier_null;
    int64_t reach;
} ref_row;

static int is(const char *s, const char *word) { return s && strcmp(s, word) == 0; }

/* ref_bindings' target_id and resolution for `r`, whose language is `lang`.
 * `*target` is set when `*bound` says the view has one. */
static const char *bind_one(const names *t, uint32_t lang, const ref_row *r, int64_t stored_target, int *bound,
                            int64_t *target)
{
    const char *res = r->resolution;
    int open = !res, import = is(res, "import"), type = is(res, "type"), ambiguous = is(res, "ambiguous");
    int unbound_import = import && !r->has_target, unbound_type = type && !r->has_target;
    /* the three LEFT JOINs' ON conditions, beyond the key */
    int use0 = r->reach == 0 && (open || (unbound_import && r->qualifier_null));
    int use1 = r->reach == 1 && (open || ambiguous || unbound_type);
    int use2 = open || ambiguous || unbound_type || (unbound_import && r->qualifier_null);
    const names_entry *e = use0 || use1 || use2 ? names_find(t, lang, r->name) : NULL;
    int64_t n[3] = {0, 0, 0};
    int has_id[3] = {0, 0, 0};
    int64_t id[3] = {0, 0, 0};
    const int use[3] = {use0, use1, use2};
    for (int m = 0; e && m < 3; m++)
        if (use[m] && (e->present >> m & 1)) {
            n[m] = e->n[m];
            has_id[m] = e->has_id >> m & 1;
            id[m] = e->id[m];
        }
    int64_t sum = n[0] + n[1] + n[2];
    /* target_id: COALESCE(r.target_id, CASE WHEN ... = 1 THEN COALESCE(d0.id, d1.id, d2.id) END) */
    *bound = 0;
    if (r->has_target) {
        *bound = 1;
        *target = stored_target;
    } else if ((open || import || type) && sum == 1) {
        for (int m = 0; m < 3 && !*bound; m++)
            if (has_id[m]) {
                *bound = 1;
                *target = id[m];
            }
    }
    /* resolution: the view's CASE, branch by branch */
    if (unbound_import) return n[0] + n[2] == 1 ? "import" : "unresolved";
    if (ambiguous && n[1] + n[2] == 0) return "unresolved";
    if (!open && !unbound_type) return res;
    if (sum == 1) return "name";
    if (sum > 1) return "ambiguous";
    return NULL;
}

/* The columns every reference statement below reads, in this order. */
#define REF_COLUMNS "id, name, other_kind, qualifier IS NULL, caller_id, target_id, resolution, reach"

/* One row of REF_COLUMNS, bound as the view would, in a file of language `lang`. */
static cortex_store__binding binding_of(sqlite3_stmt *st, const names *t, uint32_t lang)
{
    cortex_store__binding b = {.id = sqlite3_column_int64(st, 0)};
    b.file_id = b.id >> CORTEX_STORE_ROW_ID_BITS;
    ref_row row = {cortex_store__text(st, 1), cortex_store__text(st, 6), sqlite3_column_type(st, 5) != SQLITE_NULL,
                   sqlite3_column_int(st, 3), sqlite3_column_int64(st, 7)};
    b.kind = sqlite3_column_type(st, 2) == SQLITE_NULL ? "call" : cortex_store__text(st, 2);
    b.has_caller = sqlite3_column_type(st, 4) != SQLITE_NULL;
    b.caller_id = sqlite3_column_int64(st, 4);
    b.resolution = bind_one(t, lang, &row, sqlite3_column_int64(st, 5), &b.has_target, &b.target_id);
    return b;
}

int cortex_store__scan_bindings(cortex_store_reader *r, cortex_store__binding_cb cb, void *payload)
{
    names t = {0};
    file_langs files = {0};
    int rc = names_load(r, &t, NULL);
    if (!rc) rc = file_langs_load(r, &t, &files);
    sqlite3_stmt *st = NULL;
    if (!rc && !(st = cortex_store__prepare(r, "SELECT " REF_COLUMNS " FROM refs ORDER BY id")))
        rc = cortex_store__prepare_failed(r);
    size_t f = 0;
    int step = SQLITE_DONE;
    while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t file_id = sqlite3_column_int64(st, 0) >> CORTEX_STORE_ROW_ID_BITS;
        /* JOIN files: references come in file order, so the files are walked beside them */
        while (f < files.n && files.ids[f] < file_id) f++;
        if (f == files.n || files.ids[f] != file_id) continue;
        cortex_store__binding b = binding_of(st, &t, files.langs[f]);
        rc = cb(&b, payload);
    }
    if (!rc && st && step != SQLITE_DONE) rc = cortex_store__step_error(r, "reading the references' bindings");
    cortex_store__release(r, st);
    free(files.ids);
    free(files.langs);
    names_free(&t);
    return rc;
}

int cortex_store__scan_bindings_named(cortex_store_reader *r, const char *name, cortex_store__binding_cb cb,
                                      void *payload)
{
    names t = {0};
    int rc = names_load(r, &t, name);
    sqlite3_stmt *st = NULL, *lang_of = NULL;
    if (!rc && (!(st = cortex_store__prepare(r, "SELECT " REF_COLUMNS " FROM refs WHERE name = ?1 ORDER BY id")) ||
                !(lang_of = cortex_store__prepare(r, "SELECT lang FROM files WHERE id = ?1"))))
        rc = cortex_store__prepare_failed(r);
    if (st) sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    int64_t file_id = -1;
    int has_lang = 0;
    uint32_t lang = 0;
    int step = SQLITE_DONE;
    while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(st, 0);
        if (id >> CORTEX_STORE_ROW_ID_BITS != file_id) { /* a file's references come together: its language once */
            file_id = id >> CORTEX_STORE_ROW_ID_BITS;
            sqlite3_reset(lang_of);
            sqlite3_bind_int64(lang_of, 1, file_id);
            int found = sqlite3_step(lang_of);
            has_lang = found == SQLITE_ROW;
            if (has_lang) lang = lang_number(&t, cortex_store__text(lang_of, 0));
            else if (found != SQLITE_DONE) rc = cortex_store__step_error(r, "reading a file's language");
        }
        if (rc || !has_lang) continue; /* JOIN files */
        cortex_store__binding b = binding_of(st, &t, lang);
        rc = cb(&b, payload);
    }
    if (!rc && st && step != SQLITE_DONE) rc = cortex_store__step_error(r, "reading the references of a name");
    cortex_store__release(r, st);
    cortex_store__release(r, lang_of);
    names_free(&t);
    return rc;
}

/* ---- definitions' files ------------------------------------------------------------- */

int cortex_store__symbol_files_load(cortex_store_reader *r, cortex_store__symbol_files *out)
{
    *out = (cortex_store__symbol_files){0};
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT id FROM symbols ORDER BY id");
    if (!st) return cortex_store__prepare_failed(r);
    size_t cap = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) *CORTEX_PUSH(out->ids, out->n, cap) = sqlite3_column_int64(st, 0);
    int out_rc = rc == SQLITE_DONE ? 0 : cortex_store__step_error(r, "reading the definitions' files");
    cortex_store__release(r, st);
    if (out_rc) cortex_store__symbol_files_free(out);
    return out_rc;
}

int64_t cortex_store__symbol_file(const cortex_store__symbol_files *m, int64_t id)
{
    size_t lo = 0, hi = m->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->ids[mid] < id) lo = mid + 1;
        else hi = mid;
    }
    return lo < m->n && m->ids[lo] == id ? cortex_store_symbol_file_of(id) : 0;
}

void cortex_store__symbol_files_free(cortex_store__symbol_files *m)
{
    free(m->ids);
    *m = (cortex_store__symbol_files){0};
}
