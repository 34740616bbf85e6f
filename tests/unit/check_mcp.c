/* The MCP method table and its era rules, called directly (no transport): a
 * request whose _meta names the modern revision gets the modern envelope and
 * cache metadata, initialize negotiates a legacy revision, errors carry each
 * era's code, and notifications leave through the send callback. */
#define _GNU_SOURCE
#include "mcp/jsonrpc.h"
#include "mcp/methods.h"
#include "mcp/server.h"

#include "tools/schema.h"
#include "util/tokens.h"

#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256];
static cortex_mcp_options opts;
static cortex_mcp_server *server;
static json_t *sent; /* every message the server sent, in order */

static void collect(json_t *msg, void *payload)
{
    json_array_append_new(payload, msg);
}

static void setup(void)
{
    setenv("CORTEX_PLUGIN_PATH", BUILD_PLUGIN_DIR, 1);
    snprintf(dir, sizeof dir, "/tmp/cortex-check-mcp-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[512];
    snprintf(path, sizeof path, "%s/one.py", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("def only():\n    return 1\n", f);
    fclose(f);
    opts = (cortex_mcp_options){.root = dir};
    sent = json_array();
    ck_assert_int_eq(cortex_mcp_server_new(&server, &opts, collect, sent), 0);
}

static void teardown(void)
{
    cortex_mcp_server_free(server);
    json_decref(sent);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* One request with `params` as JSON (NULL: none); the whole response. */
static json_t *request(const char *method, const char *params_json)
{
    json_t *params = params_json ? json_loads(params_json, 0, NULL) : NULL;
    ck_assert(!params_json || params);
    json_t *id = json_integer(7);
    json_t *r = cortex_mcp_request(server, id, method, params, NULL);
    json_decref(id);
    json_decref(params);
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "id")), 7);
    return r;
}

static int error_code(const json_t *r)
{
    return (int)json_integer_value(json_object_get(json_object_get(r, "error"), "code"));
}

#define MODERN_META "\"_meta\": {\"io.modelcontextprotocol/protocolVersion\": \"" CORTEX_MCP_MODERN_VERSION "\""

START_TEST(test_mcp_modern_envelope_and_cache)
{
    json_t *r = request("tools/list", "{" MODERN_META "}}");
    json_t *result = json_object_get(r, "result");
    ck_assert_str_eq(json_string_value(json_object_get(result, "resultType")), "complete");
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(json_object_get(result, "_meta"),
                                                                       "io.modelcontextprotocol/serverInfo"), "name")),
                     "cortex");
    ck_assert_int_eq(json_integer_value(json_object_get(result, "ttlMs")), 3600000);
    ck_assert_str_eq(json_string_value(json_object_get(result, "cacheScope")), "public");
    json_decref(r);

    /* resources/list is cacheable but private, with no lifetime. */
    r = request("resources/list", "{" MODERN_META "}}");
    result = json_object_get(r, "result");
    ck_assert_int_eq(json_integer_value(json_object_get(result, "ttlMs")), 0);
    ck_assert_str_eq(json_string_value(json_object_get(result, "cacheScope")), "private");
    json_decref(r);

    /* The same request without _meta is legacy: no envelope. */
    r = request("tools/list", NULL);
    result = json_object_get(r, "result");
    ck_assert_ptr_null(json_object_get(result, "resultType"));
    ck_assert_ptr_null(json_object_get(result, "ttlMs"));
    ck_assert_ptr_null(json_object_get(result, "_meta"));
    ck_assert_int_gt(json_array_size(json_object_get(result, "tools")), 0);
    json_decref(r);
}
END_TEST

START_TEST(test_mcp_unsupported_version)
{
    json_t *r = request("ping", "{\"_meta\": {\"io.modelcontextprotocol/protocolVersion\": \"1999-01-01\"}}");
    ck_assert_int_eq(error_code(r), CORTEX_JSONRPC_UNSUPPORTED_VERSION);
    json_t *data = json_object_get(json_object_get(r, "error"), "data");
    ck_assert_str_eq(json_string_value(json_object_get(data, "requested")), "1999-01-01");
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(data, "supported"), 0)), CORTEX_MCP_MODERN_VERSION);
    json_decref(r);

    /* a version that is not a string is not a legacy request (issue 24) */
    static const char *const odd[] = {"5", "null", "{}", "[]"};
    for (size_t i = 0; i < sizeof odd / sizeof *odd; i++) {
        char params[128];
        snprintf(params, sizeof params, "{\"_meta\": {\"io.modelcontextprotocol/protocolVersion\": %s}}", odd[i]);
        r = request("ping", params);
        ck_assert_msg(error_code(r) == CORTEX_JSONRPC_UNSUPPORTED_VERSION, "version %s was served", odd[i]);
        json_decref(r);
    }

    r = request("no/such", NULL);
    ck_assert_int_eq(error_code(r), CORTEX_JSONRPC_METHOD_NOT_FOUND);
    json_decref(r);
}
END_TEST

