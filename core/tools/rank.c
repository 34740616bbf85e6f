/*
 * The ranking rule and the query syntax the search, query and evidence-pack
 * tools share (rank.h).
 */
#define _GNU_SOURCE
#include "rank.h"

#include "../util/glob.h"
#include "../util/strings.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the query's text --------------------------------------------------------- */

static void quoted(cortex_buf *b, const char *s, size_t n)
{
    cortex_buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"') cortex_buf_putc(b, '"');
        cortex_buf_putc(b, s[i]);
    }
    cortex_buf_putc(b, '"');
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Splits off the next token: a "quoted phrase" (quotes kept) or a run of non-space. */
static const char *next_token(const char *p, const char **start, size_t *len)
{
    while (is_space(*p)) p++;
    *start = p;
    if (!*p) return NULL;
    const char *q = p;
    if (*q == '-' && q[1] == '"') q++;
    if (*q == '"') {
        q = strchr(q + 1, '"');
        q = q ? q + 1 : p + strlen(p);
    }
    while (*q && !is_space(*q)) q++;
    *len = (size_t)(q - p);
    return q;
}

static int is_operator(const char *t, size_t n)
{
    return (n == 2 && strncmp(t, "OR", 2) == 0) || (n == 3 && (strncmp(t, "AND", 3) == 0 || strncmp(t, "NOT", 3) == 0));
}

/* One term: a phrase, a prefix, or a word, quoted so punctuation never breaks the syntax. */
static void term(cortex_buf *b, const char *t, size_t n)
{
    if (n >= 2 && t[0] == '"') {
        size_t inner = t[n - 1] == '"' ? n - 2 : n - 1;
        quoted(b, t + 1, inner);
    } else if (n >= 2 && t[n - 1] == '*') {
        quoted(b, t, n - 1);
        cortex_buf_putc(b, '*');
    } else {
        quoted(b, t, n);
    }
}

int cortex_query_fts(const char *query, int plain, cortex_buf *out)
{
    cortex_buf neg = {0}, pos = {0};
    int positives = 0, operators = 0;
    const char *t;
    size_t n;
    for (const char *p = query; (p = next_token(p, &t, &n));)
        if (!plain && is_operator(t, n)) operators++;
    for (const char *p = query; (p = next_token(p, &t, &n));) {
        if (!plain && n > 1 && t[0] == '-') {
            cortex_buf_puts(&neg, " NOT ");
            term(&neg, t + 1, n - 1);
            continue;
        }
        if (is_operator(t, n)) {
            if (plain) continue; /* a misplaced operator is what made the query invalid */
            if (pos.len) cortex_buf_putc(&pos, ' ');
            cortex_buf_add(&pos, t, n);
            continue;
        }
        if (plain) {
            while (n && (*t == '-' || *t == '"')) t++, n--;
            while (n && (t[n - 1] == '"' || t[n - 1] == '*')) n--;
            if (!n) continue; /* nothing left of the token */
        }
        if (pos.len) cortex_buf_puts(&pos, operators ? " " : " OR ");
        if (plain) {
            quoted(&pos, t, n);
        } else {
            term(&pos, t, n);
        }
        positives++;
    }
    if (positives) {
        /* NOT binds tighter than OR in FTS5: the alternatives go in parentheses */
        int group = neg.len && positives > 1;
        if (group) cortex_buf_putc(out, '(');
        cortex_buf_add(out, pos.data ? pos.data : "", pos.len);
        if (group) cortex_buf_putc(out, ')');
        if (neg.len) cortex_buf_add(out, neg.data, neg.len);
    }
    cortex_buf_free(&neg);
    cortex_buf_free(&pos);
    return positives ? 0 : -1;
}

void cortex_query_terms_of(cortex_query_terms *out, const char *query)
{
    *out = (cortex_query_terms){0};
    const char *t;
    size_t n;
    for (const char *p = query; out->n < CORTEX_QUERY_TERMS_MAX && (p = next_token(p, &t, &n));) {
        if ((n > 1 && t[0] == '-') || is_operator(t, n)) continue;
        while (n && *t == '"') t++, n--;
        while (n && (t[n - 1] == '"' || t[n - 1] == '*')) n--;
        if (n) out->term[out->n++] = cortex_xstrndup(t, n);
    }
}

void cortex_query_terms_free(cortex_query_terms *t)
{
    for (size_t i = 0; i < t->n; i++) free(t->term[i]);
    *t = (cortex_query_terms){0};
}

