/* Path globs: `*` and `?` within a segment, `**` across segments, `[...]`. */
#include "glob.h"

#include "mem.h"

#include <stdlib.h>
#include <string.h>

static int class_match(const char **pp, char c)
{
    const char *p = *pp + 1;
    int negate = *p == '!' || *p == '^';
    if (negate) p++;
    int hit = 0;
    for (int first = 1; *p && (first || *p != ']'); first = 0, p++) {
        if (p[1] == '-' && p[2] && p[2] != ']') {
            if (c >= p[0] && c <= p[2]) hit = 1;
            p += 2;
        } else if (*p == c) {
            hit = 1;
        }
    }
    if (*p != ']') return -1; /* not a class: match '[' literally */
    *pp = p + 1;
    return hit != negate;
}

/* What a match attempt shares: the pattern and path, and the positions
 * (pattern offset, path offset) already known not to match. Each pair is
 * tried at most once, so a pattern of many stars against a long name is
 * linear in their product instead of exponential. */
typedef struct glob_state {
    const char *pattern;
    const char *path;
    size_t path_len;
    unsigned char *failed; /* bit per (pattern offset, path offset) */
} glob_state;

static int known_failed(const glob_state *g, const char *p, const char *s)
{
    size_t bit = (size_t)(p - g->pattern) * (g->path_len + 1) + (size_t)(s - g->path);
    return g->failed[bit >> 3] & (1u << (bit & 7));
}

static void mark_failed(glob_state *g, const char *p, const char *s)
{
    size_t bit = (size_t)(p - g->pattern) * (g->path_len + 1) + (size_t)(s - g->path);
    g->failed[bit >> 3] |= (unsigned char)(1u << (bit & 7));
}

static int match_here(glob_state *g, const char *p, const char *s);

/* Tries the rest of the pattern at every path position a star may stop at. */
static int match_star(glob_state *g, const char *p, const char *s, int crosses_slash)
{
    for (const char *t = s;; t++) {
        if (!known_failed(g, p, t)) {
            if (match_here(g, p, t)) return 1;
            mark_failed(g, p, t);
        }
        if (!*t || (!crosses_slash && *t == '/')) return 0;
    }
}

static int match_here(glob_state *g, const char *p, const char *s)
{
    while (*p) {
        if (p[0] == '*' && p[1] == '*') {
            p += 2;
            if (*p == '/') p++; /* "**\/" also matches zero directories */
            return match_star(g, p, s, 1);
        }
        if (*p == '*') return match_star(g, p + 1, s, 0);
        if (!*s) return 0;
        if (*p == '?') {
            if (*s == '/') return 0;
        } else if (*p == '[') {
            const char *q = p;
            int r = class_match(&q, *s);
            if (r >= 0) {
                if (!r || *s == '/') return 0;
                p = q;
                s++;
                continue;
            }
            if (*s != '[') return 0;
        } else if (*p != *s) {
            return 0;
        }
        p++;
        s++;
    }
    return *s == '\0';
}

int cortex_glob_match(const char *pattern, const char *path)
{
    while (pattern[0] == '.' && pattern[1] == '/') pattern += 2;
    size_t n = strlen(pattern);
    if (n == 0) return 1;
    if (pattern[n - 1] == '/') return strncmp(path, pattern, n) == 0;
    if (!strpbrk(pattern, "*?["))
        return strncmp(path, pattern, n) == 0 && (path[n] == '\0' || path[n] == '/');
    glob_state g = {pattern, path, strlen(path), NULL};
    size_t bits = (n + 1) * (g.path_len + 1);
    unsigned char small[512];
    g.failed = bits <= sizeof small * 8 ? small : cortex_xcalloc((bits + 7) / 8, 1);
    if (g.failed == small) memset(small, 0, (bits + 7) / 8);
    int hit = match_here(&g, pattern, path);
    if (g.failed != small) free(g.failed);
    return hit;
}
