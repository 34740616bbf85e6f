/* cortex's entry point: global options and the command dispatcher. */
#include "commands.h"

#include "../index/supervise.h"
#include "../plugin/loader.h"
#include "../tools/tools.h"
#include "../util/error.h"

#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "version.h" /* generated from core/util/version.h.in */

const cortex_command cortex_commands[] = {
    {"index", "index a repository into .cortex/ (SQLite store and JSONL index)", cortex_cmd_index},
    {"plugins", "list the language plugins found, and any refused", cortex_cmd_plugins},
    {"extract", "print the records extracted from files, as JSON lines", cortex_cmd_extract},
    {"watch", "index, then re-index what changes as files change", cortex_cmd_watch},
    {"mcp", "serve the index to agents over MCP (stdio), keeping it current", cortex_cmd_mcp},
    {"serve", "serve repositories over HTTP: REST, every tool, MCP (Streamable HTTP)", cortex_cmd_serve},
    {"tool", "run one MCP tool with JSON arguments", cortex_cmd_tool},
    {"config", "validate .cortex/config.yml and print the effective configuration", cortex_cmd_config},
    {NULL, NULL, NULL},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: cortex <command> [options]\n\n"
                 "cortex turns a repository into an index that coding agents query.\n\ncommands:\n");
    for (const cortex_command *c = cortex_commands; c->name; c++) fprintf(out, "  %-9s %s\n", c->name, c->summary);
    fprintf(out, "\nquerying the index (the MCP tools as commands; --json for JSON):\n");
    for (size_t i = 0; i < cortex_tool_count; i++)
        fprintf(out, "  %-9s %s (%s)\n", cortex_tools[i].command, cortex_tools[i].title, cortex_tools[i].name);
    fprintf(out, "\nRun `cortex <command> --help` for a command's options.\n"
                 "Plugins are searched in $CORTEX_PLUGIN_PATH, then next to the binary, then the install prefix.\n");
}

static cortex_plugin_set *load_plugins_lazily(int quiet) { return cortex_cli_load_plugins(quiet, 1); }

int main(int argc, char **argv)
{
    /* A large file's buffers (its source, its tree's nodes) are mapped and
     * given back when freed: under glibc's sliding threshold they stayed in
     * the arena of the worker that freed them, each worker's peak held. */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        printf("cortex %s\n", CORTEX_VERSION);
        return 0;
    }
    if (strcmp(argv[1], CORTEX_INDEX_CHILD_COMMAND) == 0) /* not for people: an isolated index run's process */
        return cortex_index_child_main(load_plugins_lazily);
    /* Without /proc (a bare container) runs stay in this process: unprotected, but they run */
    if (access("/proc/self/exe", X_OK) == 0) cortex_index_isolate_with("/proc/self/exe");
    for (const cortex_command *c = cortex_commands; c->name; c++)
        if (strcmp(argv[1], c->name) == 0) return c->run(argc - 1, argv + 1);
    const cortex_tool *t = cortex_tool_find_command(argv[1]);
    if (t && argc > 2 && argv[2][0] != '-') t = cortex_tool_for_operation(t, argv[2]);
    if (t) return cortex_cmd_tool_command(t, argc - 1, argv + 1);
    fprintf(stderr, "cortex: unknown command '%s'\n\n", argv[1]);
    usage(stderr);
    return 2;
}
