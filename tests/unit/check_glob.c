/* Path globs (core/util/glob.c), as the search filter and the configuration
 * use them: **, *, ?, classes, a directory as a prefix. */
#include "util/glob.h"

#include "check_run.h"

#include <check.h>
#include <string.h>

START_TEST(test_glob_matches_stars_classes_and_directories)
{
    ck_assert(cortex_glob_match("src/**/*.py", "src/a/b/c.py"));
    ck_assert(cortex_glob_match("src/**/*.py", "src/c.py"));
    ck_assert(!cortex_glob_match("src/**/*.py", "lib/c.py"));
    ck_assert(cortex_glob_match("**/test_*.py", "a/test_x.py"));
    ck_assert(cortex_glob_match("**/test_*.py", "test_x.py"));
    ck_assert(!cortex_glob_match("*.py", "src/c.py"));
    ck_assert(cortex_glob_match("src/", "src/a/b.c"));
    ck_assert(cortex_glob_match("lib", "lib/point.c"));
    ck_assert(!cortex_glob_match("lib", "library/x.c"));
    ck_assert(cortex_glob_match("lib/point.[ch]", "lib/point.h"));
    ck_assert(!cortex_glob_match("lib/point.[!ch]", "lib/point.h"));
    ck_assert(cortex_glob_match("./lib/?oint.c", "lib/point.c"));
}
END_TEST

/* Backtracking over every star's stopping point took minutes here (issue 24);
 * the case's timeout fails it when matching is not linear. */
START_TEST(test_glob_many_stars_do_not_backtrack)
{
    char name[80], dirs[400] = "";
    memset(name, 'a', 60);
    strcpy(name + 60, ".py");
    ck_assert(!cortex_glob_match("*a*a*a*a*a*a*a*a*b", name));
    ck_assert(cortex_glob_match("*a*a*a*a*a*a*a*a*.py", name));
    for (int i = 0; i < 60; i++) strcat(dirs, "a/");
    strcat(dirs, "x.py");
    ck_assert(!cortex_glob_match("**/a/**/a/**/a/**/a/**/a/**/a/**/b", dirs));
    ck_assert(cortex_glob_match("**/a/**/a/**/a/**/a/**/a/**/a/**/x.py", dirs));
}
END_TEST

static Suite *glob_suite(void)
{
    Suite *s = suite_create("glob");
    TCase *tc = tcase_create("glob");
    tcase_add_test(tc, test_glob_matches_stars_classes_and_directories);
    tcase_add_test(tc, test_glob_many_stars_do_not_backtrack);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(glob_suite());
}
