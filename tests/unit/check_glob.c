/* Path globs (core/util/glob.c), as the search filter and the configuration
 * use them: **, *, ?, classes, a directory as a prefix. */
#include "util/glob.h"

#include "check_run.h"

#include <check.h>

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

static Suite *glob_suite(void)
{
    Suite *s = suite_create("glob");
    TCase *tc = tcase_create("glob");
    tcase_add_test(tc, test_glob_matches_stars_classes_and_directories);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(glob_suite());
}
