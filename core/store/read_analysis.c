/*
 * What the analysis tool reads (read.h): definitions by pattern, kind,
 * visibility and place; reference counts, exact one definition at a time or
 * bounded for all at once; per-language counts; the import edges between
 * files; the definitions enclosing a line.
 */
#include "ids.h"
#include "read_internal.h"
#include "store.h"

#include "../util/error.h"
#include "../util/mem.h"
#include "../util/strings.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cortex_store__filter_sql(char *out, size_t size, const cortex_store_symbol_filter *f)
{
    size_t n = (size_t)snprintf(out, size, " s.kind <> 'import'");
    if (f->glob)
        n += (size_t)snprintf(out + n, size - n,
                              " AND (CASE WHEN instr(?10, '.') THEN s.name ELSE s.short_name END) GLOB ?10");
    if (f->visibility)
        n += (size_t)snprintf(out + n, size - n,
                              " AND (CASE WHEN ?11 = 'none' THEN s.visibility IS NULL ELSE s.visibility = ?11 END)");
    if (f->default_build) n += (size_t)snprintf(out + n, size - n, " AND f.variant = 0");
    if (f->visibilities && f->visibilities[0]) {
        n += (size_t)snprintf(out + n, size - n, " AND s.visibility IN (");
        for (int i = 0; f->visibilities[i] && i < 8 && n < size; i++)
            n += (size_t)snprintf(out + n, size - n, "%s?%d", i ? ", " : "", 40 + i);
        if (n < size) n += (size_t)snprintf(out + n, size - n, ")");
    }
    if (f->path_prefix && *f->path_prefix)
        n +=
            (size_t)snprintf(out + n, size - n, " AND (f.path = ?12 OR (f.path > ?12 || '/' AND f.path < ?12 || '0'))");
    if (f->kinds && f->kinds[0]) {
        n += (size_t)snprintf(out + n, size - n, " AND s.kind IN (");
        for (int i = 0; f->kinds[i] && i < 16 && n < size; i++)
            n += (size_t)snprintf(out + n, size - n, "%s?%d", i ? ", " : "", 20 + i);
        if (n < size) snprintf(out + n, size - n, ")");
    }
}

void cortex_store__bind_filter(sqlite3_stmt *st, const cortex_store_symbol_filter *f)
{
    if (f->glob) sqlite3_bind_text(st, 10, f->glob, -1, SQLITE_STATIC);
    if (f->visibility) sqlite3_bind_text(st, 11, f->visibility, -1, SQLITE_STATIC);
    if (f->path_prefix && *f->path_prefix) sqlite3_bind_text(st, 12, f->path_prefix, -1, SQLITE_STATIC);
    for (int i = 0; f->kinds && f->kinds[i] && i < 16; i++)
        sqlite3_bind_text(st, 20 + i, f->kinds[i], -1, SQLITE_STATIC);
    for (int i = 0; f->visibilities && f->visibilities[i] && i < 8; i++)
        sqlite3_bind_text(st, 40 + i, f->visibilities[i], -1, SQLITE_STATIC);
}

int cortex_store_read_symbols_where(int64_t *total, cortex_store_reader *r, const cortex_store_symbol_filter *f,
                                    cortex_store_page page, cortex_store_symbol_cb cb, void *payload)
{
    char where[1024], sql[2048];
    cortex_store__filter_sql(where, sizeof where, f);
    if (total) {
        snprintf(sql, sizeof sql, "SELECT count(*) FROM symbols s JOIN files f ON f.id = s.file_id WHERE%s", where);
        sqlite3_stmt *st = cortex_store__prepare(r, sql);
        if (!st) return cortex_store__prepare_failed(r);
        cortex_store__bind_filter(st, f);
        int rc = sqlite3_step(st);
        *total = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
        cortex_store__release(r, st);
        if (rc != SQLITE_ROW) return cortex_store__step_error(r, "counting definitions");
    }
    snprintf(sql, sizeof sql,
             "SELECT " CORTEX_STORE__SYMBOL_COLUMNS CORTEX_STORE__SYMBOL_FROM
             "WHERE%s ORDER BY f.path, s.line_start, s.id"
             " LIMIT ?1 OFFSET ?2",
             where);
    sqlite3_stmt *st = cortex_store__prepare(r, sql);
    if (!st) return cortex_store__prepare_failed(r);
    cortex_store__bind_filter(st, f);
    sqlite3_bind_int64(st, 1, page.limit);
    sqlite3_bind_int64(st, 2, page.offset);
    return cortex_store__symbol_rows(r, st, "listing definitions", cb, payload);
}

