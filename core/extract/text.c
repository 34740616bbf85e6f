/* Language-neutral shaping of names, signatures, strings and comments. */
#include "text.h"

#include <ctype.h>
#include <string.h>

char *cortex_text_collapse(cortex_arena *a, const char *s, size_t n)
{
    char *out = cortex_arena_alloc(a, n + 1);
    size_t o = 0;
    int pending_space = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (isspace(c)) {
            pending_space = o > 0;
            continue;
        }
        if (pending_space) out[o++] = ' ';
        pending_space = 0;
        out[o++] = (char)c;
    }
    out[o] = '\0';
    return out;
}

/* Cuts `s` to at most `max` bytes without splitting a UTF-8 sequence. */
static void cap_utf8(char *s, size_t max)
{
    size_t n = strlen(s);
    if (n <= max) return;
    size_t cut = max - 3;
    while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80) cut--;
    memcpy(s + cut, "...", 4);
}

char *cortex_text_signature(cortex_arena *a, const char *s, size_t n)
{
    char *sig = cortex_text_collapse(a, s, n);
    size_t len = strlen(sig);
    while (len > 0 && (sig[len - 1] == '{' || sig[len - 1] == ':' || sig[len - 1] == ';' ||
                       sig[len - 1] == '=' || sig[len - 1] == ' '))
        sig[--len] = '\0';
    cap_utf8(sig, CORTEX_SIG_MAX);
    return sig;
}

/* Removes the smallest indentation of lines after the first, and blank edge
 * lines (the behaviour of Python's inspect.cleandoc). Works in place. */
static void dedent(char *s)
{
    size_t margin = (size_t)-1;
    const char *line = strchr(s, '\n');
    while (line) {
        line++;
        size_t ind = 0;
        while (line[ind] == ' ' || line[ind] == '\t') ind++;
        if (line[ind] && line[ind] != '\n' && ind < margin) margin = ind;
        line = strchr(line, '\n');
    }
    char *w = s;
    const char *r = s;
    int first = 1;
    while (*r) {
        const char *eol = strchr(r, '\n');
        size_t len = eol ? (size_t)(eol - r) : strlen(r);
        size_t skip = 0;
        if (first) {
            while (skip < len && (r[skip] == ' ' || r[skip] == '\t')) skip++;
        } else {
            while (skip < len && skip < margin && (r[skip] == ' ' || r[skip] == '\t')) skip++;
        }
        size_t keep = len - skip;
        while (keep > 0 && (r[skip + keep - 1] == ' ' || r[skip + keep - 1] == '\t' || r[skip + keep - 1] == '\r')) keep--;
        memmove(w, r + skip, keep);
        w += keep;
        if (eol) *w++ = '\n';
        r = eol ? eol + 1 : r + len;
        first = 0;
    }
    *w = '\0';
    /* trim blank lines at both ends */
    char *start = s;
    while (*start == '\n') start++;
    size_t len = strlen(start);
    while (len > 0 && start[len - 1] == '\n') start[--len] = '\0';
    memmove(s, start, len + 1);
}

char *cortex_text_unquote(cortex_arena *a, const char *s, size_t n)
{
    /* string prefixes: r, b, u, f (Python), L, u8, U (C), @ (C#), R (C++ raw) */
    size_t i = 0;
    while (i < n && i < 3 && strchr("rRbBuUfFL8@$", s[i])) i++;
    if (i >= n || (s[i] != '"' && s[i] != '\'' && s[i] != '`')) i = 0;
    const char *body = s + i;
    size_t len = n - i;
    if (len >= 6 && (strncmp(body, "\"\"\"", 3) == 0 || strncmp(body, "'''", 3) == 0) &&
        strncmp(body + len - 3, body, 3) == 0) {
        body += 3;
        len -= 6;
    } else if (len >= 2 && (body[0] == '"' || body[0] == '\'' || body[0] == '`') && body[len - 1] == body[0]) {
        body += 1;
        len -= 2;
    }
    char *out = cortex_arena_strndup(a, body, len);
    dedent(out);
    return out;
}

