/* Records: the deterministic sort (with parent/caller remapping), the stable
 * sort under it, and the JSON writer's escaping, which must always emit valid
 * UTF-8 JSON. */
#include "record/owners.h"
#include "record/record_json.h"
#include "record/records.h"

#include "check_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

START_TEST(test_records_sort_remaps_parents_and_callers)
{
    cortex_file_records r;
    memset(&r, 0, sizeof r);
    r.path = "x.py";
    cortex_symbol method = {.name = "A.m", .kind = "method", .line_start = 3, .line_end = 4, .col_start = 5,
                            .start_byte = 20, .end_byte = 40, .parent = 1};
    cortex_symbol cls = {.name = "A", .kind = "class", .line_start = 2, .line_end = 4, .col_start = 1,
                         .start_byte = 10, .end_byte = 40, .parent = -1};
    *CORTEX_PUSH(r.symbols, r.nsymbols, r.symbols_cap) = method;
    *CORTEX_PUSH(r.symbols, r.nsymbols, r.symbols_cap) = cls;
    cortex_reference ref = {.name = "f", .kind = "call", .line = 4, .col = 9, .caller = 0};
    *CORTEX_PUSH(r.refs, r.nrefs, r.refs_cap) = ref;
    cortex_sort_scratch scratch = {0};
    cortex_file_records_sort(&r, &scratch);
    cortex_sort_scratch_free(&scratch);
    ck_assert_str_eq(r.symbols[0].name, "A");
    ck_assert_int_eq(r.symbols[1].parent, 0);
    ck_assert_int_eq(r.refs[0].caller, 1);

    cortex_buf b = {0};
    cortex_json_symbol_line(&b, &r, &r.symbols[1], CORTEX_JSON_OWNER_NAMED, 1, NULL);
    cortex_json_reference_line(&b, &r, &r.refs[0], CORTEX_JSON_OWNER_NAMED, 1, NULL);
    ck_assert_str_eq(b.data, "{\"file\":\"x.py\",\"name\":\"A.m\",\"kind\":\"method\",\"line\":[3,4],\"col\":5,\"parent\":\"A\"}\n"
                             "{\"file\":\"x.py\",\"name\":\"f\",\"kind\":\"call\",\"line\":4,\"col\":9,\"caller\":\"A.m\"}\n");
    /* the JSONL leaves out the owners a reader derives from positions, and a call's kind */
    int32_t parents[2], callers[1];
    cortex_records_derive_owners(&r, parents, callers, NULL);
    ck_assert_int_eq(parents[0], -1);
    ck_assert_int_eq(parents[1], 0);
    ck_assert_int_eq(callers[0], 1);
    cortex_buf_clear(&b);
    cortex_json_symbol_line(&b, &r, &r.symbols[1], parents[1], 1, NULL);
    cortex_json_reference_line(&b, &r, &r.refs[0], callers[0], 1, NULL);
    ck_assert_str_eq(b.data, "{\"file\":\"x.py\",\"name\":\"A.m\",\"kind\":\"method\",\"line\":[3,4],\"col\":5}\n"
                             "{\"file\":\"x.py\",\"name\":\"f\",\"line\":4,\"col\":9}\n");
    /* where the extractor's owner differs it is named, or null when it has none */
    r.refs[0].caller = 0;
    cortex_buf_clear(&b);
    cortex_json_reference_line(&b, &r, &r.refs[0], callers[0], 1, NULL);
    ck_assert_str_eq(b.data, "{\"file\":\"x.py\",\"name\":\"f\",\"line\":4,\"col\":9,\"caller\":\"A\"}\n");
    r.refs[0].caller = -1;
    cortex_buf_clear(&b);
    cortex_json_reference_line(&b, &r, &r.refs[0], callers[0], 1, NULL);
    ck_assert_str_eq(b.data, "{\"file\":\"x.py\",\"name\":\"f\",\"line\":4,\"col\":9,\"caller\":null}\n");
    cortex_buf_free(&b);
    cortex_file_records_reset(&r);
}
END_TEST

START_TEST(test_records_json_escapes_and_repairs_utf8)
{
    cortex_buf b = {0};
    const char in[] = "q\"b\\n\n\t\x01 caf\xc3\xa9 bad\xff end \xe2\x82";
    cortex_json_string(&b, in, sizeof in - 1);
    ck_assert_str_eq(b.data, "\"q\\\"b\\\\n\\n\\t\\u0001 caf\xc3\xa9 bad\xef\xbf\xbd end \xef\xbf\xbd\xef\xbf\xbd\"");
    cortex_buf_free(&b);
}
END_TEST