int cortex_store_read_ref_count(int64_t *refs, int64_t *external, cortex_store_reader *r, int64_t id)
{
    /* as the graph tool's callers: bound by name through the view, or stored */
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT count(*), count(*) FILTER (WHERE b.file_id <> s.file_id) FROM symbols s, ref_bindings b"
           " WHERE s.id = ?1 AND b.target_id = ?1 AND b.id IN (" CORTEX_STORE__MAY_BIND(
               "?1", "(SELECT short_name FROM symbols WHERE id = ?1)") ")");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    *refs = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    *external = rc == SQLITE_ROW ? sqlite3_column_int64(st, 1) : 0;
    cortex_store__release(r, st);
    return rc == SQLITE_ROW ? 0 : cortex_store__step_error(r, "counting references");
}

/* A language's count of definitions of one kind. */
typedef struct kind_count {
    size_t lang; /* into the languages read from the files */
    char *kind;
    int64_t n;
} kind_count;

typedef struct file_lang {
    int64_t file_id;
    size_t lang;
} file_lang;

static int compare_file_langs(const void *a, const void *b)
{
    const file_lang *x = a, *y = b;
    return (x->file_id > y->file_id) - (x->file_id < y->file_id);
}

/* By language, then the most numerous kind first, then by kind. */
static int compare_kind_counts(const void *a, const void *b)
{
    const kind_count *x = a, *y = b;
    if (x->lang != y->lang) return x->lang < y->lang ? -1 : 1;
    if (x->n != y->n) return x->n > y->n ? -1 : 1;
    return strcmp(x->kind, y->kind);
}

/* The definitions of each language by kind, from one pass over the symbols
 * in id order (a file's are one run), counted in memory: a GROUP BY sorted
 * every definition (4 million on the whole kernel) to count a few dozen. */
static int count_kinds(cortex_store_reader *r, const cortex_store_lang_count *langs, size_t nlangs, kind_count **out,
                       size_t *nout)
{
    file_lang *files = NULL;
    size_t nfiles = 0, capfiles = 0, cap = 0;
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT id, lang FROM files");
    if (!st) return cortex_store__prepare_failed(r);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *lang = cortex_store__text(st, 1);
        size_t i = 0;
        while (i < nlangs && strcmp(langs[i].lang, lang) != 0) i++;
        if (i < nlangs) *CORTEX_PUSH(files, nfiles, capfiles) = (file_lang){sqlite3_column_int64(st, 0), i};
    }
    cortex_store__release(r, st);
    if (rc != SQLITE_DONE) {
        free(files);
        return cortex_store__step_error(r, "reading the files' languages");
    }
    if (nfiles) qsort(files, nfiles, sizeof *files, compare_file_langs);
    kind_count *counts = NULL;
    size_t n = 0;
    if (!(st = cortex_store__prepare(r, "SELECT file_id, kind FROM symbols WHERE kind <> 'import'"))) {
        free(files);
        return cortex_store__prepare_failed(r);
    }
    int64_t last_file = -1;
    size_t lang = 0, last = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t file_id = sqlite3_column_int64(st, 0);
        if (file_id != last_file) {
            file_lang key = {file_id, 0};
            const file_lang *f = nfiles ? bsearch(&key, files, nfiles, sizeof *files, compare_file_langs) : NULL;
            if (!f) continue; /* a definition without its file: not counted, as the join did not */
            last_file = file_id;
            lang = f->lang;
        }
        const char *kind = cortex_store__text(st, 1);
        /* most often the kind of the definition before */
        if (!(last < n && counts[last].lang == lang && strcmp(counts[last].kind, kind) == 0)) {
            last = 0;
            while (last < n && !(counts[last].lang == lang && strcmp(counts[last].kind, kind) == 0)) last++;
            if (last == n) *CORTEX_PUSH(counts, n, cap) = (kind_count){lang, cortex_xstrdup(kind), 0};
        }
        counts[last].n++;
    }
    cortex_store__release(r, st);
    free(files);
    if (rc != SQLITE_DONE) {
        for (size_t i = 0; i < n; i++) free(counts[i].kind);
        free(counts);
        return cortex_store__step_error(r, "counting definitions by kind");
    }
    if (n) qsort(counts, n, sizeof *counts, compare_kind_counts);
    *out = counts;
    *nout = n;
    return 0;
}

