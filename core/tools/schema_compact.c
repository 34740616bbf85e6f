/* The schemas as tools/list serves them: an output schema's outline (its
 * types to a depth: no description, enum, bound or required list) and an
 * input schema without the bounds the server checks itself. schemas.json
 * keeps the whole schemas; the arguments and, in the tests, the results are
 * validated against those. */
#include "schema.h"

#include <string.h>

static json_t *type_only(const json_t *schema)
{
    json_t *out = json_object();
    const json_t *type = json_object_get(schema, "type");
    if (type) json_object_set_new(out, "type", json_deep_copy(type));
    return out;
}

/* Arrays cost no level: an array's items are outlined at the array's own. */
json_t *cortex_schema_outline(const json_t *schema, int levels)
{
    json_t *out = type_only(schema);
    if (levels <= 0) return out;
    const json_t *props = json_object_get(schema, "properties");
    if (json_is_object(props)) {
        json_t *listed = json_object();
        const char *key;
        const json_t *value;
        json_object_foreach((json_t *)props, key, value)
            json_object_set_new(listed, key, cortex_schema_outline(value, levels - 1));
        json_object_set_new(out, "properties", listed);
    }
    const json_t *items = json_object_get(schema, "items");
    if (json_is_object(items)) json_object_set_new(out, "items", cortex_schema_outline(items, levels));
    return out;
}

/* Keywords an agent need not read: the server validates every call against
 * the whole schema and answers a violation with an isError result that names
 * the bound, so the model corrects itself. */
static const char *const checked_by_server[] = {
    "minimum", "maximum", "minLength", "minItems", "maxItems", "additionalProperties", NULL};

static int checked(const char *key)
{
    for (const char *const *k = checked_by_server; *k; k++)
        if (strcmp(*k, key) == 0) return 1;
    return 0;
}

json_t *cortex_schema_brief(const json_t *schema)
{
    if (json_is_array(schema)) {
        json_t *out = json_array();
        size_t i;
        const json_t *item;
        json_array_foreach(schema, i, item) json_array_append_new(out, cortex_schema_brief(item));
        return out;
    }
    if (!json_is_object(schema)) return json_deep_copy(schema);
    json_t *out = json_object();
    int has_enum = json_object_get(schema, "enum") != NULL;
    const char *key;
    const json_t *value;
    json_object_foreach((json_t *)schema, key, value) {
        if (checked(key) || (has_enum && strcmp(key, "type") == 0)) continue; /* an enum says its type */
        /* Under properties, every key is a property name, never a keyword. */
        if (strcmp(key, "properties") == 0 && json_is_object(value)) {
            json_t *props = json_object();
            const char *name;
            const json_t *p;
            json_object_foreach((json_t *)value, name, p) json_object_set_new(props, name, cortex_schema_brief(p));
            json_object_set_new(out, key, props);
        } else if (strcmp(key, "enum") == 0 || strcmp(key, "default") == 0 || strcmp(key, "required") == 0) {
            json_object_set_new(out, key, json_deep_copy(value)); /* values, not schemas */
        } else {
            json_object_set_new(out, key, cortex_schema_brief(value));
        }
    }
    return out;
}
