/*
 * A declaration's signature (the text before its body, as the index keeps
 * it) taken apart as text: the type parameters, the parameters and the result
 * written after them, and a receiver written before the name. Only what the
 * text shows: a parameter is its written text (`key string`, `x: int = 3`,
 * `const char *s`), not a parsed name and type. Internal to core/tools/.
 */
#ifndef CORTEX_TOOLS_SIGNATURE_H
#define CORTEX_TOOLS_SIGNATURE_H

#include <jansson.h>

/** {"receiver", "type_parameters", "parameters": [...], "returns"} for the
 *  definition `name` declared by `sig` (each absent part null; parameters
 *  empty when the text has no list after the name). NULL when `sig` or
 *  `name` is NULL or the name is not in the text. */
json_t *cortex_signature_parts(const char *sig, const char *name);

#endif