int cortex_store_read_lang_counts(cortex_store_reader *r, cortex_store_lang_count_cb cb, void *payload)
{
    /* a language's files, lines and definitions from its files' rows */
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT lang, count(*), sum(lines), sum(definitions) FROM files GROUP BY lang ORDER BY lang");
    if (!st) return cortex_store__prepare_failed(r);
    cortex_store_lang_count *langs = NULL;
    size_t nlangs = 0, cap = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        *CORTEX_PUSH(langs, nlangs, cap) = (cortex_store_lang_count){
            cortex_xstrdup(cortex_store__text(st, 0)), NULL, sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2),
            sqlite3_column_int64(st, 3)};
    cortex_store__release(r, st);
    kind_count *kinds = NULL;
    size_t nkinds = 0;
    int stop = rc == SQLITE_DONE ? count_kinds(r, langs, nlangs, &kinds, &nkinds)
                                 : cortex_store__step_error(r, "counting by language");
    for (size_t i = 0, k = 0; i < nlangs && !stop; i++) {
        stop = cb(&langs[i], payload);
        for (; k < nkinds && kinds[k].lang == i && !stop; k++)
            stop = cb(&(cortex_store_lang_count){langs[i].lang, kinds[k].kind, 0, 0, kinds[k].n}, payload);
    }
    for (size_t i = 0; i < nlangs; i++) free((char *)langs[i].lang);
    for (size_t k = 0; k < nkinds; k++) free(kinds[k].kind);
    free(langs);
    free(kinds);
    return stop;
}

/* Rows of (importer id, imported id, importer path, imported path) as edges. */
static int file_edge_rows(cortex_store_reader *r, sqlite3_stmt *st, const char *what, cortex_store_file_edge_cb cb,
                          void *payload)
{
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        cortex_store_file_edge e = {sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1), cortex_store__text(st, 2),
                                    cortex_store__text(st, 3)};
        stop = cb(&e, payload);
    }
    if (!stop && rc != SQLITE_DONE) stop = cortex_store__step_error(r, what);
    cortex_store__release(r, st);
    return stop;
}

int cortex_store_read_file_edges(cortex_store_reader *r, cortex_store_file_edge_cb cb, void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT i.file_id, i.target_file_id, f.path, t.path FROM imports i JOIN files f ON f.id = i.file_id"
           " JOIN files t ON t.id = i.target_file_id WHERE i.target_file_id <> i.file_id ORDER BY i.file_id, "
           "i.target_file_id");
    if (!st) return cortex_store__prepare_failed(r);
    return file_edge_rows(r, st, "listing imports between files", cb, payload);
}

int cortex_store_read_dir_edges(cortex_store_reader *r, const char *dir, cortex_store_file_edge_cb cb, void *payload)
{
    /* under ?1: from "?1/" up to "?10" ('0' follows '/'), a range of the path index */
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT i.file_id, i.target_file_id, f.path, t.path FROM files f JOIN imports i ON i.file_id = f.id"
           " JOIN files t ON t.id = i.target_file_id"
           " WHERE f.path >= ?1 || '/' AND f.path < ?1 || '0' AND i.target_file_id <> i.file_id"
           " UNION ALL SELECT i.file_id, i.target_file_id, f.path, t.path FROM files t"
           " JOIN imports i ON i.target_file_id = t.id JOIN files f ON f.id = i.file_id"
           " WHERE t.path >= ?1 || '/' AND t.path < ?1 || '0' AND i.target_file_id <> i.file_id"
           "   AND NOT (f.path >= ?1 || '/' AND f.path < ?1 || '0')"
           " ORDER BY 1, 2");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_text(st, 1, dir, -1, SQLITE_STATIC);
    return file_edge_rows(r, st, "listing a directory's imports", cb, payload);
}

int cortex_store_read_scopes_at(cortex_store_reader *r, int64_t file_id, int64_t line, cortex_store_symbol_cb cb,
                                void *payload)
{
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT " CORTEX_STORE__SYMBOL_COLUMNS CORTEX_STORE__SYMBOL_FROM
                                                "WHERE s.file_id = ?1 AND s.line_start <= ?2 AND s.line_end >= ?2"
                                                " AND s.kind <> 'import' ORDER BY s.line_start DESC, s.line_end, s.id");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, file_id);
    sqlite3_bind_int64(st, 2, line);
    return cortex_store__symbol_rows(r, st, "listing the scopes at a line", cb, payload);
}

