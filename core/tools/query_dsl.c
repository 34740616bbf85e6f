/*
 * The query tool's S-expression language (query_dsl.h): a recursive-descent
 * parser driven by one table of forms. Every refusal names the byte offset,
 * what the grammar wanted there and the token it found.
 */
#include "query_dsl.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64
#define MAX_TEXT 65536
#define MAX_LIMIT 100000
#define SHOWN 20 /* bytes of an offending token a message quotes, "..." included */
#define STR_(x) #x
#define STR(x) STR_(x)

/* A form's shape, in the order its parts are written: an integer (limit's N),
 * then strings, then subqueries. Indexed by cortex_dsl_op, so the message
 * listing the form names and cortex_dsl_op_name() read the same rows. */
typedef struct form {
    const char *name;
    bool integer;
    size_t strings;
    size_t min_kids, max_kids;
} form;

static const form forms[] = {
    [CORTEX_DSL_GREP] = {"grep", false, 1, 0, 0},
    [CORTEX_DSL_CODE] = {"code", false, 1, 0, 0},
    [CORTEX_DSL_DEFINITION] = {"definition", false, 1, 0, 0},
    [CORTEX_DSL_REFERENCES] = {"references", false, 1, 0, 0},
    [CORTEX_DSL_SECTION] = {"section", false, 1, 0, 0},
    [CORTEX_DSL_FILE] = {"file", false, 1, 0, 0},
    [CORTEX_DSL_CHILDREN] = {"children", false, 1, 0, 0},
    [CORTEX_DSL_CHILDREN_NAMED] = {"children-named", false, 2, 0, 0},
    [CORTEX_DSL_IN_FILE] = {"in-file", false, 1, 1, 1},
    [CORTEX_DSL_UNION] = {"union", false, 0, 1, SIZE_MAX},
    [CORTEX_DSL_INTERSECT] = {"intersect", false, 0, 1, SIZE_MAX},
    [CORTEX_DSL_LIMIT] = {"limit", true, 0, 1, 1},
};
#define NFORMS (sizeof forms / sizeof forms[0])

typedef struct parser {
    const char *text;
    size_t len, pos; /* text[len] is the terminating NUL */
} parser;

static const char bad_escape[] = "an escape (\\\" or \\\\)";

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_delimiter(char c)
{
    return is_space(c) || c == '(' || c == ')' || c == '"';
}

static void skip_space(parser *p)
{
    while (p->pos < p->len && is_space(p->text[p->pos])) p->pos++;
}

/* The bare word at `at` (a form name or an integer): up to white space, a
 * parenthesis or a quote; 0 when one of those, or the end, is there. */
static size_t word_len(const parser *p, size_t at)
{
    size_t i = at;
    while (i < p->len && !is_delimiter(p->text[i])) i++;
    return i - at;
}

/* The token at `at`, as a message quotes it: a parenthesis, a string up to
 * its closing quote (or the end of the text), or a word. */
static size_t token_len(const parser *p, size_t at)
{
    const char *s = p->text;
    if (s[at] == '(' || s[at] == ')') return 1;
    if (s[at] != '"') return word_len(p, at);
    size_t i = at + 1;
    for (; i < p->len && s[i] != '"'; i++)
        if (s[i] == '\\' && i + 1 < p->len) i++;
    return (i < p->len ? i + 1 : p->len) - at;
}

/* The length of the well-formed UTF-8 sequence at `s` within `n` bytes
 * (Unicode's table 3-7: no overlongs, surrogates or code points past
 * U+10FFFF), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xbf;
    size_t want = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (want == 0 || want > n) return 0;
    if (c == 0xe0) lo = 0xa0;
    else if (c == 0xed) hi = 0x9f;
    else if (c == 0xf0) lo = 0x90;
    else if (c == 0xf4) hi = 0x8f;
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < want; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    return want;
}

/* `s[0..n)` quoted for a message in `out` (at least 4 * SHOWN + 8 bytes):
 * cut to SHOWN bytes with "..." when longer, never inside a character;
 * control bytes and bytes that are not UTF-8 written as escapes, so the
 * message stays one line of valid UTF-8 whatever the query held. */
