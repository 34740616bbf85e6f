/* Path arguments (core/tools/paths.c): normalised to root-relative form and
 * confined to the root, lexically. */
#include "tools/paths.h"

#include "check_run.h"

#include <check.h>

START_TEST(test_paths_resolve_normalises_and_confines)
{
    char out[4096];
    ck_assert_int_eq(cortex_path_resolve("/repo", "./src//a\\b.py", out, sizeof out), 0);
    ck_assert_str_eq(out, "src/a/b.py");
    ck_assert_int_eq(cortex_path_resolve("/repo", "src/../lib/x.c", out, sizeof out), 0);
    ck_assert_str_eq(out, "lib/x.c");
    ck_assert_int_eq(cortex_path_resolve("/repo", "/repo/lib", out, sizeof out), 0);
    ck_assert_str_eq(out, "lib");
    ck_assert_int_eq(cortex_path_resolve("/repo", "", out, sizeof out), 0);
    ck_assert_str_eq(out, "");
    ck_assert_int_lt(cortex_path_resolve("/repo", "src/../../x", out, sizeof out), 0);
    ck_assert_int_lt(cortex_path_resolve("/repo", "..\\x", out, sizeof out), 0);
    ck_assert_int_lt(cortex_path_resolve("/repo", "/repository/x", out, sizeof out), 0);
    ck_assert_int_lt(cortex_path_resolve("/repo", "/etc/passwd", out, sizeof out), 0);
}
END_TEST

static Suite *paths_suite(void)
{
    Suite *s = suite_create("paths");
    TCase *tc = tcase_create("paths");
    tcase_add_test(tc, test_paths_resolve_normalises_and_confines);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(paths_suite());
}