START_TEST(test_mcp_initialize_negotiates_legacy)
{
    json_t *r = request("initialize", "{\"protocolVersion\": \"2025-06-18\"}");
    json_t *result = json_object_get(r, "result");
    ck_assert_str_eq(json_string_value(json_object_get(result, "protocolVersion")), "2025-06-18");
    ck_assert_ptr_nonnull(json_object_get(json_object_get(result, "capabilities"), "logging"));
    ck_assert_ptr_null(json_object_get(result, "resultType"));
    json_decref(r);

    /* An unknown version gets the newest legacy one; initialize is legacy even with a modern _meta. */
    r = request("initialize", "{\"protocolVersion\": \"2030-01-01\", " MODERN_META "}}");
    result = json_object_get(r, "result");
    ck_assert_str_eq(json_string_value(json_object_get(result, "protocolVersion")), "2025-11-25");
    ck_assert_ptr_null(json_object_get(result, "resultType"));
    json_decref(r);

    r = request("initialize", "{}");
    ck_assert_int_eq(error_code(r), CORTEX_JSONRPC_INVALID_PARAMS);
    json_decref(r);

    /* discover is modern: no logging capability. */
    r = request("server/discover", "{" MODERN_META "}}");
    ck_assert_ptr_null(json_object_get(json_object_get(json_object_get(r, "result"), "capabilities"), "logging"));
    json_decref(r);
}
END_TEST

START_TEST(test_mcp_resource_not_found_code_by_era)
{
    json_t *r = request("resources/read", "{\"uri\": \"https://example.com/x\"}");
    ck_assert_int_eq(error_code(r), -32002);
    json_decref(r);
    r = request("resources/read", "{\"uri\": \"https://example.com/x\", " MODERN_META "}}");
    ck_assert_int_eq(error_code(r), CORTEX_JSONRPC_INVALID_PARAMS);
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(r, "error"), "message")),
                     "Resource not found: cortex serves cortex://file/{path} and cortex://symbol/{name}");
    json_decref(r);
}
END_TEST

/* One cursor parser, one answer: an offset no list reaches is not ours, and
 * adding a page to the largest one we accept cannot overflow (issue 24). */
START_TEST(test_mcp_cursors_out_of_range_are_refused)
{
    static const char *const refused[] = {"cortex:9223372036854775807", "cortex:99999999999999999999", "cortex:-1",
                                          "cortex:2147483648", "cortex:", "cortex:1x", "other:1"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        char params[128];
        snprintf(params, sizeof params, "{\"cursor\": \"%s\"}", refused[i]);
        json_t *r = request("tools/list", params);
        ck_assert_msg(error_code(r) == CORTEX_JSONRPC_INVALID_PARAMS, "tools/list accepted cursor %s", refused[i]);
        json_decref(r);
        r = request("resources/list", params);
        ck_assert_msg(error_code(r) == CORTEX_JSONRPC_INVALID_PARAMS, "resources/list accepted cursor %s", refused[i]);
        json_decref(r);
    }
    json_t *c = json_string("cortex:2147483647");
    ck_assert_int_eq(cortex_mcp_cursor_offset(c), 2147483647L);
    json_decref(c);
}
END_TEST

START_TEST(test_mcp_log_through_send)
{
    /* No level asked: a call sends nothing but its response. */
    json_t *r = request("tools/call", "{\"name\": \"explore\", \"arguments\": {}}");
    ck_assert(json_is_false(json_object_get(json_object_get(r, "result"), "isError")));
    json_decref(r);
    ck_assert_int_eq(json_array_size(sent), 0);

    /* The legacy session's level holds for later calls. */
    r = request("logging/setLevel", "{\"level\": \"debug\"}");
    json_decref(r);
    r = request("tools/call", "{\"name\": \"explore\", \"arguments\": {}}");
    json_decref(r);
    ck_assert_int_eq(json_array_size(sent), 1);
    json_t *m = json_array_get(sent, 0);
    ck_assert_str_eq(json_string_value(json_object_get(m, "method")), "notifications/message");
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(m, "params"), "level")), "debug");
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(m, "params"), "data")), "tools/call explore");

    /* A modern request's level is its own: warning hides debug. */
    r = request("tools/call", "{\"name\": \"explore\", \"arguments\": {}, " MODERN_META
                              ", \"io.modelcontextprotocol/logLevel\": \"warning\"}}");
    json_decref(r);
    ck_assert_int_eq(json_array_size(sent), 1);
}
END_TEST