/* cortex_sort against qsort with an explicit tiebreak: same order, ties
 * kept in input order, for short, long, sorted, reversed and tied inputs. */
typedef struct keyed {
    int key, seq;
    char pad[20]; /* an item bigger than a pointer, moved whole */
} keyed;

static int by_key(const void *pa, const void *pb)
{
    const keyed *a = pa, *b = pb;
    return (a->key > b->key) - (a->key < b->key);
}

static int by_key_then_seq(const void *pa, const void *pb)
{
    int c = by_key(pa, pb);
    if (c) return c;
    const keyed *a = pa, *b = pb;
    return (a->seq > b->seq) - (a->seq < b->seq);
}

START_TEST(test_sort_is_stable_and_orders_like_qsort)
{
    static const size_t sizes[] = {0, 1, 2, 3, 12, 13, 25, 100, 1000, 4099};
    cortex_sort_scratch scratch = {0};
    unsigned seed = 12345;
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++)
        for (int shape = 0; shape < 4; shape++) {
            size_t n = sizes[si];
            keyed *got = calloc(n + 1, sizeof *got), *want = calloc(n + 1, sizeof *want);
            for (size_t i = 0; i < n; i++) {
                seed = seed * 1103515245u + 12345u;
                int key = shape == 0 ? (int)(seed >> 16) % 7          /* many ties */
                          : shape == 1 ? (int)i                        /* sorted */
                          : shape == 2 ? (int)(n - i)                  /* reversed */
                                       : (int)((seed >> 8) % 100000); /* few ties */
                got[i] = (keyed){.key = key, .seq = (int)i};
                got[i].pad[i % sizeof got[i].pad] = (char)i;
                want[i] = got[i];
            }
            cortex_sort(got, n, sizeof *got, by_key, &scratch);
            qsort(want, n, sizeof *want, by_key_then_seq);
            ck_assert_msg(memcmp(got, want, n * sizeof *got) == 0, "n=%zu shape=%d", n, shape);
            free(got);
            free(want);
        }
    cortex_sort_scratch_free(&scratch);
}
END_TEST

static int by_key_then_seq_r(const void *pa, const void *pb, void *calls)
{
    ++*(size_t *)calls;
    return by_key_then_seq(pa, pb);
}

/* Every shape, including the ones a plain quicksort goes quadratic on (all
 * keys equal but for their order, sorted, reversed, organ pipe), sorted as
 * qsort sorts them, in at most a small multiple of n log n comparisons. */
START_TEST(test_sort_in_place_orders_like_qsort)
{
    static const size_t sizes[] = {0, 1, 2, 3, 16, 17, 33, 100, 1000, 20011};
    unsigned seed = 777;
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++)
        for (int shape = 0; shape < 5; shape++) {
            size_t n = sizes[si];
            keyed *got = calloc(n + 1, sizeof *got), *want = calloc(n + 1, sizeof *want);
            for (size_t i = 0; i < n; i++) {
                seed = seed * 1103515245u + 12345u;
                int key = shape == 0 ? 5                                /* one key: order by seq alone */
                          : shape == 1 ? (int)i                         /* sorted */
                          : shape == 2 ? (int)(n - i)                   /* reversed */
                          : shape == 3 ? (int)(i < n / 2 ? i : n - i)   /* organ pipe */
                                       : (int)((seed >> 8) % 1000);     /* ties */
                got[i] = (keyed){.key = key, .seq = (int)i};
                got[i].pad[i % sizeof got[i].pad] = (char)i;
                want[i] = got[i];
            }
            size_t calls = 0, log2n = 1;
            for (size_t m = n; m > 1; m >>= 1) log2n++;
            cortex_sort_in_place(got, n, sizeof *got, by_key_then_seq_r, &calls);
            qsort(want, n, sizeof *want, by_key_then_seq);
            ck_assert_msg(memcmp(got, want, n * sizeof *got) == 0, "n=%zu shape=%d", n, shape);
            ck_assert_msg(calls <= 8 * (n + 16) * log2n, "n=%zu shape=%d: %zu comparisons", n, shape, calls);
            free(got);
            free(want);
        }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("records");
    TCase *tc = tcase_create("records");
    tcase_add_test(tc, test_records_sort_remaps_parents_and_callers);
    tcase_add_test(tc, test_records_json_escapes_and_repairs_utf8);
    tcase_add_test(tc, test_sort_is_stable_and_orders_like_qsort);
    tcase_add_test(tc, test_sort_in_place_orders_like_qsort);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
