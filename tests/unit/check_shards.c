/* Sharded JSONL output (core/sink/shards.c): the shard count for a number of
 * files, which counts an index may carry, which shard a path falls in, the
 * shard files' names, and one run that rewrites the shard holding a changed
 * path while the other is linked from the committed output unchanged. */
#define _GNU_SOURCE
#include "sink/shards.h"

#include "check_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

START_TEST(test_shards_count_is_a_power_of_two_for_the_files)
{
    ck_assert_uint_eq(cortex_shard_count(0, 200), 1);
    ck_assert_uint_eq(cortex_shard_count(200, 200), 1);
    ck_assert_uint_eq(cortex_shard_count(201, 200), 2);
    ck_assert_uint_eq(cortex_shard_count(400, 200), 2);
    ck_assert_uint_eq(cortex_shard_count(401, 200), 4);
    ck_assert_uint_eq(cortex_shard_count(100000, 200), 256); /* 512 wanted: capped */
    ck_assert_uint_eq(cortex_shard_count(100000, 0), 1);     /* sharding off */
}
END_TEST

START_TEST(test_shards_count_valid_only_for_counts_cortex_writes)
{
    ck_assert(cortex_shard_count_valid(1));
    ck_assert(cortex_shard_count_valid(2));
    ck_assert(cortex_shard_count_valid(64));
    ck_assert(cortex_shard_count_valid(256));
    ck_assert(!cortex_shard_count_valid(0));
    ck_assert(!cortex_shard_count_valid(-2));
    ck_assert(!cortex_shard_count_valid(3));
    ck_assert(!cortex_shard_count_valid(96));
    ck_assert(!cortex_shard_count_valid(512));
}
END_TEST

START_TEST(test_shards_of_a_path_is_its_hash_modulo_the_count)
{
    static const char *const paths[] = {"src/app.py", "lib/point.c", "README.md", "a", ""};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        uint64_t h = XXH3_64bits(paths[i], strlen(paths[i]));
        ck_assert_uint_eq(cortex_shard_of(paths[i], 1), 0);
        ck_assert_uint_eq(cortex_shard_of(paths[i], 2), h % 2);
        ck_assert_uint_eq(cortex_shard_of(paths[i], 16), h % 16);
        ck_assert_uint_eq(cortex_shard_of(paths[i], 256), h % 256);
    }
}
END_TEST

START_TEST(test_shards_file_names)
{
    char buf[256];
    cortex_shard_file(buf, sizeof buf, "/x/index", "symbols", 1, 0);
    ck_assert_str_eq(buf, "/x/index/symbols.jsonl");
    cortex_shard_file(buf, sizeof buf, "/x/index", "symbols", 2, 1);
    ck_assert_str_eq(buf, "/x/index/symbols/01.jsonl");
    cortex_shard_file(buf, sizeof buf, "/x/index", "refs", 256, 255);
    ck_assert_str_eq(buf, "/x/index/refs/ff.jsonl");
}
END_TEST

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s", path);
    char *data = calloc(1, 4096);
    size_t n = fread(data, 1, 4095, f);
    data[n] = '\0';
    fclose(f);
    return data;
}

/* Two paths in different shards of 2: find them among a few names. */
static void two_paths_in_two_shards(const char **a, const char **b)
{
    static const char *const names[] = {"a.py", "b.py", "c.py", "d.py", "e.py", "f.py", "g.py", "h.py"};
    *a = names[0];
    for (size_t i = 1; i < sizeof names / sizeof names[0]; i++)
        if (cortex_shard_of(names[i], 2) != cortex_shard_of(*a, 2)) {
            *b = names[i];
            if (strcmp(*a, *b) > 0) {
                const char *t = *a;
                *a = *b;
                *b = t;
            }
            return;
        }
    ck_abort_msg("all eight names in one shard");
}

