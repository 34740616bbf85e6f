/* The query tool's S-expression language (core/tools/query_dsl.c): every form
 * parsed into its exact tree, escapes and white space, nesting, and each
 * refusal with its exact message (offset, what was expected, what was found). */
#include "tools/query_dsl.h"
#include "util/error.h"

#include "check_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define FORM_NAMES                                                                                                     \
    "a form name (grep, code, definition, references, section, file, children, children-named, in-file, union, "       \
    "intersect, limit)"
#define ESCAPE "an escape (\\\" or \\\\)"

static cortex_dsl_node *parse_ok(const char *text)
{
    cortex_dsl_node *n = NULL;
    int rc = cortex_dsl_parse(&n, text);
    ck_assert_msg(rc == 0, "%s: %s", text, cortex_error_last());
    ck_assert_ptr_nonnull(n);
    return n;
}

static void fails_with(const char *text, const char *message)
{
    cortex_dsl_node *n = (cortex_dsl_node *)&n; /* not NULL: the parser must clear it */
    ck_assert_int_eq(cortex_dsl_parse(&n, text), CORTEX_EINVALID);
    ck_assert_ptr_null(n);
    ck_assert_str_eq(cortex_error_last(), message);
}

/* A node's every field: op, both arguments (NULL for none), limit, number of kids. */
static void node_is(const cortex_dsl_node *n, cortex_dsl_op op, const char *arg0, const char *arg1, int64_t limit,
                    size_t nkids)
{
    ck_assert_int_eq(n->op, op);
    if (arg0) ck_assert_str_eq(n->arg[0], arg0);
    else ck_assert_ptr_null(n->arg[0]);
    if (arg1) ck_assert_str_eq(n->arg[1], arg1);
    else ck_assert_ptr_null(n->arg[1]);
    ck_assert_int_eq(n->limit, limit);
    ck_assert_uint_eq(n->nkids, nkids);
    if (nkids) ck_assert_ptr_nonnull(n->kids);
}

/* A text that parses into one leaf with one string argument. */
static void leaf(const char *text, cortex_dsl_op op, const char *arg)
{
    cortex_dsl_node *n = parse_ok(text);
    node_is(n, op, arg, NULL, 0, 0);
    cortex_dsl_free(n);
}

START_TEST(test_query_dsl_parses_each_leaf_form)
{
    leaf("(grep \"TODO: fix\")", CORTEX_DSL_GREP, "TODO: fix");
    leaf("(code \"Store.open\")", CORTEX_DSL_CODE, "Store.open");
    leaf("(definition \"main\")", CORTEX_DSL_DEFINITION, "main");
    leaf("(references \"cortex_buf_add\")", CORTEX_DSL_REFERENCES, "cortex_buf_add");
    leaf("(section \"Getting started\")", CORTEX_DSL_SECTION, "Getting started");
    leaf("(file \"core/tools/query_dsl.c\")", CORTEX_DSL_FILE, "core/tools/query_dsl.c");
    leaf("(children \"Parser\")", CORTEX_DSL_CHILDREN, "Parser");

    cortex_dsl_node *n = parse_ok("(children-named \"Parser\" \"parse\")");
    node_is(n, CORTEX_DSL_CHILDREN_NAMED, "Parser", "parse", 0, 0);
    cortex_dsl_free(n);
}
END_TEST

