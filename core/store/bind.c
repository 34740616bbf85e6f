/*
 * Reference binding (bind.h): the bindable kinds, the in-file binder the
 * writer consults for each reference, and the commit's set-based binding
 * of imports and of names repository-wide.
 */
#define _GNU_SOURCE /* qsort_r */
#include "bind.h"
#include "include_names.h"
#include "include_reach.h"
#include "store.h"

#include "../util/error.h"
#include "../util/mem.h"
#include "../util/step_times.h"
#include "../util/strings.h"

#include <cortex/plugin.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const cortex_store_bindable_kinds[] = {CORTEX_STORE_BINDABLE_KINDS(CORTEX_STORE__KIND_STRING) NULL};

int cortex_store_bindable(const char *kind) { return cortex_str_in(kind, cortex_store_bindable_kinds); }

static const char *const namespace_kinds[] = {CORTEX_STORE_NAMESPACE_KINDS(CORTEX_STORE__KIND_STRING) NULL};

/* Whether a definition of `kind` holds members or names a namespace. */
static int container_kind(const char *kind) { return cortex_record_type_kind(kind) || cortex_str_in(kind, namespace_kinds); }

int cortex_store_name_member(const char *kind, const char *parent_kind, const char *visibility)
{
    if (visibility && strcmp(visibility, CORTEX_STORE_FILE_LOCAL_VISIBILITY) == 0) return CORTEX_STORE_FILE_LOCAL;
    return (int)cortex_store_place_of(kind, parent_kind);
}

cortex_store_place cortex_store_place_of(const char *kind, const char *parent_kind)
{
    if (strcmp(kind, "method") == 0) return CORTEX_STORE_PLACE_MEMBER;
    if (!parent_kind) return CORTEX_STORE_PLACE_PLAIN;
    if (cortex_record_type_kind(parent_kind)) return CORTEX_STORE_PLACE_MEMBER;
    if (cortex_str_in(parent_kind, namespace_kinds)) return CORTEX_STORE_PLACE_NAMESPACED;
    return CORTEX_STORE_PLACE_PLAIN;
}

/* Same-file ("scoped") and import bindings are stored per reference as its
 * file is inserted. Repository-wide binding needs every definition, so
 * definition_names holds one row per language and name: how many
 * definitions, and the id when there is one; the ref_bindings view joins the
 * two, within the reference's language (a Python `", ".join()` never binds to
 * a C function `join`). This replaced an UPDATE of every unbound reference:
 * 2.6 s on the kernel subtree. A bulk load counts its names in C as it stores
 * them (bulk_names.c); any other commit recounts the names whose definitions
 * came or went. The CROSS JOIN keeps the touched names as the outer loop:
 * left to itself, the planner scans every symbol (90 ms on the kernel
 * subtree, for a one-file edit). */
static const char resolve_touched_sql[] =
    "DELETE FROM definition_names WHERE (lang, name) IN (SELECT lang, name FROM temp.touched_names);\n"
    "INSERT INTO definition_names(lang, name, member, n, id)\n"
    "  SELECT f.lang, s.short_name, CASE WHEN s.visibility = '" CORTEX_STORE_FILE_LOCAL_VISIBILITY "' THEN " CORTEX_STORE_FILE_LOCAL_SQL "\n"
    "    WHEN s.kind = 'method' OR p.kind IN " CORTEX_STORE_TYPE_KINDS_SQL " THEN 1\n"
    "    WHEN p.kind IN " CORTEX_STORE_NAMESPACE_KINDS_SQL " THEN 2 ELSE 0 END AS member, count(*),\n"
    "    CASE WHEN count(*) = 1 THEN min(s.id) END\n"
    "  FROM temp.touched_names t CROSS JOIN symbols s ON s.short_name = t.name JOIN files f ON f.id = s.file_id AND f.lang = t.lang\n"
    "  LEFT JOIN symbols p ON p.id = s.parent_id\n"
    "  WHERE s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL " GROUP BY f.lang, s.short_name, member;\n";

/* A reference bound through an import points at the definition the import
 * names in the file it resolves to (`from .util import normalize as norm`:
 * `norm()` -> util.normalize), found by the imported name's last component
 * (the SQL function last_component()). */
/* The references a commit binds again through imports: every one (a bulk
 * load, ?1), those of the files it chose (cortex_store_bind_choose), and those named
 * like a definition that came or went (the rest keep their binding: a
 * rescan of every unbound import reference was a third of a one-file edit). */
#define CHOSEN_REFS                                                                                                    \
    " AND (?1 OR refs.file_id IN (SELECT id FROM temp.rebind_files)"                                                   \
    " OR refs.name IN (SELECT name FROM temp.touched_names))"

