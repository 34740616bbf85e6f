/*
 * JSON-RPC 2.0 over stdio, as MCP frames it: one message per line. Reads
 * lines with a size cap (an oversized line is drained and reported, so the
 * server keeps answering), classifies each message by the rules of
 * JSON-RPC and MCP (no batches, ids never null), and writes compact
 * single-line responses. Groundwork for `cortex mcp`.
 */
#ifndef CORTEX_MCP_JSONRPC_H
#define CORTEX_MCP_JSONRPC_H

#include "../util/mem.h"

#include <jansson.h>
#include <stdio.h>

enum {
    CORTEX_JSONRPC_PARSE_ERROR = -32700,
    CORTEX_JSONRPC_INVALID_REQUEST = -32600,
    CORTEX_JSONRPC_METHOD_NOT_FOUND = -32601,
    CORTEX_JSONRPC_INVALID_PARAMS = -32602,
    CORTEX_JSONRPC_INTERNAL_ERROR = -32603,
    CORTEX_JSONRPC_UNSUPPORTED_VERSION = -32022,
    CORTEX_JSONRPC_SERVER_BUSY = -32000 /* implementation-defined: requests queued past the limit are shed */
};

/** Lines longer than this are refused: a request is a few KiB at most. */
#define CORTEX_JSONRPC_MAX_LINE (4u * 1024 * 1024)

typedef enum cortex_jsonrpc_line {
    CORTEX_LINE_OK,
    CORTEX_LINE_EOF,      /* stdin closed: the server exits 0 */
    CORTEX_LINE_TOO_LONG  /* drained; answer with an error and go on */
} cortex_jsonrpc_line;

/** Reads one line (without its newline) into `line`, at most `max` bytes. */
cortex_jsonrpc_line cortex_jsonrpc_read_line(FILE *in, cortex_buf *line, size_t max);

typedef enum cortex_jsonrpc_kind {
    CORTEX_MSG_BLANK,        /* an empty or all-whitespace line: skipped */
    CORTEX_MSG_REQUEST,      /* answer it */
    CORTEX_MSG_NOTIFICATION, /* never answered */
    CORTEX_MSG_RESPONSE,     /* a client's answer to a server request: ignored */
    CORTEX_MSG_ERROR         /* answer with `error_code`/`error_message`, id `id` (JSON null when unknown) */
} cortex_jsonrpc_kind;

typedef struct cortex_jsonrpc_message {
    cortex_jsonrpc_kind kind;
    json_t *root;          /* the whole message, or NULL */
    json_t *id;            /* borrowed from root; a json null when not readable */
    const char *method;    /* borrowed from root */
    json_t *params;        /* borrowed from root; NULL when absent */
    int error_code;
    const char *error_message; /* static text */
} cortex_jsonrpc_message;

/** Classifies one line. Release with cortex_jsonrpc_message_dispose(). */
void cortex_jsonrpc_parse(cortex_jsonrpc_message *out, const char *line, size_t len);
void cortex_jsonrpc_message_dispose(cortex_jsonrpc_message *m);

/** A response with `result` (reference stolen) for request `id` (borrowed). */
json_t *cortex_jsonrpc_result(json_t *id, json_t *result);
/** An error response; `data` (stolen) may be NULL; `id` borrowed, NULL for JSON null. */
json_t *cortex_jsonrpc_error(json_t *id, int code, const char *message, json_t *data);

/** Writes `msg` (reference stolen) as one compact line and flushes. 0 or -1. */
int cortex_jsonrpc_write(FILE *out, json_t *msg);

#endif