START_TEST(test_query_dsl_parses_compound_forms)
{
    cortex_dsl_node *n = parse_ok("(in-file \"src/**/*.c\" (definition \"main\"))");
    node_is(n, CORTEX_DSL_IN_FILE, "src/**/*.c", NULL, 0, 1);
    node_is(n->kids[0], CORTEX_DSL_DEFINITION, "main", NULL, 0, 0);
    cortex_dsl_free(n);

    n = parse_ok("(union (grep \"a\"))");
    node_is(n, CORTEX_DSL_UNION, NULL, NULL, 0, 1);
    node_is(n->kids[0], CORTEX_DSL_GREP, "a", NULL, 0, 0);
    cortex_dsl_free(n);

    n = parse_ok("(union (grep \"a\") (code \"b\") (file \"c\"))");
    node_is(n, CORTEX_DSL_UNION, NULL, NULL, 0, 3);
    node_is(n->kids[0], CORTEX_DSL_GREP, "a", NULL, 0, 0);
    node_is(n->kids[1], CORTEX_DSL_CODE, "b", NULL, 0, 0);
    node_is(n->kids[2], CORTEX_DSL_FILE, "c", NULL, 0, 0);
    cortex_dsl_free(n);

    n = parse_ok("(intersect (section \"Usage\"))");
    node_is(n, CORTEX_DSL_INTERSECT, NULL, NULL, 0, 1);
    node_is(n->kids[0], CORTEX_DSL_SECTION, "Usage", NULL, 0, 0);
    cortex_dsl_free(n);

    n = parse_ok("(intersect (references \"open\") (in-file \"*.py\" (code \"os\")))");
    node_is(n, CORTEX_DSL_INTERSECT, NULL, NULL, 0, 2);
    node_is(n->kids[0], CORTEX_DSL_REFERENCES, "open", NULL, 0, 0);
    node_is(n->kids[1], CORTEX_DSL_IN_FILE, "*.py", NULL, 0, 1);
    node_is(n->kids[1]->kids[0], CORTEX_DSL_CODE, "os", NULL, 0, 0);
    cortex_dsl_free(n);

    n = parse_ok("(limit 25 (grep \"x\"))");
    node_is(n, CORTEX_DSL_LIMIT, NULL, NULL, 25, 1);
    node_is(n->kids[0], CORTEX_DSL_GREP, "x", NULL, 0, 0);
    cortex_dsl_free(n);

    n = parse_ok("(limit 10 (intersect (in-file \"lib/*\" (references \"open\"))"
                 " (union (section \"Intro\") (children \"Foo\") (children-named \"Foo\" \"bar\"))))");
    node_is(n, CORTEX_DSL_LIMIT, NULL, NULL, 10, 1);
    const cortex_dsl_node *i = n->kids[0];
    node_is(i, CORTEX_DSL_INTERSECT, NULL, NULL, 0, 2);
    node_is(i->kids[0], CORTEX_DSL_IN_FILE, "lib/*", NULL, 0, 1);
    node_is(i->kids[0]->kids[0], CORTEX_DSL_REFERENCES, "open", NULL, 0, 0);
    const cortex_dsl_node *u = i->kids[1];
    node_is(u, CORTEX_DSL_UNION, NULL, NULL, 0, 3);
    node_is(u->kids[0], CORTEX_DSL_SECTION, "Intro", NULL, 0, 0);
    node_is(u->kids[1], CORTEX_DSL_CHILDREN, "Foo", NULL, 0, 0);
    node_is(u->kids[2], CORTEX_DSL_CHILDREN_NAMED, "Foo", "bar", 0, 0);
    cortex_dsl_free(n);
}
END_TEST

