/* Compiled plugin queries (core/plugin/query.c) against the real C grammar:
 * capture names mapped to roles, the text predicates tree-sitter leaves to
 * the host (#eq?, #match?, #any-of? and their negations, capture against
 * capture), the #set! properties, #strip!, and the load-time refusals. */
#include "plugin/query.h"
#include "util/error.h"
#include "util/mem.h"

#include "check_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

const TSLanguage *tree_sitter_c(void);

static const char source[] = "int main(void) { return helper(helper); }\n"
                             "int helper(int x) { return x; }\n"
                             "static int alpha(void) { return main(alpha); }\n";

/* The text of each match's @name (or the first capture) whose predicates
 * hold, space-separated, in match order; each after its pattern's source
 * index and a colon when the query was compiled from several. */
static char *matched_names(const cortex_compiled_query *q)
{
    TSParser *parser = ts_parser_new();
    ts_parser_set_language(parser, tree_sitter_c());
    TSTree *tree = ts_parser_parse_string(parser, NULL, source, (uint32_t)strlen(source));
    TSQueryCursor *cur = ts_query_cursor_new();
    ts_query_cursor_exec(cur, q->query, ts_tree_root_node(tree));
    cortex_buf out = {0};
    TSQueryMatch m;
    while (ts_query_cursor_next_match(cur, &m)) {
        if (!cortex_compiled_query_accepts(q, &m, source)) continue;
        TSNode node = m.captures[0].node;
        for (uint16_t i = 0; i < m.capture_count; i++)
            if (q->captures[m.captures[i].index].role == CORTEX_ROLE_NAME) node = m.captures[i].node;
        if (out.len) cortex_buf_putc(&out, ' ');
        if (q->pattern_source) cortex_buf_printf(&out, "%u:", q->pattern_source[m.pattern_index]);
        cortex_buf_add(&out, source + ts_node_start_byte(node), ts_node_end_byte(node) - ts_node_start_byte(node));
    }
    ts_query_cursor_delete(cur);
    ts_tree_delete(tree);
    ts_parser_delete(parser);
    char *s = cortex_xstrdup(out.data ? out.data : "");
    cortex_buf_free(&out);
    return s;
}

static char *accepted(const char *query_text)
{
    cortex_compiled_query q;
    ck_assert_msg(cortex_compiled_query_init(&q, tree_sitter_c(), "q", query_text) == 0, "%s", cortex_error_last());
    char *s = matched_names(&q);
    cortex_compiled_query_dispose(&q);
    return s;
}

static void expect_accepted(const char *query_text, const char *want)
{
    char *got = accepted(query_text);
    ck_assert_str_eq(got, want);
    free(got);
}

/* A refused query: the exact message. */
static void expect_refused(const char *query_text, const char *message)
{
    cortex_compiled_query q;
    ck_assert_int_eq(cortex_compiled_query_init(&q, tree_sitter_c(), "q", query_text), CORTEX_EINVALID);
    ck_assert_str_eq(cortex_error_last(), message);
    ck_assert_ptr_null(q.query);
}

#define FUNCTION                                                                                                       \
    "(function_definition declarator: (function_declarator declarator: (identifier) @name)) @definition.function"

START_TEST(test_query_captures_map_to_roles_and_kinds)
{
    cortex_compiled_query q;
    ck_assert_int_eq(cortex_compiled_query_init(&q, tree_sitter_c(), "tags",
                                                "(" FUNCTION
                                                ")\n(call_expression function: (identifier) @reference.call) @_call\n"
                                                "(comment) @text.comment"),
                     0);
    ck_assert_uint_eq(q.ncaptures, 5);
    ck_assert_uint_eq(q.npatterns, 3);
    int seen = 0;
    for (uint32_t i = 0; i < q.ncaptures; i++) {
        uint32_t len;
        const char *name = ts_query_capture_name_for_id(q.query, i, &len);
        const cortex_capture_info *c = &q.captures[i];
        if (strncmp(name, "definition.function", len) == 0) {
            ck_assert_int_eq(c->role, CORTEX_ROLE_DEFINITION);
            ck_assert_str_eq(c->kind, "function");
            seen |= 1;
        } else if (strncmp(name, "name", len) == 0) {
            ck_assert_int_eq(c->role, CORTEX_ROLE_NAME);
            ck_assert_ptr_null(c->kind);
            seen |= 2;
        } else if (strncmp(name, "reference.call", len) == 0) {
            ck_assert_int_eq(c->role, CORTEX_ROLE_REFERENCE);
            ck_assert_str_eq(c->kind, "call");
            seen |= 4;
        } else if (strncmp(name, "_call", len) == 0) {
            ck_assert_int_eq(c->role, CORTEX_ROLE_IGNORE); /* a leading underscore: a helper capture */
            seen |= 8;
        } else {
            ck_assert_str_eq(c->kind, "comment");
            ck_assert_int_eq(c->role, CORTEX_ROLE_TEXT);
            seen |= 16;
        }
    }
    ck_assert_int_eq(seen, 31);
    cortex_compiled_query_dispose(&q);
}
END_TEST

