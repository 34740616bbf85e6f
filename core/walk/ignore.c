/*
 * gitignore(5) rules: each source's text parsed into patterns once (a
 * .gitignore when the walk enters its directory), and a path matched against
 * the stack of sources deepest first, with git's wildmatch.
 */
#define _GNU_SOURCE
#include "ignore.h"

#include "../util/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- patterns ------------------------------------------------------------ */

enum {
    PAT_NEGATIVE = 1u,  /* "!pattern": a match re-includes */
    PAT_MUSTBEDIR = 2u, /* "pattern/": matches directories only */
    PAT_BASENAME = 4u,  /* no '/' but a trailing one: matches the name at any depth */
    PAT_LITERAL = 8u,   /* no wildcard and no escape: compared whole */
    PAT_ENDSWITH = 16u, /* a name's '*' then a literal: compared with the name's end */
    PAT_MEMO = 32u      /* two or more runs of '*': matched with a memo of failures */
};

typedef struct ignore_pattern {
    const char *text; /* NUL-terminated, in the list's buffer: '!', a leading '/' and the trailing '/' removed */
    size_t len;
    unsigned flags;
} ignore_pattern;

/* One source: a file's patterns, in file order, relative to `base`. */
typedef struct rule_list {
    char *buf;  /* the source text, cut into the patterns in place */
    char *base; /* the .gitignore's directory: "" or "dir/" (NULL when no patterns) */
    size_t base_len;
    ignore_pattern *items;
    size_t n, cap;
} rule_list;

enum {
    MATCH_NONE,
    MATCH_EXCLUDE,
    MATCH_INCLUDE
};

struct cortex_ignore {
    rule_list sources[2]; /* by cortex_ignore_source */
    rule_list *dirs;      /* the entered directories' .gitignore, shallowest first */
    size_t ndirs, dirs_cap;
};

static int is_wild(char c)
{
    return c == '*' || c == '?' || c == '[' || c == '\\';
}

/* Trailing spaces go unless escaped with '\' (git's trim_trailing_spaces). */
static void trim_trailing_spaces(char *s)
{
    char *last_space = NULL;
    for (char *p = s; *p; p++) {
        if (*p == ' ') {
            if (!last_space) last_space = p;
        } else if (*p == '\\') {
            if (!*++p) return;
            last_space = NULL;
        } else {
            last_space = NULL;
        }
    }
    if (last_space) *last_space = '\0';
}

static void add_pattern(rule_list *l, char *s)
{
    trim_trailing_spaces(s);
    unsigned flags = 0;
    if (*s == '!') {
        flags |= PAT_NEGATIVE;
        s++;
    }
    size_t len = strlen(s);
    if (len && s[len - 1] == '/') {
        s[--len] = '\0';
        flags |= PAT_MUSTBEDIR;
    }
    if (!memchr(s, '/', len)) flags |= PAT_BASENAME;
    /* A leading '/' anchors the pattern, as any other '/' does; then it goes. */
    if (*s == '/') {
        s++;
        len--;
    }
    if (len == 0) return; /* matches nothing */
    size_t wild = 0, star_runs = 0;
    for (size_t i = 0; i < len; i++) {
        if (is_wild(s[i])) wild++;
        if (s[i] == '*' && (i == 0 || s[i - 1] != '*')) star_runs++;
    }
    if (wild == 0) flags |= PAT_LITERAL;
    else if ((flags & PAT_BASENAME) && s[0] == '*' && wild == 1 && len > 1) flags |= PAT_ENDSWITH;
    if (star_runs >= 2) flags |= PAT_MEMO;
    ignore_pattern *p = CORTEX_PUSH(l->items, l->n, l->cap);
    p->text = s;
    p->len = len;
    p->flags = flags;
}

/* Takes `buf` (len bytes, one spare byte after them): cuts it into lines, each
 * a pattern unless blank or a comment. */
