/*
 * The Ruby plugin: modules and classes (`class A::B` is A.B; `X =
 * Struct.new(...)`, `Class.new`, `Data.define` are classes), methods (a def in
 * a class or module) and singleton methods (`def self.x` and the defs of
 * `class << self` are `Class.x`), aliases, attr_accessor/reader/writer as
 * properties, constants, require/load/autoload/require_relative as imports
 * (resolved to repository files below), superclasses, mixins and rescued
 * exceptions as type uses, calls with their receiver, `X.new` as the
 * instantiation of X, `#` comment blocks above definitions as docs, prose
 * strings and heredocs, and visibility (below).
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

/*
 * Kinds and visibility.
 *
 * A `def` directly in a module is a method of the module (the core makes only
 * the functions of classes methods); a top-level `def` stays a function.
 *
 * Methods and attr_* properties take the visibility the queries found: a
 * modifier written before them (`private def x`, `private attr_reader :x`),
 * or the bare `private`/`protected`/`public` line above them in their class
 * or module (a section marker); singleton methods are public unless made
 * private by `private_class_method def self.x`. Without any, they are public.
 * `private :x, :y` written after the definitions is not seen: a query cannot
 * compare a symbol (`:x`) with a method's name (`x`), and this hook sees only
 * the definition's own text.
 *
 * Constants, classes and modules have no visibility in Ruby (`private` does
 * not apply to them; `private_constant` is not followed): a section marker
 * above them is dropped.
 */
static void refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    if (strcmp(*kind, "function") == 0 && v->parent_kind && strcmp(v->parent_kind, "module") == 0) *kind = "method";
    if (strcmp(*kind, "method") == 0 || strcmp(*kind, "property") == 0) {
        if (!*visibility) *visibility = "public";
    } else if (strcmp(*kind, "function") != 0) {
        *visibility = NULL;
    }
}

/* The name has an extension of its own (`load 'tasks/db.rake'`, `require 'x.so'`). */
static int has_extension(const char *name)
{
    const char *slash = strrchr(name, '/');
    const char *base = slash ? slash + 1 : name;
    const char *dot = strrchr(base, '.');
    return dot && dot != base && dot[1];
}

/*
 * The files an import names. require_relative 'x/y' is x/y.rb beside the
 * requiring file (`../` is resolved by the store; a path above the root
 * matches nothing). require 'x/y' and load 'x/y.rb' search the load path:
 * lib/x/y.rb, x/y.rb from the root (a library's own layout, or a standard
 * library tree), then the one file ending in /lib/x/y.rb (a gem in a subdirectory of a
 * monorepo). `.rb` is added unless the name has an extension.
 */
static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    char path[1024];
    if (!*name || name[0] == '/' || name[0] == '~') return; /* absolute: outside the repository */
    const char *ext = has_extension(name) ? "" : ".rb";
    if (origin && strcmp(origin, "relative") == 0) {
        const char *slash = strrchr(importer, '/');
        snprintf(path, sizeof path, "%.*s%s%s%s", slash ? (int)(slash - importer) : 0, importer, slash ? "/" : "", name, ext);
        emit(path, payload);
        return;
    }
    snprintf(path, sizeof path, "lib/%s%s", name, ext);
    emit(path, payload);
    snprintf(path, sizeof path, "%s%s", name, ext);
    emit(path, payload);
    snprintf(path, sizeof path, "*/lib/%s%s", name, ext);
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
    .line_comment = "#",
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
