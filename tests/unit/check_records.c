/* Records: the deterministic sort (with parent/caller remapping), the stable
 * sort under it, and the JSON writer's escaping, which must always emit valid
 * UTF-8 JSON. */
#include "extract/docs.h"
#include "record/owners.h"
#include "record/record_json.h"
#include "record/sig_visibility.h"
#include "record/records.h"
#include "util/json_dump.h"

#include "check_run.h"

#include <check.h>
#include <ctype.h>
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
    cortex_json_symbol_line(&b, &r, &r.symbols[1], NULL, 1, NULL);
    cortex_json_reference_line(&b, &r, &r.refs[0], CORTEX_JSON_OWNER_NAMED, 1, NULL);
    ck_assert_str_eq(b.data, "{\"file\":\"x.py\",\"name\":\"A.m\",\"kind\":\"method\",\"line\":[3,4],\"col\":5,\"parent\":\"A\"}\n"
                             "{\"file\":\"x.py\",\"name\":\"f\",\"kind\":\"call\",\"line\":4,\"col\":9,\"caller\":\"A.m\"}\n");
    /* the JSONL leaves out the owners a reader derives from positions, and a call's kind */
    int32_t parents[2], callers[1];
    cortex_records_derive_owners(&r, CORTEX_OWNERS_TEXT_ABOVE, parents, callers, NULL);
    ck_assert_int_eq(parents[0], -1);
    ck_assert_int_eq(parents[1], 0);
    ck_assert_int_eq(callers[0], 1);
    cortex_buf_clear(&b);
    cortex_json_symbol_derived derived = {parents[1], NULL, 0};
    cortex_json_symbol_line(&b, &r, &r.symbols[1], &derived, 1, NULL);
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

/* A file's records from arrays: `ns` symbols and `nt` texts, in order. */
static void fill_records(cortex_file_records *r, const char *path, const cortex_symbol *syms, size_t ns,
                         const cortex_text *texts, size_t nt)
{
    memset(r, 0, sizeof *r);
    r->path = path;
    for (size_t i = 0; i < ns; i++) *CORTEX_PUSH(r->symbols, r->nsymbols, r->symbols_cap) = syms[i];
    for (size_t i = 0; i < nt; i++) *CORTEX_PUSH(r->texts, r->ntexts, r->texts_cap) = texts[i];
}

/* Format 1.5's docs: a docstring of the symbol's wins over a comment above
 * it, a comment inside it is no doc, a parent written by name is the first
 * symbol of that name that ends at or below the text, and the writer says a
 * doc only where a reader would derive another (or none: null). */