static void parse_into(rule_list *l, char *buf, size_t len, const char *base)
{
    l->buf = buf;
    buf[len] = '\0';
    char *line = buf;
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) line += 3; /* a UTF-8 byte order mark */
    char *end = buf + len;
    while (line < end) {
        char *nl = memchr(line, '\n', (size_t)(end - line));
        char *stop = nl ? nl : end;
        if (stop > line && stop[-1] == '\r') stop--;
        *stop = '\0';
        if (*line && *line != '#') add_pattern(l, line);
        line = nl ? nl + 1 : end;
    }
    if (!l->n) { /* blank or comments only */
        free(buf);
        l->buf = NULL;
        return;
    }
    l->base = cortex_xstrdup(base);
    l->base_len = strlen(base);
}

static void list_dispose(rule_list *l)
{
    free(l->buf);
    free(l->base);
    free(l->items);
    memset(l, 0, sizeof *l);
}

char *cortex_ignore__read_file(const char *path, int nofollow, size_t *len_out)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | (nofollow ? O_NOFOLLOW : 0));
    if (fd < 0) return NULL;
    size_t len = 0, cap = 4096;
    char *buf = cortex_xmalloc(cap);
    for (;;) {
        if (len + 1 >= cap) cortex_grow((void **)&buf, &cap, cap * 2, 1);
        ssize_t got = read(fd, buf + len, cap - len - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) { /* a directory (EISDIR) or unreadable */
            int e = errno;
            free(buf);
            close(fd);
            errno = e;
            return NULL;
        }
        if (got == 0) break;
        len += (size_t)got;
    }
    close(fd);
    buf[len] = '\0';
    *len_out = len;
    return buf;
}

static void parse_text(rule_list *l, const char *text, size_t len, const char *base)
{
    char *buf = cortex_xmalloc(len + 1);
    memcpy(buf, text, len);
    parse_into(l, buf, len, base);
}

/* ---- wildmatch ----------------------------------------------------------- */

typedef struct wild {
    const unsigned char *pattern;
    const unsigned char *text;
    size_t text_len;
    int pathname;
    unsigned char *failed; /* a bit per (pattern, text) position known not to match; NULL: no memo */
} wild;

/* The POSIX class `name` (len bytes) on an ASCII byte: 1, 0, or -1 for an
 * unknown name (the pattern then matches nothing, as in git). */
