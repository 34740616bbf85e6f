/*
 * The Ruby plugin: modules, classes (the superclass as a type use), methods
 * and singleton methods (`def self.x` is `Class.x`), attr_accessor/reader/
 * writer as properties, constants, require/require_relative/load as imports
 * (relative ones resolve to files), include/extend/prepend as type uses,
 * calls with their receiver, `X.new` as instantiation, `#` comment blocks
 * above definitions as docs, and `private`/`protected` sections.
 */
#include <cortex/plugin.h>

#include <stdio.h>
#include <string.h>

#include "ruby_queries.h"

const struct TSLanguage *tree_sitter_ruby(void);

static const char *const extensions[] = {".rb", ".rake", ".gemspec", ".ru", NULL};
static const char *const filenames[] = {"Rakefile", "Gemfile", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

/* A method takes the visibility of the `private`/`protected` line above it in
 * its class (a section marker in the queries); without one it is public. */
static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (!*visibility && v->parent_kind && strcmp(*kind, "method") == 0) *visibility = "public";
}

/* require_relative 'x/y' is x/y.rb beside the requiring file; require 'x/y' is lib/x/y.rb or x/y.rb. */
static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    char path[1024];
    const char *ext = strlen(name) > 3 && strcmp(name + strlen(name) - 3, ".rb") == 0 ? "" : ".rb";
    if (origin && strcmp(origin, "relative") == 0) {
        const char *slash = strrchr(importer, '/');
        snprintf(path, sizeof path, "%.*s%s%s%s", slash ? (int)(slash - importer) : 0, importer, slash ? "/" : "", name, ext);
        /* ../ is applied by the store's lookup as written: a path outside the root simply matches nothing */
        emit(path, payload);
        return;
    }
    snprintf(path, sizeof path, "lib/%s%s", name, ext);
    emit(path, payload);
    snprintf(path, sizeof path, "%s%s", name, ext);
    emit(path, payload);
    snprintf(path, sizeof path, "*/%s%s", name, ext);
    emit(path, payload);
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "ruby",
    .version = "0.1.0",
    .extensions = extensions,
    .filenames = filenames,
    .language = tree_sitter_ruby,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .refine_symbol = refine,
    .import_paths = import_paths,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
