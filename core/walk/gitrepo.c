/*
 * A git repository's ignore sources found without libgit2: the repository
 * from a `.git` directory or file, and core.excludesFile read with a small
 * reader of git's configuration syntax.
 */
#define _GNU_SOURCE
#include "gitrepo.h"

#include "ignore.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir);
    int slash = n && dir[n - 1] == '/';
    char *p = cortex_xmalloc(n + strlen(name) + 2);
    memcpy(p, dir, n);
    if (!slash) p[n++] = '/';
    strcpy(p + n, name);
    return p;
}

static int exists(const char *dir, const char *name, int mode)
{
    char *p = join(dir, name);
    int ok = access(p, mode) == 0;
    free(p);
    return ok;
}

/* A path a repository file names (a `.git` file's gitdir, `commondir`): its
 * first line, trailing white space cut, taken from `from` when relative. */
static char *named_path(const char *from, const char *text)
{
    size_t n = strcspn(text, "\r\n");
    while (n && (text[n - 1] == ' ' || text[n - 1] == '\t')) n--;
    char *value = cortex_xstrndup(text, n);
    if (value[0] == '/') return value;
    char *p = join(from, value);
    free(value);
    return p;
}

void cortex_gitrepo_dispose(cortex_gitrepo *r)
{
    free(r->workdir);
    free(r->gitdir);
    free(r->commondir);
    memset(r, 0, sizeof *r);
}

int cortex_gitrepo_open(cortex_gitrepo *out, const char *dir)
{
    memset(out, 0, sizeof *out);
    char *dotgit = join(dir, ".git");
    size_t len = 0;
    /* One open tells a `.git` file (read) from a directory (EISDIR), no stat. */
    char *text = cortex_ignore__read_file(dotgit, 0, &len);
    if (text) {
        if (strncmp(text, "gitdir:", 7) == 0) out->gitdir = named_path(dir, text + 7 + strspn(text + 7, " \t"));
        free(text);
        free(dotgit);
    } else if (errno == EISDIR) {
        out->gitdir = dotgit;
    } else {
        free(dotgit);
    }
    if (!out->gitdir) return CORTEX_ENOTFOUND;
    char *common = join(out->gitdir, "commondir");
    text = cortex_ignore__read_file(common, 0, &len);
    free(common);
    out->commondir = text ? named_path(out->gitdir, text) : cortex_xstrdup(out->gitdir);
    free(text);
    out->workdir = cortex_xstrdup(dir);
    /* What git and libgit2 ask of a repository before they use it. */
    if (!exists(out->gitdir, "HEAD", F_OK) || !exists(out->commondir, "objects", X_OK) ||
        !exists(out->commondir, "refs", X_OK)) {
        cortex_gitrepo_dispose(out);
        return CORTEX_ENOTFOUND;
    }
    return 0;
}

/* 40 hex digits at `s`, ended by white space or the end. */
static int is_sha(const char *s)
{
    for (int i = 0; i < 40; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return 0;
    return s[40] == '\0' || s[40] == '\n' || s[40] == '\r' || s[40] == ' ' || s[40] == '\t';
}

/* `ref`'s sha in packed-refs: lines "<sha> <ref>"; "^<sha>" lines peel tags. */
static int packed_ref(char out[41], const char *commondir, const char *ref)
{
    char *path = join(commondir, "packed-refs");
    size_t len = 0;
    char *text = cortex_ignore__read_file(path, 0, &len);
    free(path);
    int rc = CORTEX_ENOTFOUND;
    size_t rlen = strlen(ref);
    for (char *line = text; line && *line;) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (n >= 41 + rlen && is_sha(line) && line[40] == ' ' && strncmp(line + 41, ref, rlen) == 0 &&
            (n == 41 + rlen || line[41 + rlen] == '\r')) {
            memcpy(out, line, 40);
            out[40] = '\0';
            rc = 0;
        }
        line = end ? end + 1 : line + n;
    }
    free(text);
    return rc;
}