int cortex_store_read_dir_counts(cortex_store_reader *r, int64_t limit, cortex_store_dir_count_cb cb, void *payload)
{
    /* a directory: the path without its last component (rtrim of what follows the last '/') */
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT rtrim(rtrim(path, replace(path, '/', '')), '/') AS dir, count(*), sum(lines) FROM files"
           " GROUP BY dir ORDER BY 2 DESC, dir LIMIT ?1");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_int64(st, 1, limit);
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW)
        stop = cb(cortex_store__text(st, 0), sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2), payload);
    if (!stop && rc != SQLITE_DONE) stop = cortex_store__step_error(r, "counting files by directory");
    cortex_store__release(r, st);
    return stop;
}

typedef struct fan {
    int64_t id, n;
} fan;

static int compare_fan_ids(const void *a, const void *b)
{
    const fan *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

static int compare_fan_counts(const void *a, const void *b)
{
    const fan *x = a, *y = b;
    if (x->n != y->n) return x->n > y->n ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

_Static_assert(CORTEX_STORE_SYMBOL_HASH_BITS == 23, "fan_out and unnamed spell a caller's bits out");
_Static_assert(CORTEX_STORE_ROW_ID_BITS == 32, "fan_out and unnamed spell a reference's file out");

int cortex_store_read_fan_out(cortex_store_reader *r, const char *kind, int64_t limit, cortex_store_fan_cb cb,
                              void *payload)
{
    /* In id order a definition's references mostly follow one another: runs
     * are counted as they stream, then merged by id. A GROUP BY sorted every
     * reference in a temporary B-tree (0.34 s on the kernel subtree). The
     * caller's id and the kind from the stored columns, not the generated
     * ones: every reference is read, and computing those doubled the scan
     * (0.94 s against 0.45 on the whole kernel). */
#define CALLER_ID "SELECT id >> 32 << 23 | caller FROM refs WHERE caller IS NOT NULL"
    sqlite3_stmt *st = cortex_store__prepare(r, !kind                        ? CALLER_ID
                                                : strcmp(kind, "call") == 0 ? CALLER_ID " AND other_kind IS NULL"
                                                                            : CALLER_ID " AND other_kind = ?1");
#undef CALLER_ID
    if (!st) return cortex_store__prepare_failed(r);
    if (kind && strcmp(kind, "call") != 0) sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
    fan *runs = NULL;
    size_t n = 0, cap = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(st, 0);
        if (n && runs[n - 1].id == id) runs[n - 1].n++;
        else *CORTEX_PUSH(runs, n, cap) = (fan){id, 1};
    }
    cortex_store__release(r, st);
    if (rc != SQLITE_DONE) {
        free(runs);
        return cortex_store__step_error(r, "counting references made");
    }
    if (n) qsort(runs, n, sizeof *runs, compare_fan_ids);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (m && runs[m - 1].id == runs[i].id) runs[m - 1].n += runs[i].n;
        else runs[m++] = runs[i];
    }
    if (m) qsort(runs, m, sizeof *runs, compare_fan_counts);
    int stop = 0;
    for (size_t i = 0; i < m && (limit < 0 || (int64_t)i < limit) && !stop; i++)
        stop = cb(runs[i].id, runs[i].n, payload);
    free(runs);
    return stop;
}

