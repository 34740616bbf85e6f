/*
 * The graph tools: get_callers (the references that name a symbol) and
 * get_callees (the references made inside one). Both answer from the
 * ref_bindings view, so each edge says how it was bound.
 */
#include "handlers.h"

#include "../store/store.h"
#include "../util/error.h"

#include <string.h>

/* The definitions a name denotes: `Class.method` by qualified name, a bare
 * name by its short name (every method of that name). ?1 = the name. */
#define DEFINITION_WHERE " s.kind <> 'import' AND (s.name = ?1 OR (instr(?1, '.') = 0 AND s.short_name = ?1))"
#define DEFINITIONS "SELECT s.id FROM symbols s WHERE" DEFINITION_WHERE

#define EDGE_COLUMNS                                                                                        \
    "f.path, b.line, b.col, b.kind, b.name, b.qualifier, c.name, b.resolution, t.name, t.kind, tf.path, " \
    "t.line_start, f.project"
#define EDGE_FROM                                                                                         \
    " FROM ref_bindings b JOIN files f ON f.id = b.file_id LEFT JOIN symbols c ON c.id = b.caller_id " \
    "LEFT JOIN symbols t ON t.id = b.target_id LEFT JOIN files tf ON tf.id = t.file_id "

static json_t *edge_json(sqlite3_stmt *st)
{
    json_t *target = sqlite3_column_type(st, 8) == SQLITE_NULL
                         ? json_null()
                         : json_pack("{s:o,s:o,s:o,s:I}", "name", cortex_column_json(st, 8), "kind",
                                     cortex_column_json(st, 9), "file", cortex_column_json(st, 10), "line",
                                     (json_int_t)sqlite3_column_int64(st, 11));
    const char *binding = (const char *)sqlite3_column_text(st, 7);
    json_t *edge = json_pack("{s:o,s:I,s:I,s:o,s:o,s:o,s:o,s:s,s:o}", "file", cortex_column_json(st, 0), "line",
                     (json_int_t)sqlite3_column_int64(st, 1), "col", (json_int_t)sqlite3_column_int64(st, 2), "kind",
                     cortex_column_json(st, 3), "name", cortex_column_json(st, 4), "qualifier", cortex_column_json(st, 5),
                     "caller", cortex_column_json(st, 6), "binding", binding ? binding : "unresolved", "target", target);
    cortex_project_field(edge, st, 12);
    return edge;
}

static int definitions(cortex_reader *s, const char *name, json_t **out)
{
    sqlite3_stmt *st = cortex_tool_prepare(s, "SELECT s.name, s.kind, f.path, s.line_start FROM symbols s "
                                              "JOIN files f ON f.id = s.file_id WHERE s.id IN (" DEFINITIONS ") "
                                              "ORDER BY f.path, s.line_start, s.id");
    if (!st) return CORTEX_EIO;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    *out = json_array();
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        json_array_append_new(*out, json_pack("{s:o,s:o,s:o,s:I}", "name", cortex_column_json(st, 0), "kind",
                                              cortex_column_json(st, 1), "file", cortex_column_json(st, 2), "line",
                                              (json_int_t)sqlite3_column_int64(st, 3)));
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : cortex_tool_sql_error(s, "finding definitions");
}

/* Runs a count and a page of edges for `where` (binding ?1 name, ?2 short name). */
static int edges(cortex_reader *s, const char *where, const char *name, json_t *args, json_t **items, int64_t *total)
{
    const char *dot = strrchr(name, '.');
    const char *short_name = dot && dot[1] ? dot + 1 : name;
    int64_t limit = json_integer_value(json_object_get(args, "limit"));
    int64_t offset = json_integer_value(json_object_get(args, "offset"));
    const char *project = json_string_value(json_object_get(args, "project"));
    /* the references made in one project's files (?5) */
    const char *in_project = project ? " AND b.file_id IN (SELECT id FROM files WHERE project = ?5)" : "";
    char sql[2048];
    *items = json_array();
    for (int pass = 0; pass < 2; pass++) {
        /* The count reads the view alone: the joins only decorate a page. */
        if (pass == 0)
            snprintf(sql, sizeof sql, "SELECT count(*) FROM ref_bindings b WHERE (%s)%s", where, in_project);
        else
            snprintf(sql, sizeof sql,
                     "SELECT " EDGE_COLUMNS EDGE_FROM "WHERE (%s)%s ORDER BY f.path, b.line, b.col, b.id LIMIT ?3 OFFSET ?4",
                     where, in_project);
        sqlite3_stmt *st = cortex_tool_prepare(s, sql);
        if (!st) return CORTEX_EIO;
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, short_name, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 3, limit);
        sqlite3_bind_int64(st, 4, offset);
        if (project) sqlite3_bind_text(st, 5, project, -1, SQLITE_STATIC);
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (pass == 0)
                *total = sqlite3_column_int64(st, 0);
            else
                json_array_append_new(*items, edge_json(st));
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE) return cortex_tool_sql_error(s, "listing references");
    }
    return 0;
}

static int graph_result(json_t **out, cortex_reader *s, json_t *args, const char *key, const char *where,
                        int need_definition)
{
    const char *name = json_string_value(json_object_get(args, key));
    json_t *defs;
    int rc = definitions(s, name, &defs);
    if (rc) return rc;
    if (need_definition && json_array_size(defs) == 0) {
        json_decref(defs);
        return cortex_error_set(CORTEX_ENOTFOUND, "no definition named \"%s\"; search with kind function or method finds names",
                                name);
    }
    json_t *items;
    int64_t total = 0;
    if ((rc = edges(s, where, name, args, &items, &total))) {
        json_decref(defs);
        json_decref(items);
        return rc;
    }
    *out = json_pack("{s:s,s:o,s:o}", key, name, "definitions", defs, "references", items);
    cortex_page_finish(*out, total, json_integer_value(json_object_get(args, "offset")), json_array_size(items));
    return 0;
}

int cortex_tool_callers(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    /* References bound to one of the definitions (under any name: an import
     * alias), and those that name it but could not be bound to one
     * (ambiguous, or no definition at all). */
    return graph_result(out, ctx->reader, args, "name",
                        "((b.name = ?2 AND (b.target_id IS NULL OR b.target_id IN (" DEFINITIONS ")))"
                        " OR b.id IN (SELECT id FROM refs WHERE target_id IN (" DEFINITIONS ")))",
                        0);
}

int cortex_tool_callees(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    /* a reference's caller is a symbol of its own file: the caller's file's
     * range of reference ids is searched, not an index by caller */
    return graph_result(out, ctx->reader, args, "caller",
                        "b.id IN (SELECT r.id FROM symbols s JOIN refs r ON " CORTEX_STORE_ROW_OF_FILE("r.id", "s.file_id")
                        " AND r.caller_id = s.id WHERE" DEFINITION_WHERE ")",
                        1);
}
