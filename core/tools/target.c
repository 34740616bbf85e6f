/*
 * Target resolution for the graph and analysis tools (target.h).
 */
#include "target.h"

#include "paths.h"

#include "../store/search.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CANDIDATES_SHOWN 10
#define SUGGESTIONS_SHOWN 5

/* A definition that matched, with what ranks it. */
typedef struct match {
    json_t *symbol;
    int64_t id;
    int exact;    /* its qualified name is the text */
    int fit;      /* the qualifier names its parent, or its package and it has none */
    int exported; /* not private, static or file-local */
    int test;     /* in a test file */
    char *file;
    int64_t line;
} match;

typedef struct matches {
    match *items;
    size_t n, cap;
    const char *text;      /* as written */
    const char *qualifier; /* for a last-component lookup: what must precede it, or NULL */
} matches;

static int is_test_path(const char *path)
{
    return strstr(path, "test") != NULL || strstr(path, "Test") != NULL || strstr(path, "spec") != NULL;
}

static int is_exported(const cortex_store_symbol *sym)
{
    const char *v = sym->visibility;
    if (v && (strcmp(v, "private") == 0 || strcmp(v, "static") == 0 || strcmp(v, "protected") == 0 ||
              strcmp(v, "internal") == 0))
        return 0;
    /* Python's convention, and Go's lower-case names */
    return sym->short_name[0] != '_';
}

/* Whether `qualifier` names where `sym` is: its parent (`Class.method`'s
 * Class, a Rust `Type::new`), or the directory of its file (`pkg.Func`). */
static int qualifier_fits(const cortex_store_symbol *sym, const char *qualifier, size_t len)
{
    if (sym->parent) {
        size_t n = strlen(sym->parent);
        if (n >= len && strncmp(sym->parent + n - len, qualifier, len) == 0 &&
            (n == len || sym->parent[n - len - 1] == '.'))
            return 2;
    }
    const char *slash = strrchr(sym->file, '/');
    if (!slash) return 0;
    const char *dir_end = slash;
    const char *dir = dir_end;
    while (dir > sym->file && dir[-1] != '/') dir--;
    return (size_t)(dir_end - dir) == len && strncmp(dir, qualifier, len) == 0 ? 1 : 0;
}

static int add_match(const cortex_store_symbol *sym, void *payload)
{
    matches *m = payload;
    int fits = m->qualifier ? qualifier_fits(sym, m->qualifier, strlen(m->qualifier)) : 0;
    if (m->qualifier && !fits) return 0;
    match *it = CORTEX_PUSH(m->items, m->n, m->cap);
    /* `pkg.Name` is the package's own Name, not a member called Name */
    it->fit = fits == 2 || (fits == 1 && !sym->parent);
    it->symbol = cortex_symbol_json(sym);
    it->id = sym->id;
    it->exact = strcmp(sym->name, m->text) == 0;
    it->exported = is_exported(sym);
    it->test = is_test_path(sym->file);
    it->file = cortex_xstrdup(sym->file);
    it->line = sym->line;
    return 0;
}

static int compare_matches(const void *a, const void *b)
{
    const match *x = a, *y = b;
    if (x->exact != y->exact) return y->exact - x->exact;
    if (x->fit != y->fit) return y->fit - x->fit;
    if (x->exported != y->exported) return y->exported - x->exported;
    if (x->test != y->test) return x->test - y->test;
    int c = strcmp(x->file, y->file);
    if (c) return c;
    return (x->line > y->line) - (x->line < y->line);
}

/* `text` split at its last `.` or `::`: the qualifier into `qual` and the
 * last component returned; NULL when there is no separator. */
static const char *split_last(const char *text, char *qual, size_t size)
{
    const char *last = NULL;
    size_t qlen = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '.' && p[1]) {
            last = p + 1;
            qlen = (size_t)(p - text);
        } else if (p[0] == ':' && p[1] == ':' && p[2]) {
            last = p + 2;
            qlen = (size_t)(p - text);
        }
    }
    if (!last || qlen == 0 || qlen >= size) return NULL;
    memcpy(qual, text, qlen);
    qual[qlen] = '\0';
    /* `a.b.Type`: the nearest qualifier names the parent or the package */
    const char *inner = strrchr(qual, '.');
    if (inner) memmove(qual, inner + 1, strlen(inner + 1) + 1);
    return last;
}

static int add_suggestion(const cortex_store_hit *hit, void *payload)
{
    json_t *names = payload;
    for (size_t i = 0; i < json_array_size(names); i++)
        if (strcmp(json_string_value(json_array_get(names, i)), hit->symbol.name) == 0) return 0;
    json_array_append_new(names, cortex_text_json(hit->symbol.name));
    return 0;
}

/* Names near `text`: definitions whose words start like its last component's. */
static json_t *suggestions(cortex_reader *s, const char *text)
{
    char qual[512], query[600];
    const char *last = split_last(text, qual, sizeof qual);
    if (!last) last = text;
    size_t n = 0;
    for (const char *p = last; *p && n + 4 < sizeof query; p++)
        if (isalnum((unsigned char)*p) || *p == '_') query[n++] = *p;
    json_t *names = json_array();
    if (n < 2) return names;
    /* its first letters, so a misspelt tail still finds the name */
    if (n > 4) n = 4;
    query[n] = '*';
    query[n + 1] = '\0';
    cortex_store_search q = {.fts = query, .exact = last, .want = SUGGESTIONS_SHOWN};
    int64_t total = 0;
    /* a failed lookup gives no suggestion, not a failed call */
    (void)cortex_store_search_scope(&total, s->db, CORTEX_STORE_SCOPE_SYMBOL, &q, add_suggestion, names);
    return names;
}