static const char *const bind_imports_sql[] = {
    /* a definition that left (its file changed or went) frees the references
     * bound to it, found by its id (the writer notes them): a check of every
     * bound import reference was 19 ms of a one-file edit on the kernel subtree */
    "UPDATE refs SET target_id = NULL WHERE id IN (SELECT r.id FROM temp.left_symbols l\n"
    "  CROSS JOIN refs r INDEXED BY refs_import ON r.target_id = l.id WHERE r.resolution = 'import');\n",
    /* and the chosen ones are bound again: a re-exporting file that left
     * changes where an import leads without removing the definition */
    "UPDATE refs INDEXED BY refs_import SET target_id = NULL WHERE resolution = 'import' AND target_id IS NOT NULL\n"
    "  AND ?1;\n",
    /* as are those of the files chosen: a definition that came may win */
    "UPDATE refs SET target_id = NULL WHERE id IN (SELECT r.id FROM temp.rebind_files f\n"
    "  CROSS JOIN refs r NOT INDEXED ON " CORTEX_STORE_ROW_OF_FILE("r.id", "f.id") "\n"
    "  WHERE r.resolution = 'import' AND r.target_id IS NOT NULL) AND NOT ?1;\n",
    "UPDATE refs SET target_id = (\n"
    "  SELECT s.id FROM imports i CROSS JOIN symbols s INDEXED BY symbols_short_name ON s.file_id = i.target_file_id\n"
    "  WHERE i.file_id = refs.file_id AND i.target_file_id IS NOT NULL\n"
    "    AND (i.alias = refs.name OR (i.alias IS NULL AND last_component(i.name) = refs.name))\n"
    "    AND s.short_name = last_component(i.name)\n"
    "    AND s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL "\n"
    "  ORDER BY s.parent_id IS NOT NULL, s.line_start LIMIT 1)\n"
    "WHERE resolution = 'import' AND target_id IS NULL AND qualifier IS NULL;\n",
    /* a whole module's import called by its local name (`import clampIt
     * from './math'`; `clampIt()`): the module's default export, named
     * `default` or marked so by its plugin */
    "UPDATE refs SET target_id = (\n"
    "  SELECT s.id FROM imports i CROSS JOIN symbols s ON s.file_id = i.target_file_id\n"
    "  WHERE i.file_id = refs.file_id AND i.target_file_id IS NOT NULL AND i.alias = refs.name AND s.parent_id IS NULL\n"
    "    AND (s.visibility = 'default' OR s.short_name = 'default') AND s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL "\n"
    "  ORDER BY s.line_start LIMIT 1)\n"
    "WHERE resolution = 'import' AND target_id IS NULL AND qualifier IS NULL" CHOSEN_REFS ";\n",
    /* a call on an import's name (`util.helper()`, `pkg.F()`): the definition
     * of that name in the file the import resolves to. CROSS JOIN keeps the
     * file's imports as the outer loop: left to itself, the planner walks
     * every symbol bearing the name (`get`, `join`) for each reference. */
    /* the names by which a file's resolved imports are called on, once:
     * looked up by key, not by a function of every import of the file */
    "CREATE TEMP TABLE IF NOT EXISTS import_keys(file_id INTEGER, key TEXT, target INTEGER, item TEXT,\n"
    "  PRIMARY KEY (file_id, key, target, item)) WITHOUT ROWID;\n",
    "DELETE FROM temp.import_keys;\n",
    "INSERT OR IGNORE INTO temp.import_keys SELECT file_id, COALESCE(alias, last_component(name)), target_file_id,\n"
    "  last_component(name) FROM imports WHERE target_file_id IS NOT NULL;\n",
    "INSERT OR IGNORE INTO temp.import_keys SELECT file_id, name, target_file_id, last_component(name) FROM imports\n"
    "  WHERE target_file_id IS NOT NULL AND alias IS NULL;\n",
    "UPDATE refs SET target_id = (\n"
    "  SELECT s.id FROM temp.import_keys k CROSS JOIN symbols s INDEXED BY symbols_short_name ON s.file_id = k.target\n"
    "  WHERE k.file_id = refs.file_id AND k.key IN (refs.qualifier, first_component(refs.qualifier))\n"
    "    AND s.short_name = refs.name AND s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL "\n"
    "  ORDER BY s.parent_id IS NOT NULL, s.line_start LIMIT 1)\n"
    "WHERE resolution = 'import' AND target_id IS NULL AND qualifier IS NOT NULL" CHOSEN_REFS ";\n", NULL};

/* A name the target file does not define but imports itself (a package's
 * index re-exporting its modules: `export {add as plus} from './math'`,
 * `export * from './math'`, `from .mod import f` in an `__init__`): the
 * definition in the file that import resolves to, one hop further. An import
 * that names the item (by alias, else by its last component) wins over one of
 * a whole module that happens to define it. Run after bind_imports_sql, on
 * what it left unbound. */
