/* JSON-RPC framing and classification: every malformed input gets the error
 * JSON-RPC and MCP name, with the id when it can be read, and nothing kills
 * the reader: a line of many megabytes, JSON nested thousands deep. */
#define _GNU_SOURCE
#include "mcp/jsonrpc.h"

#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cortex_jsonrpc_message parse(const char *line)
{
    cortex_jsonrpc_message m;
    cortex_jsonrpc_parse(&m, line, strlen(line));
    return m;
}

/* The response to an erroneous line, as compact JSON. Caller frees. */
static char *error_response(const char *line)
{
    cortex_jsonrpc_message m = parse(line);
    ck_assert_int_eq(m.kind, CORTEX_MSG_ERROR);
    json_t *r = cortex_jsonrpc_error(m.id, m.error_code, m.error_message, NULL);
    char *text = json_dumps(r, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(r);
    cortex_jsonrpc_message_dispose(&m);
    return text;
}

#define EXPECT_ERROR(line, expected)                  \
    do {                                              \
        char *got_ = error_response(line);            \
        ck_assert_str_eq(got_, expected);             \
        free(got_);                                   \
    } while (0)

START_TEST(test_jsonrpc_requests_and_notifications)
{
    cortex_jsonrpc_message m = parse("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{\"cursor\":\"x\"}}");
    ck_assert_int_eq(m.kind, CORTEX_MSG_REQUEST);
    ck_assert_str_eq(m.method, "tools/list");
    ck_assert_int_eq(json_integer_value(m.id), 7);
    ck_assert_str_eq(json_string_value(json_object_get(m.params, "cursor")), "x");
    cortex_jsonrpc_message_dispose(&m);

    m = parse("{\"jsonrpc\":\"2.0\",\"id\":\"a-1\",\"method\":\"ping\"}");
    ck_assert_int_eq(m.kind, CORTEX_MSG_REQUEST);
    ck_assert_str_eq(json_string_value(m.id), "a-1");
    ck_assert_ptr_null(m.params);
    cortex_jsonrpc_message_dispose(&m);

    m = parse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    ck_assert_int_eq(m.kind, CORTEX_MSG_NOTIFICATION);
    cortex_jsonrpc_message_dispose(&m);

    m = parse("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}");
    ck_assert_int_eq(m.kind, CORTEX_MSG_RESPONSE);
    cortex_jsonrpc_message_dispose(&m);

    m = parse("   \t ");
    ck_assert_int_eq(m.kind, CORTEX_MSG_BLANK);
    cortex_jsonrpc_message_dispose(&m);
}
END_TEST

START_TEST(test_jsonrpc_malformed_input_gets_the_named_error)
{
    EXPECT_ERROR("{not json", "{\"error\":{\"code\":-32700,\"message\":\"Parse error\"},\"id\":null,\"jsonrpc\":\"2.0\"}");
    EXPECT_ERROR("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]",
                 "{\"error\":{\"code\":-32600,\"message\":\"Invalid Request: batches are not supported\"},\"id\":null,"
                 "\"jsonrpc\":\"2.0\"}");
    EXPECT_ERROR("42", "{\"error\":{\"code\":-32600,\"message\":\"Invalid Request: not an object\"},\"id\":null,\"jsonrpc\":\"2.0\"}");
    EXPECT_ERROR("{\"id\":5,\"method\":\"ping\"}",
                 "{\"error\":{\"code\":-32600,\"message\":\"Invalid Request: jsonrpc must be \\\"2.0\\\"\"},\"id\":5,"
                 "\"jsonrpc\":\"2.0\"}");
    EXPECT_ERROR("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}",
                 "{\"error\":{\"code\":-32600,\"message\":\"Invalid Request: id must be a string or an integer\"},"
                 "\"id\":null,\"jsonrpc\":\"2.0\"}");
    EXPECT_ERROR("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}",
                 "{\"error\":{\"code\":-32600,\"message\":\"Invalid Request: id must be a string or an integer\"},"
                 "\"id\":null,\"jsonrpc\":\"2.0\"}");
    EXPECT_ERROR("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":42}",
                 "{\"error\":{\"code\":-32600,\"message\":\"Invalid Request: method must be a string\"},\"id\":9,"
                 "\"jsonrpc\":\"2.0\"}");
    EXPECT_ERROR("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\",\"params\":3}",
                 "{\"error\":{\"code\":-32600,\"message\":\"Invalid Request: params must be an object or an array\"},"
                 "\"id\":9,\"jsonrpc\":\"2.0\"}");
    EXPECT_ERROR("{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}",
                 "{\"error\":{\"code\":-32700,\"message\":\"Parse error\"},\"id\":null,\"jsonrpc\":\"2.0\"}");
}
END_TEST

START_TEST(test_jsonrpc_deep_nesting_is_an_error_not_a_crash)
{
    size_t depth = 100000;
    char *deep = malloc(2 * depth + 1);
    memset(deep, '[', depth);
    memset(deep + depth, ']', depth);
    deep[2 * depth] = '\0';
    cortex_jsonrpc_message m = parse(deep);
    ck_assert_int_eq(m.kind, CORTEX_MSG_ERROR);
    ck_assert_int_eq(m.error_code, CORTEX_JSONRPC_PARSE_ERROR);
    cortex_jsonrpc_message_dispose(&m);
    free(deep);
}
END_TEST

START_TEST(test_jsonrpc_oversized_line_is_drained_and_reading_goes_on)
{
    size_t big = CORTEX_JSONRPC_MAX_LINE + 1000;
    char *input = malloc(big + 64);
    memset(input, 'x', big);
    strcpy(input + big, "\n{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1}\n");
    FILE *in = fmemopen(input, strlen(input), "r");
    cortex_buf line = {0};
    ck_assert_int_eq(cortex_jsonrpc_read_line(in, &line, CORTEX_JSONRPC_MAX_LINE), CORTEX_LINE_TOO_LONG);
    ck_assert_int_eq(cortex_jsonrpc_read_line(in, &line, CORTEX_JSONRPC_MAX_LINE), CORTEX_LINE_OK);
    ck_assert_str_eq(line.data, "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1}");
    ck_assert_int_eq(cortex_jsonrpc_read_line(in, &line, CORTEX_JSONRPC_MAX_LINE), CORTEX_LINE_EOF);
    fclose(in);
    cortex_buf_free(&line);
    free(input);
}
END_TEST

START_TEST(test_jsonrpc_writes_one_line_per_message)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    json_t *id = json_integer(4);
    ck_assert_int_eq(cortex_jsonrpc_write(f, cortex_jsonrpc_result(id, json_pack("{s:s}", "text", "two\nlines"))), 0);
    json_decref(id);
    fclose(f);
    ck_assert_str_eq(out, "{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{\"text\":\"two\\nlines\"}}\n");
    free(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("jsonrpc");
    TCase *tc = tcase_create("jsonrpc");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_jsonrpc_requests_and_notifications);
    tcase_add_test(tc, test_jsonrpc_malformed_input_gets_the_named_error);
    tcase_add_test(tc, test_jsonrpc_deep_nesting_is_an_error_not_a_crash);
    tcase_add_test(tc, test_jsonrpc_oversized_line_is_drained_and_reading_goes_on);
    tcase_add_test(tc, test_jsonrpc_writes_one_line_per_message);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
