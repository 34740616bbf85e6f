/*
 * One node's links at a time (read.h): the references bound to a definition
 * or made inside it, and the imports between files, for the graph tool's
 * walks (../graph/search.h), which ask only for the nodes they reach.
 */
#include "bind.h"
#include "read_internal.h"
#include "store.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>

/* A directory: the path without its last component (rtrim of what follows the last '/'). */
#define SAME_DIR(a, b) "rtrim(" a ", replace(" a ", '/', '')) = rtrim(" b ", replace(" b ", '/', ''))"

static int link_rows(cortex_store_reader *r, sqlite3_stmt *st, const char *what, cortex_store_link_cb cb, void *payload)
{
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        cortex_store_link l = {sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2),
                               cortex_store__text(st, 3), cortex_store__text(st, 4)};
        stop = cb(&l, payload);
    }
    if (!stop && rc != SQLITE_DONE) stop = cortex_store__step_error(r, what);
    cortex_store__release(r, st);
    return stop;
}

/* The definition a reference is made in; for an `inherit` reference, the
 * type it is made for (Go's embedded field is a member of the type). */
#define FROM_ID                                                                                                        \
    "COALESCE(CASE WHEN b.kind = 'inherit' THEN (SELECT CASE WHEN s.kind IN " CORTEX_STORE_TYPE_KINDS_SQL              \
    " THEN s.id ELSE s.parent_id END FROM symbols s WHERE s.id = b.caller_id) END, b.caller_id, 0)"

/* The short name of definition ?1. */
#define SHORT_NAME "(SELECT short_name FROM symbols WHERE id = ?1)"

/* ?1 the definition, ?2 the kind (NULL: any). */
static const char callers_sql[] =
    "SELECT b.id, " FROM_ID ", COALESCE(b.target_id, 0), b.kind, b.resolution FROM ref_bindings b"
    " WHERE b.id IN (" CORTEX_STORE__MAY_BIND("?1", SHORT_NAME) ")"
    "   AND b.target_id = ?1 AND (?2 IS NULL OR b.kind = ?2) ORDER BY b.id";

/* A reference's caller is a definition of its own file: the file's range of
 * reference ids is searched, not an index by caller. ?3: the references
 * made in its members too. */
static const char callees_sql[] =
    "SELECT b.id, " FROM_ID ", COALESCE(b.target_id, 0), b.kind, b.resolution FROM ref_bindings b"
    " WHERE " CORTEX_STORE_ROW_OF_FILE(
        "b.id", "(SELECT file_id FROM symbols WHERE id = ?1)") "   AND (b.caller_id = ?1 OR (?3 AND b.caller_id IN "
                                                               "(SELECT id FROM symbols WHERE file_id ="
                                                               "     (SELECT file_id FROM symbols WHERE id = ?1) AND "
                                                               "parent_id = ?1)))"
                                                               "   AND (?2 IS NULL OR b.kind = ?2) ORDER BY b.id";

int cortex_store_read_links(cortex_store_reader *r, cortex_store_edge_dir dir, int64_t id, const char *kind,
                            unsigned flags, cortex_store_link_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(r, dir == CORTEX_STORE_CALLERS ? callers_sql : callees_sql);
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, id);
    if (kind) sqlite3_bind_text(st, 2, kind, -1, SQLITE_STATIC);
    else sqlite3_bind_null(st, 2);
    if (dir == CORTEX_STORE_CALLEES) sqlite3_bind_int(st, 3, (flags & CORTEX_STORE_LINKS_MEMBERS) != 0);
    return link_rows(r, st, "listing a definition's references", cb, payload);
}

/* ---- the ambiguous references bearing a definition's name ---------------- */

/* What the ref_bindings view (store.c) reads to call a reference bearing
 * definition ?1's name ambiguous: the name, the language, and how many
 * definitions of its language bear the name at each place the view reads
 * (members 0 to 2). */
static const char ambiguous_names_sql[] =
    "SELECT s.short_name, f.lang,"
    " (SELECT n FROM definition_names WHERE lang = f.lang AND name = s.short_name AND member = 0),"
    " (SELECT n FROM definition_names WHERE lang = f.lang AND name = s.short_name AND member = 1),"
    " (SELECT n FROM definition_names WHERE lang = f.lang AND name = s.short_name AND member = 2)"
    " FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id = ?1";

/* The view's `ambiguous` for a reference stored without a target, its
 * counts of definitions fixed (?3 to ?5: members 0, 1 and 2), one arm for
 * each stored label and reach the view reads it by (refs.reach is 0 or 1,
 * bind.h). Each arm is a range of refs_name, whose columns hold all it
 * reads, and runs only where the counts let the view say `ambiguous` there:
 * a hub's tens of thousands are read from the index alone, and the
 * `unresolved` ones beside them not at all. `kind`: the kind's term. */