START_TEST(test_shards_a_run_rewrites_the_changed_shard_and_links_the_other)
{
    char root[] = "/tmp/cortex-check-shards-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(root));
    char committed[512], staging[512], next[512], file[600], file2[600];
    snprintf(committed, sizeof committed, "%s/committed", root);
    snprintf(staging, sizeof staging, "%s/staging", root);
    snprintf(next, sizeof next, "%s/next", root);
    const char *a, *b;
    two_paths_in_two_shards(&a, &b);
    char la[64], lb[64], lb2[64];
    snprintf(la, sizeof la, "{\"path\":\"%s\"}\n", a);
    snprintf(lb, sizeof lb, "{\"path\":\"%s\"}\n", b);
    snprintf(lb2, sizeof lb2, "{\"path\":\"%s\",\"v\":2}\n", b);

    /* A first run, nothing to carry over: both paths written. */
    ck_assert_int_eq(cortex_shards_fresh_dir(staging), 0);
    cortex_sharded s;
    uint64_t lines = 0;
    ck_assert_int_eq(cortex_sharded_begin(&s, committed, staging, "symbols", 2, 0), 0);
    ck_assert_int_eq(cortex_sharded_change(&s, a), 0);
    ck_assert_int_eq(cortex_sharded_write(&s, a, la, strlen(la), 1), 0);
    ck_assert_int_eq(cortex_sharded_change(&s, b), 0);
    ck_assert_int_eq(cortex_sharded_write(&s, b, lb, strlen(lb), 1), 0);
    ck_assert_int_eq(cortex_sharded_commit(&s, 0, &lines), 0);
    cortex_sharded_dispose(&s);
    ck_assert_uint_eq(lines, 2);
    ck_assert_int_eq(rename(staging, committed), 0);

    /* The next run: a unchanged, b rewritten. */
    ck_assert_int_eq(cortex_shards_fresh_dir(next), 0);
    ck_assert_int_eq(cortex_sharded_begin(&s, committed, next, "symbols", 2, 2), 0);
    ck_assert_int_eq(cortex_sharded_keep(&s, a), 0);
    ck_assert_int_eq(cortex_sharded_change(&s, b), 0);
    ck_assert_int_eq(cortex_sharded_write(&s, b, lb2, strlen(lb2), 1), 0);
    ck_assert_int_eq(cortex_sharded_commit(&s, 2, &lines), 0);
    cortex_sharded_dispose(&s);
    ck_assert_uint_eq(lines, 2);

    struct stat old_st, new_st;
    cortex_shard_file(file, sizeof file, committed, "symbols", 2, cortex_shard_of(a, 2));
    cortex_shard_file(file2, sizeof file2, next, "symbols", 2, cortex_shard_of(a, 2));
    ck_assert_int_eq(stat(file, &old_st), 0);
    ck_assert_int_eq(stat(file2, &new_st), 0);
    ck_assert_uint_eq(old_st.st_ino, new_st.st_ino); /* linked, not copied */
    char *text = slurp(file2);
    ck_assert_str_eq(text, la);
    free(text);
    cortex_shard_file(file2, sizeof file2, next, "symbols", 2, cortex_shard_of(b, 2));
    text = slurp(file2);
    ck_assert_str_eq(text, lb2);
    free(text);

    cortex_shards_remove_dir(committed);
    cortex_shards_remove_dir(next);
    ck_assert_int_eq(rmdir(root), 0);
}
END_TEST

static Suite *shards_suite(void)
{
    Suite *s = suite_create("shards");
    TCase *tc = tcase_create("shards");
    tcase_add_test(tc, test_shards_count_is_a_power_of_two_for_the_files);
    tcase_add_test(tc, test_shards_count_valid_only_for_counts_cortex_writes);
    tcase_add_test(tc, test_shards_of_a_path_is_its_hash_modulo_the_count);
    tcase_add_test(tc, test_shards_file_names);
    tcase_add_test(tc, test_shards_a_run_rewrites_the_changed_shard_and_links_the_other);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(shards_suite());
}