static int named_class(const unsigned char *name, size_t len, unsigned char c)
{
    int lower = c >= 'a' && c <= 'z', upper = c >= 'A' && c <= 'Z', digit = c >= '0' && c <= '9';
    int graph = c >= 0x21 && c <= 0x7e;
    const struct {
        const char *name;
        int is;
    } classes[] = {
        {"alnum", lower || upper || digit},
        {"alpha", lower || upper},
        {"blank", c == ' ' || c == '\t'},
        {"cntrl", c < 0x20 || c == 0x7f},
        {"digit", digit},
        {"graph", graph},
        {"lower", lower},
        {"print", graph || c == ' '},
        {"punct", graph && !lower && !upper && !digit},
        {"space", c == ' ' || c == '\t' || c == '\n' || c == '\r'}, /* git's isspace */
        {"upper", upper},
        {"xdigit", digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')},
    };
    for (size_t i = 0; i < sizeof classes / sizeof *classes; i++)
        if (strlen(classes[i].name) == len && memcmp(classes[i].name, name, len) == 0) return classes[i].is;
    return -1;
}

/* A bracket expression at `*pp` (its '[') against `c`: 1 or 0, with `*pp`
 * left on the closing ']'; -1 when malformed (no closing ']', an unknown
 * class), which matches nothing. A ']' first in the set is a member. */
static int class_match(const unsigned char **pp, unsigned char c)
{
    const unsigned char *p = *pp + 1;
    int negated = *p == '!' || *p == '^';
    if (negated) p++;
    int matched = 0;
    unsigned char prev = 0, pc = *p;
    do {
        if (!pc) return -1;
        if (pc == '\\') {
            pc = *++p;
            if (!pc) return -1;
            if (c == pc) matched = 1;
        } else if (pc == '-' && prev && p[1] && p[1] != ']') {
            pc = *++p;
            if (pc == '\\' && !(pc = *++p)) return -1;
            if (c >= prev && c <= pc) matched = 1;
            pc = 0; /* a range's end starts no range */
        } else if (pc == '[' && p[1] == ':') {
            const unsigned char *name = p + 2, *q = name;
            while (*q && *q != ']') q++;
            if (!*q) return -1;
            if (q == name || q[-1] != ':') {
                if (c == '[') matched = 1; /* no ":]": an ordinary '[' */
            } else {
                int r = named_class(name, (size_t)(q - 1 - name), c);
                if (r < 0) return -1;
                if (r) matched = 1;
                p = q;
                pc = 0;
            }
        } else if (c == pc) {
            matched = 1;
        }
        prev = pc;
        pc = *++p;
    } while (pc != ']');
    *pp = p;
    return matched != negated;
}

static int wild_here(wild *w, const unsigned char *p, const unsigned char *t);

/* The rest of the pattern from `p` at text position `t`, each pair tried at
 * most once when the pattern has a memo: what keeps `*a*a*a*b` polynomial,
 * as git's abort codes do. */
static int wild_try(wild *w, const unsigned char *p, const unsigned char *t)
{
    if (!w->failed) return wild_here(w, p, t);
    size_t bit = (size_t)(p - w->pattern) * (w->text_len + 1) + (size_t)(t - w->text);
    if (w->failed[bit >> 3] & (1u << (bit & 7))) return 0;
    if (wild_here(w, p, t)) return 1;
    w->failed[bit >> 3] |= (unsigned char)(1u << (bit & 7));
    return 0;
}

/* A run of stars at `p`. With pathname matching, only "**" standing for whole
 * segments (after the start or a '/', before the end or a '/') crosses '/';
 * "**" + '/' also matches no directory at all. */
static int wild_star(wild *w, const unsigned char *p, const unsigned char *t)
{
    const unsigned char *stars = p;
    while (*p == '*') p++;
    int crosses = !w->pathname;
    if (w->pathname && p - stars >= 2 && (stars == w->pattern || stars[-1] == '/') &&
        (*p == '\0' || *p == '/' || (p[0] == '\\' && p[1] == '/'))) {
        if (*p == '/' && wild_try(w, p + 1, t)) return 1;
        crosses = 1;
    }
    if (!*p) return crosses || !strchr((const char *)t, '/');
    for (;; t++) {
        if (wild_try(w, p, t)) return 1;
        if (!*t || (!crosses && *t == '/')) return 0;
    }
}

static int wild_here(wild *w, const unsigned char *p, const unsigned char *t)
{
    for (; *p; p++, t++) {
        if (*p == '*') return wild_star(w, p, t);
        if (!*t) return 0;
        switch (*p) {
        case '\\':
            if (*++p != *t) return 0; /* a trailing '\' matches nothing */
            break;
        case '?':
            if (w->pathname && *t == '/') return 0;
            break;
        case '[':
            if (class_match(&p, *t) <= 0 || (w->pathname && *t == '/')) return 0;
            break;
        default:
            if (*p != *t) return 0;
        }
    }
    return *t == '\0';
}

static int wildmatch(const char *pattern, size_t pattern_len, int memo, const char *text, int pathname)
{
    wild w = {(const unsigned char *)pattern, (const unsigned char *)text, 0, pathname, NULL};
    if (!memo) return wild_here(&w, w.pattern, w.text);
    w.text_len = strlen(text);
    size_t bytes = ((pattern_len + 1) * (w.text_len + 1) + 7) / 8;
    unsigned char small[512];
    w.failed = bytes <= sizeof small ? small : cortex_xcalloc(bytes, 1);
    if (w.failed == small) memset(small, 0, bytes);
    int hit = wild_here(&w, w.pattern, w.text);
    if (w.failed != small) free(w.failed);
    return hit;
}

int cortex_ignore_wildmatch(const char *pattern, const char *text, int pathname)
{
    size_t runs = 0, len = strlen(pattern);
    for (size_t i = 0; i < len; i++) runs += pattern[i] == '*' && (i == 0 || pattern[i - 1] != '*');
    return wildmatch(pattern, len, runs >= 2, text, pathname);
}

/* ---- matching ------------------------------------------------------------ */

static int pattern_match(const ignore_pattern *p, const char *subject)
{
    if (p->flags & PAT_LITERAL) return strcmp(p->text, subject) == 0;
    if (p->flags & PAT_ENDSWITH) {
        size_t n = strlen(subject), tail = p->len - 1;
        return n >= tail && memcmp(subject + n - tail, p->text + 1, tail) == 0;
    }
    /* A name's pattern has no '/', so only a path's needs pathname rules. */
    return wildmatch(p->text, p->len, (p->flags & PAT_MEMO) != 0, subject, !(p->flags & PAT_BASENAME));
}

static int list_match(const rule_list *l, const char *path, const char *name, int is_dir)
{
    if (!l->n || strncmp(path, l->base, l->base_len) != 0) return MATCH_NONE;
    for (size_t i = l->n; i-- > 0;) { /* the last matching pattern wins */
        const ignore_pattern *p = &l->items[i];
        if ((p->flags & PAT_MUSTBEDIR) && !is_dir) continue;
        if (pattern_match(p, p->flags & PAT_BASENAME ? name : path + l->base_len))
            return p->flags & PAT_NEGATIVE ? MATCH_INCLUDE : MATCH_EXCLUDE;
    }
    return MATCH_NONE;
}

int cortex_ignore_match(const cortex_ignore *ig, const char *path, int is_dir)
{
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    for (size_t i = ig->ndirs; i-- > 0;) {
        int r = list_match(&ig->dirs[i], path, name, is_dir);
        if (r != MATCH_NONE) return r == MATCH_EXCLUDE;
    }
    int r = list_match(&ig->sources[CORTEX_IGNORE_INFO_EXCLUDE], path, name, is_dir);
    if (r == MATCH_NONE) r = list_match(&ig->sources[CORTEX_IGNORE_EXCLUDES_FILE], path, name, is_dir);
    return r == MATCH_EXCLUDE;
}

/* ---- the stack ----------------------------------------------------------- */

cortex_ignore *cortex_ignore_new(void)
{
    return cortex_xcalloc(1, sizeof(cortex_ignore));
}

void cortex_ignore_free(cortex_ignore *ig)
{
    if (!ig) return;
    for (int s = 0; s < 2; s++) list_dispose(&ig->sources[s]);
    while (ig->ndirs) cortex_ignore_leave(ig);
    free(ig->dirs);
    free(ig);
}

void cortex_ignore_load_source(cortex_ignore *ig, cortex_ignore_source which, const char *path)
{
    list_dispose(&ig->sources[which]);
    size_t len = 0;
    char *buf = cortex_ignore__read_file(path, 0, &len);
    if (buf) parse_into(&ig->sources[which], buf, len, "");
}

void cortex_ignore_set_source(cortex_ignore *ig, cortex_ignore_source which, const char *text, size_t len)
{
    list_dispose(&ig->sources[which]);
    parse_text(&ig->sources[which], text, len, "");
}

void cortex_ignore_enter(cortex_ignore *ig, const char *dir, const char *gitignore_path)
{
    rule_list *l = CORTEX_PUSH(ig->dirs, ig->ndirs, ig->dirs_cap);
    memset(l, 0, sizeof *l);
    size_t len = 0;
    /* git never follows a symbolic link to read a work tree's .gitignore */
    char *buf = gitignore_path ? cortex_ignore__read_file(gitignore_path, 1, &len) : NULL;
    if (buf) parse_into(l, buf, len, dir);
}

void cortex_ignore_enter_text(cortex_ignore *ig, const char *dir, const char *text, size_t len)
{
    rule_list *l = CORTEX_PUSH(ig->dirs, ig->ndirs, ig->dirs_cap);
    memset(l, 0, sizeof *l);
    parse_text(l, text, len, dir);
}

void cortex_ignore_leave(cortex_ignore *ig)
{
    if (ig->ndirs) list_dispose(&ig->dirs[--ig->ndirs]);
}
