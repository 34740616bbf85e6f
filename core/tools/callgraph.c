/*
 * The codeix graph tools: get_callers (the references that name a symbol,
 * every definition of the name at once, paged) and get_callees (the
 * references made inside one). They keep codeix's name-based parameters; the
 * edges come from the same view of bindings (store/read.h) as the graph
 * tool's walks and are written by the same code (cortex_edge_json), so one
 * reference reads the same in both. Calls unless `reference_kind` names
 * another kind of reference, or `all`.
 */
#include "handlers.h"

#include "../util/error.h"

#include <string.h>

typedef struct edges {
    json_t *items;
    cortex_store_reader *db;
} edges;

static int add_edge(const cortex_store_edge *e, void *payload)
{
    const edges *out = payload;
    json_t *edge;
    int rc = cortex_edge_json(&edge, e, out->db);
    if (!rc) json_array_append_new(out->items, edge);
    return rc;
}

static int add_definition(const cortex_store_symbol *sym, void *payload)
{
    json_array_append_new(payload, json_pack("{s:o,s:o,s:o,s:I}", "name", cortex_text_json(sym->name), "kind",
                                             cortex_text_json(sym->kind), "file", cortex_text_json(sym->file), "line",
                                             (json_int_t)sym->line));
    return 0;
}

static int graph_result(json_t **out, cortex_reader *s, json_t *args, const char *key, cortex_store_edge_dir dir,
                        int need_definition)
{
    const char *name = json_string_value(json_object_get(args, key));
    json_t *defs = json_array();
    int rc = cortex_store_read_definitions(s->db, name, (cortex_store_page){-1, 0}, add_definition, defs);
    if (rc) {
        json_decref(defs);
        return rc;
    }
    if (need_definition && json_array_size(defs) == 0) {
        json_decref(defs);
        return cortex_error_set(CORTEX_ENOTFOUND,
                                "no definition named \"%s\"; search with kind function or method finds names", name);
    }
    json_t *items = json_array();
    int64_t total = 0;
    cortex_store_page page = {json_integer_value(json_object_get(args, "limit")),
                              json_integer_value(json_object_get(args, "offset"))};
    const char *project = json_string_value(json_object_get(args, "project"));
    /* calls by default: a callback passed along or a type named is not a call */
    const char *kind = json_string_value(json_object_get(args, "reference_kind"));
    if (!kind) kind = "call";
    else if (strcmp(kind, "all") == 0) kind = NULL;
    edges found = {items, s->db};
    if ((rc = cortex_store_read_edges(&total, s->db, dir, name, project, kind, page, add_edge, &found))) {
        json_decref(defs);
        json_decref(items);
        return rc;
    }
    *out = json_pack("{s:s,s:o,s:o}", key, name, "definitions", defs, "references", items);
    cortex_page_finish(*out, total, page.offset, json_array_size(items));
    return 0;
}

int cortex_tool_callers(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    return graph_result(out, s, args, "name", CORTEX_STORE_CALLERS, 0);
}

int cortex_tool_callees(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    cortex_reader *s = ctx->reader;
    return graph_result(out, s, args, "caller", CORTEX_STORE_CALLEES, 1);
}
