/*
 * Binding that needs the files beside a reference's own, at commit
 * (bind.h, cortex_store_bind_scopes): a call on a receiver of known type to
 * that type's member wherever the type is defined, and, where packages are
 * directories, bare names and package-qualified names through the directory.
 */
#include "bind.h"
#include "bind_memo.h"
#include "store.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    Q_TYPED,       /* references whose receiver's type is known */
    Q_PACKAGED,    /* references of languages whose packages are directories */
    Q_MEMBERS,     /* definitions that are members named ?1 of a type ?3, in language ?2 */
    Q_FIELDS,      /* the same, of any kind, with a declared type: a field's leads on */
    Q_DATA,        /* the same, of any kind: a field holding a function is no method to inherit */
    Q_PLAIN,       /* definitions named ?1 that are not members, in language ?2 */
    Q_VALUES,      /* the same with a declared type: variables, constants */
    Q_TYPES,       /* types named ?1 in language ?2 */
    Q_IMPORT,      /* the file ?1's import that names ?2, and its target */
    Q_BASES,       /* what the type ?2 of the file ?1 extends, implements or embeds */
    Q_UPDATE,
    Q_COUNT
};

/* The references a commit looks at: every one, those of the files it chose
 * (cortex_store_bind_choose), and those named like a definition that came or went. */
#define CHOSEN(f, r)                                                                                                   \
    "(?1 OR " f ".id IN (SELECT id FROM temp.rebind_files) OR EXISTS (SELECT 1 FROM temp.touched_names t WHERE t.lang = " f ".lang AND t.name = " r \
    ".name))"

static const char *const query_sql[Q_COUNT] = {
    [Q_TYPED] = "SELECT r.id, r.file_id, f.path, f.lang, COALESCE(l.package_dirs, 0), r.name, r.rtype, r.qualifier, r.resolution,"
                " r.target_id, r.fallback FROM refs r INDEXED BY refs_rtype JOIN files f ON f.id = r.file_id"
                " LEFT JOIN languages l ON l.lang = f.lang WHERE r.rtype IS NOT NULL"
                /* what the file's binder bound in the file stays */
                " AND (r.resolution IS NULL OR r.resolution NOT IN ('scoped', 'import')) AND " CHOSEN("f", "r"),
    [Q_PACKAGED] = "SELECT r.id, r.file_id, f.path, f.lang, 1, r.name, r.rtype, r.qualifier, r.resolution, r.target_id,"
                   " r.fallback"
                   " FROM languages l JOIN files f ON f.lang = l.lang"
                   " JOIN refs r ON " CORTEX_STORE_ROW_OF_FILE("r.id", "f.id")
                   /* a name its own file defines is the file's binder's */
                   " LEFT JOIN symbols t ON t.id = r.target_id"
                   " WHERE l.package_dirs AND (t.file_id IS NULL OR t.file_id <> r.file_id)"
                   " AND " CHOSEN("f", "r")
                   " AND ((r.qualifier IS NULL AND r.reach = 0 AND (r.resolution IS NULL OR r.resolution IN ('unresolved', 'scoped')))"
                   "   OR (r.resolution = 'import' AND r.qualifier IS NOT NULL AND r.target_id IS NULL))",
    [Q_MEMBERS] = "SELECT s.id, s.file_id, f.path, s.dtype, s.short_name, f.variant FROM symbols s JOIN files f ON f.id = s.file_id"
                  " WHERE s.short_name = ?1 AND f.lang = ?2 AND s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL
                  " AND (s.name = ?3 OR substr(s.name, -length(?3) - 1) = '.' || ?3)",
    [Q_FIELDS] = "SELECT s.id, s.file_id, f.path, s.dtype, s.short_name, f.variant FROM symbols s JOIN files f ON f.id = s.file_id"
                 " WHERE s.short_name = ?1 AND f.lang = ?2 AND s.dtype IS NOT NULL"
                 " AND (s.name = ?3 OR substr(s.name, -length(?3) - 1) = '.' || ?3)",
    [Q_DATA] = "SELECT s.id, s.file_id, f.path, s.dtype, s.short_name, f.variant FROM symbols s JOIN files f ON f.id = s.file_id"
               " WHERE s.short_name = ?1 AND f.lang = ?2 AND (s.name = ?3 OR substr(s.name, -length(?3) - 1) = '.' || ?3)",
    [Q_VALUES] = "SELECT s.id, s.file_id, f.path, s.dtype, s.short_name, f.variant FROM symbols s JOIN files f ON f.id = s.file_id"
                 " LEFT JOIN symbols p ON p.id = s.parent_id"
                 " WHERE s.short_name = ?1 AND f.lang = ?2 AND s.dtype IS NOT NULL"
                 " AND (p.id IS NULL OR p.kind NOT IN " CORTEX_STORE_TYPE_KINDS_SQL ")",
    [Q_PLAIN] = "SELECT s.id, s.file_id, f.path, s.dtype, s.short_name, f.variant FROM symbols s JOIN files f ON f.id = s.file_id"
                " LEFT JOIN symbols p ON p.id = s.parent_id"
                " WHERE s.short_name = ?1 AND f.lang = ?2 AND s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL
                " AND s.kind <> 'method' AND (p.id IS NULL OR p.kind NOT IN " CORTEX_STORE_TYPE_KINDS_SQL ")",
    /* with the kinds that name a type without holding members: a defined
     * type (`type TB testing.B`) or an alias has methods all the same */
    [Q_TYPES] = "SELECT s.id, s.file_id, f.path, s.dtype, s.short_name, f.variant FROM symbols s JOIN files f ON f.id = s.file_id"
                " WHERE s.short_name = ?1 AND f.lang = ?2 AND (s.kind IN " CORTEX_STORE_TYPE_KINDS_SQL
                " OR s.kind IN ('type', 'typedef'))",
    [Q_IMPORT] = "SELECT i.target_file_id, f.path FROM imports i LEFT JOIN files f ON f.id = i.target_file_id"
                 " WHERE i.file_id = ?1 AND (i.alias = ?2 OR (i.alias IS NULL AND last_component(i.name) = ?2))"
                 " ORDER BY i.target_file_id IS NULL, i.line LIMIT 1",
    /* with the type an inherit reference is bound to already (through an
     * import's re-export: `class AppGroup(click.Group)`), which the name
     * alone would not find again */
    [Q_BASES] = "SELECT r.name, r.qualifier, t.id, t.file_id, tf.path, t.dtype, t.short_name, tf.variant FROM refs r"
                " LEFT JOIN symbols t ON t.id = r.target_id LEFT JOIN files tf ON tf.id = t.file_id"
                " WHERE " CORTEX_STORE_ROW_OF_FILE("r.id", "?1")
                /* written in the type, or in one of its members (Go's embedded field is one) */
                " AND r.caller_id IN (SELECT id FROM symbols WHERE file_id = ?1 AND (id = ?2 OR parent_id = ?2))"
                " AND r.kind = 'inherit' ORDER BY r.id",
    [Q_UPDATE] = "UPDATE refs SET target_id = ?2, resolution = ?3 WHERE id = ?1",
};