START_TEST(test_records_docs_from_texts)
{
    cortex_symbol syms[] = {
        {.name = "f", .kind = "function", .line_start = 3, .line_end = 6, .col_start = 1, .parent = -1, .doc = "Says f."},
        {.name = "g", .kind = "function", .line_start = 9, .line_end = 10, .col_start = 1, .parent = -1, .doc = "Above g."},
        {.name = "f", .kind = "function", .line_start = 13, .line_end = 14, .col_start = 1, .parent = -1,
         .doc = "Above the second f."},
    };
    cortex_text texts[] = {
        {.kind = "comment", .line_start = 1, .line_end = 2, .text = "Above f.", .parent = 0},
        {.kind = "docstring", .line_start = 4, .line_end = 4, .text = "Says f.\n\nMore.", .parent = 0},
        {.kind = "comment", .line_start = 5, .line_end = 5, .text = "inside f", .parent = 0},
        {.kind = "comment", .line_start = 8, .line_end = 8, .text = "Above  g.", .parent = 1},
        {.kind = "comment", .line_start = 10, .line_end = 10, .text = "inside g", .parent = 1},
        {.kind = "comment", .line_start = 12, .line_end = 12, .text = "Above the second f.", .parent = 2},
    };
    cortex_file_records r;
    fill_records(&r, "x.py", syms, sizeof syms / sizeof *syms, texts, sizeof texts / sizeof *texts);

    int32_t by_name[3];
    cortex_records_sort_by_name(&r, by_name);
    ck_assert_int_eq(cortex_records_named(&r, by_name, "f", 0), 0);
    ck_assert_int_eq(cortex_records_named(&r, by_name, "f", 6), 0);
    ck_assert_int_eq(cortex_records_named(&r, by_name, "f", 7), 2);
    ck_assert_int_eq(cortex_records_named(&r, by_name, "f", 30), 0); /* none ends below: the first */
    ck_assert_int_eq(cortex_records_named(&r, by_name, "g", 1), 1);
    ck_assert_int_eq(cortex_records_named(&r, by_name, "h", 0), -1);
    ck_assert_int_eq(cortex_records_named(&r, by_name, NULL, 0), -1);

    int32_t owners[6], parents[6];
    const char *docs[3];
    cortex_arena a = {0};
    cortex_records_derive_owners(&r, 0, NULL, NULL, owners);
    cortex_records_read_text_parents(&r, owners, parents);
    int32_t want[6] = {0, 0, 0, 1, 1, 2};
    for (size_t i = 0; i < 6; i++) ck_assert_int_eq(parents[i], want[i]);
    cortex_records_derive_docs(&r, parents, &a, docs);
    ck_assert_str_eq(docs[0], "Says f.");
    ck_assert_str_eq(docs[1], "Above g.");
    ck_assert_str_eq(docs[2], "Above the second f.");
    /* parents given otherwise: the second f's comment is no one's doc */
    parents[5] = 0;
    cortex_records_derive_docs(&r, parents, &a, docs);
    ck_assert_ptr_null(docs[2]);
    cortex_records_derive_docs(&r, NULL, &a, docs);
    ck_assert_str_eq(docs[2], "Above the second f.");

    cortex_buf b = {0};
    for (size_t i = 0; i < 3; i++) cortex_json_symbol_line(&b, &r, &r.symbols[i], &(cortex_json_symbol_derived){-1, docs[i], 0}, 0, NULL);
    ck_assert_str_eq(b.data, "{\"name\":\"f\",\"kind\":\"function\",\"line\":[3,6],\"col\":1}\n"
                             "{\"name\":\"g\",\"kind\":\"function\",\"line\":[9,10],\"col\":1}\n"
                             "{\"name\":\"f\",\"kind\":\"function\",\"line\":[13,14],\"col\":1}\n");
    r.symbols[0].doc = NULL;
    r.symbols[1].doc = "Another.";
    cortex_buf_clear(&b);
    for (size_t i = 0; i < 3; i++)
        cortex_json_symbol_line(&b, &r, &r.symbols[i], &(cortex_json_symbol_derived){-1, i == 2 ? NULL : docs[i], 0}, 0, NULL);
    ck_assert_str_eq(b.data, "{\"name\":\"f\",\"kind\":\"function\",\"line\":[3,6],\"col\":1,\"doc\":null}\n"
                             "{\"name\":\"g\",\"kind\":\"function\",\"line\":[9,10],\"col\":1,\"doc\":\"Another.\"}\n"
                             "{\"name\":\"f\",\"kind\":\"function\",\"line\":[13,14],\"col\":1,\"doc\":\"Above the second f.\"}\n");
    /* a record that stands alone (`cortex extract`) says its doc, or none */
    cortex_buf_clear(&b);
    cortex_json_symbol_line(&b, &r, &r.symbols[0], NULL, 0, NULL);
    ck_assert_str_eq(b.data, "{\"name\":\"f\",\"kind\":\"function\",\"line\":[3,6],\"col\":1}\n");
    /* a column the symbol line before has (the file's first: 1) is left out */
    cortex_buf_clear(&b);
    cortex_json_symbol_line(&b, &r, &r.symbols[1], &(cortex_json_symbol_derived){-1, "Another.", 1}, 0, NULL);
    cortex_json_symbol_line(&b, &r, &r.symbols[1], &(cortex_json_symbol_derived){-1, "Another.", 5}, 0, NULL);
    ck_assert_str_eq(b.data, "{\"name\":\"g\",\"kind\":\"function\",\"line\":[9,10]}\n"
                             "{\"name\":\"g\",\"kind\":\"function\",\"line\":[9,10],\"col\":1}\n");
    cortex_buf_free(&b);
    cortex_arena_reset(&a);
    free(r.symbols);
    free(r.texts);
}
END_TEST

/* Format 1.6's reference arrays: the kind by number, the qualifier (null
 * before a receiver type alone), the receiver type and locality by place,
 * the rest by name. */