int cortex_store_read_unnamed(cortex_store_reader *r, const cortex_store_symbol_filter *f, cortex_store_symbol_cb cb,
                              void *payload)
{
    char where[1024], sql[4096];
    cortex_store__filter_sql(where, sizeof where, f);
    /* A reference of the name in a place that can reach the definition:
     * where packages are directories (Go), only one of the package's
     * directory can reach a private (unexported) name, so the others'
     * references of that name are another's. The file is looked up only
     * then. */
#define REACHING_REF(file)                                                                                         \
    "(s.visibility IS NOT 'private' OR NOT (SELECT package_dirs FROM languages WHERE lang = f.lang)"             \
    " OR (SELECT rtrim(rf.path, replace(rf.path, '/', '')) FROM files rf WHERE rf.id = " file ")"                \
    " = rtrim(f.path, replace(f.path, '/', '')))"
    /* a reference's file from its id, not its generated column: the name
     * index then answers the clauses on references alone */
#define REF_FILE "(r.id >> 32)"
    /* The clauses that drop the most definitions first: a reference bound
     * to it, then any bearing its name that binding did not bind elsewhere
     * (for a common name, a walk over its references, in the name index's
     * order); the interfaces' members last, for the few left (each symbol
     * of the name is looked up, at random places of the table). */
    /* Over the whole repository, the symbols in the table's order, sorted
     * after: by file path, each file's symbols were sought through their
     * index, a lookup for each (5.0 s of the statement's 5.9 on the whole
     * kernel). Under a path, only its files' symbols, by path. */
    const char *from = f && f->path_prefix ? CORTEX_STORE__SYMBOL_FROM
                                           : " FROM symbols s CROSS JOIN files f ON f.id = s.file_id"
                                             " LEFT JOIN symbols p ON p.id = s.parent_id ";
    snprintf(sql, sizeof sql,
             "SELECT " CORTEX_STORE__SYMBOL_COLUMNS "%sWHERE%s AND NOT EXISTS (SELECT 1 FROM refs r WHERE r.target_id = s.id)"
             /* a member of a type that extends or implements something may
              * override a base's method, which the base (a library's) calls */
             " AND NOT (s.parent_id IS NOT NULL AND EXISTS (SELECT 1 FROM refs r WHERE " CORTEX_STORE_ROW_OF_FILE(
                 "r.id", "s.file_id") " AND r.kind = 'inherit' AND r.caller_id = s.parent_id))"
             /* a member of a type something extends (a mixin's method, which
              * a subclass's lookup may find first) is kept by any reference
              * bearing its name, bound or not */
             " AND NOT (s.parent_id IS NOT NULL"
             "   AND EXISTS (SELECT 1 FROM symbols sp JOIN refs ri ON ri.kind = 'inherit'"
             "     AND (ri.target_id = sp.id OR (ri.target_id IS NULL AND ri.name = sp.short_name)) WHERE sp.id = s.parent_id)"
             "   AND EXISTS (SELECT 1 FROM refs r WHERE r.name = s.short_name AND " REACHING_REF(REF_FILE) "))"
             /* no reference bearing its name can reach it: none unless its
              * rules bound it to another definition (one that is no
              * interface's member: the clause on interfaces keeps every
              * definition of such a name) */
             " AND NOT EXISTS (SELECT 1 FROM refs r WHERE r.name = s.short_name"
             "   AND NOT (r.target_id IS NOT NULL AND r.target_id <> s.id"
             "     AND r.resolution IN ('scoped', 'import', 'type')"
             /* two definitions of the name that one file sees may be a
              * preprocessor's alternatives (`#else #define f NULL`, an
              * included header's inline stub beside the file's own): the
              * file's rules bound its references to one, which proves
              * nothing of the other */
             "     AND NOT (r.resolution = 'scoped' AND (r.target_id >> 23 = s.file_id"
             "       OR EXISTS (SELECT 1 FROM imports ri WHERE ri.file_id = " REF_FILE " AND ri.target_file_id = s.file_id))))"
             "   AND " REACHING_REF(REF_FILE) ")"
             /* nothing else of its file bears its name where it is (two
              * definitions, or a definition and a prototype, of one name in
              * one file are a preprocessor's or a runtime's alternatives
              * (`#ifdef` a prototype `#else` an inline stub), one of which
              * the references reach) */
             " AND NOT EXISTS (SELECT 1 FROM symbols o WHERE o.short_name = s.short_name AND o.file_id = s.file_id"
             "   AND o.id <> s.id AND (o.parent_id IS s.parent_id"
             /* or a declaration of the name inside a function: a call the
              * grammar misread (C's `for_each_x(i) f(i);`, a loop macro
              * without braces, reads as declaring `f`) */
             "     OR (SELECT p.kind FROM symbols p WHERE p.id = o.parent_id) IN ('function', 'method')))"
             /* no interface declares a member of its name where it can reach
              * it: it may be what implements it (or be that declaration) */
             " AND NOT EXISTS (SELECT 1 FROM symbols i JOIN symbols ip ON ip.id = i.parent_id"
             "   WHERE i.short_name = s.short_name AND ip.kind IN ('interface', 'trait', 'protocol')"
             "   AND " REACHING_REF("i.file_id") ")"
             " ORDER BY f.path, s.line_start, s.id",
             from, where);
#undef REACHING_REF
#undef REF_FILE
    sqlite3_stmt *st = cortex_store__prepare(r, sql);
    if (!st) return cortex_store__prepare_failed(r);
    cortex_store__bind_filter(st, f);
    return cortex_store__symbol_rows(r, st, "listing unreferenced definitions", cb, payload);
}