static const char *const bind_reexports_sql[] = {
    "UPDATE refs SET target_id = (\n"
    "  SELECT s.id FROM imports i CROSS JOIN imports j ON j.file_id = i.target_file_id\n"
    "    CROSS JOIN symbols s INDEXED BY symbols_short_name ON s.file_id = j.target_file_id\n"
    "  WHERE i.file_id = refs.file_id AND i.target_file_id IS NOT NULL AND j.target_file_id IS NOT NULL\n"
    "    AND j.target_file_id <> i.file_id\n"
    "    AND (i.alias = refs.name OR (i.alias IS NULL AND last_component(i.name) = refs.name))\n"
    "    AND s.short_name = CASE WHEN j.alias = last_component(i.name)\n"
    "      OR (j.alias IS NULL AND last_component(j.name) = last_component(i.name)) THEN last_component(j.name)\n"
    "      WHEN j.alias IS NULL THEN last_component(i.name) END\n"
    "    AND s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL "\n"
    "  ORDER BY j.alias IS NOT NULL OR last_component(j.name) = last_component(i.name) DESC, s.parent_id IS NOT NULL,\n"
    "    s.line_start LIMIT 1)\n"
    "WHERE resolution = 'import' AND target_id IS NULL AND qualifier IS NULL" CHOSEN_REFS ";\n",
    /* the same for a call on the module's name (`click.secho()`, `click`'s
     * __init__ importing secho from .termui) */
    "UPDATE refs SET target_id = (\n"
    "  SELECT s.id FROM temp.import_keys k CROSS JOIN temp.import_keys j ON j.file_id = k.target AND j.key = refs.name\n"
    "    CROSS JOIN symbols s INDEXED BY symbols_short_name ON s.file_id = j.target\n"
    "  WHERE k.file_id = refs.file_id AND k.key IN (refs.qualifier, first_component(refs.qualifier))\n"
    "    AND j.target <> k.file_id AND s.short_name = j.item AND s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL "\n"
    "  ORDER BY s.parent_id IS NOT NULL, s.line_start LIMIT 1)\n"
    "WHERE resolution = 'import' AND target_id IS NULL AND qualifier IS NOT NULL" CHOSEN_REFS ";\n", NULL};

/* Include binding (cortex_store_bind_includes). An include brings in every
 * name of its file and of the files that one includes: include_reaches()
 * (include_reach.h) answers whether a file reaches another. The files whose bare references are bound again are
 * those written in this generation and those that reach one, plus any whose
 * include binding lost its target. Their earlier include bindings are undone
 * first (a file written now has none; a reference a named import of its
 * file brings in keeps its binding, which that import made: only the
 * others can have come through an include); a library name so undone is bound by
 * name if no include binds it again. Only names include binding can change
 * are looked at: a name with a file-local definition somewhere, a name with
 * several definitions (include_may_bind(), include_names.h), and a library
 * name (stored `unresolved`) — a name with one definition binds to it by
 * name anyway. A library name declared by a
 * prototype in an included header (the program declares its own `memcpy`) is
 * left to the name binding. The joins run in the order written (CROSS JOIN):
 * the files, their references by id range (NOT INDEXED, or the planner
 * builds an automatic index on refs.reach and walks every reference for each
 * file: measured 283 s instead of 0.5 s on the kernel subtree), then the
 * top-level definitions of each name, gathered once into include_defs, then
 * whether the file reaches the definition's file. A name's definitions are
 * few where a C file's reach is hundreds of headers: looked up the other way
 * round, each reference sought its name in every header the file reaches
 * (most of a cold run's serial commit on the whole kernel). */
