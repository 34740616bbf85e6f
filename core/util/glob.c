/* Path globs: `*` and `?` within a segment, `**` across segments, `[...]`. */
#include "glob.h"

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

static int match_here(const char *p, const char *s)
{
    while (*p) {
        if (p[0] == '*' && p[1] == '*') {
            p += 2;
            if (*p == '/') p++; /* "**\/" also matches zero directories */
            for (const char *t = s;; t++) {
                if (match_here(p, t)) return 1;
                if (!*t) return 0;
            }
        }
        if (*p == '*') {
            p++;
            for (const char *t = s;; t++) {
                if (match_here(p, t)) return 1;
                if (!*t || *t == '/') return 0;
            }
        }
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
    return match_here(pattern, path);
}
