/*
 * The MCP methods: one table from method name to handler, the era rules
 * (modern _meta envelope vs legacy session) applied around every handler,
 * and the catalog of resources and prompts (catalog.c).
 */
#ifndef CORTEX_MCP_METHODS_H
#define CORTEX_MCP_METHODS_H

#include "server.h"

#include "../tools/tools.h"

#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

typedef struct cortex_mcp_server {
    FILE *out;
    cortex_tool_session tools;
    const cortex_mcp_options *opts;
    int legacy_level;        /* logging/setLevel threshold (index in levels), -1 = none set */
    char legacy_version[16]; /* negotiated by initialize, "" before */

    /* The first index of a repository without one runs beside the loop, so
     * the handshake, discovery and tools/list are answered at once; a request
     * that needs the index waits for it. */
    pthread_t indexer;
    int indexing;
    atomic_int stop_indexing;
    /* Watch mode: a thread re-indexes what changes on disk while the server answers. */
    pthread_t watcher;
    int watching;
    atomic_int stop_watching;

    /* The request being answered. */
    int modern;
    int request_level;       /* the request's _meta log level, -1 = none */
    json_t *progress_token;  /* borrowed, or NULL */
    double last_progress;
} cortex_mcp_server;

int cortex_mcp_server_init(cortex_mcp_server *s, FILE *out, const cortex_mcp_options *opts);
void cortex_mcp_server_dispose(cortex_mcp_server *s);
/** Starts indexing in the background when the store is missing. */
void cortex_mcp_server_start_index(cortex_mcp_server *s);
/** Starts the watcher thread (inotify; re-indexes changes as they settle). */
void cortex_mcp_server_start_watch(cortex_mcp_server *s);
/** Waits for a background index, if one runs, then opens the store. */
void cortex_mcp_server_wait_index(cortex_mcp_server *s);

/** The response to a request (never NULL). */
json_t *cortex_mcp_server_request(cortex_mcp_server *s, json_t *id, const char *method, json_t *params,
                                  const atomic_int *cancelled);
void cortex_mcp_server_notification(cortex_mcp_server *s, const char *method, json_t *params);

/** Writes one message (reference stolen). */
void cortex_mcp_send(cortex_mcp_server *s, json_t *msg);
/** A notifications/message at `level` (RFC 5424 name) when the client asked for that level. */
void cortex_mcp_log(cortex_mcp_server *s, const char *level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- catalog.c: resources and prompts ---------------------------------- */

/** Each returns the result object, or NULL with `*code`/`*message` set for a JSON-RPC error. */
json_t *cortex_mcp_resources_list(cortex_mcp_server *s, json_t *params, int *code, const char **message);
json_t *cortex_mcp_resource_templates(void);
json_t *cortex_mcp_resources_read(cortex_mcp_server *s, json_t *params, int *code, const char **message);
json_t *cortex_mcp_prompts_list(void);
json_t *cortex_mcp_prompts_get(json_t *params, int *code, const char **message);

/** Offset encoded in a pagination cursor; -1 when the cursor is not one of ours. */
long cortex_mcp_cursor_offset(const json_t *cursor);
json_t *cortex_mcp_cursor(long offset);

#endif
