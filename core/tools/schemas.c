/* The tool schemas: schemas.json, embedded at build time, parsed once, with
 * every {"$ref": "#/$defs/x"} replaced by a copy of $defs.x (sibling keys
 * such as "default" override the copy), so each schema stands alone; and the
 * compact forms tools/list serves, made from them once (schema_compact.c). */
#include "schema.h"
#include "tools.h"

#include "schemas_json.h" /* generated: cortex_schema_schemas */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How deep the outputSchema tools/list serves goes (cortex_schema_outline).
 * tools/list must stay within 3,000 tokens, every tool included (issue 23;
 * check_mcp's test_mcp_tools_list_fits_the_token_budget). Measured on the 13
 * tools of issue 23: the names, descriptions, input schemas and annotations
 * fill 11,700 of the 12,000 characters; level 1 (the top-level properties and
 * their types) would add 3,300 and level 2 10,500. An agent reads a result's
 * text, not its schema; the whole schema is schemas.json's, described in
 * docs/mcp.md, and every result is validated against it in the tests. */
#define LISTED_OUTPUT_LEVELS 0

static json_t *all;    /* {tool: {input, output, ...}}: the whole schemas */
static json_t *listed; /* {tool: {input, output}}: as tools/list serves them */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static json_t *inline_refs(json_t *node, const json_t *defs)
{
    if (json_is_array(node)) {
        size_t i;
        json_t *item;
        json_array_foreach(node, i, item) json_array_set_new(node, i, inline_refs(json_incref(item), defs));
        return node;
    }
    if (!json_is_object(node)) return node;
    const json_t *ref = json_object_get(node, "$ref");
    if (json_is_string(ref) && strncmp(json_string_value(ref), "#/$defs/", 8) == 0) {
        const json_t *def = json_object_get(defs, json_string_value(ref) + 8);
        if (!def) {
            fprintf(stderr, "cortex: schemas.json: unknown reference %s\n", json_string_value(ref));
            abort();
        }
        json_t *copy = inline_refs(json_deep_copy(def), defs);
        json_object_del(node, "$ref");
        json_object_update(copy, node);
        json_decref(node);
        return copy;
    }
    const char *key;
    json_t *value;
    void *tmp;
    json_object_foreach_safe(node, tmp, key, value) json_object_set_new(node, key, inline_refs(json_incref(value), defs));
    return node;
}

static void load(void)
{
    json_error_t e;
    all = json_loads(cortex_schema_schemas, 0, &e);
    if (!all) {
        /* Built into the binary: a parse failure is a build defect the tests catch. */
        fprintf(stderr, "cortex: schemas.json:%d:%d: %s\n", e.line, e.column, e.text);
        abort();
    }
    json_t *defs = json_incref(json_object_get(all, "$defs"));
    json_object_del(all, "$defs");
    json_object_del(all, "$comment");
    all = inline_refs(all, defs);
    json_decref(defs);
    listed = json_object();
    const char *name;
    json_t *entry;
    json_object_foreach(all, name, entry) {
        const json_t *in = json_object_get(entry, "input"), *out = json_object_get(entry, "output");
        json_t *served = json_object();
        if (in) json_object_set_new(served, "input", cortex_schema_brief(in));
        if (out) json_object_set_new(served, "output", cortex_schema_outline(out, LISTED_OUTPUT_LEVELS));
        json_object_set_new(listed, name, served);
    }
}

static const json_t *schema_of(json_t *const *from, const cortex_tool *t, const char *which)
{
    pthread_once(&once, load);
    const json_t *s = json_object_get(json_object_get(*from, t->name), which);
    if (!s) {
        fprintf(stderr, "cortex: schemas.json has no %s schema for tool %s\n", which, t->name);
        abort();
    }
    return s;
}

const json_t *cortex_tool_input_schema(const cortex_tool *t)
{
    return schema_of(&all, t, "input");
}

const json_t *cortex_tool_output_schema(const cortex_tool *t)
{
    return schema_of(&all, t, "output");
}

const json_t *cortex_tool_listed_input_schema(const cortex_tool *t)
{
    return schema_of(&listed, t, "input");
}

const json_t *cortex_tool_listed_output_schema(const cortex_tool *t)
{
    return schema_of(&listed, t, "output");
}