START_TEST(test_query_dsl_limit_takes_1_to_100000)
{
    cortex_dsl_node *n = parse_ok("(limit 1 (grep \"a\"))");
    ck_assert_int_eq(n->limit, 1);
    cortex_dsl_free(n);
    n = parse_ok("(limit 100000 (grep \"a\"))");
    ck_assert_int_eq(n->limit, 100000);
    cortex_dsl_free(n);
    n = parse_ok("(limit 007 (grep \"a\"))"); /* still a decimal integer */
    ck_assert_int_eq(n->limit, 7);
    cortex_dsl_free(n);

    fails_with("(limit 0 (grep \"a\"))", "query offset 7: expected an integer from 1 to 100000, found '0'");
    fails_with("(limit 100001 (grep \"a\"))", "query offset 7: expected an integer from 1 to 100000, found '100001'");
    fails_with("(limit -1 (grep \"a\"))", "query offset 7: expected an integer from 1 to 100000, found '-1'");
    fails_with("(limit +1 (grep \"a\"))", "query offset 7: expected an integer from 1 to 100000, found '+1'");
    fails_with("(limit 1.5 (grep \"a\"))", "query offset 7: expected an integer from 1 to 100000, found '1.5'");
    fails_with("(limit 0x10 (grep \"a\"))", "query offset 7: expected an integer from 1 to 100000, found '0x10'");
    /* far past int64: no overflow, the token cut to 20 bytes in the message */
    fails_with("(limit 99999999999999999999999 (grep \"a\"))",
               "query offset 7: expected an integer from 1 to 100000, found '99999999999999999...'");
    fails_with("(limit \"5\" (grep \"a\"))", "query offset 7: expected an integer from 1 to 100000, found '\"5\"'");
    fails_with("(limit (grep \"a\"))", "query offset 7: expected an integer from 1 to 100000, found '('");
    fails_with("(limit", "query offset 6: expected an integer from 1 to 100000, found end of query");
}
END_TEST

START_TEST(test_query_dsl_unescapes_strings)
{
    leaf("(grep \"say \\\"hi\\\" \\\\ done\")", CORTEX_DSL_GREP, "say \"hi\" \\ done");
    leaf("(grep \"\\\\\")", CORTEX_DSL_GREP, "\\");
    leaf("(grep \"\\\"\")", CORTEX_DSL_GREP, "\"");
    leaf("(grep \"\\\\\\\"\")", CORTEX_DSL_GREP, "\\\"");
    leaf("(grep \"\")", CORTEX_DSL_GREP, "");
    leaf("(grep \"line one\nline two\")", CORTEX_DSL_GREP, "line one\nline two"); /* a raw newline */
    leaf("(grep \"tab\there\")", CORTEX_DSL_GREP, "tab\there");
    leaf("(section \"Caf\xc3\xa9 \xe2\x86\x92 menu\")", CORTEX_DSL_SECTION, "Caf\xc3\xa9 \xe2\x86\x92 menu");
    leaf("(grep \"(not) a (form)\")", CORTEX_DSL_GREP, "(not) a (form)");
    leaf("(grep \"  padded  \")", CORTEX_DSL_GREP, "  padded  ");

    cortex_dsl_node *n = parse_ok("(children-named \"a\\\\b\" \"c\\\"d\")");
    node_is(n, CORTEX_DSL_CHILDREN_NAMED, "a\\b", "c\"d", 0, 0);
    cortex_dsl_free(n);
}
END_TEST

START_TEST(test_query_dsl_takes_white_space_anywhere)
{
    cortex_dsl_node *n = parse_ok(" \t\n( \r\n grep\f\v\"x\"\n)\n\t ");
    node_is(n, CORTEX_DSL_GREP, "x", NULL, 0, 0);
    cortex_dsl_free(n);

    n = parse_ok("\n(\n  limit\n  3\n  (\n    union\n      (code \"a\")\n      (file \"b\")\n  )\n)\n");
    node_is(n, CORTEX_DSL_LIMIT, NULL, NULL, 3, 1);
    node_is(n->kids[0], CORTEX_DSL_UNION, NULL, NULL, 0, 2);
    node_is(n->kids[0]->kids[0], CORTEX_DSL_CODE, "a", NULL, 0, 0);
    node_is(n->kids[0]->kids[1], CORTEX_DSL_FILE, "b", NULL, 0, 0);
    cortex_dsl_free(n);

    /* and none where a parenthesis or a quote already separates */
    n = parse_ok("(union(grep\"a\")(limit 2(children-named\"P\"\"c\"))(in-file\"g\"(code\"b\")))");
    node_is(n, CORTEX_DSL_UNION, NULL, NULL, 0, 3);
    node_is(n->kids[0], CORTEX_DSL_GREP, "a", NULL, 0, 0);
    node_is(n->kids[1], CORTEX_DSL_LIMIT, NULL, NULL, 2, 1);
    node_is(n->kids[1]->kids[0], CORTEX_DSL_CHILDREN_NAMED, "P", "c", 0, 0);
    node_is(n->kids[2], CORTEX_DSL_IN_FILE, "g", NULL, 0, 1);
    node_is(n->kids[2]->kids[0], CORTEX_DSL_CODE, "b", NULL, 0, 0);
    cortex_dsl_free(n);

    /* a word ends at white space or a delimiter only: "limit5" is not a form */
    fails_with("(limit5 (grep \"a\"))", "query offset 1: expected " FORM_NAMES ", found 'limit5'");
}
END_TEST

