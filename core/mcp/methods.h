/*
 * Internal to core/mcp/: the server's state (server.c makes and frees it),
 * its output channel, and the catalog of resources and prompts (catalog.c)
 * that the method table (methods.c) calls. Front ends include server.h.
 */
#ifndef CORTEX_MCP_METHODS_H
#define CORTEX_MCP_METHODS_H

#include "server.h"

#include "../serve/serve.h"
#include "../tools/tools.h"

#include <jansson.h>
#include <stdatomic.h>

struct cortex_mcp_server {
    cortex_mcp_send_cb send;
    void *send_payload;
    const cortex_mcp_options *opts;
    cortex_repo *repo;
    cortex_reader *reader;   /* the one thread that answers requests reads through it */
    cortex_serve *serve;     /* the background index and the watch */
    int borrowed;            /* repo, reader and serve are the caller's (cortex_mcp_server_over) */
    int legacy_level;        /* logging/setLevel threshold (index in levels), -1 = none set */
    char legacy_version[16]; /* negotiated by initialize, "" before */

    /* The request being answered. */
    int modern;
    int request_level;       /* the request's _meta log level, -1 = none */
    json_t *progress_token;  /* borrowed, or NULL */
    double last_progress;
};

/** Waits for a background index, if one runs, then opens the reader's store. */
void cortex_mcp_server_wait_index(cortex_mcp_server *s);

/** Sends one message through the transport (reference stolen). */
void cortex_mcp_send(cortex_mcp_server *s, json_t *msg);
/** A notifications/message at `level` (RFC 5424 name) when the client asked for that level. */
void cortex_mcp_log(cortex_mcp_server *s, const char *level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** notifications/progress for the running call (a cortex_index_progress_cb; payload: the server). */
void cortex_mcp_progress(const cortex_index_progress *p, void *payload);
/** notifications/progress saying the running call waits for another process's index run. */
void cortex_mcp_waiting(long holder_pid, void *payload);

/* ---- catalog.c: resources and prompts ---------------------------------- */

/** Each returns the result object, or NULL with `*code`/`*message` set for a JSON-RPC error.
 *  The resources read through `ctx`'s reader, which the caller has opened on the index. */
json_t *cortex_mcp_resources_list(cortex_tool_ctx *ctx, long page_size, json_t *params, int *code, const char **message);
json_t *cortex_mcp_resource_templates(void);
/** `not_found`: the JSON-RPC code of a missing resource, which differs by era. */
json_t *cortex_mcp_resources_read(cortex_tool_ctx *ctx, int not_found, json_t *params, int *code, const char **message);
json_t *cortex_mcp_prompts_list(void);
json_t *cortex_mcp_prompts_get(json_t *params, int *code, const char **message);

/** The largest offset a cursor may carry: more items than any list holds. */
#define CORTEX_MCP_CURSOR_MAX 2147483647L

/** Offset encoded in a pagination cursor; -1 when the cursor is not one of ours. */
long cortex_mcp_cursor_offset(const json_t *cursor);
json_t *cortex_mcp_cursor(long offset);

#endif