int cortex_gitrepo_head(char out[41], const cortex_gitrepo *r)
{
    char *ref = cortex_xstrdup("HEAD");
    int rc = CORTEX_ENOTFOUND;
    for (int depth = 0; depth < 5; depth++) {
        /* HEAD and per-worktree refs live in gitdir; branches in the common directory. */
        char *path = join(strcmp(ref, "HEAD") == 0 ? r->gitdir : r->commondir, ref);
        size_t len = 0;
        char *text = cortex_ignore__read_file(path, 0, &len);
        free(path);
        if (!text) {
            rc = strncmp(ref, "refs/", 5) == 0 ? packed_ref(out, r->commondir, ref) : CORTEX_ENOTFOUND;
            break;
        }
        if (len >= 40 && is_sha(text)) {
            memcpy(out, text, 40);
            out[40] = '\0';
            free(text);
            rc = 0;
            break;
        }
        if (strncmp(text, "ref:", 4) != 0) {
            free(text);
            break;
        }
        char *name = text + 4 + strspn(text + 4, " \t");
        name[strcspn(name, " \t\r\n")] = '\0';
        /* a ref leaves refs/ by no `..`: it names a file under the repository */
        int bad = strncmp(name, "refs/", 5) != 0 || strstr(name, "..") != NULL;
        free(ref);
        ref = cortex_xstrdup(name);
        free(text);
        if (bad) break;
    }
    free(ref);
    return rc;
}

int cortex_gitrepo_discover(cortex_gitrepo *out, const char *dir, dev_t dev)
{
    char *d = cortex_xstrdup(dir);
    int rc = CORTEX_ENOTFOUND;
    for (;;) {
        if (cortex_gitrepo_open(out, d) == 0) {
            rc = 0;
            break;
        }
        char *slash = strrchr(d, '/');
        if (!slash || (slash == d && d[1] == '\0')) break; /* "/" searched */
        if (slash == d) d[1] = '\0';
        else *slash = '\0';
        struct stat st;
        if (stat(d, &st) != 0 || st.st_dev != dev) break;
    }
    free(d);
    return rc;
}

/* ---- configuration ------------------------------------------------------- */

/* git's config syntax, read as git's config.c reads it: a character at a
 * time, "\r\n" as '\n', the end of the text as one last '\n'. */
typedef struct cfg_reader {
    const char *p, *end;
    int eof;
} cfg_reader;

static int next_char(cfg_reader *r)
{
    if (r->p >= r->end) {
        r->eof = 1;
        return '\n';
    }
    int c = (unsigned char)*r->p++;
    if (c == '\r' && r->p < r->end && *r->p == '\n') c = (unsigned char)*r->p++;
    return c;
}

