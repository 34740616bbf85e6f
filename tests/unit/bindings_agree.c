/* bindings_agree STORE...: whether the one-pass reading of every reference's
 * binding (store/bindings_scan.h) gives, for every reference of each store,
 * exactly what the ref_bindings view gives: target, label, caller and kind.
 * Run by tests/resolution/run.sh on each case's store. Prints the first
 * references that differ and exits 1 when any does. */
#include "store/bindings_scan.h"
#include "store/read.h"
#include "store/read_internal.h"
#include "util/error.h"

#include <sqlite3.h>
#include <stdio.h>
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

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bindings_agree STORE...\n");
        return 2;
    }
    int failed = 0;
    for (int i = 1; i < argc; i++) failed |= !agree(argv[i]);
    return failed;
}
