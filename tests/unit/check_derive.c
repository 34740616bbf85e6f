/* The derivation every language shares (core/extract/derive.c), on raw
 * matches built by hand over a small source: parents and qualified names from
 * span nesting, functions in a type becoming methods, duplicates of one node
 * dropped, locals not indexed, comment merging, and which definition a
 * comment or a docstring documents. */
#include "extract/derive.h"

#include "check_run.h"

#include <check.h>
#include <string.h>

static const char src[] = "class Ledger:\n"            /* row 0 */
                          "    # Adds an entry.\n"     /* row 1 */
                          "    # Two lines.\n"         /* row 2 */
                          "    def add(self):\n"       /* row 3 */
                          "        total = 1\n"        /* row 4 */
                          "\n"                         /* row 5 */
                          "# A banner.\n"              /* row 6 */
                          "\n"                         /* row 7 */
                          "def top():\n"               /* row 8 */
                          "    \"\"\"Top doc.\"\"\"\n" /* row 9 */
                          "    # inside top\n";        /* row 10 */

static cortex_raw_records raw;
static cortex_file_records rec;
static cortex_language_plugin plugin; /* no hooks */

/* Byte offset of the first occurrence of `needle`. */
static uint32_t at(const char *needle)
{
    const char *p = strstr(src, needle);
    ck_assert_ptr_nonnull(p);
    return (uint32_t)(p - src);
}

static uint32_t row_start(uint32_t row)
{
    uint32_t off = 0;
    for (uint32_t r = 0; r < row; r++) off = (uint32_t)(strchr(src + off, '\n') - src) + 1;
    return off;
}

static void add_def(const char *kind, const char *name, uint32_t row, uint32_t col, uint32_t end_row, uint32_t order)
{
    cortex_raw_def *d = CORTEX_PUSH(raw.defs, raw.ndefs, raw.defs_cap);
    memset(d, 0, sizeof *d);
    d->start = row_start(row) + col;
    d->end = end_row > 10 ? (uint32_t)strlen(src) : row_start(end_row);
    d->sp = (TSPoint){row, col};
    d->ep = (TSPoint){end_row, 0};
    d->lead_row = row;
    d->name_row = row;
    d->order = order;
    d->kind = kind;
    d->name = name;
    d->symbol = -1;
}

static void add_text(const char *kind, const char *needle, const char *text, uint32_t line, int own_line, int is_doc)
{
    cortex_raw_text *t = CORTEX_PUSH(raw.texts, raw.ntexts, raw.texts_cap);
    memset(t, 0, sizeof *t);
    t->t.kind = kind;
    t->t.text = text;
    t->t.line_start = t->t.line_end = line;
    t->t.start_byte = at(needle);
    t->t.end_byte = t->t.start_byte + (uint32_t)strlen(needle);
    t->t.parent = -1;
    t->own_line = own_line;
    t->is_doc = is_doc;
}

static void setup(void)
{
    memset(&raw, 0, sizeof raw);
    memset(&rec, 0, sizeof rec);
    memset(&plugin, 0, sizeof plugin);
    /* rows are 0-based; an end row is where the next line starts (11: the end of the file) */
    add_def("function", "top", 8, 0, 11, 0);
    add_def("class", "Ledger", 0, 0, 5, 0);
    add_def("function", "add", 3, 4, 5, 0);
    add_def("function", "add", 3, 4, 5, 1);   /* the same node, captured by a later pattern */
    add_def("variable", "total", 4, 8, 5, 0); /* a local */
    add_text("comment", "# Adds an entry.", "Adds an entry.", 2, 1, 0);
    add_text("comment", "# Two lines.", "Two lines.", 3, 1, 0);
    add_text("comment", "# A banner.", "A banner.", 7, 1, 0);
    add_text("docstring", "\"\"\"Top doc.\"\"\"", "Top doc.", 10, 0, 1);
    add_text("comment", "# inside top", "inside top", 11, 1, 0);
    uint32_t end = (uint32_t)strlen(src);
    cortex_derive__records(&raw, &plugin, src, end, (TSPoint){11, 0}, &rec);
}

