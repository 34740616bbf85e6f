/*
 * Reference binding (bind.h): the bindable kinds, the in-file binder the
 * writer consults for each reference, and the commit's set-based binding
 * of imports and of names repository-wide.
 */
#define _GNU_SOURCE /* qsort_r */
#include "bind.h"

#include "../util/error.h"
#include "../util/mem.h"
#include "../util/strings.h"

#include <stdlib.h>
#include <string.h>

const char *const cortex_store_bindable_kinds[] = {CORTEX_STORE_BINDABLE_KINDS(CORTEX_STORE__KIND_STRING) NULL};

int cortex_store_bindable(const char *kind) { return cortex_str_in(kind, cortex_store_bindable_kinds); }

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
    "INSERT INTO definition_names(lang, name, n, id)\n"
    "  SELECT f.lang, s.short_name, count(*), CASE WHEN count(*) = 1 THEN min(s.id) END\n"
    "  FROM temp.touched_names t CROSS JOIN symbols s ON s.short_name = t.name JOIN files f ON f.id = s.file_id AND f.lang = t.lang\n"
    "  WHERE s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL " GROUP BY f.lang, s.short_name;\n"
    "DELETE FROM temp.touched_names;\n";

/* A reference bound through an import points at the definition the import
 * names in the file it resolves to (`from .util import normalize as norm`:
 * `norm()` -> util.normalize), found by the imported name's last component
 * (the SQL function last_component()). */
static const char bind_imports_sql[] =
    /* a definition that left (its file changed) frees the references bound to
     * it; named, the index of import references: left to itself, the planner
     * walks every bound reference (refs_target) */
    "UPDATE refs INDEXED BY refs_import SET target_id = NULL WHERE resolution = 'import' AND target_id IS NOT NULL\n"
    "  AND NOT EXISTS (SELECT 1 FROM symbols WHERE id = refs.target_id);\n"
    "UPDATE refs SET target_id = (\n"
    "  SELECT s.id FROM imports i JOIN symbols s ON s.file_id = i.target_file_id\n"
    "  WHERE i.file_id = refs.file_id AND i.target_file_id IS NOT NULL\n"
    "    AND (i.alias = refs.name OR (i.alias IS NULL AND last_component(i.name) = refs.name))\n"
    "    AND s.short_name = last_component(i.name)\n"
    "    AND s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL "\n"
    "  ORDER BY s.parent_id IS NOT NULL, s.line_start LIMIT 1)\n"
    "WHERE resolution = 'import' AND target_id IS NULL;\n";

static int exec(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
        int rc = cortex_error_set(CORTEX_EIO, "sqlite store: %s", err ? err : sqlite3_errmsg(db));
        sqlite3_free(err);
        return rc;
    }
    return 0;
}

const char *cortex_store_last_component(const char *name)
{
    const char *last = name;
    for (const char *p = name; *p; p++)
        if (*p == '.' || *p == '\\' || (p[0] == ':' && p[1] == ':')) last = p + (*p == ':' ? 2 : 1);
    return last;
}

static void sql_last_component(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *name = (const char *)sqlite3_value_text(argv[0]);
    if (!name) sqlite3_result_null(ctx);
    else sqlite3_result_text(ctx, cortex_store_last_component(name), -1, SQLITE_TRANSIENT);
}

int cortex_store_bind_register(sqlite3 *db)
{
    if (sqlite3_create_function(db, "last_component", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_last_component,
                                NULL, NULL) != SQLITE_OK)
        return cortex_error_set(CORTEX_EIO, "sqlite store: register last_component: %s", sqlite3_errmsg(db));
    return 0;
}

int cortex_store_bind_touched(sqlite3 *db) { return exec(db, resolve_touched_sql); }

int cortex_store_bind_imports(sqlite3 *db) { return exec(db, bind_imports_sql); }

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
    for (size_t i = 0; i < r->nsymbols; i++) {
        const cortex_symbol *sym = &r->symbols[i];
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

int32_t cortex_store_file_binder_scoped(const cortex_store_file_binder *b, const char *name)
{
    const cortex_file_records *r = b->records;
    size_t lo = 0, hi = b->nbindable;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (strcmp(r->symbols[b->bindable[mid]].short_name, name) < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo < b->nbindable && strcmp(r->symbols[b->bindable[lo]].short_name, name) == 0 ? (int32_t)b->bindable[lo] : -1;
}

int cortex_store_file_binder_imported(const cortex_store_file_binder *b, const char *name)
{
    return b->nimport_keys &&
           bsearch(&name, b->import_keys, b->nimport_keys, sizeof *b->import_keys, compare_strings) != NULL;
}

void cortex_store_file_binder_dispose(cortex_store_file_binder *b)
{
    free(b->bindable);
    free(b->import_keys);
    memset(b, 0, sizeof *b);
}
