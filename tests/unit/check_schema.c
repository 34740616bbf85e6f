/* The JSON Schema subset the tool schemas use (core/tools/schema.c):
 * validation messages, defaults, and refusal of unsupported keywords; and the
 * compact forms tools/list serves (core/tools/schema_compact.c). */
#include "tools/schema.h"

#include "check_run.h"

#include <check.h>
#include <stdlib.h>

START_TEST(test_schema_defaults_types_and_supported_keywords)
{
    json_t *schema = json_loads("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"default\":3},"
                                "\"t\":{\"type\":[\"string\",\"null\"]}},\"additionalProperties\":false}",
                                0, NULL);
    json_t *v = json_loads("{\"t\": null}", 0, NULL);
    cortex_buf err = {0};
    ck_assert_int_eq(cortex_schema_validate(schema, v, &err), 0);
    cortex_schema_apply_defaults(schema, v);
    ck_assert_int_eq(json_integer_value(json_object_get(v, "n")), 3);
    json_object_set_new(v, "t", json_integer(1));
    ck_assert_int_eq(cortex_schema_validate(schema, v, &err), -1);
    ck_assert_str_eq(err.data, "t: has the wrong type (an integer)");
    cortex_buf_free(&err);
    json_t *bad = json_loads("{\"type\":\"object\",\"oneOf\":[]}", 0, NULL);
    ck_assert_int_eq(cortex_schema_check_supported(bad, &err), -1);
    cortex_buf_free(&err);
    json_decref(bad);
    json_decref(v);
    json_decref(schema);
}
END_TEST

static char *compact_text(json_t *schema)
{
    char *s = json_dumps(schema, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(schema);
    return s;
}

START_TEST(test_schema_outline_keeps_types_to_a_depth)
{
    json_t *schema = json_loads(
        "{\"type\":\"object\",\"description\":\"d\",\"properties\":{"
        "\"items\":{\"type\":\"array\",\"description\":\"x\",\"items\":{\"type\":\"object\","
        "\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\"]}},"
        "\"next\":{\"type\":[\"integer\",\"null\"]},\"binding\":{\"type\":\"string\",\"enum\":[\"a\",\"b\"]},"
        "\"any\":{\"description\":\"untyped\"},"
        "\"index\":{\"type\":\"object\",\"properties\":{\"g\":{\"type\":\"integer\"}},\"required\":[\"g\"]}},"
        "\"required\":[\"items\",\"index\"]}",
        0, NULL);
    ck_assert_ptr_nonnull(schema);
    char *got = compact_text(cortex_schema_outline(schema, 0));
    ck_assert_str_eq(got, "{\"type\":\"object\"}");
    free(got);
    got = compact_text(cortex_schema_outline(schema, 1));
    ck_assert_str_eq(got,
                     "{\"properties\":{\"any\":{},\"binding\":{\"type\":\"string\"},\"index\":{\"type\":\"object\"},"
                     "\"items\":{\"type\":\"array\"},\"next\":{\"type\":[\"integer\",\"null\"]}},\"type\":\"object\"}");
    free(got);
    /* Level 2: an array's items are outlined at the array's level. */
    got = compact_text(cortex_schema_outline(schema, 2));
    ck_assert_str_eq(got, "{\"properties\":{\"any\":{},\"binding\":{\"type\":\"string\"},"
                          "\"index\":{\"properties\":{\"g\":{\"type\":\"integer\"}},\"type\":\"object\"},"
                          "\"items\":{\"items\":{\"properties\":{\"a\":{\"type\":\"string\"}},\"type\":\"object\"},"
                          "\"type\":\"array\"},\"next\":{\"type\":[\"integer\",\"null\"]}},\"type\":\"object\"}");
    free(got);
    /* What the whole schema accepts, the outline accepts; not the other way round. */
    json_t *outline = cortex_schema_outline(schema, 2);
    json_t *v = json_loads("{\"items\":[{\"a\":\"x\"}],\"next\":null,\"binding\":\"a\",\"index\":{\"g\":1}}", 0, NULL);
    cortex_buf err = {0};
    ck_assert_int_eq(cortex_schema_validate(schema, v, &err), 0);
    ck_assert_int_eq(cortex_schema_validate(outline, v, &err), 0);
    json_object_set_new(v, "next", json_string("no"));
    ck_assert_int_eq(cortex_schema_validate(outline, v, &err), -1);
    cortex_buf_free(&err);
    json_decref(v);
    json_decref(outline);
    json_decref(schema);
}
END_TEST

START_TEST(test_schema_brief_drops_what_the_server_checks)
{
    json_t *schema = json_loads(
        "{\"type\":\"object\",\"properties\":{"
        "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":1000,\"default\":10,\"description\":\"per page\"},"
        "\"format\":{\"type\":\"string\",\"enum\":[\"json\",\"text\"],\"default\":\"text\"},"
        "\"minimum\":{\"type\":\"string\",\"minLength\":1},"
        "\"ids\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"minLength\":1},\"minItems\":1,\"maxItems\":8}},"
        "\"required\":[\"ids\"],\"additionalProperties\":false}",
        0, NULL);
    ck_assert_ptr_nonnull(schema);
    char *got = compact_text(cortex_schema_brief(schema));
    /* A parameter named like a keyword is a parameter: it stays. */
    ck_assert_str_eq(got, "{\"properties\":{\"format\":{\"default\":\"text\",\"enum\":[\"json\",\"text\"]},"
                          "\"ids\":{\"items\":{\"type\":\"string\"},\"type\":\"array\"},"
                          "\"limit\":{\"default\":10,\"description\":\"per page\",\"type\":\"integer\"},"
                          "\"minimum\":{\"type\":\"string\"}},\"required\":[\"ids\"],\"type\":\"object\"}");
    free(got);
    json_decref(schema);
}
END_TEST

static Suite *schema_suite(void)
{
    Suite *s = suite_create("schema");
    TCase *tc = tcase_create("schema");
    tcase_add_test(tc, test_schema_defaults_types_and_supported_keywords);
    tcase_add_test(tc, test_schema_outline_keeps_types_to_a_depth);
    tcase_add_test(tc, test_schema_brief_drops_what_the_server_checks);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(schema_suite());
}