static void teardown(void)
{
    free(raw.defs);
    free(raw.texts);
    free(raw.sections);
    cortex_sort_scratch_free(&raw.sort);
    cortex_file_records_reset(&rec);
}

START_TEST(test_derive_nesting_gives_parents_and_qualified_names)
{
    ck_assert_uint_eq(rec.nsymbols, 3); /* the duplicate and the local are gone */
    ck_assert_str_eq(rec.symbols[0].name, "Ledger");
    ck_assert_int_eq(rec.symbols[0].parent, -1);
    ck_assert_str_eq(rec.symbols[1].name, "Ledger.add");
    ck_assert_str_eq(rec.symbols[1].short_name, "add");
    ck_assert_int_eq(rec.symbols[1].parent, 0);
    ck_assert_str_eq(rec.symbols[2].name, "top");
    ck_assert_int_eq(rec.symbols[2].parent, -1);
}
END_TEST

START_TEST(test_derive_a_function_in_a_type_is_a_method)
{
    ck_assert_str_eq(rec.symbols[0].kind, "class");
    ck_assert_str_eq(rec.symbols[1].kind, "method");
    ck_assert_str_eq(rec.symbols[2].kind, "function");
}
END_TEST

START_TEST(test_derive_lines_and_columns_are_one_based)
{
    ck_assert_uint_eq(rec.symbols[1].line_start, 4);
    ck_assert_uint_eq(rec.symbols[1].line_end, 5); /* ends at column 0 of row 5: the line before */
    ck_assert_uint_eq(rec.symbols[1].col_start, 5);
    ck_assert_uint_eq(rec.symbols[2].line_start, 9);
    ck_assert_uint_eq(rec.symbols[2].line_end, 11);
}
END_TEST

START_TEST(test_derive_adjacent_line_comments_merge_into_one_text)
{
    ck_assert_uint_eq(rec.ntexts, 4);
    ck_assert_str_eq(rec.texts[0].text, "Adds an entry.\nTwo lines.");
    ck_assert_uint_eq(rec.texts[0].line_start, 2);
    ck_assert_uint_eq(rec.texts[0].line_end, 3);
    ck_assert_str_eq(rec.texts[1].text, "A banner.");
    ck_assert_str_eq(rec.texts[2].text, "Top doc.");
    ck_assert_str_eq(rec.texts[3].text, "inside top");
}
END_TEST

START_TEST(test_derive_docs_attach_to_the_definition_they_document)
{
    /* the block right above `def add` is its doc, and its text's parent */
    ck_assert_str_eq(rec.symbols[1].doc, "Adds an entry. Two lines.");
    ck_assert_int_eq(rec.texts[0].parent, 1);
    /* a comment with a blank line before the next definition documents nothing */
    ck_assert_int_eq(rec.texts[1].parent, -1);
    ck_assert_ptr_null(rec.symbols[0].doc);
    /* a docstring belongs to the definition around it; a comment in a body is its child, not its doc */
    ck_assert_str_eq(rec.symbols[2].doc, "Top doc.");
    ck_assert_int_eq(rec.texts[2].parent, 2);
    ck_assert_int_eq(rec.texts[3].parent, 2);
}
END_TEST

static Suite *derive_suite(void)
{
    Suite *s = suite_create("derive");
    TCase *tc = tcase_create("derive");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_derive_nesting_gives_parents_and_qualified_names);
    tcase_add_test(tc, test_derive_a_function_in_a_type_is_a_method);
    tcase_add_test(tc, test_derive_lines_and_columns_are_one_based);
    tcase_add_test(tc, test_derive_adjacent_line_comments_merge_into_one_text);
    tcase_add_test(tc, test_derive_docs_attach_to_the_definition_they_document);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(derive_suite());
}