START_TEST(test_query_without_predicates_accepts_every_match)
{
    expect_accepted("(" FUNCTION ")", "main helper alpha");
}
END_TEST

START_TEST(test_query_eq_and_not_eq_against_a_literal)
{
    expect_accepted("((" FUNCTION ") (#eq? @name \"helper\"))", "helper");
    expect_accepted("((" FUNCTION ") (#not-eq? @name \"helper\"))", "main alpha");
    expect_accepted("((" FUNCTION ") (#eq? @name \"help\"))", ""); /* whole text, not a prefix */
}
END_TEST

START_TEST(test_query_eq_between_two_captures)
{
    /* helper(helper) and alpha's main(alpha): the callee named again as the argument */
    expect_accepted("((call_expression function: (identifier) @name arguments: (argument_list (identifier) @qualifier))"
                    " (#eq? @name @qualifier))",
                    "helper");
    expect_accepted("((call_expression function: (identifier) @name arguments: (argument_list (identifier) @qualifier))"
                    " (#not-eq? @name @qualifier))",
                    "main");
}
END_TEST

START_TEST(test_query_match_and_not_match_use_extended_regexes)
{
    expect_accepted("((" FUNCTION ") (#match? @name \"^(he|al)\"))", "helper alpha");
    expect_accepted("((" FUNCTION ") (#not-match? @name \"a\"))", "helper");
    expect_accepted("((" FUNCTION ") (#match? @name \"^[a-z]+$\"))", "main helper alpha");
}
END_TEST

START_TEST(test_query_any_of_and_not_any_of)
{
    expect_accepted("((" FUNCTION ") (#any-of? @name \"alpha\" \"main\" \"zeta\"))", "main alpha");
    expect_accepted("((" FUNCTION ") (#not-any-of? @name \"alpha\" \"main\"))", "helper");
}
END_TEST

START_TEST(test_query_predicates_of_one_pattern_all_hold)
{
    expect_accepted("((" FUNCTION ") (#match? @name \"a\") (#not-eq? @name \"alpha\"))", "main");
}
END_TEST

START_TEST(test_query_set_properties_are_kept_per_pattern)
{
    cortex_compiled_query q;
    ck_assert_int_eq(
        cortex_compiled_query_init(&q, tree_sitter_c(), "q",
                                   "((" FUNCTION ") (#set! origin \"system\") (#set! visibility \"public\")"
                                   " (#set! separator \"::\") (#set! level \"3\") (#set! container \"no\"))\n"
                                   "(" FUNCTION ")"),
        0);
    ck_assert_uint_eq(q.npatterns, 2);
    const cortex_pattern_info *a = &q.patterns[0], *b = &q.patterns[1];
    ck_assert_str_eq(a->origin, "system");
    ck_assert_str_eq(a->visibility, "public");
    ck_assert_str_eq(a->separator, "::");
    ck_assert_uint_eq(a->level, 3);
    ck_assert_int_eq(a->not_container, 1);
    ck_assert_uint_eq(a->npreds, 0); /* #set! is a property, not a test */
    ck_assert_ptr_null(b->origin);
    ck_assert_ptr_null(b->visibility);
    ck_assert_ptr_null(b->separator);
    ck_assert_uint_eq(b->level, 0);
    ck_assert_int_eq(b->not_container, 0);
    ck_assert_int_eq(b->strip_capture, -1);
    cortex_compiled_query_dispose(&q);
}
END_TEST

START_TEST(test_query_strip_removes_the_first_match_from_its_capture_only)
{
    cortex_compiled_query q;
    ck_assert_int_eq(
        cortex_compiled_query_init(&q, tree_sitter_c(), "q",
                                   "((comment) @doc (#strip! @doc \"^//+ ?\"))\n((comment) @text.comment)"),
        0);
    uint32_t doc = 0;
    while (q.captures[doc].role != CORTEX_ROLE_DOC) doc++;
    ck_assert_int_eq(q.patterns[0].strip_capture, (int32_t)doc);
    char text[] = "/// three slashes // and more";
    cortex_compiled_query_strip(&q, 0, doc, text);
    ck_assert_str_eq(text, "three slashes // and more");
    char other[] = "// kept";
    cortex_compiled_query_strip(&q, 0, doc + 1, other); /* another capture of the pattern */
    ck_assert_str_eq(other, "// kept");
    cortex_compiled_query_strip(&q, 1, doc, other); /* a pattern without #strip! */
    ck_assert_str_eq(other, "// kept");
    char none[] = "no slashes";
    cortex_compiled_query_strip(&q, 0, doc, none);
    ck_assert_str_eq(none, "no slashes");
    cortex_compiled_query_dispose(&q);
}
END_TEST