char *cortex_text_uncomment(cortex_arena *a, const char *s, size_t n)
{
    char *out = cortex_arena_alloc(a, n + 1);
    size_t o = 0;
    const char *end = s + n;
    const char *line = s;
    int in_block = 0;
    while (line < end) {
        const char *eol = memchr(line, '\n', (size_t)(end - line));
        if (!eol) eol = end;
        const char *p = line, *q = eol;
        while (p < q && (*p == ' ' || *p == '\t')) p++;
        if (!in_block && q - p >= 2 && p[0] == '/' && p[1] == '*') {
            p += 2;
            while (p < q && (*p == '*' || *p == '!')) p++;
            in_block = 1;
        } else if (in_block && p < q && *p == '*' && !(q - p >= 2 && p[1] == '/')) {
            p++; /* the '*' gutter of a block comment */
        } else if (!in_block && q - p >= 2 && p[0] == '/' && p[1] == '/') {
            p += 2;
            while (p < q && (*p == '/' || *p == '!')) p++;
        } else if (!in_block && q - p >= 4 && p == line && (memcmp(p, "=beg", 4) == 0 || memcmp(p, "=end", 4) == 0)) {
            p = q; /* Ruby's =begin/=end block markers: the text is between them */
        } else if (!in_block && p < q && *p == '#') {
            while (p < q && *p == '#') p++;
        } else if (!in_block && q - p >= 2 && p[0] == '-' && p[1] == '-') {
            p += 2; /* Lua, SQL, Haskell */
            while (p < q && *p == '-') p++; /* LuaDoc's `---` */
        }
        if (in_block) {
            for (const char *c = p; c + 1 < q; c++)
                if (c[0] == '*' && c[1] == '/') {
                    q = c;
                    while (q > p && q[-1] == '*') q--;
                    in_block = 0;
                    break;
                }
        }
        if (p < q && *p == ' ') p++;
        while (q > p && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r')) q--;
        if (o > 0) out[o++] = '\n';
        memcpy(out + o, p, (size_t)(q - p));
        o += (size_t)(q - p);
        line = eol + 1;
    }
    out[o] = '\0';
    char *start = out;
    while (*start == '\n') start++;
    size_t len = strlen(start);
    while (len > 0 && start[len - 1] == '\n') start[--len] = '\0';
    return start;
}

/* How the tool directives written as comments begin: linters' and
 * formatters' switches and type checkers' suppressions. Matched at the start
 * of the comment's text, case included (`NOLINT` is a directive, "Nolint the
 * parser" would be prose). */
static const char *const directive_prefixes[] = {
    "eslint-", "eslint ", "prettier-ignore", "noqa", "pylint:", "type: ignore", "type:ignore", "clang-format off",
    "clang-format on", "NOLINT", "@ts-ignore", "@ts-expect-error", "@ts-nocheck", "rubocop:", "pragma:", "pragma ",
    "#pragma", "fmt: off", "fmt: on", "fmt: skip", "isort:", "mypy:", "pyright:", "istanbul ignore", "c8 ignore",
    "biome-ignore", "deno-lint-ignore", "tslint:", "jshint ", "nolint", "lint:ignore", "nosec", "NOSONAR",
    "cppcheck-suppress", "@formatter:", "stylelint-", "cspell:", NULL,
};

int cortex_text_is_directive(const char *text)
{
    for (int i = 0; directive_prefixes[i]; i++)
        if (strncmp(text, directive_prefixes[i], strlen(directive_prefixes[i])) == 0) return 1;
    return 0;
}

/* Where a doc's tag section begins: a line after the first that opens with
 * a JSDoc/Javadoc/PHPDoc tag (`@param`) or a Sphinx field (`:param x:`). */
static int opens_tags(const char *line)
{
    while (*line == ' ' || *line == '\t' || *line == '*') line++;
    if (line[0] == '@' && isalpha((unsigned char)line[1])) return 1;
    static const char *const fields[] = {":param", ":type", ":return", ":rtype", ":raise", NULL};
    for (int i = 0; fields[i]; i++)
        if (strncmp(line, fields[i], strlen(fields[i])) == 0) return 1;
    return 0;
}

char *cortex_text_summary(cortex_arena *a, const char *s)
{
    /* the first paragraph, without the tags that may follow it unseparated */
    size_t n = strlen(s);
    for (const char *nl = strchr(s, '\n'); nl; nl = strchr(nl + 1, '\n'))
        if (nl[1] == '\n' || opens_tags(nl + 1)) {
            n = (size_t)(nl - s);
            break;
        }
    char *sum = cortex_text_collapse(a, s, n);
    cap_utf8(sum, CORTEX_DOC_SUMMARY_MAX);
    return sum;
}

int cortex_text_is_meaningful(const char *s)
{
    size_t letters = 0, len = 0, spaces = 0, slashes = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++, len++) {
        if (isalpha(*p) || *p >= 0x80) letters++;
        if (*p == ' ') spaces++;
        if (*p == '/') slashes++;
        /* a message is known at its first space after enough letters */
        if (spaces && letters >= CORTEX_STRING_MIN_LETTERS) return 1;
    }
    return letters >= CORTEX_STRING_MIN_LETTERS && (spaces > 0 || (slashes > 0 && len >= CORTEX_STRING_MIN_WORDLESS));
}
