/*
 * The table of kinds a tool's `kind` argument takes, and the aliases that
 * let a user say a kind in their language's words. An unknown kind is an
 * error that lists the table, not an empty answer.
 */
#include "kinds.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stddef.h>
#include <string.h>

/* What the plugins store (docs/index-format.md), by what it filters: a
 * symbol's, a text's or a chunk's kind, or the file hits. */
static const char *const stored[] = {
    /* symbols */
    "function", "method", "class", "struct", "union", "enum", "interface", "trait", "type", "module", "constant",
    "variable", "property", "macro", "prototype", "impl", "section", "import",
    /* texts */
    "docstring", "comment", "string", "sample",
    /* chunks */
    "doc", "symbols", "definitions", "data",
    /* the file hits */
    "file", NULL};

/* Each language's own word, and the kind it is stored as. A word that is a
 * stored kind itself (PHP's `trait`) is never an alias. */
static const struct {
    const char *word, *kind;
} aliases[] = {
    {"def", "function"},     {"fn", "function"},       {"func", "function"},      {"fun", "function"},
    {"sub", "function"},     {"procedure", "function"}, {"protocol", "interface"}, {"typedef", "type"},
    {"alias", "type"},       {"const", "constant"},    {"var", "variable"},       {"let", "variable"},
    {"field", "property"},   {"attribute", "property"}, {"member", "property"},    {"namespace", "module"},
    {"package", "module"},   {"mod", "module"},        {"define", "macro"},       {"declaration", "prototype"},
    {"heading", "section"},  {"header", "section"},    {"docstrings", "docstring"}, {"comments", "comment"},
    {NULL, NULL}};

int cortex_tool_kind_resolve(const char **out, const char *name)
{
    for (size_t i = 0; stored[i]; i++)
        if (strcmp(stored[i], name) == 0) {
            *out = name;
            return 0;
        }
    for (size_t i = 0; aliases[i].word; i++)
        if (strcmp(aliases[i].word, name) == 0) {
            *out = aliases[i].kind;
            return 0;
        }
    cortex_buf known = {0};
    for (size_t i = 0; stored[i]; i++) cortex_buf_printf(&known, "%s%s", i ? ", " : "", stored[i]);
    int rc = cortex_error_set(CORTEX_EINVALID, "unknown kind \"%s\" (kinds: %s; also a language's own word, e.g. def, fn, protocol, typedef)",
                              name, known.data);
    cortex_buf_free(&known);
    return rc;
}