static const char bind_includes_sql[] =
    "CREATE TEMP TABLE IF NOT EXISTS include_files(id INTEGER PRIMARY KEY);\n"
    "CREATE TEMP TABLE IF NOT EXISTS include_bound(ref INTEGER PRIMARY KEY, target INTEGER, n INTEGER, declared INTEGER);\n"
    "CREATE TEMP TABLE IF NOT EXISTS include_refs(ref INTEGER PRIMARY KEY, file INTEGER, name TEXT);\n"
    "CREATE TEMP TABLE IF NOT EXISTS include_defs(name TEXT, file INTEGER, id INTEGER, prototype INTEGER,\n"
    "  PRIMARY KEY (name, file, id)) WITHOUT ROWID;\n"
    "DELETE FROM temp.include_files;\n"
    "DELETE FROM temp.include_bound;\n"
    "DELETE FROM temp.include_refs;\n"
    "DELETE FROM temp.include_defs;\n"
    "WITH RECURSIVE up(id) AS (SELECT id FROM files WHERE generation = ?1\n"
    "    UNION SELECT i.file_id FROM up CROSS JOIN imports i ON i.target_file_id = up.id WHERE i.alias = '*')\n"
    "  INSERT OR IGNORE INTO temp.include_files SELECT id FROM up\n"
    "  WHERE EXISTS (SELECT 1 FROM imports j WHERE j.file_id = up.id AND j.alias = '*' AND j.target_file_id IS NOT NULL);\n"
    /* a file bound through an include to a name whose definitions came or went */
    "INSERT OR IGNORE INTO temp.include_files SELECT r.file_id FROM temp.touched_names t CROSS JOIN refs r ON r.name = t.name\n"
    "  WHERE r.qualifier IS NULL AND (r.resolution IS NULL OR r.resolution IN ('import', 'unresolved'))\n"
    "    AND EXISTS (SELECT 1 FROM imports i WHERE i.file_id = r.file_id AND i.alias = '*');\n"
    /* where files came or went (?2): a library name an include's prototype
     * left to the name binding, whose header may be gone */
    "INSERT OR IGNORE INTO temp.include_files SELECT r.file_id FROM refs r\n"
    "  WHERE ?2 AND r.resolution IS NULL AND r.fallback = 'unresolved';\n"
    "INSERT OR IGNORE INTO temp.include_files SELECT r.file_id FROM refs r INDEXED BY refs_import\n"
    "  WHERE r.resolution = 'import' AND r.target_id IS NULL AND r.qualifier IS NULL\n"
    "    AND EXISTS (SELECT 1 FROM imports i WHERE i.file_id = r.file_id AND i.alias = '*');\n"
    "UPDATE refs SET resolution = fallback, target_id = NULL WHERE id IN (\n"
    "  SELECT r.id FROM temp.include_files f CROSS JOIN files rf ON rf.id = f.id\n"
    "  CROSS JOIN refs r NOT INDEXED ON " CORTEX_STORE_ROW_OF_FILE("r.id", "f.id") "\n"
    "  WHERE rf.generation <> ?1 AND r.qualifier IS NULL AND r.reach = 0\n"
    "    AND (r.resolution = 'import' OR (r.resolution IS NULL AND r.fallback IS NOT NULL))\n"
    "    AND NOT EXISTS (SELECT 1 FROM imports j WHERE j.file_id = f.id AND (j.alias IS NULL OR j.alias <> '*')\n"
    "      AND (j.alias = r.name OR (j.alias IS NULL AND last_component(j.name) = r.name))));\n"
    /* the references include binding may bind, then the top-level definitions
     * of their names, each read once (not once for each reference) */
    "INSERT INTO temp.include_refs(ref, file, name)\n"
    "  SELECT r.id, f.id, r.name FROM temp.include_files f CROSS JOIN files rf ON rf.id = f.id\n"
    "  CROSS JOIN refs r NOT INDEXED ON " CORTEX_STORE_ROW_OF_FILE("r.id", "f.id") "\n"
    "  WHERE r.qualifier IS NULL AND r.reach = 0 AND r.target_id IS NULL AND (r.resolution IS NULL OR r.resolution = 'unresolved')\n"
    "    AND (r.resolution = 'unresolved' OR include_may_bind(rf.lang, r.name));\n"
    "INSERT OR IGNORE INTO temp.include_defs(name, file, id, prototype)\n"
    "  SELECT s.short_name, s.file_id, s.id, s.kind = 'prototype' FROM (SELECT DISTINCT name FROM temp.include_refs) n\n"
    "  CROSS JOIN symbols s ON s.short_name = n.name\n"
    "  WHERE s.parent_id IS NULL AND (s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL " OR s.kind = 'prototype');\n"
    "INSERT INTO temp.include_bound(ref, target, n, declared)\n"
    "  SELECT q.ref, min(CASE WHEN NOT d.prototype THEN d.id END), count(DISTINCT CASE WHEN NOT d.prototype THEN d.id END),\n"
    "    max(d.prototype)\n"
    "  FROM temp.include_refs q CROSS JOIN temp.include_defs d ON d.name = q.name\n"
    "  WHERE include_reaches(q.file, d.file)\n"
    "  GROUP BY q.ref;\n"
    "UPDATE refs SET target_id = b.target, resolution = 'import' FROM temp.include_bound b WHERE refs.id = b.ref AND b.n = 1;\n"
    /* a library name the program declares or defines more than once: by name
     * (found by id: as UPDATE … FROM, the planner scanned every reference) */
    "UPDATE refs SET resolution = NULL WHERE resolution = 'unresolved'\n"
    "  AND id IN (SELECT ref FROM temp.include_bound WHERE n > 1 OR (n = 0 AND declared));\n"
    "DELETE FROM temp.include_files;\n"
    "DELETE FROM temp.include_bound;\n"
    "DELETE FROM temp.include_refs;\n"
    "DELETE FROM temp.include_defs;\n";

const char *cortex_store_last_component(const char *name)
{
    const char *last = name;
    for (const char *p = name; *p; p++)
        if (*p == '.' || *p == '\\' || *p == '/' || (p[0] == ':' && p[1] == ':')) last = p + (*p == ':' ? 2 : 1);
    return last;
}

void cortex_store_first_component(char *out, size_t size, const char *qualifier)
{
    snprintf(out, size, "%.*s", (int)cortex_first_component_length(qualifier), qualifier);
}

static void sql_first_component(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *q = (const char *)sqlite3_value_text(argv[0]);
    if (!q) {
        sqlite3_result_null(ctx);
        return;
    }
    char first[256];
    cortex_store_first_component(first, sizeof first, q);
    sqlite3_result_text(ctx, first, -1, SQLITE_TRANSIENT);
}

static void sql_last_component(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *name = (const char *)sqlite3_value_text(argv[0]);
    if (!name) sqlite3_result_null(ctx);
    else sqlite3_result_text(ctx, cortex_store_last_component(name), -1, SQLITE_TRANSIENT);
}

/* The directory part of a path, with its slash ("a/b/c.go" -> "a/b/", "" at
 * the root), and the least string above every path under it ("a/b0"; a
 * blob at the root, above all text). */
static size_t dir_length(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) + 1 : 0;
}

static void sql_package_dir(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *path = (const char *)sqlite3_value_text(argv[0]);
    if (!path) sqlite3_result_null(ctx);
    else sqlite3_result_text(ctx, path, (int)dir_length(path), SQLITE_TRANSIENT);
}

