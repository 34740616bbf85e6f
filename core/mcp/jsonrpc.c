/*
 * JSON-RPC 2.0 framing and classification for MCP's stdio transport. Every
 * malformed input maps to the error the specification names, so the server
 * never dies on what a client sends: -32700 for unparseable JSON (id null),
 * -32600 for valid JSON that is not a request (batches included), no answer
 * ever to a notification.
 */
#include "jsonrpc.h"

#include "../util/json_dump.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

cortex_jsonrpc_line cortex_jsonrpc_read_line(FILE *in, cortex_buf *line, size_t max)
{
    cortex_buf_clear(line);
    int c, too_long = 0, any = 0;
    while ((c = getc(in)) != EOF) {
        any = 1;
        if (c == '\n') break;
        if (line->len < max) cortex_buf_putc(line, (char)c);
        else too_long = 1; /* keep reading to the end of the line, keep nothing */
    }
    if (!any) return CORTEX_LINE_EOF;
    if (line->len && line->data[line->len - 1] == '\r') line->data[--line->len] = '\0';
    return too_long ? CORTEX_LINE_TOO_LONG : CORTEX_LINE_OK;
}

static void fail(cortex_jsonrpc_message *m, int code, const char *message)
{
    m->kind = CORTEX_MSG_ERROR;
    m->error_code = code;
    m->error_message = message;
}

/* A usable request id: a string or an integer (MCP: never null). */
static int valid_id(const json_t *id) { return json_is_string(id) || json_is_integer(id); }

void cortex_jsonrpc_parse(cortex_jsonrpc_message *m, const char *line, size_t len)
{
    memset(m, 0, sizeof *m);
    m->id = json_null();
    size_t i = 0;
    while (i < len && isspace((unsigned char)line[i])) i++;
    if (i == len) {
        m->kind = CORTEX_MSG_BLANK;
        return;
    }
    json_error_t err;
    /* jansson caps nesting depth itself, so JSON nested thousands deep is a
     * parse error here, not a stack overflow. */
    m->root = json_loadb(line, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &err);
    if (!m->root) {
        fail(m, CORTEX_JSONRPC_PARSE_ERROR, "Parse error");
        return;
    }
    if (!json_is_object(m->root)) {
        fail(m, CORTEX_JSONRPC_INVALID_REQUEST,
             json_is_array(m->root) ? "Invalid Request: batches are not supported" : "Invalid Request: not an object");
        return;
    }
    json_t *id = json_object_get(m->root, "id");
    if (valid_id(id)) m->id = id;
    /* No id and a method: a notification, however malformed the rest; it is
     * never answered (MCP), only ignored when it cannot be used. */
    json_t *named = json_object_get(m->root, "method");
    if (!id && json_is_string(named)) {
        const json_t *version = json_object_get(m->root, "jsonrpc");
        json_t *params = json_object_get(m->root, "params");
        m->kind = CORTEX_MSG_NOTIFICATION;
        m->method = json_string_value(named);
        m->params = json_is_object(params) ? params : NULL;
        if (!json_is_string(version) || strcmp(json_string_value(version), "2.0") != 0) m->method = "";
        return;
    }
    const json_t *version = json_object_get(m->root, "jsonrpc");
    if (!json_is_string(version) || strcmp(json_string_value(version), "2.0") != 0) {
        fail(m, CORTEX_JSONRPC_INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"");
        return;
    }
    json_t *method = json_object_get(m->root, "method");
    if (!method) {
        if (id && (json_object_get(m->root, "result") || json_object_get(m->root, "error"))) {
            m->kind = CORTEX_MSG_RESPONSE;
            return;
        }
        fail(m, CORTEX_JSONRPC_INVALID_REQUEST, "Invalid Request: no method");
        return;
    }
    if (!json_is_string(method)) {
        fail(m, CORTEX_JSONRPC_INVALID_REQUEST, "Invalid Request: method must be a string");
        return;
    }
    json_t *params = json_object_get(m->root, "params");
    if (params && !json_is_object(params) && !json_is_array(params)) {
        fail(m, CORTEX_JSONRPC_INVALID_REQUEST, "Invalid Request: params must be an object or an array");
        return;
    }
    m->method = json_string_value(method);
    m->params = params;
    if (!id) {
        m->kind = CORTEX_MSG_NOTIFICATION;
        return;
    }
    if (!valid_id(id)) {
        fail(m, CORTEX_JSONRPC_INVALID_REQUEST, "Invalid Request: id must be a string or an integer");
        return;
    }
    m->kind = CORTEX_MSG_REQUEST;
}

void cortex_jsonrpc_message_dispose(cortex_jsonrpc_message *m)
{
    json_decref(m->root);
    memset(m, 0, sizeof *m);
}

json_t *cortex_jsonrpc_result(json_t *id, json_t *result)
{
    json_t *msg = json_object();
    json_object_set_new(msg, "jsonrpc", json_string("2.0"));
    json_object_set(msg, "id", id ? id : json_null());
    json_object_set_new(msg, "result", result ? result : json_object());
    return msg;
}

json_t *cortex_jsonrpc_error(json_t *id, int code, const char *message, json_t *data)
{
    json_t *error = json_object();
    json_object_set_new(error, "code", json_integer(code));
    json_object_set_new(error, "message", json_string(message));
    if (data) json_object_set_new(error, "data", data);
    json_t *msg = json_object();
    json_object_set_new(msg, "jsonrpc", json_string("2.0"));
    json_object_set(msg, "id", id ? id : json_null());
    json_object_set_new(msg, "error", error);
    return msg;
}

int cortex_jsonrpc_write(FILE *out, json_t *msg)
{
    /* JSON_COMPACT escapes newlines inside strings: one message, one line. */
    /* Newlines inside strings are escaped: one message, one line. */
    cortex_buf text = {0};
    cortex_json_dump(&text, msg);
    cortex_buf_putc(&text, '\n');
    json_decref(msg);
    int rc = fwrite(text.data, 1, text.len, out) != text.len || fflush(out) != 0 ? -1 : 0;
    cortex_buf_free(&text);
    return rc;
}