/* One reference to bind, as read. */
typedef struct pending {
    int64_t id, file_id, target_id;
    char *path, *lang, *name, *rtype, *qualifier, *resolution, *fallback;
    int package_dirs;
} pending;

/* A definition a reference may name, as a query found it; the one a lookup
 * settled on. */
typedef cortex_store_def candidate;
typedef cortex_store_def found;

typedef struct scope_binder {
    cortex_store_memo memo;
    sqlite3 *db;
    sqlite3_stmt *st[Q_COUNT];
    candidate *cands;
    size_t ncands, cands_cap;
} scope_binder;

static int db_error(sqlite3 *db, const char *what)
{
    return cortex_error_set(CORTEX_EIO, "sqlite store: %s: %s", what, sqlite3_errmsg(db));
}

static char *column_dup(sqlite3_stmt *st, int col)
{
    const char *t = (const char *)sqlite3_column_text(st, col);
    return t ? cortex_xstrdup(t) : NULL;
}

/* Whether two repository paths are files of one directory. */
static int same_dir(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;
    return la == lb && strncmp(a, b, la) == 0;
}

static void clear_candidates(scope_binder *b)
{
    for (size_t i = 0; i < b->ncands; i++) cortex_store_def_free(&b->cands[i]);
    b->ncands = 0;
}

/* Runs a candidate query with its text parameters into b->cands. */
static char *candidates_key(int q, const char *p1, const char *p2, const char *p3);
static int cached_candidates(scope_binder *b, const char *key, const candidate **out, size_t *n);
static void cache_candidates(scope_binder *b, char *key);

static int load_candidates(scope_binder *b, int q, const char *p1, const char *p2, const char *p3)
{
    clear_candidates(b);
    char *key = candidates_key(q, p1, p2, p3);
    size_t n;
    const candidate *cached;
    if (cached_candidates(b, key, &cached, &n)) {
        free(key);
        for (size_t i = 0; i < n; i++) *CORTEX_PUSH(b->cands, b->ncands, b->cands_cap) = cortex_store_def_copy(&cached[i]);
        return 0;
    }
    sqlite3_stmt *st = b->st[q];
    sqlite3_bind_text(st, 1, p1, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, p2, -1, SQLITE_STATIC);
    if (p3) sqlite3_bind_text(st, 3, p3, -1, SQLITE_STATIC);
    int step;
    while ((step = sqlite3_step(st)) == SQLITE_ROW)
        *CORTEX_PUSH(b->cands, b->ncands, b->cands_cap) =
            (candidate){sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1), column_dup(st, 2), column_dup(st, 3),
                        column_dup(st, 4), sqlite3_column_int(st, 5)};
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (step != SQLITE_DONE) {
        free(key);
        return db_error(b->db, "find definitions");
    }
    cache_candidates(b, key);
    return 0;
}

/* Where a candidate must be for a tier of the search. */
typedef enum where {
    IN_FILE,     /* the file `file_id` */
    IN_DIR,      /* a file of the directory of `path` */
    IN_TARGET,   /* the file `file_id`, or with package directories its directory (`path`) */
    ANYWHERE
} where;

