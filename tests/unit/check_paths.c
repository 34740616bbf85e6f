#define _GNU_SOURCE /* mkdtemp, symlink, nftw */
/* Path arguments (core/tools/paths.c): normalised to root-relative form and
 * confined to the root, lexically. */
#include "tools/paths.h"
#include "util/beneath.h"

#include "check_run.h"
#include "check_scratch.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Every read of a repository file's content goes through one confined open:
 * no component a link, nothing but a regular file (issue 24). */
/* Run twice: through openat2, and (_i = 1) through the walk by components a
 * kernel without it gets. */
START_TEST(test_paths_open_beneath_follows_no_link_out)
{
    if (_i) setenv("CORTEX_NO_OPENAT2", "1", 1);
    else unsetenv("CORTEX_NO_OPENAT2");
    char root[] = "/tmp/cortex-check-beneath-XXXXXX", path[512], outside[512];
    ck_assert_ptr_nonnull(mkdtemp(root));
    snprintf(path, sizeof path, "%s/src", root);
    ck_assert_int_eq(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/src/a.py", root);
    FILE *f = fopen(path, "w");
    fputs("x = 1\n", f);
    fclose(f);
    snprintf(outside, sizeof outside, "%s.secret", root);
    f = fopen(outside, "w");
    fputs("secret\n", f);
    fclose(f);

    int fd = cortex_open_beneath(root, "src/a.py");
    ck_assert_int_ge(fd, 0);
    char buf[16] = "";
    ck_assert_int_eq(read(fd, buf, sizeof buf - 1), 6);
    ck_assert_str_eq(buf, "x = 1\n");
    close(fd);

    snprintf(path, sizeof path, "%s/src/b.py", root); /* a file, later replaced by a link out */
    ck_assert_int_eq(symlink(outside, path), 0);
    errno = 0;
    ck_assert_int_eq(cortex_open_beneath(root, "src/b.py"), -1);
    ck_assert_int_eq(errno, ELOOP);
    snprintf(path, sizeof path, "%s/lnk", root); /* a directory that is a link */
    snprintf(outside, sizeof outside, "%s/src", root);
    ck_assert_int_eq(symlink(outside, path), 0);
    errno = 0;
    ck_assert_int_eq(cortex_open_beneath(root, "lnk/a.py"), -1);
    ck_assert_int_eq(errno, ELOOP);
    ck_assert_int_eq(cortex_open_beneath(root, "../x"), -1);
    ck_assert_int_eq(cortex_open_beneath(root, "src/../src/a.py"), -1);
    ck_assert_int_eq(cortex_open_beneath(root, "src/a.py/"), -1);
    ck_assert_int_eq(cortex_open_beneath(root, "src/./a.py"), -1);
    /* doubled and leading slashes: still the repository's path */
    fd = cortex_open_beneath(root, "/src//a.py");
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(cortex_open_beneath(root, "src"), -1); /* not a regular file */
    snprintf(path, sizeof path, "%s/src/fifo", root);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    ck_assert_int_eq(cortex_open_beneath(root, "src/fifo"), -1); /* and not waited on */
    snprintf(outside, sizeof outside, "%s.secret", root);
    ck_assert_int_eq(unlink(outside), 0);
    ck_assert_int_eq(cortex_check_remove_tree(root), 0);
    unsetenv("CORTEX_NO_OPENAT2");
}
END_TEST

static Suite *paths_suite(void)
{
    Suite *s = suite_create("paths");
    TCase *tc = tcase_create("paths");
    tcase_add_test(tc, test_paths_resolve_normalises_and_confines);
    tcase_add_loop_test(tc, test_paths_open_beneath_follows_no_link_out, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(paths_suite());
}