/* `levels` expressions nested: (union (union ... (grep "a") ...)) */
static char *nested(int levels)
{
    char *s = malloc((size_t)levels * 8 + 16), *o = s;
    for (int i = 1; i < levels; i++) o += strlen(strcpy(o, "(union "));
    o += strlen(strcpy(o, "(grep \"a\")"));
    for (int i = 1; i < levels; i++) *o++ = ')';
    *o = '\0';
    return s;
}

START_TEST(test_query_dsl_nests_64_deep_and_no_deeper)
{
    char *text = nested(64);
    cortex_dsl_node *n = parse_ok(text), *k = n;
    for (int i = 1; i < 64; i++) {
        node_is(k, CORTEX_DSL_UNION, NULL, NULL, 0, 1);
        k = k->kids[0];
    }
    node_is(k, CORTEX_DSL_GREP, "a", NULL, 0, 0);
    cortex_dsl_free(n);
    free(text);

    /* the 65th '(' is refused where it stands: 64 "(union " before it */
    text = nested(65);
    fails_with(text, "query offset 448: expected at most 64 nested expressions, found '('");
    free(text);

    /* a deep refusal frees every level above it (ASan's leak check) */
    text = nested(1000);
    fails_with(text, "query offset 448: expected at most 64 nested expressions, found '('");
    free(text);
}
END_TEST

START_TEST(test_query_dsl_refuses_what_is_not_one_expression)
{
    fails_with("", "query offset 0: expected an expression '(', found end of query");
    fails_with("  \n ", "query offset 4: expected an expression '(', found end of query");
    fails_with(NULL, "query offset 0: expected an expression '(', found end of query");
    fails_with("grep \"a\"", "query offset 0: expected an expression '(', found 'grep'");
    fails_with(" \"a\"", "query offset 1: expected an expression '(', found '\"a\"'");
    fails_with(")", "query offset 0: expected an expression '(', found ')'");
    fails_with("(grep \"a\") x", "query offset 11: expected end of query, found 'x'");
    fails_with("(grep \"a\")(grep \"b\")", "query offset 10: expected end of query, found '('");
    fails_with("(grep \"a\"))", "query offset 10: expected end of query, found ')'");
    fails_with("(grep \"a\")\n\"tail\"", "query offset 11: expected end of query, found '\"tail\"'");
    fails_with("(grep \"a\"", "query offset 9: expected ')', found end of query");
}
END_TEST

START_TEST(test_query_dsl_refuses_unknown_forms)
{
    fails_with("(grepx \"a\")", "query offset 1: expected " FORM_NAMES ", found 'grepx'");
    fails_with("(GREP \"a\")", "query offset 1: expected " FORM_NAMES ", found 'GREP'");
    fails_with("(children_named \"a\" \"b\")", "query offset 1: expected " FORM_NAMES ", found 'children_named'");
    fails_with("()", "query offset 1: expected " FORM_NAMES ", found ')'");
    fails_with("( \"grep\" \"a\")", "query offset 2: expected " FORM_NAMES ", found '\"grep\"'");
    fails_with("((grep \"a\"))", "query offset 1: expected " FORM_NAMES ", found '('");
    fails_with("(", "query offset 1: expected " FORM_NAMES ", found end of query");
    fails_with("(\n", "query offset 2: expected " FORM_NAMES ", found end of query");
}
END_TEST