/* Whether candidate `c` is in `w`. */
static int in_tier(const candidate *c, where w, int64_t file_id, const char *path, int package_dirs)
{
    return w == ANYWHERE || (w == IN_FILE && c->file_id == file_id) || (w == IN_DIR && same_dir(c->path, path)) ||
           (w == IN_TARGET && (c->file_id == file_id || (package_dirs && same_dir(c->path, path))));
}

/* Of several candidates in `w`, the one of the language's default build
 * when all the others are build variants beside it (Go's `pointer_unsafe.go`,
 * built, and `pointer_reflect.go`, a `purego` variant: one package, the
 * build compiles one of them): its index, -2 otherwise. */
static int one_built(const scope_binder *b, where w, int64_t file_id, const char *path, int package_dirs)
{
    int built = -1;
    for (size_t i = 0; i < b->ncands; i++) {
        if (!in_tier(&b->cands[i], w, file_id, path, package_dirs) || b->cands[i].variant) continue;
        if (built >= 0) return -2;
        built = (int)i;
    }
    if (built < 0) return -2; /* all of them variants: which one is built depends on the build's tags */
    for (size_t i = 0; i < b->ncands; i++)
        if (in_tier(&b->cands[i], w, file_id, path, package_dirs) && !same_dir(b->cands[i].path, b->cands[built].path))
            return -2;
    return built;
}

/* The one candidate in `w` (or the default build's, one_built): its index,
 * -1 when none, -2 when several. */
static int one_in(const scope_binder *b, where w, int64_t file_id, const char *path, int package_dirs)
{
    int hit = -1;
    for (size_t i = 0; i < b->ncands; i++) {
        if (!in_tier(&b->cands[i], w, file_id, path, package_dirs)) continue;
        if (hit >= 0) return one_built(b, w, file_id, path, package_dirs);
        hit = (int)i;
    }
    return hit;
}

/* Of several candidates in `w` (a package's build variants of one method:
 * `pointer_unsafe.go` and `pointer_reflect.go`), the first when all of one
 * directory declare one type, whichever is built; -2 otherwise. */
static int one_declared_type(const scope_binder *b, int64_t file_id, const char *path, int package_dirs)
{
    int first = -1;
    for (size_t i = 0; i < b->ncands; i++) {
        const candidate *c = &b->cands[i];
        if (!(c->file_id == file_id || (package_dirs && same_dir(c->path, path)))) continue;
        if (!c->dtype) return -2;
        if (first < 0) first = (int)i;
        else if (strcmp(c->dtype, b->cands[first].dtype) != 0 || !same_dir(c->path, b->cands[first].path)) return -2;
    }
    return first < 0 ? -1 : first;
}

/* The target of the import of `file_id` that names `name`: 1 and its file
 * (0 when the import leads out of the repository), or 0 when no import does. */