#define AMBIGUOUS_ARM(label, reach, counts, kind)                                                                     \
    "SELECT r.id FROM refs r WHERE r.name = ?1 AND (r.target_id IS NULL) = 1 AND r.resolution " label                 \
    " AND r.reach = " reach kind " AND " counts
#define AMBIGUOUS_ARMS(kind)                                                                                          \
    AMBIGUOUS_ARM("IS NULL", "0", "?3 + ?5 > 1", kind)                                                               \
    " UNION ALL " AMBIGUOUS_ARM("IS NULL", "1", "?4 + ?5 > 1", kind)                                                 \
    /* stored ambiguous: the view's `unresolved` when no member bears the name */                                    \
    " UNION ALL " AMBIGUOUS_ARM("= 'ambiguous'", "0", "?5 > 0", kind)                                                \
    " UNION ALL " AMBIGUOUS_ARM("= 'ambiguous'", "1", "?4 + ?5 > 0", kind)                                           \
    /* a receiver of the repository's type without that member: by name among members */                            \
    " UNION ALL " AMBIGUOUS_ARM("= 'type'", "0", "?5 > 1", kind)                                                     \
    " UNION ALL " AMBIGUOUS_ARM("= 'type'", "1", "?4 + ?5 > 1", kind)

static const char *const ambiguous_refs_sql[2] = {
    AMBIGUOUS_ARMS(""),
    AMBIGUOUS_ARMS(" AND r.other_kind IS ?2"), /* ?2: the kind as stored: NULL for a call */
};

/* The files of languages other than ?1 that hold references, by id: a
 * reference in one of them is labelled by its own language's definitions,
 * never one of the definition's namesakes. Read from files_lang: a few
 * hundred entries where the repository is mostly one language, not every
 * file, and not a lookup for each reference. */
static const char foreign_files_sql[] =
    "SELECT id FROM files WHERE lang < ?1 AND ref_rows > 0 UNION ALL"
    " SELECT id FROM files WHERE lang > ?1 AND ref_rows > 0"; /* sorted here: an ORDER BY scans the table instead */

/* The ids of files, ascending. */
typedef struct file_set {
    int64_t *ids;
    size_t n, cap;
} file_set;

static int read_foreign_files(cortex_store_reader *r, const char *lang, file_set *out)
{
    sqlite3_stmt *st = cortex_store__prepare(r, foreign_files_sql);
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_text(st, 1, lang, -1, SQLITE_STATIC);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) *CORTEX_PUSH(out->ids, out->n, out->cap) = sqlite3_column_int64(st, 0);
    cortex_store__release(r, st);
    if (rc != SQLITE_DONE) return cortex_store__step_error(r, "listing the files of other languages");
    if (out->n > 1) qsort(out->ids, out->n, sizeof *out->ids, cortex_store__compare_ids);
    return 0;
}

/* Keeps the `max` smallest of the ids given, ascending. */
static void keep_smallest(int64_t *ids, size_t *n, size_t max, int64_t id)
{
    if (*n == max && (max == 0 || id >= ids[max - 1])) return;
    size_t i = *n < max ? (*n)++ : max - 1;
    for (; i > 0 && ids[i - 1] > id; i--) ids[i] = ids[i - 1];
    ids[i] = id;
}

int cortex_store_read_ambiguous_refs(cortex_store_reader *r, int64_t id, const char *kind, int64_t *ids, size_t max,
                                     size_t *nids, size_t *total)
{
    *nids = *total = 0;
    sqlite3_stmt *st = cortex_store__prepare(r, ambiguous_names_sql);
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
        cortex_store__release(r, st);
        return rc == SQLITE_DONE ? cortex_error_set(CORTEX_ENOTFOUND, "no definition %lld", (long long)id)
                                 : cortex_store__step_error(r, "counting a name's definitions");
    }
    char *name = cortex_xstrdup((const char *)sqlite3_column_text(st, 0));
    char *lang = cortex_xstrdup((const char *)sqlite3_column_text(st, 1));
    int64_t n0 = sqlite3_column_int64(st, 2), n1 = sqlite3_column_int64(st, 3), n2 = sqlite3_column_int64(st, 4);
    cortex_store__release(r, st);
    file_set foreign = {0};
    rc = 0;
    if (n0 + n1 + n2 <= 1 && n1 + n2 == 0) goto done; /* no arm can hold */
    if ((rc = read_foreign_files(r, lang, &foreign))) goto done;
    if (!(st = cortex_store__prepare(r, ambiguous_refs_sql[kind != NULL]))) {
        rc = cortex_store__prepare_failed(r);
        goto done;
    }
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    if (kind && strcmp(kind, "call") != 0) sqlite3_bind_text(st, 2, kind, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, n0);
    sqlite3_bind_int64(st, 4, n1);
    sqlite3_bind_int64(st, 5, n2);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t ref = sqlite3_column_int64(st, 0);
        if (cortex_store__sorted_has(foreign.ids, foreign.n, ref >> CORTEX_STORE_ROW_ID_BITS)) continue;
        ++*total;
        keep_smallest(ids, nids, max, ref);
    }
    rc = rc == SQLITE_DONE ? 0 : cortex_store__step_error(r, "listing a name's ambiguous references");
    cortex_store__release(r, st);
