/*
 * A Lua plugin for cortex, written as a third party would: against the
 * installed SDK header only. Functions and methods (`function Account:deposit`
 * belongs to Account), module-level variables, `require` as imports, calls,
 * comments and strings; `local` definitions are private to their file.
 */
#include <cortex/plugin.h>

#include <stdio.h>
#include <string.h>

#include "lua_queries.h" /* cortex_query_tags, _calls, _texts: generated from queries/ */

const struct TSLanguage *tree_sitter_lua(void);

static const char *const extensions[] = {".lua", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

/* `local function f` and `local x = ...` are visible in their file only. */
static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (strcmp(*kind, "import") == 0) return;
    if (v->source_len >= 6 && memcmp(v->source, "local", 5) == 0 && (v->source[5] == ' ' || v->source[5] == '\t'))
        *visibility = "private";
}

/* require("a.b") loads a/b.lua or a/b/init.lua from the root (LUA_PATH's
 * usual "./?.lua;./?/init.lua"). */
static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    (void)importer;
    (void)origin;
    char module[512], path[600];
    size_t n = strlen(name);
    if (n == 0 || n >= sizeof module) return;
    for (size_t i = 0; i <= n; i++) module[i] = name[i] == '.' ? '/' : name[i];
    snprintf(path, sizeof path, "%s.lua", module);
    emit(path, payload);
    snprintf(path, sizeof path, "%s/init.lua", module);
    emit(path, payload);
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "lua",
    .version = "1.0.0",
    .extensions = extensions,
    .language = tree_sitter_lua,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
    .import_paths = import_paths,
    .line_comment = "--", /* ABI 2: the comments cortex writes into this language's chunks */
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
