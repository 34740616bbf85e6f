/*
 * Fuzz target: the MCP server's reading and answering, without stdio. The
 * input is what a client writes to stdin: lines are read with the framing's
 * cap, classified by the JSON-RPC rules and dispatched through the method
 * table to the tools, over a small repository indexed once at start, with
 * the files that once crashed a tool: a heading and a name not in UTF-8.
 */
#define _GNU_SOURCE
#include "scratch.h"
#include "mcp/jsonrpc.h"
#include "mcp/methods.h"
#include "util/error.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char root[256];
static cortex_mcp_options opts;
static cortex_mcp_server *server;
static FILE *sink;

static void put(const char *dir, const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) abort();
    fputs(text, f);
    fclose(f);
}

static void to_sink(json_t *msg, void *payload)
{
    cortex_jsonrpc_write(sink, msg);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_scratch_dir(root, sizeof root, "cortex-fuzz-mcp");
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cp -R '%s/.' '%s/' && mv '%s/root.gitignore' '%s/.gitignore'", FIXTURE_REPO, root, root,
             root);
    if (system(cmd) != 0) abort();
    put(root, "menu.md", "# Caf\xe9\n\nMen\xfa text.\n");
    put(root, "a\xff" "b.py", "def f(): pass\n");
    setenv("CORTEX_PLUGIN_PATH", BUILD_PLUGIN_DIR, 1);
    sink = fopen("/dev/null", "w");
    opts.root = root;
    opts.index_on_start = 1;
    opts.tools_page_size = 3; /* small pages, so cursors are followed */
    opts.resources_page_size = 2;
    /* flush_index re-indexes and syncs the store: on a busy disk one call
     * waited tens of seconds, a timeout that was the disk's, not cortex's.
     * Indexing is fuzzed by extract; here the group is refused, which is
     * itself a path through the dispatcher. */
    if (cortex_tool_groups_parse("index", &opts.disabled_groups) != 0) abort();
    if (cortex_mcp_server_new(&server, &opts, to_sink, NULL) != 0) {
        fprintf(stderr, "fuzz_mcp: %s\n", cortex_error_last());
        abort();
    }
    cortex_mcp_server_start(server);
    cortex_mcp_server_wait_index(server);
    return 0;
}

/* A cap far below the real one, so the fuzzer meets the oversized-line path. */
#define MAX_LINE 512

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;
    /* Each input is a new client: the era a previous one chose is forgotten. */
    server->legacy_level = -1;
    server->legacy_version[0] = '\0';
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in) abort();
    cortex_buf line = {0};
    for (;;) {
        cortex_jsonrpc_line r = cortex_jsonrpc_read_line(in, &line, MAX_LINE);
        if (r == CORTEX_LINE_EOF) break;
        if (r == CORTEX_LINE_TOO_LONG) {
            to_sink(cortex_jsonrpc_error(NULL, CORTEX_JSONRPC_INVALID_REQUEST, "too long", NULL), NULL);
            continue;
        }
        cortex_jsonrpc_message m;
        cortex_jsonrpc_parse(&m, line.data ? line.data : "", line.len);
        if (m.kind == CORTEX_MSG_ERROR) {
            to_sink(cortex_jsonrpc_error(m.id, m.error_code, m.error_message, NULL), NULL);
        } else if (m.kind == CORTEX_MSG_REQUEST) {
            atomic_int cancelled = 0;
            json_t *response = cortex_mcp_request(server, m.id, m.method, m.params, &cancelled);
            if (!response) abort(); /* never NULL, by its contract */
            to_sink(response, NULL);
        }
        cortex_jsonrpc_message_dispose(&m);
    }
    cortex_buf_free(&line);
    fclose(in);
    return 0;
}