static int symbol_at(const cortex_store_symbol *sym, void *payload)
{
    matches *m = payload;
    match *it = CORTEX_PUSH(m->items, m->n, m->cap);
    memset(it, 0, sizeof *it);
    it->symbol = cortex_symbol_json(sym);
    it->id = sym->id;
    it->file = cortex_xstrdup(sym->file);
    it->line = sym->line;
    return 0;
}

/* `file:line[:col]`: the path and line into `path`/`*line`; 0 when `text` is not one. */
static int position_of(const char *text, char *path, size_t size, int64_t *line)
{
    const char *colon = strrchr(text, ':');
    if (!colon || !isdigit((unsigned char)colon[1])) return 0;
    const char *end = colon;
    /* file:line:col */
    for (const char *p = colon - 1; p > text && isdigit((unsigned char)*p); p--)
        if (p[-1] == ':') {
            end = p - 1;
            break;
        }
    if (end == text || (size_t)(end - text) >= size) return 0;
    memcpy(path, text, (size_t)(end - text));
    path[end - text] = '\0';
    *line = strtoll(end + 1, NULL, 10);
    return *line > 0;
}

static void choose(cortex_target *out, matches *m)
{
    qsort(m->items, m->n, sizeof *m->items, compare_matches);
    out->kind = CORTEX_TARGET_SYMBOL;
    out->id = m->items[0].id;
    snprintf(out->path, sizeof out->path, "%s", m->items[0].file);
    out->chosen = json_incref(m->items[0].symbol);
    for (size_t i = 1; i < m->n && i <= CANDIDATES_SHOWN; i++) json_array_append(out->candidates, m->items[i].symbol);
}

static void matches_free(matches *m)
{
    for (size_t i = 0; i < m->n; i++) {
        json_decref(m->items[i].symbol);
        free(m->items[i].file);
    }
    free(m->items);
}

static int resolve(cortex_target *out, cortex_reader *s, const char *text)
{
    memset(out, 0, sizeof *out);
    out->candidates = json_array();
    matches m = {NULL, 0, 0, text, NULL};
    int rc = 0;
    char path[4096];
    int64_t line = 0, file_id = 0;
    if (position_of(text, path, sizeof path, &line)) {
        char rel[4096];
        if ((rc = cortex_tool_indexed_file(&file_id, rel, sizeof rel, s, path))) return rc;
        rc = cortex_store_read_symbol_at(s->db, file_id, line, symbol_at, &m);
        if (rc == CORTEX_ENOTFOUND) {
            /* no definition spans the line: the file itself */
            out->kind = CORTEX_TARGET_FILE;
            out->id = file_id;
            snprintf(out->path, sizeof out->path, "%s", rel);
            out->chosen = json_pack("{s:s,s:s,s:s}", "name", rel, "kind", "file", "file", rel);
            return 0;
        }
        if (!rc && m.n) choose(out, &m);
        matches_free(&m);
        return rc;
    }
    /* a repository path: an indexed file, or a directory holding some (a
     * bare word is a name first: a path only when no definition bears it) */
    int pathlike = strchr(text, '/') || strchr(text, '\\');
    if (!pathlike && (rc = cortex_store_read_definitions(s->db, text, (cortex_store_page){-1, 0}, add_match, &m))) {
        matches_free(&m);
        return rc;
    }
    if (m.n == 0) {
        char rel[4096];
        int outside = cortex_path_resolve(s->repo->root, text, rel, sizeof rel);
        if (outside && pathlike) { /* a path leaving the root is refused, never looked up */
            matches_free(&m);
            return outside;
        }
        if (!outside) {
            if (cortex_store_read_file(s->db, rel, cortex_file_id_of, &file_id) == 0) {
                out->kind = CORTEX_TARGET_FILE;
                out->id = file_id;
                snprintf(out->path, sizeof out->path, "%s", rel);
                out->chosen = json_pack("{s:s,s:s,s:s}", "name", rel, "kind", "file", "file", rel);
                return 0;
            }
            int64_t nfiles = 0;
            cortex_store_file_filter filter = {.dir = rel};
            if (*rel && cortex_store_read_count_files(&nfiles, s->db, &filter) == 0 && nfiles > 0) {
                out->kind = CORTEX_TARGET_DIRECTORY;
                snprintf(out->path, sizeof out->path, "%s", rel);
                out->chosen = json_pack("{s:s,s:s,s:s}", "name", rel, "kind", "directory", "file", rel);
                return 0;
            }
        }
    }
    if (pathlike && (rc = cortex_store_read_definitions(s->db, text, (cortex_store_page){-1, 0}, add_match, &m))) {
        matches_free(&m);
        return rc;
    }
    if (m.n == 0) {
        /* `pkg.Type`, `Type::new`, `a.b.Class.method`: the last component,
         * where the qualifier names its parent or its package's directory */
        char qual[512];
        const char *last = split_last(text, qual, sizeof qual);
        if (last) {
            m.qualifier = qual;
            if ((rc = cortex_store_read_definitions(s->db, last, (cortex_store_page){-1, 0}, add_match, &m))) {
                matches_free(&m);
                return rc;
            }
        }
    }
    if (m.n) choose(out, &m);
    else out->suggestion = suggestions(s, text);
    matches_free(&m);
    return 0;
}

int cortex_target_resolve(cortex_target *out, cortex_reader *s, const char *text)
{
    int rc = resolve(out, s, text);
    if (rc) cortex_target_dispose(out); /* a failure leaves nothing to dispose of */
    return rc;
}

void cortex_target_dispose(cortex_target *t)
{
    json_decref(t->chosen);
    json_decref(t->candidates);
    json_decref(t->suggestion);
    memset(t, 0, sizeof *t);
}