START_TEST(test_query_dsl_refuses_wrong_arguments)
{
    fails_with("(grep)", "query offset 5: expected a string, found ')'");
    fails_with("(grep foo)", "query offset 6: expected a string, found 'foo'");
    fails_with("(grep (code \"a\"))", "query offset 6: expected a string, found '('");
    fails_with("(grep \"a\" \"b\")", "query offset 10: expected ')', found '\"b\"'");
    fails_with("(file \"a\" (grep \"b\"))", "query offset 10: expected ')', found '('");
    fails_with("(children-named \"a\")", "query offset 19: expected a string, found ')'");
    fails_with("(children-named \"a\" \"b\" \"c\")", "query offset 24: expected ')', found '\"c\"'");
    fails_with("(union)", "query offset 6: expected an expression '(', found ')'");
    fails_with("(intersect \"a\")", "query offset 11: expected an expression '(', found '\"a\"'");
    fails_with("(union (grep \"a\") \"b\")", "query offset 18: expected an expression '(' or ')', found '\"b\"'");
    fails_with("(union (grep \"a\")", "query offset 17: expected an expression '(' or ')', found end of query");
    fails_with("(in-file \"*.c\")", "query offset 14: expected an expression '(', found ')'");
    fails_with("(in-file (grep \"a\"))", "query offset 9: expected a string, found '('");
    fails_with("(in-file \"g\" (grep \"a\") (grep \"b\"))", "query offset 24: expected ')', found '('");
    fails_with("(limit 5)", "query offset 8: expected an expression '(', found ')'");
    fails_with("(limit 5 grep)", "query offset 9: expected an expression '(', found 'grep'");
    fails_with("(limit 5 (grep \"a\") (grep \"b\"))", "query offset 20: expected ')', found '('");
    /* a fault inside a kid is reported where it is, and the kids before it are freed */
    fails_with("(union (grep \"a\") (code \"b\") (file))", "query offset 34: expected a string, found ')'");
}
END_TEST

START_TEST(test_query_dsl_refuses_bad_strings)
{
    fails_with("(grep \"abc", "query offset 10: expected a closing '\"', found end of query");
    fails_with("(grep \"abc\\\")", "query offset 13: expected a closing '\"', found end of query");
    fails_with("(grep \"a\\nb\")", "query offset 8: expected " ESCAPE ", found '\\n'");
    fails_with("(grep \"a\\tb\")", "query offset 8: expected " ESCAPE ", found '\\t'");
    fails_with("(grep \"a\\'b\")", "query offset 8: expected " ESCAPE ", found '\\''");
    fails_with("(grep \"\\\xc3\xa9\")", "query offset 7: expected " ESCAPE ", found '\\\xc3\xa9'");
    fails_with("(grep \"\\\n\")", "query offset 7: expected " ESCAPE ", found '\\\\n'"); /* raw newline shown escaped */
    fails_with("(grep \"a\\", "query offset 9: expected " ESCAPE ", found end of query");
    /* the first string is fine, the second's fault is reported and the first freed */
    fails_with("(children-named \"a\" \"b\\x\")", "query offset 22: expected " ESCAPE ", found '\\x'");
}
END_TEST

START_TEST(test_query_dsl_shows_found_tokens_short_and_printable)
{
    /* at most 20 bytes: 17 and "..." when longer */
    fails_with("(aaaaaaaaaaaaaaaaaaaa \"x\")", "query offset 1: expected " FORM_NAMES ", found 'aaaaaaaaaaaaaaaaaaaa'");
    fails_with("(aaaaaaaaaaaaaaaaaaaaa \"x\")",
               "query offset 1: expected " FORM_NAMES ", found 'aaaaaaaaaaaaaaaaa...'");
    fails_with("(union \"a long string argument where a query goes\")",
               "query offset 7: expected an expression '(', found '\"a long string ar...'");
    /* never cut inside a character: 11 two-byte characters keep 8 */
    fails_with("(\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 \"x\")",
               "query offset 1: expected " FORM_NAMES ", found '\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3"
               "\xa9\xc3\xa9...'");
    /* control bytes and bytes that are not UTF-8 escaped, so the message is one valid line */
    fails_with("(gr\x01p \"a\")", "query offset 1: expected " FORM_NAMES ", found 'gr\\x01p'");
    fails_with("(\xff\xc3 \"a\")", "query offset 1: expected " FORM_NAMES ", found '\\xff\\xc3'");
    fails_with("(\xed\xa0\x80 \"a\")", "query offset 1: expected " FORM_NAMES ", found '\\xed\\xa0\\x80'");
    fails_with("(union \"two\nlines\")", "query offset 7: expected an expression '(', found '\"two\\nlines\"'");
    /* an unterminated string is shown up to the end */
    fails_with("(union \"open", "query offset 7: expected an expression '(', found '\"open'");
}
END_TEST