done:
    free(foreign.ids);
    free(name);
    free(lang);
    return rc;
}

int cortex_store_read_file_links(cortex_store_reader *r, cortex_store_edge_dir dir, int64_t file_id,
                                 cortex_store_link_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(
        r, dir == CORTEX_STORE_CALLEES
               ? "SELECT id, file_id, target_file_id, 'import', NULL FROM imports"
                 " WHERE file_id = ?1 AND target_file_id IS NOT NULL AND target_file_id <> file_id ORDER BY id"
               : "SELECT id, file_id, target_file_id, 'import', NULL FROM imports"
                 " WHERE target_file_id = ?1 AND file_id <> ?1 ORDER BY id");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, file_id);
    return link_rows(r, st, "listing a file's imports", cb, payload);
}

int cortex_store_read_symbol_at(cortex_store_reader *r, int64_t file_id, int64_t line, cortex_store_symbol_cb cb,
                                void *payload)
{
    sqlite3_stmt *st =
        cortex_store__prepare(r, "SELECT " CORTEX_STORE__SYMBOL_COLUMNS CORTEX_STORE__SYMBOL_FROM
                                 "WHERE s.file_id = ?1 AND s.line_start <= ?2 AND s.line_end >= ?2"
                                 " AND s.kind <> 'import' ORDER BY s.line_start DESC, s.line_end, s.id LIMIT 1");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, file_id);
    sqlite3_bind_int64(st, 2, line);
    int rc = sqlite3_step(st), out;
    if (rc == SQLITE_ROW) {
        cortex_store_symbol sym;
        cortex_store__symbol_row(st, 0, &sym);
        out = cb(&sym, payload);
    } else {
        out = rc == SQLITE_DONE ? CORTEX_ENOTFOUND : cortex_store__step_error(r, "finding the definition at a line");
    }
    cortex_store__release(r, st);
    return out;
}

int cortex_store_read_symbol_file(int64_t *file_id, cortex_store_reader *r, int64_t symbol_id)
{
    *file_id = 0;
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT file_id FROM symbols WHERE id = ?");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, symbol_id);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) *file_id = sqlite3_column_int64(st, 0);
    cortex_store__release(r, st);
    return rc == SQLITE_ROW    ? 0
           : rc == SQLITE_DONE ? CORTEX_ENOTFOUND
                               : cortex_store__step_error(r, "finding a definition's file");
}

int cortex_store_read_importers(cortex_store_reader *r, int64_t file_id, cortex_store_importer_cb cb, void *payload)
{
    sqlite3_stmt *st =
        cortex_store__prepare(r, "SELECT f.path, i.name, i.line FROM imports i JOIN files f ON f.id = i.file_id"
                                 " WHERE i.file_id <> ?1 AND (i.target_file_id = ?1 OR i.target_file_id IN ("
                                 "   SELECT g.id FROM files t JOIN languages l ON l.lang = t.lang AND l.package_dirs"
                                 "   JOIN files g ON g.lang = t.lang AND g.id <> t.id"
                                 "     AND " SAME_DIR("g.path", "t.path") "   WHERE t.id = ?1))"
                                                                          " ORDER BY f.path, i.line, i.id");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, file_id);
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        cortex_store_importer im = {cortex_store__text(st, 0), cortex_store__text(st, 1), sqlite3_column_int64(st, 2)};
        stop = cb(&im, payload);
    }
    if (!stop && rc != SQLITE_DONE) stop = cortex_store__step_error(r, "listing a file's importers");
    cortex_store__release(r, st);
    return stop;
}

int cortex_store_read_package_paths(cortex_store_reader *r, const char *path, cortex_store_item_cb cb, void *payload)
{
    /* the directory's files are a range of paths (?2 up to ?3: the same
     * prefix with its '/' as the next character), less those deeper down */
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT path FROM files WHERE path = ?1"
           " UNION SELECT g.path FROM files t JOIN languages l ON l.lang = t.lang AND l.package_dirs"
           "   JOIN files g ON g.path >= ?2 AND g.path < COALESCE(?3, x'ff') AND g.lang = t.lang"
           "     AND instr(substr(g.path, length(?2) + 1), '/') = 0"
           " WHERE t.path = ?1 ORDER BY 1");
    if (!st) return cortex_store__prepare_failed(r);
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) + 1 : 0;
    char *prefix = cortex_xstrndup(path, n), *bound = n ? cortex_xstrndup(path, n) : NULL;
    if (bound) bound[n - 1] = '/' + 1;
    sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, prefix, -1, SQLITE_STATIC);
    if (bound) sqlite3_bind_text(st, 3, bound, -1, SQLITE_STATIC);
    else sqlite3_bind_null(st, 3);
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) stop = cb(cortex_store__text(st, 0), payload);
    if (!stop && rc != SQLITE_DONE) stop = cortex_store__step_error(r, "listing a file's package");
    cortex_store__release(r, st);
    free(prefix);
    free(bound);
    return stop;
}

