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

/* Words every language shares for a stored kind. A word only some languages
 * use for another kind (Rust's `trait`, stored as `interface`, while PHP
 * stores `trait`) is the plugin's to declare (kind_words, cortex/plugin.h). */
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

/* Adds each plugin's own word `name` for a kind it stores under another. */
static void add_plugin_words(cortex_store_search *q, const cortex_plugin_set *plugins, const char *name)
{
    for (size_t i = 0; plugins && i < plugins->count; i++)
        for (char **w = plugins->plugins[i]->kind_words; w && w[0] && w[1]; w += 2)
            if (strcmp(w[0], name) == 0 && q->nkind_words < CORTEX_STORE_KIND_WORDS_MAX)
                q->kind_words[q->nkind_words++] = (cortex_store_kind_word){plugins->plugins[i]->name, w[1]};
}

int cortex_tool_kind_filter(cortex_store_search *q, const cortex_plugin_set *plugins, cortex_store_reader *r,
                            const char *name)
{
    q->nkind_words = 0;
    add_plugin_words(q, plugins, name);
    for (size_t i = 0; stored[i]; i++)
        if (strcmp(stored[i], name) == 0) {
            q->kind = name;
            return 0;
        }
    for (size_t i = 0; aliases[i].word; i++)
        if (strcmp(aliases[i].word, name) == 0) {
            q->kind = aliases[i].kind;
            return 0;
        }
    /* A language's word, or a kind a third-party plugin stores. */
    if (q->nkind_words || (r && cortex_store_read_kind_exists(r, name))) {
        q->kind = name;
        return 0;
    }
    cortex_buf known = {0};
    for (size_t i = 0; stored[i]; i++) cortex_buf_printf(&known, "%s%s", i ? ", " : "", stored[i]);
    int rc = cortex_error_set(CORTEX_EINVALID, "unknown kind \"%s\" (kinds: %s; also a language's own word, e.g. def, fn, protocol, typedef)",
                              name, known.data);
    cortex_buf_free(&known);
    return rc;
}