START_TEST(test_query_dsl_takes_at_most_64_kib)
{
    /* exactly 65536 bytes: (grep "aaa...") */
    char *text = malloc(65536 + 64);
    memcpy(text, "(grep \"", 7);
    memset(text + 7, 'a', 65536 - 9);
    memcpy(text + 65536 - 2, "\")", 3);
    ck_assert_uint_eq(strlen(text), 65536);
    cortex_dsl_node *n = parse_ok(text);
    ck_assert_uint_eq(strlen(n->arg[0]), 65536 - 9);
    cortex_dsl_free(n);

    /* one byte more is refused at the first byte past the limit */
    memcpy(text + 65536 - 2, "\" )", 4);
    fails_with(text, "query offset 65536: expected end of query (at most 65536 bytes), found ')'");
    memset(text + 65536 - 2, ' ', 40);
    memcpy(text + 65536, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", 38);
    fails_with(text, "query offset 65536: expected end of query (at most 65536 bytes), found 'bbbbbbbbbbbbbbbbb...'");
    free(text);
}
END_TEST

START_TEST(test_query_dsl_names_each_op)
{
    static const char *names[] = {"grep",     "code",           "definition", "references", "section",   "file",
                                  "children", "children-named", "in-file",    "union",      "intersect", "limit"};
    ck_assert_int_eq(CORTEX_DSL_LIMIT + 1, sizeof names / sizeof names[0]);
    for (int op = CORTEX_DSL_GREP; op <= CORTEX_DSL_LIMIT; op++)
        ck_assert_str_eq(cortex_dsl_op_name((cortex_dsl_op)op), names[op]);
    ck_assert_str_eq(cortex_dsl_op_name((cortex_dsl_op)(CORTEX_DSL_LIMIT + 1)), "unknown");
    ck_assert_str_eq(cortex_dsl_op_name((cortex_dsl_op)-1), "unknown");
    cortex_dsl_free(NULL);
}
END_TEST

static Suite *query_dsl_suite(void)
{
    Suite *s = suite_create("query_dsl");
    TCase *tc = tcase_create("query_dsl");
    tcase_add_test(tc, test_query_dsl_parses_each_leaf_form);
    tcase_add_test(tc, test_query_dsl_parses_compound_forms);
    tcase_add_test(tc, test_query_dsl_limit_takes_1_to_100000);
    tcase_add_test(tc, test_query_dsl_unescapes_strings);
    tcase_add_test(tc, test_query_dsl_takes_white_space_anywhere);
    tcase_add_test(tc, test_query_dsl_nests_64_deep_and_no_deeper);
    tcase_add_test(tc, test_query_dsl_refuses_what_is_not_one_expression);
    tcase_add_test(tc, test_query_dsl_refuses_unknown_forms);
    tcase_add_test(tc, test_query_dsl_refuses_wrong_arguments);
    tcase_add_test(tc, test_query_dsl_refuses_bad_strings);
    tcase_add_test(tc, test_query_dsl_shows_found_tokens_short_and_printable);
    tcase_add_test(tc, test_query_dsl_takes_at_most_64_kib);
    tcase_add_test(tc, test_query_dsl_names_each_op);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(query_dsl_suite());
}