static void sql_package_dir_end(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *path = (const char *)sqlite3_value_text(argv[0]);
    size_t n = path ? dir_length(path) : 0;
    if (!path) {
        sqlite3_result_null(ctx);
        return;
    }
    if (n == 0) {
        sqlite3_result_blob(ctx, "\xff", 1, SQLITE_STATIC);
        return;
    }
    char *end = sqlite3_malloc64(n);
    if (!end) {
        sqlite3_result_error_nomem(ctx);
        return;
    }
    memcpy(end, path, n);
    end[n - 1] = '/' + 1;
    sqlite3_result_text(ctx, end, (int)n, sqlite3_free);
}

int cortex_store_bind_register(sqlite3 *db)
{
    /* One plan per statement whatever is bound: otherwise binding a value
     * the planner might use re-prepares the statement at the next step, and
     * the commit's lookups were re-parsed at every reference. */
    if (sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_QPSG, 1, (int *)NULL) != SQLITE_OK)
        return cortex_error_set(CORTEX_EIO, "sqlite store: enable a stable query plan: %s", sqlite3_errmsg(db));
    if (sqlite3_create_function(db, "last_component", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_last_component,
                                NULL, NULL) != SQLITE_OK)
        return cortex_error_set(CORTEX_EIO, "sqlite store: register last_component: %s", sqlite3_errmsg(db));
    if (sqlite3_create_function(db, "first_component", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_first_component,
                                NULL, NULL) != SQLITE_OK)
        return cortex_error_set(CORTEX_EIO, "sqlite store: register first_component: %s", sqlite3_errmsg(db));
    if (sqlite3_create_function(db, "package_dir", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_package_dir, NULL,
                                NULL) != SQLITE_OK ||
        sqlite3_create_function(db, "package_dir_end", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_package_dir_end,
                                NULL, NULL) != SQLITE_OK)
        return cortex_error_set(CORTEX_EIO, "sqlite store: register package_dir: %s", sqlite3_errmsg(db));
    return 0;
}

int cortex_store_bind_touched(sqlite3 *db) { return cortex_store__exec(db, resolve_touched_sql, "sqlite store"); }

/* Runs each statement of a NULL-terminated list, with ?1 = all where it has it. */
static int run_chosen(sqlite3 *db, const char *const *sql, int all)
{
    for (; *sql; sql++) {
        sqlite3_stmt *st;
        if (sqlite3_prepare_v2(db, *sql, -1, &st, NULL) != SQLITE_OK)
            return cortex_error_set(CORTEX_EIO, "sqlite store: bind imports: %s", sqlite3_errmsg(db));
        int params = sqlite3_bind_parameter_count(st);
        if (params >= 1) sqlite3_bind_int(st, 1, all);
        int step = sqlite3_step(st);
        sqlite3_finalize(st);
        if (step != SQLITE_DONE) return cortex_error_set(CORTEX_EIO, "sqlite store: bind imports: %s", sqlite3_errmsg(db));
    }
    return 0;
}

/* The files whose references an incremental commit binds again: those it
 * wrote; and from those whose surface changed (noted as written, surface.h)
 * or whose imports now lead elsewhere (noted as the targets were resolved),
 * transitively, the files importing one of them (a call's receiver type may
 * come through the import) and, where a language's packages are
 * directories, the other files of the package. The directory's files are
 * found by a range of paths: "a/b/" to "a/b0". */
static const char bind_choose_sql[] =
    "WITH RECURSIVE chosen(id, path, lang) AS (\n"
    "    SELECT f.id, f.path, f.lang FROM temp.rebind_files r CROSS JOIN files f ON f.id = r.id\n"
    "    UNION SELECT g.id, g.path, g.lang FROM chosen c CROSS JOIN imports i ON i.target_file_id = c.id\n"
    "      CROSS JOIN files g ON g.id = i.file_id\n"
    "    UNION SELECT g.id, g.path, g.lang FROM chosen c CROSS JOIN languages l ON l.lang = c.lang AND l.package_dirs\n"
    "      CROSS JOIN files g ON g.path >= package_dir(c.path) AND g.path < package_dir_end(c.path)\n"
    "      WHERE g.lang = c.lang AND package_dir(g.path) = package_dir(c.path))\n"
    "  INSERT OR IGNORE INTO temp.rebind_files SELECT id FROM chosen;\n"
    "INSERT OR IGNORE INTO temp.rebind_files SELECT id FROM files WHERE generation = ?1;\n";

int cortex_store_bind_choose(sqlite3 *db, int64_t generation)
{
    const char *tail = bind_choose_sql;
    while (*tail) {
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(db, tail, -1, &st, &tail) != SQLITE_OK)
            return cortex_error_set(CORTEX_EIO, "sqlite store: choose the files to bind: %s", sqlite3_errmsg(db));
        if (!st) break; /* trailing whitespace */
        sqlite3_bind_int64(st, 1, generation);
        int step = sqlite3_step(st);
        sqlite3_finalize(st);
        if (step != SQLITE_DONE)
            return cortex_error_set(CORTEX_EIO, "sqlite store: choose the files to bind: %s", sqlite3_errmsg(db));
    }
    return 0;
}

int cortex_store_bind_imports(sqlite3 *db, int all)
{
    int rc = run_chosen(db, bind_imports_sql, all);
    return rc ? rc : run_chosen(db, bind_reexports_sql, all);
}

int cortex_store_bind_done(sqlite3 *db)
{
    return cortex_store__exec(db, "DELETE FROM temp.touched_names; DELETE FROM temp.left_symbols; DELETE FROM temp.rebind_files",
                              "sqlite store");
}

