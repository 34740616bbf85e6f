/* include_may_bind() (core/store/include_names.h): the names include binding
 * may change, answered the same whether each question searches
 * definition_names or the names were read whole into a set (past the
 * questions asked one by one). */
#include "../../core/store/include_names.h"
#include "check_run.h"

#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

/* member 3: file-local; 0 and 2: top-level and both; n: how many */
static const char rows_sql[] = "CREATE TABLE definition_names(lang TEXT NOT NULL, name TEXT NOT NULL, member INTEGER NOT NULL,"
                               " n INTEGER NOT NULL, id INTEGER, PRIMARY KEY (lang, name, member)) WITHOUT ROWID;"
                               "INSERT INTO definition_names VALUES"
                               " ('c', 'probe', 3, 40, NULL),"     /* file-local somewhere */
                               " ('c', 'probe', 0, 1, 7),"
                               " ('c', 'kfree', 0, 1, 8),"        /* one definition: bound by name */
                               " ('c', 'init', 0, 2, NULL),"      /* several */
                               " ('c', 'both', 2, 3, NULL),"      /* several, member 2 */
                               " ('c', 'member', 1, 5, NULL),"    /* a member's name: never by include */
                               " ('python', 'init', 0, 1, 9),"    /* one, in another language */
                               " ('python', 'local', 3, 1, 10);";

static const struct {
    const char *lang, *name;
    int may;
} questions[] = {
    {"c", "probe", 1},       {"c", "kfree", 0},        {"c", "init", 1},    {"c", "both", 1},
    {"c", "member", 0},      {"c", "missing", 0},      {"python", "init", 0}, {"python", "local", 1},
    {"go", "probe", 0},      {"c", "prob", 0},         {"c", "probes", 0},  {"python", "probe", 0},
};
#define NQUESTIONS (sizeof questions / sizeof questions[0])

static int ask(sqlite3 *db, const char *lang, const char *name)
{
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT include_may_bind(?1, ?2)", -1, &st, NULL), SQLITE_OK);
    sqlite3_bind_text(st, 1, lang, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    int answer = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return answer;
}

START_TEST(test_answers_the_same_searched_and_from_the_set)
{
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(":memory:", &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, rows_sql, NULL, NULL, NULL), SQLITE_OK);
    cortex_include_names *names;
    ck_assert_int_eq(cortex_include_names_begin(db, &names), 0);
    /* the first questions search the table */
    for (size_t i = 0; i < NQUESTIONS; i++)
        ck_assert_msg(ask(db, questions[i].lang, questions[i].name) == questions[i].may, "searched: %s %s",
                      questions[i].lang, questions[i].name);
    /* enough questions, in one statement, that the names are read whole */
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 300000)"
                                        " SELECT sum(include_may_bind('c', CASE i % 3 WHEN 0 THEN 'probe' WHEN 1 THEN"
                                        " 'kfree' ELSE 'x' || i END)) FROM k",
                                        -1, &st, NULL),
                     SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    ck_assert_int_eq(sqlite3_column_int(st, 0), 100000); /* every third is 'probe' */
    sqlite3_finalize(st);
    for (size_t i = 0; i < NQUESTIONS; i++)
        ck_assert_msg(ask(db, questions[i].lang, questions[i].name) == questions[i].may, "from the set: %s %s",
                      questions[i].lang, questions[i].name);
    /* NULL in, NULL out */
    ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT include_may_bind(NULL, 'probe') IS NULL", -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    ck_assert_int_eq(sqlite3_column_int(st, 0), 1);
    sqlite3_finalize(st);
    cortex_include_names_end(db, names);
    /* unregistered with its end */
    ck_assert_int_ne(sqlite3_prepare_v2(db, "SELECT include_may_bind('c', 'probe')", -1, &st, NULL), SQLITE_OK);
    cortex_include_names_end(db, NULL);
    sqlite3_close(db);
}
END_TEST

START_TEST(test_a_missing_table_is_an_error_not_an_answer)
{
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(":memory:", &db), SQLITE_OK);
    cortex_include_names *names;
    ck_assert_int_eq(cortex_include_names_begin(db, &names), 0);
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT include_may_bind('c', 'probe')", -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ERROR);
    ck_assert_ptr_nonnull(strstr(sqlite3_errmsg(db), "include_may_bind"));
    sqlite3_finalize(st);
    cortex_include_names_end(db, names);
    sqlite3_close(db);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("include_names");
    TCase *tc = tcase_create("include_names");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_answers_the_same_searched_and_from_the_set);
    tcase_add_test(tc, test_a_missing_table_is_an_error_not_an_answer);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
