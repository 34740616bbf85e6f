/* `cortex mcp`: serves the repository's index over MCP on stdin/stdout. */
#include "commands.h"

#include "../mcp/server.h"
#include "../tools/tools.h"
#include "../util/error.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static void mcp_usage(FILE *out)
{
    fprintf(out, "usage: cortex mcp [--root DIR] [--disable GROUPS] [--tools PROFILE] [--no-index] [--no-watch]\n\n"
                 "Serves the index of DIR (default: the current directory) to an MCP client over\n"
                 "stdin/stdout, indexing it first when it has no index. Logs go to stderr.\n\n"
                 "options:\n"
                 "  --root DIR        the repository\n"
                 "  --disable GROUPS  hide tool groups, comma-separated: navigation, search, graph, index, memory\n"
                 "  --tools PROFILE   the tools served: full (every one, the default) or core (the few an\n"
                 "                    agent needs most); over the configuration's mcp.tools\n"
                 "  --no-index        do not index on start when the index is missing\n"
                 "  --no-watch        do not re-index as files change (they are still refreshed when a\n"
                 "                    result mentions them, and by flush_index)\n\n"
                 "Register it with an agent, e.g.: claude mcp add cortex -- cortex mcp\n");
}

int cortex_cmd_mcp(int argc, char **argv)
{
    static const struct option longopts[] = {{"root", required_argument, NULL, 'r'},
                                             {"disable", required_argument, NULL, 'd'},
                                             {"tools", required_argument, NULL, 't'},
                                             {"no-index", no_argument, NULL, 'n'},
                                             {"no-watch", no_argument, NULL, 'w'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    cortex_mcp_options opts = {0};
    opts.index_on_start = 1;
    opts.watch = 1;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'r': opts.root = optarg; break;
        case 'd':
            if (cortex_tool_groups_parse(optarg, &opts.disabled_groups) != 0) {
                fprintf(stderr, "cortex mcp: unknown tool group in '%s' (groups: navigation, search, graph, index, memory)\n", optarg);
                return 2;
            }
            break;
        case 't': {
            cortex_tool_profile profile;
            if (cortex_tool_profile_parse(optarg, &profile) != 0) {
                fprintf(stderr, "cortex mcp: unknown tool profile '%s' (profiles: full, core)\n", optarg);
                return 2;
            }
            opts.tools = optarg;
            break;
        }
        case 'n': opts.index_on_start = 0; break;
        case 'w': opts.watch = 0; break;
        case 'h': mcp_usage(stdout); return 0;
        default: mcp_usage(stderr); return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "cortex mcp: unexpected argument '%s'\n", argv[optind]);
        return 2;
    }
    /* A client that goes away mid-answer must not kill the server with SIGPIPE:
     * the write fails, and stdin's end finishes the loop. */
    signal(SIGPIPE, SIG_IGN);
    if (cortex_mcp_serve(stdin, stdout, &opts) != 0) {
        fprintf(stderr, "cortex mcp: %s\n", cortex_error_last());
        return 1;
    }
    return 0;
}
