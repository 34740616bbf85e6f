/*
 * The Bash plugin: functions (`f() {}` and `function f {}`), variables set at
 * the top level or exported (readonly ones are constants; the core drops a
 * function's locals), `source` and `.` as imports resolved beside the
 * sourcing script, commands as calls (shell builtins and common utilities
 * left out: they are not the script's own functions), `#` blocks above a
 * function as its doc, prose strings.
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

/* `source lib/x.sh` is looked up beside the sourcing script, then from the root. */
static void import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    (void)origin;
    if (name[0] == '/' || name[0] == '$' || name[0] == '~') return; /* absolute or computed: not a repository file */
    char path[1024];
    const char *start = strncmp(name, "./", 2) == 0 ? name + 2 : name;
    const char *slash = strrchr(importer, '/');
    if (slash) {
        snprintf(path, sizeof path, "%.*s/%s", (int)(slash - importer), importer, start);
        emit(path, payload);
    }
    emit(start, payload);
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
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