/* Several sources compiled as one: each pattern keeps its source, a capture
 * name two sources share is one capture, a predicate holds as in its own
 * source, and a fault is named in the failing source's own terms. */
START_TEST(test_query_sources_compile_as_one)
{
    static const cortex_query sources[] = {
        {"tags", "(function_definition declarator: (function_declarator declarator: (identifier) @name)) @definition.function\n"
                 "; a comment on the last line"},
        {"calls", "((call_expression function: (identifier) @name) @reference.call (#eq? @name \"helper\"))"},
        {"texts", "(comment) @text.comment"},
    };
    cortex_compiled_query q;
    ck_assert_msg(cortex_compiled_query_init_many(&q, tree_sitter_c(), sources, 3) == 0, "%s", cortex_error_last());
    ck_assert_uint_eq(q.nsources, 3);
    ck_assert_uint_eq(q.npatterns, 3);
    for (uint32_t p = 0; p < 3; p++) ck_assert_uint_eq(q.pattern_source[p], p);
    char *names = matched_names(&q);
    /* the calls of `main` (line 3) are refused by calls' own #eq?; comments: none */
    ck_assert_str_eq(names, "0:main 1:helper 0:helper 0:alpha");
    free(names);
    cortex_compiled_query_dispose(&q);

    static const cortex_query broken[] = {{"tags", "(comment) @name"}, {"calls", "(comment) @name\n (no_such_node) @name"}};
    ck_assert_int_eq(cortex_compiled_query_init_many(&q, tree_sitter_c(), broken, 2), CORTEX_EINVALID);
    ck_assert_str_eq(cortex_error_last(), "query 'calls' does not compile: unknown node type at 2:3");
}
END_TEST

START_TEST(test_query_refusals_name_the_query_pattern_and_fault)
{
    expect_refused("(function_definition) @definition",
                   "query 'q': unknown capture @definition (see the capture names in cortex/plugin.h)");
    expect_refused("(function_definition) @nme",
                   "query 'q': unknown capture @nme (see the capture names in cortex/plugin.h)");
    expect_refused("(no_such_node) @name", "query 'q' does not compile: unknown node type at 1:2");
    expect_refused("(comment) @name\n((comment) @name (#frob? @name \"x\"))",
                   "query 'q' pattern 1: unsupported predicate #frob?");
    expect_refused(
        "((comment) @name (#set! colour \"red\"))",
        "query 'q' pattern 0: unknown #set! key 'colour' (known: origin, visibility, alias, level, container, separator)");
    expect_refused("((comment) @name (#set! level \"0\"))",
                   "query 'q' pattern 0: #set! level takes a number from 1 to 64");
    expect_refused("((comment) @name (#set! level \"65\"))",
                   "query 'q' pattern 0: #set! level takes a number from 1 to 64");
    expect_refused("((comment) @name (#set! container \"maybe\"))",
                   "query 'q' pattern 0: #set! container takes \"yes\" or \"no\"");
    expect_refused("((comment) @name (#eq? @name \"a\" \"b\"))",
                   "query 'q' pattern 0: #eq? takes exactly two arguments");
    expect_refused("((comment) @name (#strip! @name \"a\") (#strip! @name \"b\"))",
                   "query 'q' pattern 0: #strip! takes one capture and one regex, once per pattern");
    expect_refused("((comment) @name (#strip! @name \"(\"))", "query 'q' pattern 0: bad #strip! regular expression");
    cortex_compiled_query q;
    ck_assert_int_eq(cortex_compiled_query_init(&q, tree_sitter_c(), "q", "((comment) @name (#match? @name \"(\"))"),
                     CORTEX_EINVALID);
    const char *prefix = "query 'q' pattern 0: bad regular expression \"(\": ";
    ck_assert_msg(strncmp(cortex_error_last(), prefix, strlen(prefix)) == 0, "%s", cortex_error_last());
}
END_TEST

static Suite *query_suite(void)
{
    Suite *s = suite_create("query");
    TCase *tc = tcase_create("query");
    tcase_add_test(tc, test_query_captures_map_to_roles_and_kinds);
    tcase_add_test(tc, test_query_without_predicates_accepts_every_match);
    tcase_add_test(tc, test_query_eq_and_not_eq_against_a_literal);
    tcase_add_test(tc, test_query_eq_between_two_captures);
    tcase_add_test(tc, test_query_match_and_not_match_use_extended_regexes);
    tcase_add_test(tc, test_query_any_of_and_not_any_of);
    tcase_add_test(tc, test_query_predicates_of_one_pattern_all_hold);
    tcase_add_test(tc, test_query_set_properties_are_kept_per_pattern);
    tcase_add_test(tc, test_query_strip_removes_the_first_match_from_its_capture_only);
    tcase_add_test(tc, test_query_refusals_name_the_query_pattern_and_fault);
    tcase_add_test(tc, test_query_sources_compile_as_one);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(query_suite());
}
