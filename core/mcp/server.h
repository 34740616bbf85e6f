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

#include "../tools/tools.h"

#include <jansson.h>
#include <stdatomic.h>
#include <stdio.h>

struct cortex_serve;

#define CORTEX_MCP_MODERN_VERSION "2026-07-28"

/* Page sizes when the options leave them 0. */
#define CORTEX_MCP_TOOLS_PAGE 50
#define CORTEX_MCP_RESOURCES_PAGE 100

typedef struct cortex_mcp_options {
    const char *root;          /* the repository; NULL = the current directory */
    unsigned disabled_groups;  /* tool groups hidden from tools/list and tools/call */
    const char *tools;         /* the tool profile, "full" or "core"; NULL: the configuration's mcp.tools */
    int index_on_start;        /* start indexing at once when the store is missing */
    int watch;                 /* keep the index current as files change (inotify) */
    int tools_page_size;       /* tools per tools/list page; 0 = CORTEX_MCP_TOOLS_PAGE */
    int resources_page_size;   /* resources per resources/list page; 0 = CORTEX_MCP_RESOURCES_PAGE */
} cortex_mcp_options;

/** One repository served over MCP, whatever the transport: the tools, the
 *  live repository (core/serve/) and the era state of the client. */
typedef struct cortex_mcp_server cortex_mcp_server;

/** How the server's messages leave: responses are returned by
 *  cortex_mcp_server_request(), but notifications (progress, log messages)
 *  go out through this while a request runs. Owns `msg` (reference stolen). */
typedef void (*cortex_mcp_send_cb)(json_t *msg, void *payload);

/** A server for `opts->root` (`opts` borrowed: it must outlive the server).
 *  0, or a negative code with the message set (no such root). Caller owns
 *  `*out`; free with cortex_mcp_server_free(). */
int cortex_mcp_server_new(cortex_mcp_server **out, const cortex_mcp_options *opts, cortex_mcp_send_cb send, void *payload);
/** A server over a repository, its live repository and a reader that the
 *  caller owns and that outlive the server (all borrowed): what an HTTP
 *  request is answered through, one per request on its thread's reader.
 *  cortex_mcp_server_free() leaves them open. Caller owns the result. */
cortex_mcp_server *cortex_mcp_server_over(const cortex_mcp_options *opts, cortex_repo *repo, struct cortex_serve *serve,
                                          cortex_reader *reader, cortex_mcp_send_cb send, void *payload);

/** What a legacy session carries from one request to the next: the version
 *  initialize negotiated ("" before it) and the logging/setLevel threshold
 *  (-1: none). A transport with many requests per session (HTTP) keeps it
 *  between them. */
typedef struct cortex_mcp_session {
    char version[16];
    int level;
} cortex_mcp_session;
void cortex_mcp_server_session(const cortex_mcp_server *s, cortex_mcp_session *out);
void cortex_mcp_server_resume(cortex_mcp_server *s, const cortex_mcp_session *session);

/** Applies the configuration's mcp.disable and mcp.tools to `repo`, under the
 *  options' own (--disable, --tools), before the repository is shared; says
 *  on stderr, after `who`, when the configuration does not load. */
void cortex_mcp_repo_setup(cortex_repo *repo, const cortex_mcp_options *opts, const char *who);

/** Starts what the options ask for: the first index in the background when
 *  the store is missing, and the watch. */
void cortex_mcp_server_start(cortex_mcp_server *s);
/** Stops the background index and the watch; accepts NULL. */
void cortex_mcp_server_free(cortex_mcp_server *s);

/** The response to a request, through the method table and the era rules of
 *  methods.c (never NULL; caller owns it). `cancelled`, when
 *  not NULL, becomes non-zero when the client cancels the request. A
 *  notification from the client needs no call: notifications/initialized
 *  changes nothing (tools/call is served without it), notifications/cancelled
 *  is the transport's to apply to `cancelled`, and others are ignored. */
json_t *cortex_mcp_request(cortex_mcp_server *s, json_t *id, const char *method, json_t *params,
                           const atomic_int *cancelled);

/** Serves until `in` closes. Returns 0, or a negative code with the message
 *  set when the server cannot start (no such root). */
int cortex_mcp_serve(FILE *in, FILE *out, const cortex_mcp_options *opts);

#endif