char *cortex_query_terms_joined(const cortex_query_terms *t)
{
    cortex_buf b = {0};
    cortex_buf_puts(&b, "");
    for (size_t i = 0; i < t->n; i++) {
        if (i) cortex_buf_putc(&b, ' ');
        /* a phrase's words are terms of their own in the log */
        cortex_buf_puts(&b, t->term[i]);
    }
    return b.data;
}

/* ---- path roles ---------------------------------------------------------------- */

static const char *const test_dirs[] = {"test",      "tests", "__tests__", "spec",      "specs", "testdata",
                                        "test_data", "e2e",   "fixtures",  "__mocks__", NULL};
static const char *const example_dirs[] = {"example", "examples",  "_examples",  "sample", "samples", "demo",
                                           "demos",   "benchmark", "benchmarks", "bench",  "benches", NULL};
static const char *const vendored_dirs[] = {"vendor", "vendored",     "third_party", "third-party", "thirdparty",
                                            "deps",   "node_modules", "external",    "extern",      "bower_components",
                                            NULL};
static const char *const generated_dirs[] = {"generated", "__generated__", NULL};
static const char *const changelog_names[] = {"changelog",     "changes",       "history",      "news",
                                              "release-notes", "release_notes", "releasenotes", NULL};

static int has_suffix(const char *s, size_t n, const char *suffix)
{
    size_t k = strlen(suffix);
    return n >= k && strncasecmp(s + n - k, suffix, k) == 0;
}

static int has_prefix(const char *s, size_t n, const char *prefix)
{
    size_t k = strlen(prefix);
    return n >= k && strncasecmp(s, prefix, k) == 0;
}

static int in_list(const char *s, size_t n, const char *const *list)
{
    for (size_t i = 0; list[i]; i++)
        if (strlen(list[i]) == n && strncasecmp(s, list[i], n) == 0) return 1;
    return 0;
}

static cortex_path_role file_role(const char *name, size_t n)
{
    /* the stem: the name up to its first dot */
    const char *dot = memchr(name, '.', n);
    size_t stem = dot ? (size_t)(dot - name) : n;
    if (in_list(name, stem, changelog_names)) return CORTEX_ROLE_CHANGELOG;
    if (has_suffix(name, n, ".pb.go") || has_suffix(name, n, ".pb.cc") || has_suffix(name, n, ".pb.h") ||
        has_suffix(name, n, "_pb2.py") || has_suffix(name, n, ".min.js") || has_suffix(name, n, ".min.css") ||
        has_prefix(name, n, "zz_generated") || memmem(name, n, ".generated.", 11) || memmem(name, n, "_generated.", 11))
        return CORTEX_ROLE_GENERATED;
    if (has_prefix(name, stem, "test_") || has_suffix(name, stem, "_test") || has_suffix(name, stem, "_tests") ||
        has_suffix(name, stem, "_spec") || (stem == 4 && strncasecmp(name, "test", 4) == 0) ||
        (stem == 8 && strncmp(name, "conftest", 8) == 0) || memmem(name, n, ".test.", 6) ||
        memmem(name, n, ".spec.", 6) || (stem > 4 && strncmp(name + stem - 4, "Test", 4) == 0) ||
        (stem > 5 && strncmp(name + stem - 5, "Tests", 5) == 0))
        return CORTEX_ROLE_TEST;
    return CORTEX_ROLE_SOURCE;
}

size_t cortex_path_vendored_root(const char *path)
{
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, "/");
        if (!p[n]) return 0;
        if (in_list(p, n, vendored_dirs)) return (size_t)(p - path) + n + 1;
        p += n + 1;
    }
    return 0;
}

cortex_path_role cortex_path_role_of(const char *path)
{
    /* the weakest role any component gives: vendored tests are vendored */
    cortex_path_role role = CORTEX_ROLE_SOURCE;
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, "/");
        cortex_path_role r = CORTEX_ROLE_SOURCE;
        if (!p[n]) r = file_role(p, n);
        else if (in_list(p, n, vendored_dirs)) r = CORTEX_ROLE_VENDORED;
        else if (in_list(p, n, generated_dirs)) r = CORTEX_ROLE_GENERATED;
        else if (in_list(p, n, test_dirs)) r = CORTEX_ROLE_TEST;
        else if (in_list(p, n, example_dirs)) r = CORTEX_ROLE_EXAMPLE;
        if (cortex_path_weight_of_role(r) < cortex_path_weight_of_role(role)) role = r;
        p += n;
        if (*p) p++;
    }
    return role;
}