static int imported(scope_binder *b, int64_t file_id, const char *name, int64_t *target, char **target_path)
{
    sqlite3_stmt *st = b->st[Q_IMPORT];
    sqlite3_bind_int64(st, 1, file_id);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
    int hit = 0;
    *target = 0;
    *target_path = NULL;
    if (sqlite3_step(st) == SQLITE_ROW) {
        hit = 1;
        *target = sqlite3_column_int64(st, 0);
        *target_path = column_dup(st, 1);
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return hit;
}

/* The outcome for one reference: its target (0: none) and label (NULL: by
 * name, through the ref_bindings view). */
typedef struct outcome {
    int64_t target;
    const char *resolution;
} outcome;

/* Picks the first tier with candidates: one is the target, several leave
 * the reference to the view (ambiguous). 1 when a tier had candidates. */
static int pick(const scope_binder *b, where w, int64_t file_id, const char *path, int package_dirs, const char *label,
                outcome *out)
{
    int i = one_in(b, w, file_id, path, package_dirs);
    if (i == -1) return 0;
    if (i >= 0) *out = (outcome){b->cands[i].id, label};
    return 1;
}

/* Where a name is looked up from: a reference's file, or the file of the
 * definition whose declared type is being followed. */
typedef struct context {
    int64_t file_id;
    const char *path, *lang;
    int package_dirs;
} context;

#define TYPE_DEPTH_MAX 4

/* What a lookup came to. */
enum { NOT_FOUND = 0, FOUND = 1, SEVERAL = 2, OUTSIDE = 3 /* a library's: the import leads out of the repository */ };

static char *candidates_key(int q, const char *p1, const char *p2, const char *p3)
{
    size_t n = strlen(p1) + strlen(p2) + (p3 ? strlen(p3) : 0) + 16;
    char *key = cortex_xmalloc(n);
    snprintf(key, n, "C%d\x1f%s\x1f%s\x1f%s", q, p1, p2, p3 ? p3 : "");
    return key;
}

/* Whether the rows of the query `key` names were loaded before: then they
 * are *out, *n of them. */
static int cached_candidates(scope_binder *b, const char *key, const candidate **out, size_t *n)
{
    const cortex_store_memo_entry *e = cortex_store_memo_get(&b->memo, key);
    if (!e) return 0;
    *out = e->defs;
    *n = e->ndefs;
    return 1;
}

/* Keeps a copy of the candidates just loaded under `key` (taken). */
static void cache_candidates(scope_binder *b, char *key)
{
    cortex_store_memo_entry *e = cortex_store_memo_put(&b->memo, key, NOT_FOUND, NULL, 0);
    free(key);
    e->ndefs = b->ncands;
    e->defs = b->ncands ? cortex_xmalloc(b->ncands * sizeof *e->defs) : NULL;
    for (size_t i = 0; i < b->ncands; i++) e->defs[i] = cortex_store_def_copy(&b->cands[i]);
}

static int take(const scope_binder *b, int i, found *out)
{
    if (i == -1) return NOT_FOUND;
    if (i < 0) return SEVERAL;
    *out = cortex_store_def_copy(&b->cands[i]);
    return FOUND;
}

/* Runs a lookup through the memo: `tag` and `number` (with `text`) name it. */
#define MEMOIZED(tag, number, text, call, outside_ptr)                                                                \
    do {                                                                                                               \
        char *key = cortex_store_memo_key(tag, number, text);                                                                       \
        const cortex_store_memo_entry *e = cortex_store_memo_get(&b->memo, key);                                                                 \
        if (e) {                                                                                                       \
            free(key);                                                                                                 \
            return cortex_store_memo_take(e, out, outside_ptr);                                                                     \
        }                                                                                                              \
        found f = {0};                                                                                                 \
        int was_outside = 0;                                                                                           \
        int got = call;                                                                                                \
        if (!*rc) cortex_store_memo_put(&b->memo, key, got, got == FOUND ? &f : NULL, was_outside);                                                       \
        free(key);                                                                                                     \
        if (was_outside && (outside_ptr)) *(int *)(outside_ptr) = 1;                                                   \
        if (got == FOUND) *out = f;                                                                                    \
        else cortex_store_def_free(&f);                                                                                           \
        return got;                                                                                                    \
    } while (0)

static int find_member_uncached(scope_binder *b, int q, const found *t, const char *name, const context *c, found *out,
                                int *rc);
static int find_inherited_uncached(scope_binder *b, int q, const found *t, const char *name, const context *c, int depth,
                                   found *out, int *outside, int *rc);
static int resolve_type_uncached(scope_binder *b, const context *c, const char *expr, int depth, found *out, int *rc);

/* The member `name` of the type definition `t` (a method, a field): one
 * declared with the type (its file, or its package). */
static int find_member(scope_binder *b, int q, const found *t, const char *name, const context *c, found *out, int *rc)
{
    char text[512];
    snprintf(text, sizeof text, "%d:%s", q, name);
    MEMOIZED('M', t->id, text, find_member_uncached(b, q, t, name, c, &f, rc), (int *)NULL);
}

/* The member `name` that the type `t` inherits (find_inherited_uncached);
 * `*outside` set when a base is a library's. */
static int find_inherited(scope_binder *b, int q, const found *t, const char *name, const context *c, int depth,
                          found *out, int *outside, int *rc)
{
    if (depth > 3) return NOT_FOUND;
    char text[512];
    snprintf(text, sizeof text, "%d:%s", q, name);
    MEMOIZED('I', t->id, text, find_inherited_uncached(b, q, t, name, c, depth, &f, &was_outside, rc), outside);
}

/* The type definition a receiver's type expression names as seen from `c`
 * (resolve_type_uncached). */
static int resolve_type(scope_binder *b, const context *c, const char *expr, int depth, found *out, int *rc)
{
    if (depth > TYPE_DEPTH_MAX) return NOT_FOUND;
    MEMOIZED('T', c->file_id, expr, resolve_type_uncached(b, c, expr, depth, &f, rc), (int *)NULL);
}

/* The definition named `name` (query `q`: a type, or a definition that is
 * not a member) as seen from `c`: through the import of `pkg` when the name
 * is qualified; else in the file, its package, the import that names it, or
 * the language's only one. *rc: a negative store error. */
static int find_named(scope_binder *b, int q, const char *name, const char *pkg, const context *c, found *out, int *rc)
{
    if ((*rc = load_candidates(b, q, name, c->lang, NULL))) return NOT_FOUND;
    int64_t target = 0;
    char *target_path = NULL;
    if (pkg) {
        int got = NOT_FOUND;
        if (imported(b, c->file_id, pkg, &target, &target_path))
            got = !target ? OUTSIDE : take(b, one_in(b, IN_TARGET, target, target_path, c->package_dirs), out);
        free(target_path);
        return got;
    }
    int i = one_in(b, IN_FILE, c->file_id, c->path, 0);
    if (i == -1 && c->package_dirs) i = one_in(b, IN_DIR, 0, c->path, 0);
    if (i == -1 && imported(b, c->file_id, name, &target, &target_path) && target)
        i = one_in(b, IN_TARGET, target, target_path, c->package_dirs);
    free(target_path);
    if (i == -1 && !c->package_dirs) i = one_in(b, ANYWHERE, 0, NULL, 0);
    return take(b, i, out);
}

/* The member `name` of the type definition `t` (a method, a field): one
 * declared with the type (its file, or its package). */
static int find_member_uncached(scope_binder *b, int q, const found *t, const char *name, const context *c, found *out,
                                int *rc)
{
    const char *type = t->name;
    size_t tlen = strlen(type), nlen = strlen(name);
    char *member = cortex_xmalloc(tlen + nlen + 2);
    memcpy(member, type, tlen);
    member[tlen] = '.';
    memcpy(member + tlen + 1, name, nlen + 1);
    *rc = load_candidates(b, q, name, c->lang, member);
    free(member);
    if (*rc) return NOT_FOUND;
    int i = one_in(b, IN_TARGET, t->file_id, t->path, c->package_dirs);
    if (i == -2 && q == Q_FIELDS) i = one_declared_type(b, t->file_id, t->path, c->package_dirs);
    return take(b, i, out);
}

#define BASES_MAX 16

/* The member `name` that the type `t` inherits: its bases' (what it
 * extends, implements or embeds, as its inherit references name them, read
 * from its file), theirs in turn, the first base that has it. */
/* The types `t` extends, implements or embeds, as its inherit references
 * name them (read from its file) and resolved from there, once per run:
 * copied into *out (free with cortex_store_defs_free), *outside set when one is a
 * library's. */
static void type_bases(scope_binder *b, const found *t, const context *c, candidate **out, size_t *n, int *outside,
                       int *rc)
{
    char *key = cortex_store_memo_key('B', t->id, "");
    const cortex_store_memo_entry *e = cortex_store_memo_get(&b->memo, key);
    if (!e) {
        char *exprs[BASES_MAX];
        size_t nexprs = 0;
        candidate *found_bases = NULL;
        size_t nfound = 0, cap = 0;
        sqlite3_stmt *st = b->st[Q_BASES];
        sqlite3_bind_int64(st, 1, t->file_id);
        sqlite3_bind_int64(st, 2, t->id);
        while (nexprs < BASES_MAX && sqlite3_step(st) == SQLITE_ROW) {
            if (sqlite3_column_type(st, 2) != SQLITE_NULL && sqlite3_column_int64(st, 2) != t->id) {
                /* bound already: that type */
                found base = {sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 3),
                              cortex_xstrdup((const char *)sqlite3_column_text(st, 4)),
                              sqlite3_column_text(st, 5) ? cortex_xstrdup((const char *)sqlite3_column_text(st, 5)) : NULL,
                              cortex_xstrdup((const char *)sqlite3_column_text(st, 6)), sqlite3_column_int(st, 7)};
                *CORTEX_PUSH(found_bases, nfound, cap) =
                    (candidate){base.id, base.file_id, base.path, base.dtype, base.name, base.variant};
                continue;
            }
            const char *base = (const char *)sqlite3_column_text(st, 0), *qual = (const char *)sqlite3_column_text(st, 1);
            size_t bl = strlen(base), ql = qual ? strlen(qual) : 0;
            char *expr = cortex_xmalloc(ql + bl + 2);
            if (qual) {
                memcpy(expr, qual, ql);
                expr[ql] = '.';
                memcpy(expr + ql + 1, base, bl + 1);
            } else {
                memcpy(expr, base, bl + 1);
            }
            exprs[nexprs++] = expr;
        }
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
        context tc = {t->file_id, t->path, c->lang, c->package_dirs};
        int lib = 0;
        for (size_t i = 0; i < nexprs && !*rc; i++) {
            found base = {0};
            int got = resolve_type(b, &tc, exprs[i], 1, &base, rc);
            if (got == FOUND && base.id != t->id)
                *CORTEX_PUSH(found_bases, nfound, cap) = (candidate){base.id, base.file_id, base.path, base.dtype, base.name, base.variant};
            else {
                if (got == NOT_FOUND || got == OUTSIDE) lib = 1; /* `dict`, an imported package's type */
                cortex_store_def_free(&base);
            }
        }
        for (size_t i = 0; i < nexprs; i++) free(exprs[i]);
        cortex_store_memo_entry *slot = cortex_store_memo_put(&b->memo, key, NOT_FOUND, NULL, lib);
        slot->defs = found_bases;
        slot->ndefs = nfound;
        e = slot;
    }
    free(key);
    *n = e->ndefs;
    *out = *n ? cortex_xmalloc(*n * sizeof **out) : NULL;
    for (size_t i = 0; i < *n; i++) (*out)[i] = cortex_store_def_copy(&e->defs[i]);
    if (e->outside) *outside = 1;
}

