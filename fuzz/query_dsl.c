/*
 * Fuzz target: the query tool's S-expression language (core/tools/query_dsl.c).
 * The input is the query up to its first NUL, as a tool argument would be.
 * Besides crashes, hangs and leaks it checks that a refusal names an offset
 * inside the text, and that a tree printed back parses into the same tree.
 */
#include "tools/query_dsl.h"
#include "util/error.h"
#include "util/mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The tree in the fewest bytes (no white space a parenthesis or a quote
 * makes needless), so the text printed is never longer than the text parsed
 * and stays within the parser's size limit. */
static void print(cortex_buf *b, const cortex_dsl_node *n)
{
    cortex_buf_putc(b, '(');
    cortex_buf_puts(b, cortex_dsl_op_name(n->op));
    if (n->op == CORTEX_DSL_LIMIT) cortex_buf_printf(b, " %lld", (long long)n->limit);
    for (int i = 0; i < 2 && n->arg[i]; i++) {
        cortex_buf_putc(b, '"');
        for (const char *s = n->arg[i]; *s; s++) {
            if (*s == '"' || *s == '\\') cortex_buf_putc(b, '\\');
            cortex_buf_putc(b, *s);
        }
        cortex_buf_putc(b, '"');
    }
    for (size_t i = 0; i < n->nkids; i++) print(b, n->kids[i]);
    cortex_buf_putc(b, ')');
}

static int same_arg(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static int same(const cortex_dsl_node *a, const cortex_dsl_node *b)
{
    if (a->op != b->op || a->limit != b->limit || a->nkids != b->nkids) return 0;
    if (!same_arg(a->arg[0], b->arg[0]) || !same_arg(a->arg[1], b->arg[1])) return 0;
    for (size_t i = 0; i < a->nkids; i++)
        if (!same(a->kids[i], b->kids[i])) return 0;
    return 1;
}

/* Well-formed UTF-8 without control bytes: a message is one printable line
 * whatever the query held. */
static int printable(const unsigned char *s)
{
    while (*s) {
        unsigned char c = *s++, lo = 0x80, hi = 0xbf;
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7f) return 0;
            continue;
        }
        int more = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
        if (more < 0) return 0;
        if (c == 0xe0) lo = 0xa0;
        if (c == 0xed) hi = 0x9f;
        if (c == 0xf0) lo = 0x90;
        if (c == 0xf4) hi = 0x8f;
        if (*s < lo || *s > hi) return 0;
        for (s++; --more > 0; s++)
            if ((*s & 0xc0) != 0x80) return 0;
    }
    return 1;
}

/* "query offset N: expected X, found Y" with N at most the text's length. */
static void check_refusal(const char *text)
{
    const char *m = cortex_error_last(), *prefix = "query offset ";
    if (strncmp(m, prefix, strlen(prefix)) != 0) abort();
    char *end;
    unsigned long long at = strtoull(m + strlen(prefix), &end, 10);
    if (end == m + strlen(prefix) || strncmp(end, ": expected ", 11) != 0 || !strstr(end, ", found ")) abort();
    if (at > strlen(text) || !printable((const unsigned char *)m)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';

    cortex_dsl_node *tree = NULL;
    int rc = cortex_dsl_parse(&tree, text);
    if (rc != 0) {
        if (rc != CORTEX_EINVALID || tree) abort();
        check_refusal(text);
        free(text);
        return 0;
    }
    if (!tree) abort();

    cortex_buf printed = {0};
    print(&printed, tree);
    if (printed.len > strlen(text)) abort();
    cortex_dsl_node *again = NULL;
    if (cortex_dsl_parse(&again, printed.data) != 0 || !same(tree, again)) abort();
    /* and printing is a fixed point */
    cortex_buf reprinted = {0};
    print(&reprinted, again);
    if (reprinted.len != printed.len || memcmp(reprinted.data, printed.data, printed.len) != 0) abort();

    cortex_buf_free(&reprinted);
    cortex_buf_free(&printed);
    cortex_dsl_free(again);
    cortex_dsl_free(tree);
    free(text);
    return 0;
}
