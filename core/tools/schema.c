/* A JSON Schema subset validator for tool arguments and results. */
#include "schema.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int type_matches(const char *type, const json_t *v)
{
    if (strcmp(type, "object") == 0) return json_is_object(v);
    if (strcmp(type, "array") == 0) return json_is_array(v);
    if (strcmp(type, "string") == 0) return json_is_string(v);
    if (strcmp(type, "integer") == 0) return json_is_integer(v);
    if (strcmp(type, "number") == 0) return json_is_number(v);
    if (strcmp(type, "boolean") == 0) return json_is_boolean(v);
    if (strcmp(type, "null") == 0) return json_is_null(v);
    return 0;
}

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

/* One validation: where its message goes and how it names top-level properties. */
typedef struct checker {
    cortex_buf *err;
    cortex_schema_namer namer;
    void *payload;
} checker;

__attribute__((format(printf, 3, 4))) static int fail(cortex_buf *err, const char *path, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cortex_buf_printf(err, "%s: %s", *path ? path : "arguments", msg);
    return -1;
}

static int validate_at(const checker *c, const json_t *schema, const json_t *v, const char *path);

static int validate_type(const checker *c, const json_t *type, const json_t *v, const char *path)
{
    cortex_buf *err = c->err;
    if (json_is_string(type)) {
        if (type_matches(json_string_value(type), v)) return 0;
        cortex_buf_printf(err, "%s: must be %s %s, not %s", *path ? path : "arguments",
                          strchr("aeiou", json_string_value(type)[0]) ? "an" : "a", json_string_value(type), type_name(v));
        return -1;
    }
    size_t i;
    json_t *t;
    json_array_foreach(type, i, t) if (json_is_string(t) && type_matches(json_string_value(t), v)) return 0;
    return fail(err, path, "has the wrong type (%s)", type_name(v));
}

static int validate_object(const checker *c, const json_t *schema, const json_t *v, const char *path)
{
    cortex_buf *err = c->err;
    const json_t *props = json_object_get(schema, "properties");
    const json_t *required = json_object_get(schema, "required");
    size_t i;
    json_t *r;
    json_array_foreach(required, i, r) {
        if (json_is_string(r) && !json_object_get(v, json_string_value(r))) {
            if (c->namer && !*path) {
                cortex_buf_printf(err, "missing %s", c->namer(json_string_value(r), c->payload));
                return -1;
            }
            return fail(err, path, "missing required property \"%s\"", json_string_value(r));
        }
    }
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)v, key, value) {
        const json_t *sub = props ? json_object_get(props, key) : NULL;
        if (!sub) {
            if (json_is_false(json_object_get(schema, "additionalProperties")))
                return fail(err, path, "unknown property \"%s\"", key);
            continue;
        }
        char child[512];
        if (c->namer && !*path)
            snprintf(child, sizeof child, "%s", c->namer(key, c->payload));
        else
            snprintf(child, sizeof child, "%s%s%s", path, *path ? "." : "", key);
        if (validate_at(c, sub, value, child)) return -1;
    }
    return 0;
}

static int validate_at(const checker *c, const json_t *schema, const json_t *v, const char *path)
{
    cortex_buf *err = c->err;
    if (!json_is_object(schema)) return 0; /* true / {} accept anything */
    const json_t *type = json_object_get(schema, "type");
    if (type && validate_type(c, type, v, path)) return -1;

    const json_t *choices = json_object_get(schema, "enum");
    if (choices) {
        size_t i;
        json_t *choice;
        int found = 0;
        json_array_foreach(choices, i, choice) found |= json_equal(choice, (json_t *)v);
        if (!found) {
            cortex_buf_printf(err, "%s: must be one of", *path ? path : "arguments");
            json_array_foreach(choices, i, choice) {
                char *s = json_dumps(choice, JSON_ENCODE_ANY | JSON_COMPACT);
                cortex_buf_printf(err, "%s %s", i ? "," : "", s ? s : "?");
                free(s);
            }
            return -1;
        }
    }
    if (json_is_number(v)) {
        const json_t *min = json_object_get(schema, "minimum"), *max = json_object_get(schema, "maximum");
        double x = json_number_value(v);
        if (min && x < json_number_value(min)) return fail(err, path, "must be at least %g", json_number_value(min));
        if (max && x > json_number_value(max)) return fail(err, path, "must be at most %g", json_number_value(max));
    }
    if (json_is_string(v)) {
        const json_t *min = json_object_get(schema, "minLength");
        if (min && (long long)strlen(json_string_value(v)) < json_integer_value(min))
            return fail(err, path, "must be at least %lld characters long", (long long)json_integer_value(min));
    }
    if (json_is_object(v)) return validate_object(c, schema, v, path);
    if (json_is_array(v)) {
        const json_t *items = json_object_get(schema, "items");
        size_t i;
        json_t *item;
        json_array_foreach((json_t *)v, i, item) {
            char child[512];
            snprintf(child, sizeof child, "%s[%zu]", *path ? path : "arguments", i);
            if (items && validate_at(c, items, item, child)) return -1;
        }
    }
    return 0;
}

int cortex_schema_validate(const json_t *schema, const json_t *value, cortex_buf *err)
{
    checker c = {err, NULL, NULL};
    return validate_at(&c, schema, value, "");
}

int cortex_schema_validate_named(const json_t *schema, const json_t *value, cortex_schema_namer namer, void *payload,
                                 cortex_buf *err)
{
    checker c = {err, namer, payload};
    return validate_at(&c, schema, value, "");
}

void cortex_schema_apply_defaults(const json_t *schema, json_t *object)
{
    const json_t *props = json_object_get(schema, "properties");
    const char *key;
    json_t *sub;
    json_object_foreach((json_t *)props, key, sub) {
        const json_t *def = json_object_get(sub, "default");
        if (def && !json_object_get(object, key)) json_object_set_new(object, key, json_deep_copy(def));
    }
}

static const char *const supported_keywords[] = {
    "type", "properties", "required", "additionalProperties", "items", "enum", "minimum", "maximum",
    "minLength", "default", "description", "title", "$schema", NULL};

int cortex_schema_check_supported(const json_t *schema, cortex_buf *err)
{
    if (json_is_boolean(schema)) return 0;
    if (!json_is_object(schema)) {
        cortex_buf_puts(err, "a schema must be an object or a boolean");
        return -1;
    }
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)schema, key, value) {
        int known = 0;
        for (const char *const *k = supported_keywords; *k && !known; k++) known = strcmp(*k, key) == 0;
        if (!known) {
            cortex_buf_printf(err, "unsupported schema keyword \"%s\"", key);
            return -1;
        }
        if (strcmp(key, "properties") == 0) {
            const char *name;
            json_t *sub;
            json_object_foreach(value, name, sub) if (cortex_schema_check_supported(sub, err)) return -1;
        } else if (strcmp(key, "items") == 0 || (strcmp(key, "additionalProperties") == 0 && json_is_object(value))) {
            if (cortex_schema_check_supported(value, err)) return -1;
        }
    }
    return 0;
}