static int find_inherited_uncached(scope_binder *b, int q, const found *t, const char *name, const context *c, int depth,
                                   found *out, int *outside, int *rc)
{
    candidate *bases;
    size_t n;
    type_bases(b, t, c, &bases, &n, outside, rc);
    int got = NOT_FOUND;
    for (size_t i = 0; i < n && got != FOUND && !*rc; i++) {
        found base = {bases[i].id, bases[i].file_id, bases[i].path, bases[i].dtype, bases[i].name, bases[i].variant};
        context bc = {base.file_id, base.path, c->lang, c->package_dirs};
        got = find_member(b, q, &base, name, &bc, out, rc);
        if (got != FOUND && !*rc) got = find_inherited(b, q, &base, name, &bc, depth + 1, out, outside, rc);
    }
    cortex_store_defs_free(bases, n);
    return got;
}


/* The type the definition `d` declares (a field's, a variable's, a
 * function's result), as seen from its own file. */
static int declared_type_of(scope_binder *b, const found *d, const context *c, int depth, found *out, int *rc)
{
    if (!d->dtype) return NOT_FOUND;
    context dc = {d->file_id, d->path, c->lang, c->package_dirs};
    const char *callbacks = strstr(d->dtype, CORTEX_RECORD_CALLBACKS);
    if (!callbacks) return resolve_type(b, &dc, d->dtype, depth + 1, out, rc);
    if (callbacks == d->dtype) return NOT_FOUND;
    char *type = cortex_xstrndup(d->dtype, (size_t)(callbacks - d->dtype));
    int got = resolve_type(b, &dc, type, depth + 1, out, rc);
    free(type);
    return got;
}