int cortex_store_bind_includes(sqlite3 *db, int all, int64_t generation)
{
    cortex_include_reach *reach;
    cortex_include_names *names = NULL;
    double t = cortex_step_clock();
    int rc = cortex_include_reach_begin(db, &reach);
    if (!rc) rc = cortex_include_names_begin(db, &names);
    cortex_step_done("binding through includes", "reach and names", &t);
    const char *tail = bind_includes_sql;
    while (!rc && *tail) {
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(db, tail, -1, &st, &tail) != SQLITE_OK) {
            rc = cortex_error_set(CORTEX_EIO, "sqlite store: bind through includes: %s", sqlite3_errmsg(db));
            break;
        }
        if (!st) break; /* trailing whitespace */
        int params = sqlite3_bind_parameter_count(st);
        if (params >= 1) sqlite3_bind_int64(st, 1, generation);
        if (params >= 2) sqlite3_bind_int(st, 2, all);
        if (sqlite3_step(st) != SQLITE_DONE)
            rc = cortex_error_set(CORTEX_EIO, "sqlite store: bind through includes: %s", sqlite3_errmsg(db));
        char step[64];
        snprintf(step, sizeof step, "%.63s", sqlite3_sql(st));
        for (char *c = step; *c; c++)
            if (*c == '\n') *c = ' ';
        cortex_step_done("binding through includes", step, &t);
        sqlite3_finalize(st);
    }
    cortex_include_names_end(db, names);
    cortex_include_reach_end(db, reach);
    return rc;
}

/* ---- one file, in C -------------------------------------------------------- */

static int compare_bindable(const void *a, const void *b, void *payload)
{
    const cortex_file_records *r = payload;
    const cortex_symbol *x = &r->symbols[*(const uint32_t *)a], *y = &r->symbols[*(const uint32_t *)b];
    int c = strcmp(x->short_name, y->short_name);
    if (c) return c;
    return (x->line_start > y->line_start) - (x->line_start < y->line_start);
}

