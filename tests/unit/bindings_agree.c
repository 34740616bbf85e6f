/* bindings_agree STORE...: whether the one-pass reading of every reference's
 * binding (store/bindings_scan.h) gives, for every reference of each store,
 * exactly what the ref_bindings view gives: target, label, caller and kind;
 * and whether the ambiguous references bearing each definition's name, as
 * cortex_store_read_ambiguous_refs counts them from refs_name, are the ones
 * the view labels so. Run by tests/resolution/run.sh on each case's store.
 * Prints the first differences and exits 1 when any is found. */
#include "store/bindings_scan.h"
#include "store/read.h"
#include "store/read_internal.h"
#include "util/error.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct compare {
    sqlite3_stmt *view;
    const char *path;
    long rows, differ;
} compare;

static int same_text(const char *a, const char *b) { return (!a && !b) || (a && b && strcmp(a, b) == 0); }

static void show(const char *who, int64_t id, int has_caller, int64_t caller, int has_target, int64_t target,
                 const char *kind, const char *resolution)
{
    fprintf(stderr, "  %-5s ref %lld: caller %s%lld target %s%lld kind %s resolution %s\n", who, (long long)id,
            has_caller ? "" : "NULL/", (long long)caller, has_target ? "" : "NULL/", (long long)target, kind,
            resolution ? resolution : "NULL");
}

static int check_one(const cortex_store__binding *b, void *payload)
{
    compare *c = payload;
    c->rows++;
    if (sqlite3_step(c->view) != SQLITE_ROW) {
        fprintf(stderr, "%s: the scan has reference %lld past the view's last\n", c->path, (long long)b->id);
        c->differ++;
        return 1;
    }
    sqlite3_stmt *v = c->view;
    int64_t id = sqlite3_column_int64(v, 0);
    int has_caller = sqlite3_column_type(v, 2) != SQLITE_NULL, has_target = sqlite3_column_type(v, 3) != SQLITE_NULL;
    int64_t caller = sqlite3_column_int64(v, 2), target = sqlite3_column_int64(v, 3);
    const char *kind = (const char *)sqlite3_column_text(v, 4), *resolution = (const char *)sqlite3_column_text(v, 5);
    int same = id == b->id && sqlite3_column_int64(v, 1) == b->file_id && has_caller == b->has_caller &&
               (!has_caller || caller == b->caller_id) && has_target == b->has_target &&
               (!has_target || target == b->target_id) && same_text(kind, b->kind) &&
               same_text(resolution, b->resolution);
    if (!same && c->differ++ < 10) {
        fprintf(stderr, "%s: reference %lld differs\n", c->path, (long long)b->id);
        show("view", id, has_caller, caller, has_target, target, kind, resolution);
        show("scan", b->id, b->has_caller, b->caller_id, b->has_target, b->target_id, b->kind, b->resolution);
    }
    return id == b->id ? 0 : 1; /* out of step: the rest cannot be compared */
}

static int agree(const char *path)
{
    cortex_store_reader *r = NULL;
    if (cortex_store_reader_open(&r, path) != 0) {
        fprintf(stderr, "%s: %s\n", path, cortex_error_last());
        return 0;
    }
    compare c = {.path = path};
    int ok = sqlite3_prepare_v2(cortex_store__reader_db(r),
                                "SELECT id, file_id, caller_id, target_id, kind, resolution FROM ref_bindings ORDER BY id",
                                -1, &c.view, NULL) == SQLITE_OK;
    if (ok) cortex_store__scan_bindings(r, check_one, &c);
    if (ok && c.differ == 0 && sqlite3_step(c.view) == SQLITE_ROW) {
        fprintf(stderr, "%s: the view has reference %lld past the scan's last\n", path,
                (long long)sqlite3_column_int64(c.view, 0));
        c.differ++;
    }
    sqlite3_finalize(c.view);
    cortex_store_reader_close(r);
    if (!ok) fprintf(stderr, "%s: cannot read the view\n", path);
    return ok && c.differ == 0;
}

#define SHOWN 5
#define KINDS 3

/* The kinds compared: every kind, calls, type references. */
static const char *const kinds[KINDS] = {NULL, "call", "type"};

/* The ambiguous references of one language and name, per kind. */
typedef struct namesakes {
    int64_t ids[KINDS][SHOWN];
    size_t nids[KINDS], total[KINDS];
} namesakes;

static int same_name(sqlite3_stmt *a, int ca, sqlite3_stmt *b, int cb)
{
    return strcmp((const char *)sqlite3_column_text(a, ca), (const char *)sqlite3_column_text(b, cb)) == 0 &&
           strcmp((const char *)sqlite3_column_text(a, ca + 1), (const char *)sqlite3_column_text(b, cb + 1)) == 0;
}

