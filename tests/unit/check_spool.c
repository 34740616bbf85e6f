/* The spool (core/store/spool.h): rows read back in id order, whether they
 * came in order or not, whatever their size, with their NULL and empty
 * columns, and with a run size small enough that many runs are merged. */
#define _DEFAULT_SOURCE /* mkstemp */
#include "../../core/store/spool.h"
#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct row {
    int64_t id;
    char *col[2]; /* NULL: SQL NULL */
} row;

static int by_id(const void *a, const void *b)
{
    int64_t x = ((const row *)a)->id, y = ((const row *)b)->id;
    return (x > y) - (x < y);
}

static char *text_of(size_t len, unsigned seed)
{
    char *t = malloc(len + 1);
    for (size_t i = 0; i < len; i++) t[i] = (char)('a' + (seed + i * 7) % 26);
    t[len] = '\0';
    return t;
}

/* Spools `rows` in the order given, reads them back and checks they come
 * sorted by id with their columns intact; twice, to check a rewind. */
static void check_round_trip(row *rows, size_t n, size_t run_bytes)
{
    char path[] = "/tmp/cortex-spool-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    cortex_spool *s = NULL;
    ck_assert_int_eq(cortex_spool_open(&s, path, 2, run_bytes), 0);
    ck_assert_int_ne(access(path, F_OK), 0); /* unlinked at once */
    for (size_t i = 0; i < n; i++) cortex_spool_add(s, rows[i].id, (const char *const *)rows[i].col);
    ck_assert_int_eq(cortex_spool_flush(s), 0);
    ck_assert_uint_eq(cortex_spool_rows(s), n);
    qsort(rows, n, sizeof *rows, by_id);
    for (int pass = 0; pass < 2; pass++) {
        ck_assert_int_eq(cortex_spool_rewind(s), 0);
        cortex_spool_row got;
        for (size_t i = 0; i < n; i++) {
            ck_assert_int_eq(cortex_spool_next(s, &got), 1);
            ck_assert_msg(got.id == rows[i].id, "row %zu: id %lld, expected %lld", i, (long long)got.id,
                          (long long)rows[i].id);
            for (int c = 0; c < 2; c++) {
                if (!rows[i].col[c]) {
                    ck_assert_ptr_null(got.col[c]);
                    continue;
                }
                ck_assert_ptr_nonnull(got.col[c]);
                ck_assert_uint_eq(got.len[c], strlen(rows[i].col[c]));
                ck_assert(memcmp(got.col[c], rows[i].col[c], got.len[c]) == 0);
            }
        }
        ck_assert_int_eq(cortex_spool_next(s, &got), 0);
    }
    cortex_spool_close(s);
}

static void free_rows(row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) free(rows[i].col[0]), free(rows[i].col[1]);
    free(rows);
}

/* n rows with distinct ids, shuffled or in order, some columns NULL or empty,
 * a few larger than the reader's buffer. */
static row *make_rows(size_t n, int shuffled, size_t big_every)
{
    row *rows = calloc(n, sizeof *rows);
    unsigned seed = 4242;
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        rows[i].id = (int64_t)i * 3 - 1000; /* negative ids too */
        size_t len = big_every && i % big_every == 1 ? (600u << 10) : (seed >> 16) % 90;
        rows[i].col[0] = i % 11 == 3 ? NULL : text_of(len, seed);
        rows[i].col[1] = i % 5 == 0 ? NULL : i % 5 == 1 ? text_of(0, 0) : text_of((seed >> 8) % 20, seed >> 3);
    }
    for (size_t i = n; shuffled && i > 1; i--) {
        seed = seed * 1103515245u + 12345u;
        size_t j = (seed >> 8) % i;
        row t = rows[i - 1];
        rows[i - 1] = rows[j];
        rows[j] = t;
    }
    return rows;
}

START_TEST(test_spool_rows_in_order_read_straight)
{
    row *rows = make_rows(5000, 0, 1500);
    check_round_trip(rows, 5000, 0);
    free_rows(rows, 5000);
}
END_TEST

START_TEST(test_spool_rows_out_of_order_merged_from_many_runs)
{
    row *rows = make_rows(20000, 1, 0);
    check_round_trip(rows, 20000, 4096); /* about 100 rows a run */
    free_rows(rows, 20000);
}
END_TEST

START_TEST(test_spool_rows_larger_than_a_run_or_a_buffer)
{
    row *rows = make_rows(3000, 1, 700);
    check_round_trip(rows, 3000, 64 << 10);
    free_rows(rows, 3000);
}
END_TEST

START_TEST(test_spool_a_repeated_id_is_kept_and_sorted)
{
    row rows[4] = {{7, {text_of(3, 1), NULL}}, {2, {text_of(4, 2), NULL}}, {7, {text_of(5, 3), NULL}}, {1, {NULL, NULL}}};
    char path[] = "/tmp/cortex-spool-XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    cortex_spool *s = NULL;
    ck_assert_int_eq(cortex_spool_open(&s, path, 2, 0), 0);
    for (size_t i = 0; i < 4; i++) cortex_spool_add(s, rows[i].id, (const char *const *)rows[i].col);
    ck_assert_int_eq(cortex_spool_flush(s), 0);
    ck_assert_int_eq(cortex_spool_rewind(s), 0);
    cortex_spool_row got;
    static const int64_t want[] = {1, 2, 7, 7};
    static const uint32_t want_len[] = {0, 4, 3, 5}; /* equal ids keep the order they came in */
    for (size_t i = 0; i < 4; i++) {
        ck_assert_int_eq(cortex_spool_next(s, &got), 1);
        ck_assert_int_eq(got.id, want[i]);
        ck_assert_uint_eq(got.len[0], want_len[i]);
    }
    ck_assert_int_eq(cortex_spool_next(s, &got), 0);
    cortex_spool_close(s);
    for (size_t i = 0; i < 4; i++) free(rows[i].col[0]);
}
END_TEST

START_TEST(test_spool_empty)
{
    char path[] = "/tmp/cortex-spool-XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    cortex_spool *s = NULL;
    ck_assert_int_eq(cortex_spool_open(&s, path, 1, 0), 0);
    ck_assert_int_eq(cortex_spool_flush(s), 0);
    ck_assert_int_eq(cortex_spool_rewind(s), 0);
    cortex_spool_row got;
    ck_assert_int_eq(cortex_spool_next(s, &got), 0);
    cortex_spool_close(s);
    cortex_spool_close(NULL);
    ck_assert_int_ne(cortex_spool_open(&s, path, 0, 0), 0); /* no columns */
    ck_assert_ptr_null(s);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spool");
    TCase *tc = tcase_create("spool");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_spool_rows_in_order_read_straight);
    tcase_add_test(tc, test_spool_rows_out_of_order_merged_from_many_runs);
    tcase_add_test(tc, test_spool_rows_larger_than_a_run_or_a_buffer);
    tcase_add_test(tc, test_spool_a_repeated_id_is_kept_and_sorted);
    tcase_add_test(tc, test_spool_empty);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