/* `F(i,j)`: the type F's declared type lists for parameter j of the
 * function passed to F as argument i (CORTEX_RECORD_CALLBACKS), F a type
 * (its constructor's) or a function, as seen from F's file. 1 when `expr`
 * has that form, with *got the lookup's outcome. */
static int callback_param_type(scope_binder *b, const context *c, const char *expr, int depth, found *out, int *rc,
                               int *got)
{
    const char *open = strchr(expr, '(');
    size_t len = strlen(expr);
    if (!open || open == expr || expr[len - 1] != ')' || !strchr(open, ',')) return 0;
    *got = NOT_FOUND;
    char *callee = cortex_xstrndup(expr, (size_t)(open - expr));
    found f = {0};
    int hit = find_named(b, Q_TYPES, callee, NULL, c, &f, rc);
    if (hit == NOT_FOUND && !*rc) hit = find_named(b, Q_PLAIN, callee, NULL, c, &f, rc);
    free(callee);
    if (hit == FOUND && f.dtype) {
        size_t pl = strlen(CORTEX_RECORD_CALLBACKS), ol = len - (size_t)(open - expr);
        for (const char *e = strstr(f.dtype, CORTEX_RECORD_CALLBACKS); e; e = strstr(e + pl, CORTEX_RECORD_CALLBACKS)) {
            if (strncmp(e + pl, open, ol) != 0) continue;
            const char *t = e + pl + ol, *end = strstr(t, CORTEX_RECORD_CALLBACKS);
            char *type = cortex_xstrndup(t, end ? (size_t)(end - t) : strlen(t));
            context fc = {f.file_id, f.path, c->lang, c->package_dirs};
            *got = resolve_type(b, &fc, type, depth + 1, out, rc);
            free(type);
            break;
        }
    }
    cortex_store_def_free(&f);
    if (*got == OUTSIDE) *got = NOT_FOUND; /* a library's callback type: by name, as before */
    return 1;
}

/* The type definition a receiver's type expression (refs.rtype) names, as
 * seen from `c`: `T` and `pkg.T`; `F()`, the type F when it is one (a
 * conversion, a constructor), else F's declared result; `E#f`, the declared
 * type of the field f of E's type; `E#M()`, the result of its method M. */
/* The definition a member path names (`E#f`, `E#m()`: the field or method
 * of E's type, its own or inherited) or a package variable (`$v`). */
static int member_def(scope_binder *b, const context *c, const char *expr, int depth, found *d, int *rc)
{
    size_t len = strlen(expr), suffix = strlen(CORTEX_RECORD_CALL_RESULT);
    int call = len > suffix && strcmp(expr + len - suffix, CORTEX_RECORD_CALL_RESULT) == 0;
    char *body = cortex_xstrndup(expr, call ? len - suffix : len);
    int got = NOT_FOUND;
    char *hash = strrchr(body, '#');
    if (hash) {
        *hash = '\0';
        found t = {0};
        got = resolve_type(b, c, body, depth + 1, &t, rc);
        if (got == FOUND) {
            got = find_member(b, Q_FIELDS, &t, hash + 1, c, d, rc);
            int outside = 0; /* an embedded or inherited field or method */
            if (got == NOT_FOUND && !*rc) got = find_inherited(b, Q_FIELDS, &t, hash + 1, c, depth, d, &outside, rc);
        }
        cortex_store_def_free(&t);
    } else if (body[0] == CORTEX_RECORD_VALUE_OF) { /* `$v`, or `$pkg.v`: an imported package's */
        const char *name = cortex_store_last_component(body + 1);
        char pkg[256];
        if (name != body + 1) cortex_store_first_component(pkg, sizeof pkg, body + 1);
        got = find_named(b, Q_VALUES, name, name != body + 1 ? pkg : NULL, c, d, rc);
    }
    free(body);
    return got;
}