int cortex_store_read_names_recorded(int64_t *count, cortex_store_reader *r, const char *path, const char *name)
{
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT (SELECT count(*) FROM symbols s WHERE s.short_name = ?2 AND s.file_id = f.id)"
           /* the file's references by id range: the name index alone answers */
           " + (SELECT count(*) FROM refs r WHERE r.name = ?2 AND " CORTEX_STORE_ROW_OF_FILE("r.id", "f.id") ")"
           " FROM files f WHERE f.path = ?1");
    if (!st) return cortex_store__prepare_failed(r);
    sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    *count = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        rc = cortex_store__step_error(r, "counting a name's definitions and references");
    else rc = 0;
    cortex_store__release(r, st);
    return rc;
}

/* A character the text index keeps in its tokens (non-ASCII ones: letters, as
 * far as a name holds them). */
static int token_char(char c)
{
    return (unsigned char)c >= 0x80 || isalnum((unsigned char)c);
}

/* Whether `text` writes `qualifier`, a separator of one to three ASCII
 * characters that are no name's ('.', '::', '->'), then `name`. */
static int writes_qualified(const char *text, const char *qualifier, const char *name)
{
    size_t q = strlen(qualifier), n = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        if (token_char(p[n]) || p[n] == '_') continue;
        for (size_t sep = 1; sep <= 3 && (size_t)(p - text) >= sep + q; sep++) {
            const char *at = p - sep - q;
            int separator = 1;
            for (size_t k = 0; k < sep; k++) separator &= !token_char(at[q + k]) && at[q + k] != '_' && at[q + k] != ' ';
            if (separator && memcmp(at, qualifier, q) == 0 && (at == text || (!token_char(at[-1]) && at[-1] != '_')))
                return 1;
        }
    }
    return 0;
}

int cortex_store_read_qualified_mention(int *out, cortex_store_reader *r, const char *qualifier, const char *name)
{
    /* the texts writing the name, through the index (a name is a rare
     * token; a directory's name, such as `kernel`, is not), then the
     * qualifier before it in each */
    *out = 0;
    int tokens = 0;
    for (const char *p = name; *p; p++) tokens |= token_char(*p);
    if (!tokens) return 0; /* `operator+`'s `+`: no token to look up */
    cortex_buf phrase = {0};
    cortex_buf_puts(&phrase, "\"");
    for (const char *p = name; *p; p++) cortex_buf_putc(&phrase, token_char(*p) ? *p : ' ');
    cortex_buf_puts(&phrase, "\"");
    sqlite3_stmt *st = cortex_store__prepare(
        r, "SELECT t.text FROM texts_fts JOIN texts_text t ON t.id = texts_fts.rowid WHERE texts_fts MATCH ?1");
    if (!st) {
        cortex_buf_free(&phrase);
        return cortex_store__prepare_failed(r);
    }
    sqlite3_bind_text(st, 1, phrase.data, -1, SQLITE_STATIC);
    int rc;
    while (!*out && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *text = (const char *)sqlite3_column_text(st, 0);
        *out = text && writes_qualified(text, qualifier, name);
    }
    if (*out) rc = 0;
    else if (rc != SQLITE_DONE) rc = cortex_store__step_error(r, "looking for a qualified mention");
    else rc = 0;
    cortex_store__release(r, st);
    cortex_buf_free(&phrase);
    return rc;
}

int cortex_store_read_import_items(cortex_store_reader *r, cortex_store_item_cb cb, void *payload)
{
    /* what an import brings in by name: its alias, else its last component */
    sqlite3_stmt *st = cortex_store__prepare(r, "SELECT DISTINCT alias, name FROM imports");
    if (!st) return cortex_store__prepare_failed(r);
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *alias = cortex_store__text(st, 0), *name = cortex_store__text(st, 1);
        if (alias && strcmp(alias, "*") != 0) stop = cb(alias, payload);
        else if (name) {
            const char *last = name;
            for (const char *p = name; *p; p++)
                if (*p == '.' || *p == '/' || *p == ':' || *p == '\\') last = p + 1;
            stop = cb(last, payload);
        }
    }
    if (!stop && rc != SQLITE_DONE) stop = cortex_store__step_error(r, "listing what imports bring in");
    cortex_store__release(r, st);
    return stop;
}
