/*
 * Go's build constraints, as go/build reads them, against the default build
 * context: which files `go build`, gopls and go/types leave out of a package
 * (the file_variant hook). A file's name (`_windows.go`, `_linux_arm64.go`)
 * and its header's //go:build line (or its legacy // +build lines) decide.
 */
#include "constraints.h"

#include <string.h>

/* The release tags the default context has: go1.1 up to this one. Debian 12's
 * Go, which the accuracy benchmark's truth runs on; a newer toolchain differs
 * only for files constrained on a later release. */
#define CORTEX_GO_RELEASE 19

/* go/build's syslist: only these count as a file name's suffix. */
static const char *const known_os[] = {"aix",     "android", "darwin",  "dragonfly", "freebsd", "hurd",
                                       "illumos", "ios",     "js",      "linux",     "nacl",    "netbsd",
                                       "openbsd", "plan9",   "solaris", "windows",   "zos",     NULL};
static const char *const known_arch[] = {
    "386",     "amd64",  "amd64p32", "arm",       "armbe",       "arm64", "arm64be", "loong64", "mips",
    "mipsle",  "mips64", "mips64le", "mips64p32", "mips64p32le", "ppc",   "ppc64",   "ppc64le", "riscv",
    "riscv64", "s390",   "s390x",    "sparc",     "sparc64",     "wasm",  NULL};

static int listed(const char *const *list, const char *s, size_t n)
{
    for (; *list; list++)
        if (strlen(*list) == n && memcmp(*list, s, n) == 0) return 1;
    return 0;
}

/* Whether the default context has the tag `s` (n bytes): its GOOS, GOARCH,
 * compiler, cgo, unix, and the release tags; no other. */
static int match_tag(const char *s, size_t n)
{
    static const char *const on[] = {"linux", "amd64", "gc", "cgo", "unix", NULL};
    if (listed(on, s, n)) return 1;
    if (n > 4 && memcmp(s, "go1.", 4) == 0 && s[4] != '0') {
        int minor = 0;
        for (size_t i = 4; i < n; i++) {
            if (s[i] < '0' || s[i] > '9' || minor > 1000) return 0;
            minor = minor * 10 + (s[i] - '0');
        }
        return minor >= 1 && minor <= CORTEX_GO_RELEASE;
    }
    return 0;
}

/* ---- //go:build expressions ------------------------------------------------ */

typedef struct expr {
    const char *p, *end;
    int bad;
} expr;

static void skip_space(expr *e)
{
    while (e->p < e->end && (*e->p == ' ' || *e->p == '\t')) e->p++;
}

static int tag_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

static int parse_or(expr *e, int depth);

static int parse_not(expr *e, int depth)
{
    skip_space(e);
    if (depth > 64 || e->p >= e->end) {
        e->bad = 1;
        return 0;
    }
    if (*e->p == '!') {
        e->p++;
        return !parse_not(e, depth + 1);
    }
    if (*e->p == '(') {
        e->p++;
        int v = parse_or(e, depth + 1);
        skip_space(e);
        if (e->p >= e->end || *e->p != ')') e->bad = 1;
        else e->p++;
        return v;
    }
    const char *start = e->p;
    while (e->p < e->end && tag_char(*e->p)) e->p++;
    if (e->p == start) {
        e->bad = 1;
        return 0;
    }
    return match_tag(start, (size_t)(e->p - start));
}

static int parse_and(expr *e, int depth)
{
    int v = parse_not(e, depth);
    for (;;) {
        skip_space(e);
        if (e->end - e->p < 2 || e->p[0] != '&' || e->p[1] != '&') return v;
        e->p += 2;
        v = parse_not(e, depth) && v; /* both sides parsed: a syntax error anywhere counts */
    }
}

static int parse_or(expr *e, int depth)
{
    int v = parse_and(e, depth);
    for (;;) {
        skip_space(e);
        if (e->end - e->p < 2 || e->p[0] != '|' || e->p[1] != '|') return v;
        e->p += 2;
        v = parse_and(e, depth) || v;
    }
}

/* The expression after `//go:build`: 1 true, 0 false, -1 not parsed. */
static int eval_go_build(const char *p, const char *end)
{
    expr e = {p, end, 0};
    int v = parse_or(&e, 0);
    skip_space(&e);
    if (e.bad || e.p != e.end) return -1;
    return v;
}

/* One `// +build` line's fields: any field true, each field's comma-separated
 * terms all true, a term `!tag` negated. */
static int eval_plus_build(const char *p, const char *end)
{
    int any = 0;
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t')) p++;
        if (p >= end) break;
        const char *field_end = p;
        while (field_end < end && *field_end != ' ' && *field_end != '\t') field_end++;
        int all = 1;
        while (p < field_end) {
            const char *term_end = memchr(p, ',', (size_t)(field_end - p));
            if (!term_end) term_end = field_end;
            int negate = p < term_end && *p == '!';
            const char *tag = p + negate;
            int v = 0; /* `!!tag` and an empty term are never true */
            if (tag < term_end && *tag != '!') v = match_tag(tag, (size_t)(term_end - tag)) != negate;
            if (!v) all = 0;
            p = term_end < field_end ? term_end + 1 : field_end;
        }
        if (all) any = 1;
        p = field_end;
    }
    return any;
}