static int resolve_type_uncached(scope_binder *b, const context *c, const char *expr, int depth, found *out, int *rc)
{
    size_t len = strlen(expr), suffix = strlen(CORTEX_RECORD_CALL_RESULT), step = strlen(CORTEX_RECORD_ELEMENT_STEP);
    found d = {0};
    int callback;
    if (!strchr(expr, '#') && callback_param_type(b, c, expr, depth, out, rc, &callback)) return callback;
    if (len > step && strcmp(expr + len - step, CORTEX_RECORD_ELEMENT_STEP) == 0) { /* an element of a slice */
        char *of = cortex_xstrndup(expr, len - step);
        int got = member_def(b, c, of, depth, &d, rc);
        free(of);
        size_t dl = got == FOUND && d.dtype ? strlen(d.dtype) : 0, slice = strlen(CORTEX_RECORD_SLICE_OF);
        if (got == FOUND && dl > slice && strcmp(d.dtype + dl - slice, CORTEX_RECORD_SLICE_OF) == 0) {
            char *element = cortex_xstrndup(d.dtype, dl - slice);
            context dc = {d.file_id, d.path, c->lang, c->package_dirs};
            got = resolve_type(b, &dc, element, depth + 1, out, rc);
            free(element);
        } else if (got == FOUND) {
            got = NOT_FOUND;
        }
        cortex_store_def_free(&d);
        return got;
    }
    int call = len > suffix && strcmp(expr + len - suffix, CORTEX_RECORD_CALL_RESULT) == 0;
    char *body = cortex_xstrndup(expr, call ? len - suffix : len);
    int got = NOT_FOUND;
    if (strchr(body, '#') || body[0] == CORTEX_RECORD_VALUE_OF) { /* a member's or a variable's declared type */
        got = member_def(b, c, expr, depth, &d, rc);
        if (got == FOUND) got = declared_type_of(b, &d, c, depth, out, rc);
        cortex_store_def_free(&d);
        free(body);
        return got;
    }
    const char *name = cortex_store_last_component(body);
    char pkg_buf[256];
    const char *pkg = NULL;
    if (name != body) {
        cortex_store_first_component(pkg_buf, sizeof pkg_buf, body);
        pkg = pkg_buf;
    }
    got = find_named(b, Q_TYPES, name, pkg, c, out, rc);
    if (call && got == NOT_FOUND && !*rc) {
        got = find_named(b, Q_PLAIN, name, pkg, c, &d, rc);
        if (got == FOUND) got = declared_type_of(b, &d, c, depth, out, rc);
        cortex_store_def_free(&d);
    }
    free(body);
    return got;
}

/* Where packages are directories, a type name defined several times in one
 * package (build variants: `type NullTime sql.NullTime` beside a struct)
 * names one type all the same, and its methods are the package's: one of
 * its definitions stands for it (FOUND), so that a member declared once in
 * the package binds. SEVERAL when the definitions are not of one directory. */
static int one_package_type(scope_binder *b, const context *c, const char *expr, found *out, int *rc)
{
    const char *name = cortex_store_last_component(expr);
    char pkg[256];
    int64_t target = c->file_id;
    char *target_path = NULL;
    const char *dir = c->path;
    if (name != expr) {
        cortex_store_first_component(pkg, sizeof pkg, expr);
        if (!imported(b, c->file_id, pkg, &target, &target_path) || !target) {
            free(target_path);
            return SEVERAL;
        }
        dir = target_path;
    }
    int got = SEVERAL;
    if (!(*rc = load_candidates(b, Q_TYPES, name, c->lang, NULL))) {
        for (size_t i = 0; i < b->ncands && got == SEVERAL; i++)
            if (same_dir(b->cands[i].path, dir)) got = take(b, (int)i, out);
    }
    free(target_path);
    return got;
}

/* A call on a receiver of known type (`c.Run()`, `c *Command`): the member of
 * the type its declaration names, wherever the type is; `unresolved` when
 * the type is a library's (or, plainly named, nobody's); otherwise by name
 * ('type' with no target: a promoted or inherited member), or ambiguous
 * where the binder said so (a library type's member name). */
static int bind_typed(scope_binder *b, const pending *p, outcome *out)
{
    const char *unbound = p->fallback && strcmp(p->fallback, "ambiguous") == 0 ? "ambiguous" : "type";
    *out = (outcome){0, unbound};
    context c = {p->file_id, p->path, p->lang, p->package_dirs};
    int rc = 0;
    found t = {0}, m = {0};
    int got = resolve_type(b, &c, p->rtype, 0, &t, &rc);
    if (rc) return rc;
    int variants = got == SEVERAL && c.package_dirs && !strpbrk(p->rtype, "(#$");
    if (variants) got = one_package_type(b, &c, p->rtype, &t, &rc);
    if (rc) return rc;
    if (got == OUTSIDE) {
        *out = (outcome){0, "unresolved"};
    } else if (got == NOT_FOUND && !strpbrk(p->rtype, "(#$")) {
        *out = (outcome){0, "unresolved"}; /* a type the repository does not define */
    } else if (got == FOUND) {
        int member = find_member(b, Q_MEMBERS, &t, p->name, &c, &m, &rc);
        if (member == FOUND) {
            *out = (outcome){m.id, "type"};
        } else if (member == SEVERAL || rc || variants) {
            /* (of build variants, what one embeds is not the others') */
            /* several (overloads, build variants): by name */
        } else if (find_member(b, Q_DATA, &t, p->name, &c, &m, &rc) != NOT_FOUND) {
            *out = (outcome){0, "unresolved"}; /* a field holding a function: whichever was stored */
        } else {
            int outside = 0;
            if (find_inherited(b, Q_MEMBERS, &t, p->name, &c, 0, &m, &outside, &rc) == FOUND)
                *out = (outcome){m.id, "inherit"};
            else if (outside && !rc) *out = (outcome){0, "unresolved"}; /* the library base's, most likely */
        }
    }
    cortex_store_def_free(&t);
    cortex_store_def_free(&m);
    return rc;
}