/* (lang, name) of row a against row b's, as the statements order them. */
static int compare_names(sqlite3_stmt *a, int ca, sqlite3_stmt *b, int cb)
{
    int c = strcmp((const char *)sqlite3_column_text(a, ca), (const char *)sqlite3_column_text(b, cb));
    return c ? c : strcmp((const char *)sqlite3_column_text(a, ca + 1), (const char *)sqlite3_column_text(b, cb + 1));
}

/* For one definition of each language and name: the ambiguous references
 * bearing the name counted from the index against the view's, which one
 * ordered pass over the view gives for every name. */
static int ambiguous_agree(const char *path)
{
    cortex_store_reader *r = NULL;
    if (cortex_store_reader_open(&r, path) != 0) {
        fprintf(stderr, "%s: %s\n", path, cortex_error_last());
        return 0;
    }
    sqlite3 *db = cortex_store__reader_db(r);
    sqlite3_stmt *defs = NULL, *view = NULL;
    int ok = sqlite3_prepare_v2(db,
                                "SELECT f.lang, s.short_name, min(s.id) FROM symbols s JOIN files f ON f.id = s.file_id"
                                " WHERE s.kind <> 'import' GROUP BY f.lang, s.short_name ORDER BY 1, 2",
                                -1, &defs, NULL) == SQLITE_OK &&
             sqlite3_prepare_v2(db,
                                "SELECT f.lang, b.name, b.kind, b.id FROM ref_bindings b JOIN files f ON f.id = b.file_id"
                                " WHERE b.target_id IS NULL AND b.resolution = 'ambiguous' ORDER BY 1, 2, 4",
                                -1, &view, NULL) == SQLITE_OK;
    long differ = 0, names = 0, ambiguous = 0;
    int vrc = ok ? sqlite3_step(view) : SQLITE_DONE;
    while (ok && sqlite3_step(defs) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(defs, 2);
        names++;
        namesakes want = {0};
        while (vrc == SQLITE_ROW && compare_names(view, 0, defs, 0) < 0) vrc = sqlite3_step(view);
        for (; vrc == SQLITE_ROW && same_name(view, 0, defs, 0); vrc = sqlite3_step(view)) {
            const char *kind = (const char *)sqlite3_column_text(view, 2);
            ambiguous++;
            for (size_t k = 0; k < KINDS; k++) {
                if (kinds[k] && strcmp(kinds[k], kind) != 0) continue;
                if (want.nids[k] < SHOWN) want.ids[k][want.nids[k]++] = sqlite3_column_int64(view, 3);
                want.total[k]++;
            }
        }
        for (size_t k = 0; k < KINDS; k++) {
            int64_t got[SHOWN];
            size_t ngot, gtotal;
            if (cortex_store_read_ambiguous_refs(r, id, kinds[k], got, SHOWN, &ngot, &gtotal)) {
                fprintf(stderr, "%s: definition %lld: %s\n", path, (long long)id, cortex_error_last());
                ok = 0;
                break;
            }
            int same = want.nids[k] == ngot && want.total[k] == gtotal &&
                       memcmp(want.ids[k], got, ngot * sizeof *got) == 0;
            if (!same && differ++ < 10)
                fprintf(stderr,
                        "%s: definition %lld, kind %s: the view has %zu ambiguous (first %lld), the index %zu (first %lld)\n",
                        path, (long long)id, kinds[k] ? kinds[k] : "any", want.total[k],
                        want.nids[k] ? (long long)want.ids[k][0] : 0LL, gtotal, ngot ? (long long)got[0] : 0LL);
        }
    }
    if (ok && vrc != SQLITE_ROW && vrc != SQLITE_DONE) ok = 0;
    sqlite3_finalize(defs);
    sqlite3_finalize(view);
    if (!ok) fprintf(stderr, "%s: cannot compare the ambiguous references: %s\n", path, sqlite3_errmsg(db));
    cortex_store_reader_close(r);
    if (getenv("BINDINGS_AGREE_VERBOSE"))
        fprintf(stderr, "%s: %ld names, %ld ambiguous references bearing one, %ld differ\n", path, names, ambiguous,
                differ);
    return ok && differ == 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bindings_agree STORE...\n");
        return 2;
    }
    int failed = 0;
    for (int i = 1; i < argc; i++) failed |= !agree(argv[i]) | !ambiguous_agree(argv[i]);
    return failed;
}