START_TEST(test_records_reference_tuples)
{
    cortex_symbol f = {.name = "f", .kind = "function", .line_start = 1, .line_end = 9, .col_start = 1, .parent = -1};
    cortex_file_records r;
    fill_records(&r, "x.py", &f, 1, NULL, 0);
    cortex_reference refs[] = {
        {.name = "a", .kind = "call", .line = 2, .col = 3, .caller = 0},
        {.name = "b", .kind = "type", .line = 3, .col = 4, .caller = 0},
        {.name = "c", .kind = "call", .line = 4, .col = 5, .caller = 0, .qualifier = "self.x", .rtype = "X"},
        {.name = "d", .kind = "value", .line = 5, .col = 6, .caller = 0, .rtype = "Y"},
        {.name = "e", .kind = "call", .line = 6, .col = 7, .caller = 0, .local = 1},
        {.name = "g", .kind = "decorator", .line = 7, .col = 8, .caller = -1, .qualifier = "q"},
        {.name = "h", .kind = "instantiation", .line = 8, .col = 9, .caller = 0},
    };
    cortex_buf b = {0};
    for (size_t i = 0; i < sizeof refs / sizeof *refs; i++) cortex_json_reference_tuple(&b, &r, &refs[i], 0);
    ck_assert_str_eq(b.data, "[\"a\",2,3]\n"
                             "[\"b\",3,4,2]\n"
                             "[\"c\",4,5,\"self.x\",\"X\"]\n"
                             "[\"d\",5,6,1,null,\"Y\"]\n"
                             "[\"e\",6,7,true]\n"
                             "[\"g\",7,8,\"q\",{\"caller\":null,\"kind\":\"decorator\"}]\n"
                             "[\"h\",8,9,4]\n");
    for (int code = 0; code < 5; code++)
        ck_assert_int_eq(cortex_json_reference_kind_code(cortex_json_reference_kind(code)), code);
    ck_assert_int_eq(cortex_json_reference_kind_code("decorator"), -1);
    ck_assert_ptr_null(cortex_json_reference_kind(5));
    ck_assert_ptr_null(cortex_json_reference_kind(-1));
    cortex_buf_free(&b);
    free(r.symbols);
}
END_TEST

/* Format 1.6's derivations: a text right above a definition is its (not a
 * comment trailing a declaration, not an import's), and a visibility is the
 * one the signature opens with. */
