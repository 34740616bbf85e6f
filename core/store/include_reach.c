/* A file's reach through its includes, walked on demand (see include_reach.h). */
#include "include_reach.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct cortex_include_reach {
    sqlite3 *db;
    int loaded, failed;
    /* the graph, by file id: file f includes targets[first[f] .. first[f + 1]) */
    int64_t max_id; /* file ids above have no includes, and are reached by none */
    uint32_t *first;
    int64_t *targets;
    /* the reach of `file`: stamp[t] == epoch for each file t it reaches */
    int64_t file;
    uint32_t *stamp, epoch;
    int64_t *stack;
    size_t stack_cap;
};

typedef struct edge {
    int64_t file, target;
} edge;

/* Reads the include edges into the arrays by file: 0, or an SQLite code. */
static int load_graph(cortex_include_reach *r)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(r->db,
                                "SELECT file_id, target_file_id FROM imports WHERE alias = '*' AND target_file_id IS NOT NULL"
                                " AND file_id > 0 AND target_file_id > 0",
                                -1, &st, NULL);
    if (rc != SQLITE_OK) return rc;
    edge *edges = NULL;
    size_t n = 0, cap = 0;
    int64_t max_id = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        edge *e = CORTEX_PUSH(edges, n, cap);
        e->file = sqlite3_column_int64(st, 0);
        e->target = sqlite3_column_int64(st, 1);
        if (e->file > max_id) max_id = e->file;
        if (e->target > max_id) max_id = e->target;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        free(edges);
        return rc;
    }
    r->max_id = max_id;
    r->first = cortex_xcalloc((size_t)max_id + 2, sizeof *r->first);
    r->stamp = cortex_xcalloc((size_t)max_id + 1, sizeof *r->stamp);
    r->targets = cortex_xmalloc((n ? n : 1) * sizeof *r->targets);
    for (size_t i = 0; i < n; i++) r->first[edges[i].file + 1]++;
    for (int64_t f = 1; f <= max_id + 1; f++) r->first[f] += r->first[f - 1];
    uint32_t *fill = cortex_xmalloc(((size_t)max_id + 1) * sizeof *fill);
    memcpy(fill, r->first, ((size_t)max_id + 1) * sizeof *fill);
    for (size_t i = 0; i < n; i++) r->targets[fill[edges[i].file]++] = edges[i].target;
    free(fill);
    free(edges);
    return SQLITE_OK;
}

/* Marks every file `file` reaches with a new epoch. */
static void walk(cortex_include_reach *r, int64_t file)
{
    if (++r->epoch == 0) { /* wrapped: old marks would read as new */
        memset(r->stamp, 0, ((size_t)r->max_id + 1) * sizeof *r->stamp);
        r->epoch = 1;
    }
    r->file = file;
    if (file < 1 || file > r->max_id) return;
    size_t n = 0;
    *(int64_t *)CORTEX_PUSH(r->stack, n, r->stack_cap) = file;
    while (n > 0) {
        int64_t f = r->stack[--n];
        for (uint32_t i = r->first[f]; i < r->first[f + 1]; i++) {
            int64_t t = r->targets[i];
            if (r->stamp[t] == r->epoch) continue;
            r->stamp[t] = r->epoch;
            *(int64_t *)CORTEX_PUSH(r->stack, n, r->stack_cap) = t;
        }
    }
}

static void sql_include_reaches(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    cortex_include_reach *r = sqlite3_user_data(ctx);
    if (!r->loaded) {
        int rc = load_graph(r);
        r->loaded = 1;
        r->failed = rc != SQLITE_OK;
        r->file = -1;
    }
    if (r->failed) {
        sqlite3_result_error(ctx, "include_reaches: cannot read the include graph", -1);
        return;
    }
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) {
        sqlite3_result_null(ctx);
        return;
    }
    int64_t file = sqlite3_value_int64(argv[0]), target = sqlite3_value_int64(argv[1]);
    if (file != r->file) walk(r, file);
    sqlite3_result_int(ctx, target != file && target >= 1 && target <= r->max_id && r->stamp[target] == r->epoch);
}

int cortex_include_reach_begin(sqlite3 *db, cortex_include_reach **out)
{
    cortex_include_reach *r = cortex_xcalloc(1, sizeof *r);
    r->db = db;
    if (sqlite3_create_function(db, "include_reaches", 2, SQLITE_UTF8, r, sql_include_reaches, NULL, NULL) != SQLITE_OK) {
        free(r);
        *out = NULL;
        return cortex_error_set(CORTEX_EIO, "sqlite store: register include_reaches: %s", sqlite3_errmsg(db));
    }
    *out = r;
    return 0;
}

void cortex_include_reach_end(sqlite3 *db, cortex_include_reach *r)
{
    if (!r) return;
    sqlite3_create_function(db, "include_reaches", 2, SQLITE_UTF8, NULL, NULL, NULL, NULL);
    free(r->first);
    free(r->targets);
    free(r->stamp);
    free(r->stack);
    free(r);
}