/* ---- the file ---------------------------------------------------------------- */

/* Whether the file's name leaves it out: `_GOOS`, `_GOARCH` or
 * `_GOOS_GOARCH` last before the extension (and `_test`), as go/build's
 * goodOSArchFile reads it; a name starting with `_` or `.` is ignored. */
static int name_excludes(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (base[0] == '_' || base[0] == '.') return 1;
    const char *dot = strchr(base, '.');
    size_t n = dot ? (size_t)(dot - base) : strlen(base);
    const char *under = memchr(base, '_', n);
    if (!under) return 0;
    /* the elements after the first `_` */
    const char *el[64];
    size_t len[64], k = 0;
    const char *p = under + 1, *stop = base + n;
    while (k < 64) {
        const char *q = memchr(p, '_', (size_t)(stop - p));
        if (!q) q = stop;
        el[k] = p;
        len[k++] = (size_t)(q - p);
        if (q == stop) break;
        p = q + 1;
    }
    if (k > 0 && len[k - 1] == 4 && memcmp(el[k - 1], "test", 4) == 0) k--;
    if (k >= 2 && listed(known_os, el[k - 2], len[k - 2]) && listed(known_arch, el[k - 1], len[k - 1]))
        return !(match_tag(el[k - 2], len[k - 2]) && match_tag(el[k - 1], len[k - 1]));
    if (k >= 1 && (listed(known_os, el[k - 1], len[k - 1]) || listed(known_arch, el[k - 1], len[k - 1])))
        return !match_tag(el[k - 1], len[k - 1]);
    return 0;
}

static int starts(const char *p, const char *end, const char *prefix)
{
    size_t n = strlen(prefix);
    return (size_t)(end - p) >= n && memcmp(p, prefix, n) == 0;
}

/* The header is the run of comments and blank lines before the package
 * clause (go/build's parseFileHeader): a //go:build line anywhere in it,
 * // +build lines only up to its last blank line (a package's doc comment
 * right above the clause is no constraint). */
static int header_excludes(const char *src, size_t len)
{
    const char *p = src, *end = src + len;
    const char *header_end = src, *go_build = NULL, *go_build_end = NULL;
    int ended = 0, in_star = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *line = p, *line_end = nl ? nl : end;
        p = nl ? nl + 1 : end;
        while (line < line_end && (*line == ' ' || *line == '\t' || *line == '\r')) line++;
        while (line_end > line && (line_end[-1] == ' ' || line_end[-1] == '\t' || line_end[-1] == '\r')) line_end--;
        if (line == line_end && !ended) {
            header_end = p;
            continue;
        }
        if (!starts(line, line_end, "//")) ended = 1;
        if (!in_star && starts(line, line_end, "//go:build") &&
            (line_end - line == 10 || line[10] == ' ' || line[10] == '\t')) {
            if (go_build) return 0; /* two of them: go/build refuses the file; not ours to decide */
            go_build = line + 10;
            go_build_end = line_end;
        }
        int comment = 1;
        while (line < line_end) {
            if (in_star) {
                const char *close = NULL;
                for (const char *c = line; c + 1 < line_end; c++)
                    if (c[0] == '*' && c[1] == '/') {
                        close = c;
                        break;
                    }
                if (!close) break;
                in_star = 0;
                line = close + 2;
                while (line < line_end && (*line == ' ' || *line == '\t')) line++;
                continue;
            }
            if (starts(line, line_end, "//")) break;
            if (starts(line, line_end, "/*")) {
                in_star = 1;
                line += 2;
                while (line < line_end && (*line == ' ' || *line == '\t')) line++;
                continue;
            }
            comment = 0;
            break;
        }
        if (!comment) break;
    }
    if (go_build) return eval_go_build(go_build, go_build_end) == 0;
    for (p = src; p < header_end;) {
        const char *nl = memchr(p, '\n', (size_t)(header_end - p));
        const char *line = p, *line_end = nl ? nl : header_end;
        p = nl ? nl + 1 : header_end;
        while (line < line_end && (*line == ' ' || *line == '\t')) line++;
        while (line_end > line && (line_end[-1] == ' ' || line_end[-1] == '\t' || line_end[-1] == '\r')) line_end--;
        if (!starts(line, line_end, "//")) continue;
        line += 2;
        while (line < line_end && (*line == ' ' || *line == '\t')) line++;
        if (!starts(line, line_end, "+build") || (line_end - line > 6 && line[6] != ' ' && line[6] != '\t')) continue;
        if (!eval_plus_build(line + 6, line_end)) return 1;
    }
    return 0;
}

int cortex_go_file_variant(const char *path, const char *source, size_t len)
{
    if (path && name_excludes(path)) return 1;
    return source && header_excludes(source, len);
}