static void quote(char *out, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    bool cut = n > SHOWN;
    if (cut) {
        n = SHOWN - 3;
        while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80) n--;
    }
    char *o = out;
    *o++ = '\'';
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        size_t u = c >= 0x80 ? utf8_len((const unsigned char *)s + i, n - i) : 0;
        if (u) {
            memcpy(o, s + i, u);
            o += u, i += u;
            continue;
        }
        if (c >= 0x20 && c < 0x7f) {
            *o++ = (char)c;
        } else if (c == '\n' || c == '\t' || c == '\r') {
            *o++ = '\\';
            *o++ = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
        } else {
            *o++ = '\\', *o++ = 'x', *o++ = hex[c >> 4], *o++ = hex[c & 15];
        }
        i++;
    }
    if (cut) memcpy(o, "...", 3), o += 3;
    *o++ = '\'';
    *o = '\0';
}

/* Sets "query offset N: expected X, found Y" for the `n` bytes at `at`
 * (the end of the query when `at` is past the text). */
static int fail_span(const parser *p, size_t at, size_t n, const char *expected)
{
    char found[4 * SHOWN + 8];
    if (at >= p->len) strcpy(found, "end of query");
    else quote(found, p->text + at, n);
    return cortex_error_set(CORTEX_EINVALID, "query offset %zu: expected %s, found %s", at, expected, found);
}

static int fail(const parser *p, size_t at, const char *expected)
{
    return fail_span(p, at, at < p->len ? token_len(p, at) : 0, expected);
}

static int fail_form(const parser *p, size_t at)
{
    cortex_buf b = {0};
    cortex_buf_puts(&b, "a form name (");
    for (size_t i = 0; i < NFORMS; i++) {
        if (i) cortex_buf_puts(&b, ", ");
        cortex_buf_puts(&b, forms[i].name);
    }
    cortex_buf_putc(&b, ')');
    int rc = fail(p, at, b.data);
    cortex_buf_free(&b);
    return rc;
}

static const form *lookup(const parser *p)
{
    size_t n = word_len(p, p->pos);
    for (size_t i = 0; n && i < NFORMS; i++)
        if (strlen(forms[i].name) == n && memcmp(forms[i].name, p->text + p->pos, n) == 0) return &forms[i];
    return NULL;
}

/* A decimal integer from 1 to MAX_LIMIT (leading zeros allowed). */
static int parse_limit(parser *p, int64_t *out)
{
    size_t at = p->pos, n = word_len(p, at);
    int64_t v = 0;
    bool ok = n > 0;
    for (size_t i = 0; ok && i < n; i++) {
        char c = p->text[at + i];
        ok = c >= '0' && c <= '9' && (v = v * 10 + (c - '0')) <= MAX_LIMIT;
    }
    if (!ok || v < 1) return fail(p, at, "an integer from 1 to " STR(MAX_LIMIT));
    *out = v;
    p->pos += n;
    return 0;
}

/* A double-quoted string; \" and \\ are its only escapes, and any other byte
 * (a newline too) stands for itself. Caller owns `*out`. */
static int parse_string(parser *p, char **out)
{
    if (p->text[p->pos] != '"') return fail(p, p->pos, "a string");
    cortex_buf b = {0};
    size_t i = p->pos + 1, run = i;
    for (;; i++) {
        if (i >= p->len) {
            cortex_buf_free(&b);
            return fail(p, i, "a closing '\"'");
        }
        char c = p->text[i];
        if (c == '"') break;
        if (c != '\\') continue;
        char e = p->text[i + 1];
        if (e != '"' && e != '\\') {
            size_t n = 1;
            if (i + 1 < p->len) {
                size_t u = utf8_len((const unsigned char *)p->text + i + 1, p->len - i - 1);
                n += u ? u : 1;
            }
            cortex_buf_free(&b);
            return fail_span(p, i + 1 < p->len ? i : p->len, n, bad_escape);
        }
        cortex_buf_add(&b, p->text + run, i - run);
        cortex_buf_putc(&b, e);
        run = ++i + 1;
    }
    cortex_buf_add(&b, p->text + run, i - run);
    *out = b.data ? b.data : cortex_xstrdup("");
    p->pos = i + 1;
    return 0;
}

