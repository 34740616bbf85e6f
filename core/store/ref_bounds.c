/*
 * Upper bounds of definitions' reference counts (read.h), which the analyses
 * that rank the most referenced definitions walk from the highest, counting
 * exactly until no bound left can beat what they hold. Bounding every
 * definition costs index lookups for each: on a large repository, for a
 * caller that wants the highest few, those are found first from the
 * references' counts by name and by target, and the others bounded only if
 * the caller goes on past them.
 */
#include "read_internal.h"
#include "store.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A definition's bound, SQL on `s` and its file `f`: the references stored
 * bound to it, and, where it is the one definition of its name binding by
 * name reaches (definition_names' id), every reference bearing the name. */
#define BOUND                                                                                                          \
    "(SELECT count(*) FROM refs r WHERE r.target_id = s.id)"                                                         \
    " + CASE WHEN EXISTS (SELECT 1 FROM definition_names d WHERE d.lang = f.lang AND d.name = s.short_name"           \
    "   AND d.id = s.id) THEN (SELECT count(*) FROM refs r WHERE r.name = s.short_name) ELSE 0 END"

/* The names the most references bear, kept while counting them all: their
 * counts set the bound above which definitions are found first.
 * CORTEX_RANK_NAMES_KEPT sets another number, so that a test on a small
 * repository goes through both parts and compares them with one pass. */
#define NAMES_KEPT 1024

static size_t names_kept(void)
{
    const char *v = getenv("CORTEX_RANK_NAMES_KEPT");
    long n = v ? strtol(v, NULL, 10) : 0;
    return n > 0 && n < (1L << 20) ? (size_t)n : NAMES_KEPT;
}

typedef enum part {
    EVERY, /* every definition the filter keeps */
    HIGH,  /* those of ids ?60 (a JSON array) bounded at ?61 or more */
    LOW,   /* those bounded under ?61 */
} part;

/* The definitions of `which` with their bounds, in the order read.h gives,
 * handed to `cb` until it returns non-zero (returned). */
static int each_bound(cortex_store_reader *r, const cortex_store_symbol_filter *f, int ascending, part which,
                      const char *ids, int64_t cut, cortex_store_bound_cb cb, void *payload)
{
    char where[1024], sql[3072];
    cortex_store__filter_sql(where, sizeof where, f);
    const char *order = ascending ? "ASC" : "DESC";
    if (which == EVERY)
        snprintf(sql, sizeof sql,
                 "SELECT s.id, " BOUND " AS bound FROM symbols s JOIN files f ON f.id = s.file_id WHERE%s"
                 " ORDER BY bound %s, f.path, s.line_start, s.id",
                 where, order);
    else
        snprintf(sql, sizeof sql,
                 "SELECT id, bound FROM (SELECT s.id AS id, " BOUND " AS bound, f.path AS path, s.line_start AS line"
                 " FROM symbols s JOIN files f ON f.id = s.file_id WHERE%s%s) WHERE bound %s ?61"
                 " ORDER BY bound %s, path, line, id",
                 where, which == HIGH ? " AND s.id IN (SELECT value FROM json_each(?60))" : "",
                 which == HIGH ? ">=" : "<", order);
    sqlite3_stmt *st = cortex_store__prepare(r, sql);
    if (!st) return cortex_store__prepare_failed(r);
    cortex_store__bind_filter(st, f);
    if (which == HIGH) sqlite3_bind_text(st, 60, ids, -1, SQLITE_STATIC);
    if (which != EVERY) sqlite3_bind_int64(st, 61, cut);
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW)
        stop = cb(sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1), payload);
    if (!stop && rc != SQLITE_DONE) stop = cortex_store__step_error(r, "bounding reference counts");
    cortex_store__release(r, st);
    return stop;
}

/* ---- the names the most references bear ------------------------------------ */

typedef struct named {
    char *name;
    int64_t n;
} named;

/* A min-heap by count of at most `cap` names. */
typedef struct top_names {
    named *v;
    size_t n, cap;
} top_names;

static void sift_down(top_names *h, size_t i)
{
    for (;;) {
        size_t least = i, l = 2 * i + 1, rt = l + 1;
        if (l < h->n && h->v[l].n < h->v[least].n) least = l;
        if (rt < h->n && h->v[rt].n < h->v[least].n) least = rt;
        if (least == i) return;
        named t = h->v[i];
        h->v[i] = h->v[least];
        h->v[least] = t;
        i = least;
    }
}

