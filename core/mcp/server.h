/*
 * `cortex mcp`: an MCP server over stdio for one repository, dual-era. A
 * request whose _meta names a protocol version is served statelessly by the
 * 2026-07-28 rules; `initialize` starts a legacy (2024-11-05 .. 2025-11-25)
 * session. A reader thread takes lines off stdin so that a
 * notifications/cancelled reaches the call it cancels while it runs; the
 * main thread answers requests in order and is the only writer of stdout.
 */
#ifndef CORTEX_MCP_SERVER_H
#define CORTEX_MCP_SERVER_H

#include <stdio.h>

#define CORTEX_MCP_MODERN_VERSION "2026-07-28"

typedef struct cortex_mcp_options {
    const char *root;          /* the repository; NULL = the current directory */
    unsigned disabled_groups;  /* tool groups hidden from tools/list and tools/call */
    int index_on_start;        /* start indexing at once when the store is missing */
    int watch;                 /* keep the index current as files change (inotify) */
    int tools_page_size;       /* tools per tools/list page; 0 = 50 */
    int resources_page_size;   /* resources per resources/list page; 0 = 100 */
} cortex_mcp_options;

/** Serves until `in` closes. Returns 0, or a negative code with the message
 *  set when the server cannot start (no such root). */
int cortex_mcp_serve(FILE *in, FILE *out, const cortex_mcp_options *opts);

#endif
