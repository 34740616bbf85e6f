/*
 * The subset of JSON Schema (2020-12) that cortex's tool schemas use: type
 * (one or a list), properties, required, additionalProperties: false, items,
 * enum, minimum, maximum, minLength, default. Validates tool arguments before
 * a handler sees them, and results against output schemas in the tests.
 */
#ifndef CORTEX_TOOLS_SCHEMA_H
#define CORTEX_TOOLS_SCHEMA_H

#include "../util/mem.h"

#include <jansson.h>

/** 0 when `value` conforms; else -1 with one message naming the JSON path
 *  of the first violation ("limit: must be at least 1") appended to `err`. */
int cortex_schema_validate(const json_t *schema, const json_t *value, cortex_buf *err);

/** How a front end names a top-level property in its messages (the CLI says
 *  "--max-entries" or "QUERY" where the arguments say "max_entries"). The
 *  string is borrowed until the next call. */
typedef const char *(*cortex_schema_namer)(const char *property, void *payload);

/** As cortex_schema_validate, with top-level properties named by `namer`: a
 *  missing one is "missing <name>", a bad one "<name>: must be ...". */
int cortex_schema_validate_named(const json_t *schema, const json_t *value, cortex_schema_namer namer, void *payload,
                                 cortex_buf *err);

/** Sets each absent top-level property of `object` that has a `default` in
 *  `schema` to that default. */
void cortex_schema_apply_defaults(const json_t *schema, json_t *object);

/** Fails (-1, message in `err`) when `schema` uses a keyword outside the subset,
 *  so a schema can never silently validate less than it says. */
int cortex_schema_check_supported(const json_t *schema, cortex_buf *err);

/* ---- the schemas tools/list serves (schema_compact.c) ---------------------- */

/** An output schema's outline: its type and, `levels` deep, its properties
 *  with their types (an array's items outlined at the array's level): 0 is the
 *  type alone, 1 adds the top-level properties, 2 their properties and those
 *  of array items. No description, enum, bound or required list. Any value
 *  `schema` accepts, the outline accepts. Caller owns the result. */
json_t *cortex_schema_outline(const json_t *schema, int levels);

/** An input schema without the bounds the server checks itself (minimum,
 *  maximum, minLength, minItems, maxItems, additionalProperties) and without
 *  `type` beside an `enum`; descriptions, defaults and enums stay. Any value
 *  `schema` accepts, the brief form accepts. Caller owns the result. */
json_t *cortex_schema_brief(const json_t *schema);

#endif