static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int is_alpha(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_keychar(int c)
{
    return is_alpha(c) || (c >= '0' && c <= '9') || c == '-';
}

static char lower(int c)
{
    return (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
}

/* `[section "subsection"]` after the section's name: the subsection keeps its case. */
static int subsection(cfg_reader *r, cortex_buf *name, int c)
{
    do {
        if (c == '\n') return -1;
        c = next_char(r);
    } while (is_space(c));
    if (c != '"') return -1;
    cortex_buf_putc(name, '.');
    for (;;) {
        c = next_char(r);
        if (c == '\n') return -1;
        if (c == '"') break;
        if (c == '\\' && (c = next_char(r)) == '\n') return -1;
        cortex_buf_putc(name, (char)c);
    }
    return next_char(r) == ']' ? 0 : -1;
}

/* A section header after its '[': `[core]`, `[Core]`, `[remote "origin"]`, `[old.style]`. */
static int section(cfg_reader *r, cortex_buf *name)
{
    for (;;) {
        int c = next_char(r);
        if (r->eof) return -1;
        if (c == ']') return 0;
        if (is_space(c)) return subsection(r, name, c);
        if (!is_keychar(c) && c != '.') return -1;
        cortex_buf_putc(name, lower(c));
    }
}

/* A value after its '=': white space around it dropped, inner runs kept,
 * quotes toggling, `\t \b \n \\ \"` and a `\` ending the line. */
static int value(cfg_reader *r, cortex_buf *v)
{
    int quote = 0, comment = 0;
    size_t space = 0;
    cortex_buf_clear(v);
    cortex_buf_add(v, "", 0);
    for (;;) {
        int c = next_char(r);
        if (c == '\n') return quote ? -1 : 0;
        if (comment) continue;
        if (is_space(c) && !quote) {
            if (v->len) space++;
            continue;
        }
        if (!quote && (c == ';' || c == '#')) {
            comment = 1;
            continue;
        }
        for (; space; space--) cortex_buf_putc(v, ' ');
        if (c == '\\') {
            switch (c = next_char(r)) {
            case '\n': continue;
            case 't': c = '\t'; break;
            case 'b': c = '\b'; break;
            case 'n': c = '\n'; break;
            case '\\':
            case '"': break;
            default: return -1; /* git refuses an unknown escape */
            }
            cortex_buf_putc(v, (char)c);
            continue;
        }
        if (c == '"') {
            quote = !quote;
            continue;
        }
        cortex_buf_putc(v, (char)c);
    }
}

int cortex_gitconfig_get(char **out, const char *text, size_t len, const char *key)
{
    cfg_reader r = {text, text + len, 0};
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) r.p += 3;
    cortex_buf var = {0}, v = {0};
    cortex_buf_add(&var, "", 0);
    size_t base_len = 0;
    int comment = 0, found = 0;
    *out = NULL;
    for (;;) {
        int c = next_char(&r);
        if (c == '\n') {
            if (r.eof) break;
            comment = 0;
            continue;
        }
        if (comment || is_space(c)) continue;
        if (c == '#' || c == ';') {
            comment = 1;
            continue;
        }
        if (c == '[') {
            cortex_buf_clear(&var);
            if (section(&r, &var) != 0 || var.len == 0) break;
            cortex_buf_putc(&var, '.');
            base_len = var.len;
            continue;
        }
        if (!is_alpha(c)) break;
        var.len = base_len;
        cortex_buf_putc(&var, lower(c));
        for (;;) { /* the rest of the key's name */
            c = next_char(&r);
            if (r.eof || !is_keychar(c)) break;
            cortex_buf_putc(&var, lower(c));
        }
        while (c == ' ' || c == '\t') c = next_char(&r);
        if (c == '\n') continue; /* a key alone: boolean true, never a path */
        if (c != '=' || value(&r, &v) != 0) break;
        if (strcmp(var.data, key) == 0) {
            free(*out);
            *out = cortex_xstrdup(v.data);
            found = 1;
        }
    }
    cortex_buf_free(&var);
    cortex_buf_free(&v);
    return found;
}

/* core.excludesFile as the file at `path` sets it: 1 and `*out` replaced, or 0. */
static int file_excludes(char **out, const char *path)
{
    size_t len = 0;
    char *text = path ? cortex_ignore__read_file(path, 0, &len) : NULL;
    if (!text) return 0;
    char *v = NULL;
    int found = cortex_gitconfig_get(&v, text, len, "core.excludesfile");
    free(text);
    if (!found) return 0;
    free(*out);
    *out = v;
    return 1;
}

/* git's reading of a boolean environment variable: unset, "", "0", false, no, off are false. */
static int env_true(const char *name)
{
    const char *v = getenv(name);
    if (!v || !*v) return 0;
    if (!strcasecmp(v, "false") || !strcasecmp(v, "no") || !strcasecmp(v, "off")) return 0;
    char *end;
    long n = strtol(v, &end, 10);
    return *end || n != 0;
}

/* $XDG_CONFIG_HOME/git/<name>, else ~/.config/git/<name>; NULL without either variable. */
static char *xdg_git_file(const char *name)
{
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    char rel[64];
    if (xdg && *xdg) {
        snprintf(rel, sizeof rel, "git/%s", name);
        return join(xdg, rel);
    }
    if (!home) return NULL;
    snprintf(rel, sizeof rel, ".config/git/%s", name);
    return join(home, rel);
}

char *cortex_gitrepo_global_excludes(void)
{
    char *value = NULL;
    if (!env_true("GIT_CONFIG_NOSYSTEM")) {
        const char *sys = getenv("GIT_CONFIG_SYSTEM");
        file_excludes(&value, sys ? sys : "/etc/gitconfig");
    }
    const char *global = getenv("GIT_CONFIG_GLOBAL"), *home = getenv("HOME");
    if (global) {
        file_excludes(&value, global);
        return value;
    }
    char *xdg = xdg_git_file("config");
    file_excludes(&value, xdg);
    free(xdg);
    if (home) {
        char *p = join(home, ".gitconfig");
        file_excludes(&value, p);
        free(p);
    }
    return value;
}

/* A configured path as git interpolates it: `~/` is $HOME, `~user/` that
 * user's home; NULL when it names no home there is. */
static char *expand(const char *value, const char *workdir)
{
    if (value[0] != '~') return value[0] == '/' ? cortex_xstrdup(value) : join(workdir, value);
    const char *slash = strchrnul(value, '/');
    const char *home = NULL;
    if (slash == value + 1) {
        home = getenv("HOME");
    } else {
        char *user = cortex_xstrndup(value + 1, (size_t)(slash - value - 1));
        struct passwd *pw = getpwnam(user);
        free(user);
        if (pw) home = pw->pw_dir;
    }
    if (!home) return NULL;
    return *slash ? join(home, slash + 1) : cortex_xstrdup(home);
}

char *cortex_gitrepo_excludes_file(const cortex_gitrepo *r, const char *global)
{
    char *value = NULL, *config = join(r->commondir, "config");
    if (!file_excludes(&value, config) && global) value = cortex_xstrdup(global);
    free(config);
    if (!value) return xdg_git_file("ignore");
    char *path = *value ? expand(value, r->workdir) : NULL; /* set empty: no excludes file */
    free(value);
    return path;
}