START_TEST(test_records_text_above_and_sig_visibility)
{
    cortex_symbol syms[] = {
        {.name = "stdio.h", .kind = "import", .line_start = 2, .line_end = 2, .col_start = 1, .parent = -1},
        {.name = "s", .kind = "struct", .line_start = 4, .line_end = 8, .col_start = 1, .parent = -1},
        {.name = "s.a", .kind = "property", .line_start = 5, .line_end = 5, .col_start = 5, .parent = 1},
        {.name = "s.b", .kind = "property", .line_start = 6, .line_end = 6, .col_start = 5, .parent = 1},
        {.name = "f", .kind = "function", .line_start = 10, .line_end = 12, .col_start = 1, .parent = -1},
    };
    cortex_text texts[] = {
        {.kind = "comment", .line_start = 1, .line_end = 1, .text = "above the include"},
        {.kind = "comment", .line_start = 3, .line_end = 3, .text = "above s"},
        {.kind = "comment", .line_start = 5, .line_end = 5, .text = "trails s.a"},
        {.kind = "comment", .line_start = 7, .line_end = 7, .text = "inside s, above nothing"},
        {.kind = "comment", .line_start = 9, .line_end = 9, .text = "above f"},
        {.kind = "comment", .line_start = 11, .line_end = 11, .text = "in f"},
    };
    cortex_file_records r;
    fill_records(&r, "x.c", syms, sizeof syms / sizeof *syms, texts, sizeof texts / sizeof *texts);
    int32_t owners[6];
    cortex_records_derive_owners(&r, CORTEX_OWNERS_TEXT_ABOVE, NULL, NULL, owners);
    int32_t want[6] = {-1, 1, 1, 1, 4, 4};
    for (size_t i = 0; i < 6; i++) ck_assert_int_eq(owners[i], want[i]);
    /* before 1.6: what encloses the text alone */
    cortex_records_derive_owners(&r, 0, NULL, NULL, owners);
    int32_t enclosing[6] = {-1, -1, 1, 1, -1, 4};
    for (size_t i = 0; i < 6; i++) ck_assert_int_eq(owners[i], enclosing[i]);

    ck_assert_str_eq(cortex_record_sig_visibility("static int f(void)"), "static");
    ck_assert_str_eq(cortex_record_sig_visibility("public static void main(String[] a)"), "public");
    ck_assert_ptr_null(cortex_record_sig_visibility("statical int x"));
    ck_assert_ptr_null(cortex_record_sig_visibility("static"));
    ck_assert_ptr_null(cortex_record_sig_visibility("def _private(self)"));
    ck_assert_ptr_null(cortex_record_sig_visibility(NULL));
    /* the JSONL writes a visibility only where the signature does not say it */
    cortex_symbol st = {.name = "g", .kind = "function", .line_start = 1, .line_end = 1, .col_start = 1, .parent = -1,
                        .sig = "static int g(void)", .visibility = "static"};
    cortex_json_symbol_derived d = {-1, NULL, 1};
    cortex_buf b = {0};
    cortex_json_symbol_line(&b, &r, &st, &d, 0, NULL);
    st.visibility = NULL;
    cortex_json_symbol_line(&b, &r, &st, &d, 0, NULL);
    st.sig = "int g(void)", st.visibility = "static";
    cortex_json_symbol_line(&b, &r, &st, &d, 0, NULL);
    ck_assert_str_eq(b.data, "{\"name\":\"g\",\"kind\":\"function\",\"line\":[1,1],\"sig\":\"static int g(void)\"}\n"
                             "{\"name\":\"g\",\"kind\":\"function\",\"line\":[1,1],\"sig\":\"static int g(void)\",\"visibility\":null}\n"
                             "{\"name\":\"g\",\"kind\":\"function\",\"line\":[1,1],\"sig\":\"int g(void)\",\"visibility\":\"static\"}\n");
    cortex_buf_free(&b);
    free(r.symbols);
    free(r.texts);
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

/* A seeded tree of every kind of value: strings with quotes, escapes, control
 * characters and UTF-8, integers to both ends, reals of every magnitude. */
static json_t *random_value(unsigned *seed, int depth)
{
    static const char *const strings[] = {"", "plain", "quo\"te", "back\\slash", "line\nbreak\ttab\r",
                                          "ctl\x01\x1f", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "slash/", "del\x7f"};
    static const double reals[] = {0.0, -0.0, 0.1, 1.5, -2.25, 1e20, 1e-7, 123456789.123, 1e300, -4.9e-324, 100.0};
    static const json_int_t ints[] = {0, 1, -1, 42, -9000, INT64_MAX, INT64_MIN, 1234567890123LL};
    int kind = (int)(rand_r(seed) % (depth > 3 ? 6u : 8u));
    switch (kind) {
    case 0: return json_null();
    case 1: return json_boolean(rand_r(seed) % 2);
    case 2: return json_integer(ints[rand_r(seed) % (sizeof ints / sizeof *ints)]);
    case 3: return json_real(reals[rand_r(seed) % (sizeof reals / sizeof *reals)]);
    case 4:
    case 5: return json_string(strings[rand_r(seed) % (sizeof strings / sizeof *strings)]);
    case 6: {
        json_t *a = json_array();
        for (unsigned n = rand_r(seed) % 5; n; n--) json_array_append_new(a, random_value(seed, depth + 1));
        return a;
    }
    default: {
        json_t *o = json_object();
        for (unsigned n = rand_r(seed) % 5; n; n--) {
            char key[16];
            snprintf(key, sizeof key, "k%u\"%u", rand_r(seed) % 7, n);
            json_object_set_new(o, key, random_value(seed, depth + 1));
        }
        return o;
    }
    }
}

START_TEST(test_json_dump_writes_what_jansson_writes)
{
    unsigned seed = 7;
    for (int i = 0; i < 2000; i++) {
        json_t *v = random_value(&seed, 0);
        char *ours = cortex_json_dumps(v), *theirs = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
        /* the same bytes, but for the case of \u escapes' hex digits */
        ck_assert_uint_eq(strlen(ours), strlen(theirs));
        for (size_t k = 0; theirs[k]; k++)
            ck_assert_msg(ours[k] == theirs[k] || (tolower((unsigned char)ours[k]) == tolower((unsigned char)theirs[k]) &&
                                                   k >= 4 && theirs[k - 4] == 'u' && theirs[k - 5] == '\\'),
                          "%s\n%s", ours, theirs);
        json_error_t err;
        json_t *back = json_loads(ours, JSON_DECODE_ANY, &err);
        ck_assert_msg(back && json_equal(back, v), "%s", ours);
        json_decref(back);
        free(ours);
        free(theirs);
        json_decref(v);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("records");
    TCase *tc = tcase_create("records");
    tcase_add_test(tc, test_records_sort_remaps_parents_and_callers);
    tcase_add_test(tc, test_records_docs_from_texts);
    tcase_add_test(tc, test_records_reference_tuples);
    tcase_add_test(tc, test_records_text_above_and_sig_visibility);
    tcase_add_test(tc, test_records_json_escapes_and_repairs_utf8);
    tcase_add_test(tc, test_sort_is_stable_and_orders_like_qsort);
    tcase_add_test(tc, test_sort_in_place_orders_like_qsort);
    tcase_add_test(tc, test_json_dump_writes_what_jansson_writes);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
