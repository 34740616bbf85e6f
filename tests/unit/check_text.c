/* Text shaping: collapsing, signatures, string and comment cleaning, summaries. */
#include "extract/text.h"

#include "check_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

static cortex_arena arena;
static void setup(void) { memset(&arena, 0, sizeof arena); }
static void teardown(void) { cortex_arena_reset(&arena); }

#define S(x) x, strlen(x)

START_TEST(test_text_collapse_whitespace)
{
    ck_assert_str_eq(cortex_text_collapse(&arena, S("  int\n\tfoo (  a,\n   b )  ")), "int foo ( a, b )");
    ck_assert_str_eq(cortex_text_collapse(&arena, S("")), "");
}
END_TEST

START_TEST(test_text_signature_trims_body_openers)
{
    ck_assert_str_eq(cortex_text_signature(&arena, S("def f(a, b):")), "def f(a, b)");
    ck_assert_str_eq(cortex_text_signature(&arena, S("int\nmain(void) {")), "int main(void)");
    ck_assert_str_eq(cortex_text_signature(&arena, S("int add(int a);")), "int add(int a)");
    char longsig[1000];
    memset(longsig, 'x', sizeof longsig - 1);
    longsig[sizeof longsig - 1] = '\0';
    char *sig = cortex_text_signature(&arena, S(longsig));
    ck_assert_uint_eq(strlen(sig), CORTEX_SIG_MAX);
    ck_assert_str_eq(sig + CORTEX_SIG_MAX - 3, "...");
}
END_TEST

START_TEST(test_text_signature_cap_keeps_utf8_whole)
{
    char buf[CORTEX_SIG_MAX + 10];
    memset(buf, 'a', sizeof buf);
    memcpy(buf + CORTEX_SIG_MAX - 4, "\xc3\xa9", 2); /* é straddling the cut */
    buf[sizeof buf - 1] = '\0';
    char *sig = cortex_text_signature(&arena, S(buf));
    ck_assert_str_eq(sig + strlen(sig) - 3, "...");
    ck_assert_msg(((unsigned char)sig[strlen(sig) - 4] & 0xC0) != 0xC0, "a lead byte was left dangling");
}
END_TEST

START_TEST(test_text_unquote_strings_and_docstrings)
{
    ck_assert_str_eq(cortex_text_unquote(&arena, S("\"hello world\"")), "hello world");
    ck_assert_str_eq(cortex_text_unquote(&arena, S("'x'")), "x");
    ck_assert_str_eq(cortex_text_unquote(&arena, S("r\"raw\\d\"")), "raw\\d");
    ck_assert_str_eq(cortex_text_unquote(&arena, S("f'{x} items'")), "{x} items");
    ck_assert_str_eq(cortex_text_unquote(&arena, S("\"\"\"Summary.\n\n    Details here.\n      Indented.\n    \"\"\"")),
                     "Summary.\n\nDetails here.\n  Indented.");
    ck_assert_str_eq(cortex_text_unquote(&arena, S("L\"wide\"")), "wide");
}
END_TEST

START_TEST(test_text_uncomment_each_style)
{
    ck_assert_str_eq(cortex_text_uncomment(&arena, S("// line comment")), "line comment");
    ck_assert_str_eq(cortex_text_uncomment(&arena, S("/// doc comment")), "doc comment");
    ck_assert_str_eq(cortex_text_uncomment(&arena, S("# hash comment")), "hash comment");
    ck_assert_str_eq(cortex_text_uncomment(&arena, S("/* one line */")), "one line");
    ck_assert_str_eq(cortex_text_uncomment(&arena, S("/**\n * Adds two.\n *\n * Returns sum.\n */")),
                     "Adds two.\n\nReturns sum.");
    ck_assert_str_eq(cortex_text_uncomment(&arena, S("/*\n   plain block\n*/")), "plain block");
}
END_TEST

START_TEST(test_text_summary_is_first_paragraph)
{
    ck_assert_str_eq(cortex_text_summary(&arena, "First line\ncontinues.\n\nSecond paragraph."), "First line continues.");
}
END_TEST

START_TEST(test_text_meaningful_strings)
{
    ck_assert(cortex_text_is_meaningful("file not found"));
    ck_assert(cortex_text_is_meaningful("/usr/lib/python"));
    ck_assert(!cortex_text_is_meaningful("name"));
    ck_assert(!cortex_text_is_meaningful("utf-8"));
    ck_assert(!cortex_text_is_meaningful("%s\\n"));
    ck_assert(!cortex_text_is_meaningful("1 2 3 4"));
    ck_assert(!cortex_text_is_meaningful("content_type"));
    ck_assert(!cortex_text_is_meaningful("__main__"));
    ck_assert(cortex_text_is_meaningful("https://example.org"));
}
END_TEST

/* Tool directives are not prose for a reader; prose that mentions a tool is. */
START_TEST(test_text_directives)
{
    static const char *const directives[] = {"eslint-disable-next-line no-console", "eslint-disable", "prettier-ignore",
                                             "noqa", "noqa: E501", "pylint: disable=invalid-name",
                                             "type: ignore[attr-defined]", "clang-format off", "clang-format on",
                                             "NOLINTNEXTLINE(bugprone-macro)", "@ts-ignore",
                                             "@ts-expect-error wrong on purpose", "rubocop:disable Metrics",
                                             "pragma: no cover", NULL};
    for (int i = 0; directives[i]; i++) ck_assert_msg(cortex_text_is_directive(directives[i]), "%s", directives[i]);
    static const char *const prose[] = {"Sends the request.", "Disable eslint here because the rule is wrong.",
                                        "Nolint the parser", "typed: the type", "", NULL};
    for (int i = 0; prose[i]; i++) ck_assert_msg(!cortex_text_is_directive(prose[i]), "%s", prose[i]);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("text");
    TCase *tc = tcase_create("text");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_text_collapse_whitespace);
    tcase_add_test(tc, test_text_signature_trims_body_openers);
    tcase_add_test(tc, test_text_signature_cap_keeps_utf8_whole);
    tcase_add_test(tc, test_text_unquote_strings_and_docstrings);
    tcase_add_test(tc, test_text_uncomment_each_style);
    tcase_add_test(tc, test_text_summary_is_first_paragraph);
    tcase_add_test(tc, test_text_meaningful_strings);
    tcase_add_test(tc, test_text_directives);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