/* A bare name in a language whose packages are directories: the one
 * definition of the caller's directory (Go's package block); none there is
 * the language's (a builtin) or no definition at all. A package-qualified
 * name (`store.Open`): the one definition of the imported directory. */
static int bind_packaged(scope_binder *b, const pending *p, outcome *out)
{
    int rc = load_candidates(b, Q_PLAIN, p->name, p->lang, NULL);
    if (rc) return rc;
    if (!p->qualifier) {
        *out = (outcome){0, "unresolved"};
        if (pick(b, IN_DIR, 0, p->path, 0, "scoped", out) && !out->target) *out = (outcome){0, NULL};
        return 0;
    }
    *out = (outcome){0, "import"};
    char pkg[256];
    cortex_store_first_component(pkg, sizeof pkg, p->qualifier);
    int64_t target = 0;
    char *target_path = NULL;
    if (imported(b, p->file_id, pkg, &target, &target_path) && target)
        pick(b, IN_TARGET, target, target_path, 1, "import", out);
    free(target_path);
    return 0;
}

static void free_pending(pending *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(p[i].path);
        free(p[i].lang);
        free(p[i].name);
        free(p[i].rtype);
        free(p[i].qualifier);
        free(p[i].resolution);
        free(p[i].fallback);
    }
    free(p);
}

/* Reads the references query `q` chooses, then binds and updates each (read
 * first: the updates would otherwise run under the query's cursor). */
static int bind_chosen(scope_binder *b, int q, int all)
{
    sqlite3_stmt *st = b->st[q];
    sqlite3_bind_int(st, 1, all);
    pending *list = NULL;
    size_t n = 0, cap = 0;
    int step;
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        pending *p = CORTEX_PUSH(list, n, cap);
        p->id = sqlite3_column_int64(st, 0);
        p->file_id = sqlite3_column_int64(st, 1);
        p->path = column_dup(st, 2);
        p->lang = column_dup(st, 3);
        p->package_dirs = sqlite3_column_int(st, 4);
        p->name = column_dup(st, 5);
        p->rtype = column_dup(st, 6);
        p->qualifier = column_dup(st, 7);
        p->resolution = column_dup(st, 8);
        p->target_id = sqlite3_column_int64(st, 9);
        p->fallback = column_dup(st, 10);
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    int rc = step == SQLITE_DONE ? 0 : db_error(b->db, "list references to bind");
    sqlite3_stmt *up = b->st[Q_UPDATE];
    for (size_t i = 0; i < n && !rc; i++) {
        pending *p = &list[i];
        outcome o;
        rc = q == Q_TYPED ? bind_typed(b, p, &o) : bind_packaged(b, p, &o);
        if (rc) break;
        int same = o.target == p->target_id && ((!o.resolution && !p->resolution) ||
                                                (o.resolution && p->resolution && strcmp(o.resolution, p->resolution) == 0));
        if (same) continue;
        sqlite3_bind_int64(up, 1, p->id);
        if (o.target) sqlite3_bind_int64(up, 2, o.target);
        if (o.resolution) sqlite3_bind_text(up, 3, o.resolution, -1, SQLITE_STATIC);
        rc = sqlite3_step(up) == SQLITE_DONE ? 0 : db_error(b->db, "bind a reference");
        sqlite3_reset(up);
        sqlite3_clear_bindings(up);
    }
    free_pending(list, n);
    return rc;
}

int cortex_store_bind_scopes(sqlite3 *db, int all)
{
    scope_binder b = {.db = db};
    int rc = 0;
    for (int i = 0; i < Q_COUNT && !rc; i++)
        if (sqlite3_prepare_v2(db, query_sql[i], -1, &b.st[i], NULL) != SQLITE_OK) rc = db_error(db, query_sql[i]);
    if (!rc) rc = bind_chosen(&b, Q_TYPED, all);
    if (!rc) rc = bind_chosen(&b, Q_PACKAGED, all);
    clear_candidates(&b);
    cortex_store_memo_free(&b.memo);
    free(b.cands);
    for (int i = 0; i < Q_COUNT; i++) sqlite3_finalize(b.st[i]);
    return rc;
}