static int compare_strings(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* The names a file's imports bring in: each one's alias, or, unaliased, its
 * whole path and its last component; sorted, so each reference is looked up
 * in log time (a scan per reference was 0.5% of a cold run on the kernel). */
void cortex_store_file_binder_plan(cortex_store_file_binder *b, const cortex_file_records *r)
{
    b->records = r;
    b->nbindable = 0;
    b->nimport_keys = 0;
    cortex_grow((void **)&b->bindable, &b->bindable_cap, r->nsymbols + 1, sizeof *b->bindable);
    size_t nimports = 0;
    for (size_t i = 0; i < r->nsymbols; i++)
        if (strcmp(r->symbols[i].kind, "import") == 0) nimports++;
    cortex_grow((void **)&b->import_keys, &b->import_keys_cap, 2 * nimports + 1, sizeof *b->import_keys);
    cortex_grow((void **)&b->holds_apart, &b->holds_apart_cap, r->nsymbols + 1, sizeof *b->holds_apart);
    memset(b->holds_apart, 0, r->nsymbols + 1);
    for (size_t i = 0; i < r->nsymbols; i++) {
        const cortex_symbol *sym = &r->symbols[i];
        int32_t p = sym->parent;
        if (p >= 0 && (sym->start_byte < r->symbols[p].start_byte || sym->end_byte > r->symbols[p].end_byte))
            b->holds_apart[p] = 1;
        if (cortex_store_bindable(sym->kind)) {
            b->bindable[b->nbindable++] = (uint32_t)i;
        } else if (strcmp(sym->kind, "import") == 0) {
            if (sym->alias) {
                b->import_keys[b->nimport_keys++] = sym->alias;
                continue;
            }
            b->import_keys[b->nimport_keys++] = sym->name;
            const char *last = cortex_store_last_component(sym->name);
            if (last != sym->name) b->import_keys[b->nimport_keys++] = last;
        }
    }
    if (b->nbindable) qsort_r(b->bindable, b->nbindable, sizeof *b->bindable, compare_bindable, (void *)r);
    if (b->nimport_keys > 1) qsort(b->import_keys, b->nimport_keys, sizeof *b->import_keys, compare_strings);
}


/* Whether one of the file's imports brings `name` in. */
static int imported(const cortex_store_file_binder *b, const char *name)
{
    return b->nimport_keys &&
           bsearch(&name, b->import_keys, b->nimport_keys, sizeof *b->import_keys, compare_strings) != NULL;
}

/* The place of the file's definition at symbol index `i`. */
static cortex_store_place place_in_file(const cortex_store_file_binder *b, int32_t i)
{
    const cortex_file_records *r = b->records;
    int32_t parent = r->symbols[i].parent;
    return cortex_store_place_of(r->symbols[i].kind, parent >= 0 ? r->symbols[parent].kind : NULL);
}

/* Whether symbol `outer` is `inner` or holds it. */
static int encloses(const cortex_file_records *r, int32_t outer, int32_t inner)
{
    for (int32_t j = inner; j >= 0; j = r->symbols[j].parent)
        if (j == outer) return 1;
    return 0;
}

/* The type a self name (`this`, `self`) names in `caller`: the innermost
 * type or namespace holding it, or the function whose members are declared
 * apart from it (a method the plugin linked to its type through @receiver,
 * or that type's own body: a constructor function). -1: none. */
static int32_t own_type(const cortex_store_file_binder *b, int32_t caller)
{
    const cortex_file_records *r = b->records;
    for (int32_t j = caller; j >= 0; j = r->symbols[j].parent)
        if (container_kind(r->symbols[j].kind) || b->holds_apart[j]) return j;
    return -1;
}

/* How deep symbol `i` is: 1 at the top level. */
static int depth_of(const cortex_file_records *r, int32_t i)
{
    int d = 0;
    for (int32_t j = i; j >= 0; j = r->symbols[j].parent) d++;
    return d;
}

static int is_callable_kind(const char *kind) { return strcmp(kind, "function") == 0 || strcmp(kind, "method") == 0; }

/* What a definition must be to be the one a reference names. */
typedef enum want {
    WANT_PLAIN,         /* not a member */
    WANT_PLAIN_OR_OWN,  /* not a member, or a member of a type holding the caller */
    WANT_OWN_MEMBER,    /* a member of a type holding the caller */
    WANT_MEMBER_OF_TYPE /* a member of the type named `type` */
} want;

static int wanted(const cortex_store_file_binder *b, int32_t i, want w, int32_t caller, const char *type)
{
    const cortex_file_records *r = b->records;
    cortex_store_place place = place_in_file(b, i);
    int32_t parent = r->symbols[i].parent;
    /* a function declared inside a function is a local of it: seen only from within */
    if (place == CORTEX_STORE_PLACE_PLAIN && parent >= 0 && is_callable_kind(r->symbols[parent].kind) &&
        !encloses(r, parent, caller))
        return 0;
    switch (w) {
    case WANT_PLAIN: return place != CORTEX_STORE_PLACE_MEMBER;
    case WANT_PLAIN_OR_OWN: return place != CORTEX_STORE_PLACE_MEMBER || encloses(r, parent, caller);
    case WANT_OWN_MEMBER: return place != CORTEX_STORE_PLACE_PLAIN && parent >= 0 && parent == own_type(b, caller);
    default:
        if (place == CORTEX_STORE_PLACE_PLAIN) return 0;
        if (parent >= 0) return strcmp(r->symbols[parent].short_name, type) == 0;
        /* a method declared apart from its type is named after it: `Server.Start` */
        size_t n = strlen(type);
        const char *name = r->symbols[i].name;
        return strncmp(name, type, n) == 0 && name[n] == '.' && strcmp(name + n + 1, r->symbols[i].short_name) == 0;
    }
}

/* Where the file's bindable definitions named `name` start (by name, then line). */
static size_t first_named(const cortex_store_file_binder *b, const char *name)
{
    const cortex_file_records *r = b->records;
    size_t lo = 0, hi = b->nbindable;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (strcmp(r->symbols[b->bindable[mid]].short_name, name) < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

#define NAMED(b, k, name) ((k) < (b)->nbindable && strcmp((b)->records->symbols[(b)->bindable[k]].short_name, (name)) == 0)

/* The file's first definition (by line) named `name`, as a symbol index, or -1. */
static int32_t scoped(const cortex_store_file_binder *b, const char *name)
{
    size_t k = first_named(b, name);
    return NAMED(b, k, name) ? (int32_t)b->bindable[k] : -1;
}

/* The file's definition named `name` that is what `w` wants: the one in the
 * innermost scope holding the caller (a nested function shadows a file-level
 * one), else the first by line. */
static int32_t find(const cortex_store_file_binder *b, const char *name, want w, int32_t caller, const char *type)
{
    const cortex_file_records *r = b->records;
    int32_t best = -1;
    int best_depth = -1;
    for (size_t k = first_named(b, name); NAMED(b, k, name); k++) {
        int32_t i = (int32_t)b->bindable[k], parent = r->symbols[i].parent;
        if (!wanted(b, i, w, caller, type)) continue;
        int depth = parent >= 0 && encloses(r, parent, caller) ? depth_of(r, parent) : 0;
        if (depth > best_depth) {
            best = i;
            best_depth = depth;
        }
    }
    return best;
}

/* Whether the file defines a type or a namespace named `name`. */
static int defines_type(const cortex_store_file_binder *b, const char *name)
{
    for (size_t k = first_named(b, name); NAMED(b, k, name); k++)
        if (container_kind(b->records->symbols[b->bindable[k]].kind)) return 1;
    return 0;
}

/* Whether `name` is in a plugin's sorted list of `n` names. */
static int listed(char *const *list, size_t n, const char *name)
{
    return n && bsearch(&name, list, n, sizeof *list, compare_strings) != NULL;
}

static int builtin(const cortex_binding_rules *rules, const char *name)
{
    return rules && listed(rules->builtins, rules->nbuiltins, name);
}

static int builtin_member(const cortex_binding_rules *rules, const char *name)
{
    return rules && listed(rules->builtin_members, rules->nbuiltin_members, name);
}

void cortex_store_file_binder_bind(cortex_store_local_binding *out, const cortex_store_file_binder *b,
                                   const cortex_reference *ref)
{
    const cortex_binding_rules *rules = b->records->rules;
    *out = (cortex_store_local_binding){-1, NULL, CORTEX_STORE_REACH_PLAIN, ref->rtype, NULL};
    const char *q = ref->qualifier;
    if (!q || !*q) {
        if (ref->local) { /* a parameter or variable of the caller's: no definition's */
            out->resolution = "unresolved";
            return;
        }
        int reach_members = rules && (rules->flags & CORTEX_PLUGIN_BARE_CALLS_REACH_MEMBERS);
        out->target = find(b, ref->name, reach_members ? WANT_PLAIN_OR_OWN : WANT_PLAIN, ref->caller, NULL);
        if (out->target >= 0) out->resolution = "scoped";
        else if (imported(b, ref->name)) out->resolution = "import";
        else if (builtin(rules, ref->name) || (rules && (rules->flags & CORTEX_PLUGIN_BARE_NAMES_LEXICAL)))
            out->resolution = out->fallback = "unresolved"; /* unless an include brings it in, at commit */
        return;
    }
    out->reach = CORTEX_STORE_REACH_MEMBER;
    if (rules && rules->self_names && cortex_str_in(q, (const char *const *)rules->self_names)) {
        out->target = find(b, ref->name, WANT_OWN_MEMBER, ref->caller, NULL);
        if (out->target >= 0) {
            out->resolution = "scoped";
            return;
        }
        /* a value or constructor function of the file without that member:
         * no class to inherit it from, so a property set at run time or a
         * library prototype's (`this.engine()`, `this.get()` on a request) */
        int32_t self = own_type(b, ref->caller);
        if (self >= 0 && !container_kind(b->records->symbols[self].kind) &&
            (rules->flags & CORTEX_PLUGIN_UNTYPED_RECEIVERS_AMBIGUOUS))
            out->resolution = "ambiguous";
        else if (self >= 0 && container_kind(b->records->symbols[self].kind)) {
            /* the enclosing class's: inherited, or declared apart; at commit */
            out->rtype = b->records->symbols[self].short_name;
            out->resolution = "type";
        }
        return;
    }
    /* a receiver declared with its type: that type's member, here or, at
     * commit, where the type is (bind_scope.c); a value named in the
     * package (`$errLog`) unless the name is an import's */
    char head[256];
    cortex_store_first_component(head, sizeof head, q);
    if (ref->rtype && !(ref->rtype[0] == CORTEX_RECORD_VALUE_OF && (imported(b, head) || builtin(rules, head)))) {
        char type[256];
        size_t n = strlen(ref->rtype), suffix = strlen(CORTEX_RECORD_CALL_RESULT);
        if (n > suffix && strcmp(ref->rtype + n - suffix, CORTEX_RECORD_CALL_RESULT) == 0) n -= suffix;
        snprintf(type, sizeof type, "%.*s", (int)n, ref->rtype);
        if (!strpbrk(type, ".:") && defines_type(b, type))
            out->target = find(b, ref->name, WANT_MEMBER_OF_TYPE, ref->caller, type);
        /* unbound here, a library type's member stays ambiguous unless the
         * commit finds the type's own */
        int untyped_ambiguous = rules && (rules->flags & CORTEX_PLUGIN_UNTYPED_RECEIVERS_AMBIGUOUS);
        out->resolution = "type";
        if (out->target < 0 && (builtin_member(rules, ref->name) || untyped_ambiguous)) out->fallback = "ambiguous";
        return;
    }
    char first[256];
    cortex_store_first_component(first, sizeof first, q);
    /* a module path (`os.path`), not a value made on the way (`pkg.New().`,
     * `pkg.T{}.`); where packages are directories, the package alone */
    int path = !strpbrk(q, "([{") && !(rules && (rules->flags & CORTEX_PLUGIN_PACKAGE_DIRS) && strcmp(first, q) != 0);
    if (path && (imported(b, first) || imported(b, q))) {
        out->resolution = "import"; /* through the import that names the receiver, at commit */
        return;
    }
    const char *type = cortex_store_last_component(q);
    int file_type = defines_type(b, type);
    /* a plain name: a type of the file, or a value of the file that holds
     * members (an object literal's methods, `res.send = function`) */
    if (file_type || strcmp(first, q) == 0) {
        out->target = find(b, ref->name, WANT_MEMBER_OF_TYPE, ref->caller, type);
        if (out->target >= 0) {
            out->resolution = "scoped";
            return;
        }
    }
    /* a standard-library root the file does not define: `Object.create`, `Math.max` */
    if (strcmp(first, q) == 0 && builtin(rules, first) && scoped(b, first) < 0)
        out->resolution = "unresolved";
    /* `x.items()` on a value of unknown type: a dict's as likely as ours;
     * `Ctor.call()` on a type of the file without that member: the library's */
    else if (builtin_member(rules, ref->name))
        out->resolution = "ambiguous";
    /* any value of unknown type may be a library's: its members are candidates, not answers */
    else if (!file_type && rules && (rules->flags & CORTEX_PLUGIN_UNTYPED_RECEIVERS_AMBIGUOUS))
        out->resolution = "ambiguous";
}

void cortex_store_file_binder_dispose(cortex_store_file_binder *b)
{
    free(b->bindable);
    free(b->import_keys);
    free(b->holds_apart);
    memset(b, 0, sizeof *b);
}