int cortex_path_weight_of_role(cortex_path_role role)
{
    switch (role) {
    case CORTEX_ROLE_SOURCE: return 2;
    case CORTEX_ROLE_TEST:
    case CORTEX_ROLE_EXAMPLE: return 1;
    default: return 0;
    }
}

cortex_path_role cortex_path_role_in(const cortex_config *config, const char *path)
{
    for (size_t i = 0; config && i < config->npath_roles; i++) {
        if (!cortex_glob_match(config->path_roles[i].glob, path)) continue;
        for (int r = CORTEX_ROLE_SOURCE; r <= CORTEX_ROLE_CHANGELOG; r++)
            if (strcmp(config->path_roles[i].role, cortex_path_role_name((cortex_path_role)r)) == 0) return (cortex_path_role)r;
    }
    return cortex_path_role_of(path);
}

int cortex_path_weight(const cortex_config *config, const char *path)
{
    return cortex_path_weight_of_role(cortex_path_role_in(config, path));
}

const char *cortex_path_role_name(cortex_path_role role)
{
    static const char *const names[] = {"source", "test", "example", "vendored", "generated", "changelog"};
    return names[role];
}

/* ---- names and kinds ---------------------------------------------------------- */

static cortex_name_match match_one(const char *name, size_t n, const char *term)
{
    size_t k = strlen(term);
    if (k == n && strncmp(name, term, n) == 0) return CORTEX_MATCH_EXACT_CASE;
    if (k == n && strncasecmp(name, term, n) == 0) return CORTEX_MATCH_EXACT;
    if (k < n && strncasecmp(name, term, k) == 0) return CORTEX_MATCH_PREFIX;
    return CORTEX_MATCH_TEXT;
}

cortex_name_match cortex_name_match_of(const char *name, const cortex_query_terms *terms)
{
    if (!name) return CORTEX_MATCH_TEXT;
    /* the last component of a qualified name (Class.method, pkg::f, a/b) */
    const char *last = name;
    for (const char *c = name; *c; c++)
        if ((*c == '.' || *c == ':' || *c == '/' || *c == '\\' || *c == '>') && c[1]) last = c + 1;
    cortex_name_match best = CORTEX_MATCH_TEXT;
    for (size_t i = 0; i < terms->n; i++) {
        /* the whole name counts when it is the term (a qualified query);
         * a prefix only of the last component: Ledger.save does not start with "Ledger" */
        cortex_name_match m = match_one(name, strlen(name), terms->term[i]);
        if (m == CORTEX_MATCH_PREFIX) m = CORTEX_MATCH_TEXT;
        cortex_name_match l = match_one(last, strlen(last), terms->term[i]);
        if (l > m) m = l;
        if (m > best) best = m;
    }
    return best;
}

static const char *const secondary_kinds[] = {
    "field", "property", "variable", "constant",  "enum_member", "member",  "parameter", "local",   "attribute",
    "label", "key",      "comment",  "docstring", "string",      "sample",  "file",      "symbols", "definitions",
    "data",  "let",      "var",      "const",     "value",       "section", "heading",   "doc",     NULL};

int cortex_kind_weight(const char *kind)
{
    if (!kind || strcmp(kind, "import") == 0 || strcmp(kind, "reference") == 0) return 0;
    return cortex_str_in(kind, secondary_kinds) ? 1 : 2;
}

/* ---- the order ----------------------------------------------------------------- */

int cortex_rank_compare(const cortex_rank *a, const cortex_rank *b)
{
    /* more of a several-word query's terms first: a hit naming one of them exactly
     * is less specific than one with all of them */
    if (a->coverage != b->coverage) return b->coverage - a->coverage;
    if (a->match != b->match) return b->match - a->match;
    if (a->path != b->path) return b->path - a->path;
    if (a->kind != b->kind) return b->kind - a->kind;
    double x = a->bm25 - a->prior, y = b->bm25 - b->prior;
    return x < y ? -1 : x > y ? 1 : 0;
}

double cortex_rank_score(const cortex_rank *r)
{
    /* relevance within the last step: BM25 (negative, lower better) squashed into [0, 1) */
    double rel = r->bm25 < 0 ? -r->bm25 / (1.0 - r->bm25) : 0;
    return 1000.0 * r->coverage + 100.0 * r->match + 10.0 * r->path + 3.0 * r->kind + rel + r->prior / CORTEX_PRIOR_MAX;
}