static void keep_name(top_names *h, const char *name, int64_t n)
{
    if (h->n < h->cap) {
        size_t i = h->n++;
        h->v[i] = (named){cortex_xstrdup(name), n};
        while (i > 0 && h->v[(i - 1) / 2].n > h->v[i].n) {
            named t = h->v[i];
            h->v[i] = h->v[(i - 1) / 2];
            h->v[(i - 1) / 2] = t;
            i = (i - 1) / 2;
        }
    } else if (n > h->v[0].n) {
        free(h->v[0].name);
        h->v[0] = (named){cortex_xstrdup(name), n};
        sift_down(h, 0);
    }
}

/* Every name's count of references, the `cap` largest kept: one pass over
 * refs_name, in name order. */
static int count_names(cortex_store_reader *r, top_names *h)
{
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT name, count(*) FROM refs GROUP BY name");
    if (!st) return cortex_store__prepare_failed(r);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        keep_name(h, (const char *)sqlite3_column_text(st, 0), sqlite3_column_int64(st, 1));
    cortex_store__release(r, st);
    return rc == SQLITE_DONE ? 0 : cortex_store__step_error(r, "counting references by name");
}

/* The ids of every definition whose bound may reach 2 * `floor`: its stored
 * references or those bearing its name number `floor` or more (were both
 * fewer, their sum would be under the cut). As a JSON array. */
static int candidates(cortex_store_reader *r, const top_names *h, int64_t floor, cortex_buf *ids)
{
    int first = 1;
    cortex_buf_puts(ids, "[");
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT target_id FROM refs WHERE target_id IS NOT NULL GROUP BY target_id HAVING count(*) >= ?1");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, floor);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        cortex_buf_printf(ids, "%s%lld", first ? "" : ",", (long long)sqlite3_column_int64(st, 0));
        first = 0;
    }
    cortex_store__release(r, st);
    if (rc != SQLITE_DONE) return cortex_store__step_error(r, "counting references by target");
    /* the one definition of each such name, in each language (CROSS JOIN: the
     * languages outside, each a seek into definition_names) */
    st = cortex_store__prepare(r, "SELECT d.id FROM languages l CROSS JOIN definition_names d ON d.lang = l.lang"
                                  " AND d.name = ?1 WHERE d.id IS NOT NULL");
    if (!st) return cortex_store__prepare_failed(r);
    rc = SQLITE_DONE;
    for (size_t i = 0; i < h->n && rc == SQLITE_DONE; i++) {
        if (h->v[i].n < floor) continue;
        sqlite3_reset(st);
        sqlite3_bind_text(st, 1, h->v[i].name, -1, SQLITE_STATIC);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            cortex_buf_printf(ids, "%s%lld", first ? "" : ",", (long long)sqlite3_column_int64(st, 0));
            first = 0;
        }
    }
    cortex_store__release(r, st);
    if (rc != SQLITE_DONE) return cortex_store__step_error(r, "finding the definitions of names");
    cortex_buf_puts(ids, "]");
    return 0;
}

int cortex_store_read_ref_bounds(cortex_store_reader *r, const cortex_store_symbol_filter *f, int ascending, int few,
                                 cortex_store_bound_cb cb, void *payload)
{
    if (ascending || !few) return each_bound(r, f, ascending, EVERY, NULL, 0, cb, payload);
    top_names h = {.cap = names_kept()};
    h.v = cortex_xcalloc(h.cap, sizeof *h.v);
    cortex_buf ids = {0};
    int rc = count_names(r, &h);
    if (!rc && h.n < h.cap) { /* few names: bounding every definition is cheap */
        rc = each_bound(r, f, ascending, EVERY, NULL, 0, cb, payload);
        goto done;
    }
    /* every name counted more often than the least kept is kept */
    int64_t floor = rc ? 0 : h.v[0].n + 1, cut = 2 * floor;
    if (!rc) rc = candidates(r, &h, floor, &ids);
    /* those bounded at the cut or more, then (unless the caller stopped) the
     * rest: the order of one pass over every definition */
    if (!rc) rc = each_bound(r, f, ascending, HIGH, ids.data, cut, cb, payload);
    if (!rc) rc = each_bound(r, f, ascending, LOW, NULL, cut, cb, payload);
done:
    for (size_t i = 0; i < h.n; i++) free(h.v[i].name);
    free(h.v);
    free(ids.data);
    return rc;
}