/* One parenthesised expression at `depth` (the outermost is 1). Caller owns
 * `*out`; on failure nothing is left allocated. */
static int parse_expr(parser *p, int depth, cortex_dsl_node **out)
{
    skip_space(p);
    if (p->text[p->pos] != '(') return fail(p, p->pos, "an expression '('");
    if (depth > MAX_DEPTH) return fail(p, p->pos, "at most " STR(MAX_DEPTH) " nested expressions");
    p->pos++;
    skip_space(p);
    const form *f = lookup(p);
    if (!f) return fail_form(p, p->pos);
    p->pos += strlen(f->name);

    cortex_dsl_node *node = cortex_xcalloc(1, sizeof *node);
    node->op = (cortex_dsl_op)(f - forms);
    size_t cap = 0;
    int rc = 0;
    if (f->integer) {
        skip_space(p);
        rc = parse_limit(p, &node->limit);
    }
    for (size_t i = 0; rc == 0 && i < f->strings; i++) {
        skip_space(p);
        rc = parse_string(p, &node->arg[i]);
    }
    while (rc == 0 && node->nkids < f->max_kids) {
        skip_space(p);
        char c = p->text[p->pos];
        if (c == ')' && node->nkids >= f->min_kids) break;
        if (c != '(') {
            rc = fail(p, p->pos, node->nkids < f->min_kids ? "an expression '('" : "an expression '(' or ')'");
            break;
        }
        cortex_dsl_node *kid = NULL;
        rc = parse_expr(p, depth + 1, &kid);
        if (rc == 0) *CORTEX_PUSH(node->kids, node->nkids, cap) = kid;
    }
    if (rc == 0) {
        skip_space(p);
        if (p->text[p->pos] == ')') p->pos++;
        else rc = fail(p, p->pos, "')'");
    }
    if (rc) {
        cortex_dsl_free(node);
        return rc;
    }
    *out = node;
    return 0;
}

int cortex_dsl_parse(cortex_dsl_node **out, const char *text)
{
    *out = NULL;
    if (!text) text = "";
    size_t len = 0;
    while (len <= MAX_TEXT && text[len]) len++;
    if (len > MAX_TEXT) {
        /* Quote what lies past the limit, without measuring the rest. */
        size_t n = 0;
        while (n <= SHOWN && text[MAX_TEXT + n]) n++;
        parser big = {text, MAX_TEXT + n, MAX_TEXT};
        return fail_span(&big, MAX_TEXT, n, "end of query (at most " STR(MAX_TEXT) " bytes)");
    }
    parser p = {text, len, 0};
    cortex_dsl_node *root = NULL;
    int rc = parse_expr(&p, 1, &root);
    if (rc) return rc;
    skip_space(&p);
    if (p.pos < p.len) {
        cortex_dsl_free(root);
        return fail(&p, p.pos, "end of query");
    }
    *out = root;
    return 0;
}

void cortex_dsl_free(cortex_dsl_node *node)
{
    if (!node) return;
    for (size_t i = 0; i < node->nkids; i++) cortex_dsl_free(node->kids[i]);
    free(node->kids);
    free(node->arg[0]);
    free(node->arg[1]);
    free(node);
}

const char *cortex_dsl_op_name(cortex_dsl_op op)
{
    return (unsigned)op < NFORMS ? forms[op].name : "unknown";
}
