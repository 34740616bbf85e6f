/* The JSON Schema subset the tool schemas use (core/tools/schema.c):
 * validation messages, defaults, and refusal of unsupported keywords. */
#include "tools/schema.h"

#include "check_run.h"

#include <check.h>

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

static Suite *schema_suite(void)
{
    Suite *s = suite_create("schema");
    TCase *tc = tcase_create("schema");
    tcase_add_test(tc, test_schema_defaults_types_and_supported_keywords);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(schema_suite());
}