/* What tools/list costs a client's context, every tool of the default (full)
 * profile included, as tokens of its compact JSON (util/tokens.h: four bytes a
 * token): at most this many (issue 23; docs/mcp.md lists each tool's share). */
#define TOOLS_LIST_TOKEN_BUDGET 3000
/* The memory group (issue 27) is budgeted apart, on top: the only tools that
 * write, and the group a client switches off with --disable memory. */
#define MEMORY_TOOLS_TOKEN_BUDGET 600

START_TEST(test_mcp_tools_list_fits_the_token_budget)
{
    json_t *r = request("tools/list", NULL);
    json_t *result = json_object_get(r, "result");
    ck_assert_ptr_null(json_object_get(result, "nextCursor")); /* one page: every tool is counted */
    char *all = json_dumps(result, JSON_COMPACT);
    size_t memory_chars = 0;
    cortex_buf shares = {0};
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(result, "tools"), i, t) {
        char *one = json_dumps(t, JSON_COMPACT);
        const char *name = json_string_value(json_object_get(t, "name"));
        cortex_buf_printf(&shares, " %s %zu", name, strlen(one));
        if (strncmp(name, "memory", 6) == 0) memory_chars += strlen(one) + 1; /* and its comma */
        free(one);
    }
    size_t tokens = cortex_tokens_of(strlen(all) - memory_chars);
    ck_assert_msg(cortex_tokens_of(memory_chars) <= MEMORY_TOOLS_TOKEN_BUDGET, "the memory tools are %zu tokens, over %d",
                  cortex_tokens_of(memory_chars), MEMORY_TOOLS_TOKEN_BUDGET);
    ck_assert_uint_eq(json_array_size(json_object_get(result, "tools")), cortex_tool_count);
    ck_assert_msg(tokens <= TOOLS_LIST_TOKEN_BUDGET,
                  "tools/list is %zu tokens (%zu characters), over the budget of %d; characters per tool:%s", tokens,
                  strlen(all), TOOLS_LIST_TOKEN_BUDGET, shares.data);
    cortex_buf_free(&shares);
    free(all);
    json_decref(r);
}
END_TEST

/* A real call through the method table: the text is the compact form (the
 * tool's default), and structuredContent conforms to the outputSchema that
 * tools/list served for the tool, not only to the whole one in schemas.json. */
START_TEST(test_mcp_structured_content_conforms_to_the_listed_schema)
{
    json_t *list = request("tools/list", NULL);
    const json_t *listed = NULL;
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(json_object_get(list, "result"), "tools"), i, t) {
        if (strcmp(json_string_value(json_object_get(t, "name")), "get_file_symbols") == 0)
            listed = json_object_get(t, "outputSchema");
    }
    ck_assert_ptr_nonnull(listed);
    json_t *r = request("tools/call", "{\"name\": \"get_file_symbols\", \"arguments\": {\"file\": \"one.py\"}}");
    json_t *result = json_object_get(r, "result");
    ck_assert(json_is_false(json_object_get(result, "isError")));
    const json_t *structured = json_object_get(result, "structuredContent");
    cortex_buf err = {0};
    ck_assert_msg(cortex_schema_validate(listed, structured, &err) == 0, "%s", err.data);
    cortex_buf_free(&err);
    ck_assert_str_eq(
        json_string_value(json_object_get(json_array_get(json_object_get(structured, "symbols"), 0), "name")), "only");
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(json_object_get(result, "content"), 0), "text")),
                     "one.py (python)\n1-2 function only  def only()\n1 of 1\n");
    json_decref(r);

    /* format json: the same result as JSON text. */
    r = request("tools/call",
                "{\"name\": \"get_file_symbols\", \"arguments\": {\"file\": \"one.py\", \"format\": \"json\"}}");
    result = json_object_get(r, "result");
    json_t *parsed = json_loads(
        json_string_value(json_object_get(json_array_get(json_object_get(result, "content"), 0), "text")), 0, NULL);
    ck_assert(json_equal(parsed, json_object_get(result, "structuredContent")));
    json_decref(parsed);
    json_decref(r);
    json_decref(list);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mcp");
    TCase *tc = tcase_create("methods");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_mcp_modern_envelope_and_cache);
    tcase_add_test(tc, test_mcp_unsupported_version);
    tcase_add_test(tc, test_mcp_initialize_negotiates_legacy);
    tcase_add_test(tc, test_mcp_resource_not_found_code_by_era);
    tcase_add_test(tc, test_mcp_cursors_out_of_range_are_refused);
    tcase_add_test(tc, test_mcp_log_through_send);
    tcase_add_test(tc, test_mcp_tools_list_fits_the_token_budget);
    tcase_add_test(tc, test_mcp_structured_content_conforms_to_the_listed_schema);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
