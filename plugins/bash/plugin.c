/*
 * The Bash plugin: functions (`f() {}`, `function f {}`), variables set at
 * the top level (also in a top-level if/case branch or `[[ ]] && X=...`),
 * exported or declared (readonly / declare -r ones are constants; the core
 * drops what a function body sets), `source` and `.` as imports resolved
 * beside the sourcing script, commands as calls (shell builtins and common
 * utilities left out: they are not the script's own functions; a `trap`
 * handler is a call too), `#` blocks above a function as its doc (not the
 * `#!` line), prose strings and here-documents.
 */
#include <cortex/plugin.h>

#include <stdio.h>
#include <string.h>

#include "bash_queries.h"

const struct TSLanguage *tree_sitter_bash(void);

static const char *const extensions[] = {".sh", ".bash", NULL};
static const char *const filenames[] = {".bashrc", ".bash_profile", NULL};

static const cortex_query queries[] = {
    {"tags", cortex_query_tags},
    {"calls", cortex_query_calls},
    {"texts", cortex_query_texts},
};

/* The end of the expansion `name` starts with (`$DIR`, `${SCRIPT_DIR}`,
 * `$(dirname "$0")`, `` `dirname $0` ``), or NULL when it does not start with
 * one or it is not closed. */
static const char *skip_expansion(const char *name)
{
    const char *p = name;
    if (p[0] == '`') {
        const char *close = strchr(p + 1, '`');
        return close ? close + 1 : NULL;
    }
    if (p[0] != '$') return NULL;
    if (p[1] == '(' || p[1] == '{') {
        char open = p[1], close = open == '(' ? ')' : '}';
        int depth = 0;
        for (p++; *p; p++) {
            if (*p == open) depth++;
            else if (*p == close && --depth == 0) return p + 1;
        }
        return NULL;
    }
    for (p++; (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'; p++)
        ;
    return p > name + 1 ? p : NULL;
}

/*
 * The files `source NAME` may read: NAME beside the sourcing script, then
 * from the repository root (scripts run from the root: `source lib/x.sh`).
 * A name that starts with an expansion (`"$DIR/lib.sh"`, `$(dirname
 * "${BASH_SOURCE[0]}")/lib.sh`) is almost always the script's own directory
 * or the project's root: the rest of it is looked up the same way. Absolute and `~` paths, and names computed further on, name no
 * repository file.
 */
static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    (void)origin;
    const char *rest = name;
    if (name[0] == '$' || name[0] == '`') {
        const char *end = skip_expansion(name);
        if (!end || *end != '/') return;
        rest = end + 1;
    }
    if (!*rest || rest[0] == '/' || rest[0] == '~' || strchr(rest, '$') || strchr(rest, '`')) return;
    while (strncmp(rest, "./", 2) == 0) rest += 2;
    char path[1024];
    const char *slash = strrchr(importer, '/');
    if (slash) {
        snprintf(path, sizeof path, "%.*s/%s", (int)(slash - importer), importer, rest);
        emit(path, payload);
    }
    emit(rest, payload);
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "bash",
    .version = "0.1.0",
    .extensions = extensions,
    .filenames = filenames,
    .language = tree_sitter_bash,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .import_paths = import_paths,
    .line_comment = "#",
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