/* ---- method sets ------------------------------------------------------------ */

int cortex_store_read_implicit_interfaces(int *out, cortex_store_reader *r, int64_t id)
{
    *out = 0;
    sqlite3_stmt *st =
        cortex_store__prepare(r, "SELECT l.implicit_interfaces FROM symbols s JOIN files f ON f.id = s.file_id"
                                 " JOIN languages l ON l.lang = f.lang WHERE s.id = ?1");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) *out = sqlite3_column_int(st, 0);
    cortex_store__release(r, st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : cortex_store__step_error(r, "reading a language's rules");
}

static int method_rows(cortex_store_reader *r, sqlite3_stmt *st, const char *what, cortex_store_method_cb cb,
                       void *payload)
{
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW)
        stop = cb(cortex_store__text(st, 0), cortex_store__text(st, 1), payload);
    if (!stop && rc != SQLITE_DONE) stop = cortex_store__step_error(r, what);
    cortex_store__release(r, st);
    return stop;
}

static int id_rows(cortex_store_reader *r, sqlite3_stmt *st, const char *what, cortex_store_id_cb cb, void *payload)
{
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) stop = cb(sqlite3_column_int64(st, 0), payload);
    if (!stop && rc != SQLITE_DONE) stop = cortex_store__step_error(r, what);
    cortex_store__release(r, st);
    return stop;
}

int cortex_store_read_methods(cortex_store_reader *r, int64_t type_id, cortex_store_method_cb cb, void *payload)
{
    /* `T.m`: the names between "T." and "T/" ('/' follows '.') */
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT m.short_name, min(m.sig) FROM symbols t JOIN files tf ON tf.id = t.file_id"
           " JOIN symbols m INDEXED BY symbols_name ON m.short IS NOT NULL AND m.name > t.short_name || '.'"
           "   AND m.name < t.short_name || '/'"
           " JOIN files mf ON mf.id = m.file_id"
           " WHERE t.id = ?1 AND m.kind = 'method' AND m.name = t.short_name || '.' || m.short_name"
           "   AND mf.lang = tf.lang AND " SAME_DIR("mf.path", "tf.path") " GROUP BY 1 ORDER BY 1");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, type_id);
    return method_rows(r, st, "listing a type's methods", cb, payload);
}

int cortex_store_read_method_owners(cortex_store_reader *r, int64_t like_id, const char *method, cortex_store_id_cb cb,
                                    void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT DISTINCT t.id, tf.path, t.line_start FROM symbols x JOIN files xf ON xf.id = x.file_id"
           " JOIN symbols m INDEXED BY symbols_short_name ON m.short_name = ?2 AND m.kind = 'method'"
           " JOIN files mf ON mf.id = m.file_id AND mf.lang = xf.lang"
           " JOIN symbols t INDEXED BY symbols_short_name"
           "   ON t.short_name = substr(m.name, 1, length(m.name) - length(m.short_name) - 1)"
           " JOIN files tf ON tf.id = t.file_id AND tf.lang = xf.lang"
           " WHERE x.id = ?1 AND m.name = t.short_name || '.' || m.short_name AND " SAME_DIR(
               "tf.path", "mf.path") "   AND (t.kind IN " CORTEX_STORE_TYPE_KINDS_SQL
                                     " OR t.kind IN ('type', 'typedef')) AND t.kind <> 'interface'"
                                     " ORDER BY tf.path, t.line_start, t.id");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, like_id);
    sqlite3_bind_text(st, 2, method, -1, SQLITE_STATIC);
    return id_rows(r, st, "listing the types declaring a method", cb, payload);
}

int cortex_store_read_interfaces(cortex_store_reader *r, int64_t like_id, cortex_store_id_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT s.id FROM symbols x JOIN files xf ON xf.id = x.file_id JOIN files f ON f.lang = xf.lang"
           " JOIN symbols s ON s.file_id = f.id WHERE x.id = ?1 AND s.kind = 'interface' ORDER BY f.path, s.line_start, s.id");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, like_id);
    return id_rows(r, st, "listing a language's interfaces", cb, payload);
}
