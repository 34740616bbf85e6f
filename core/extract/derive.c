/*
 * The derivation every language shares, from the raw matches of one file:
 * plugins only say what a node is; nesting, qualified names, methods,
 * signatures, docs, comment merging and callers are decided here, once.
 */
#include "derive.h"
#include "values.h"

#include "text.h"
#include "../record/owners.h"

#include "../util/strings.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compare_defs_dedupe(const void *pa, const void *pb)
{
    const cortex_raw_def *a = pa, *b = pb;
    if (a->start != b->start) return a->start < b->start ? -1 : 1;
    if (a->end != b->end) return a->end > b->end ? -1 : 1;
    int c = strcmp(a->name, b->name);
    if (c) return c;
    if (a->is_import != b->is_import) return a->is_import - b->is_import;
    return (a->order > b->order) - (a->order < b->order);
}

static int compare_texts_dedupe(const void *pa, const void *pb)
{
    const cortex_raw_text *a = pa, *b = pb;
    if (a->t.start_byte != b->t.start_byte) return a->t.start_byte < b->t.start_byte ? -1 : 1;
    if (a->t.end_byte != b->t.end_byte) return a->t.end_byte > b->t.end_byte ? -1 : 1;
    if (a->is_doc != b->is_doc) return b->is_doc - a->is_doc; /* a docstring beats the same string */
    return (a->order > b->order) - (a->order < b->order);
}

/* `scope.name`, in the arena. */
static const char *dotted(cortex_arena *a, const char *scope, const char *name)
{
    size_t ls = strlen(scope), ln = strlen(name);
    char *q = cortex_arena_alloc(a, ls + 1 + ln + 1);
    memcpy(q, scope, ls);
    q[ls] = '.';
    memcpy(q + ls + 1, name, ln + 1);
    return q;
}

/* A qualified name's length past which a nested definition is named from an
 * ellipsis and its short name: names grow with nesting, so without a bound a
 * file of deeply nested classes makes an index quadratic in its depth. */
#define QUALIFIED_NAME_MAX 1024
#define DEEP_NAME_SCOPE "..."

/* `scope.name`, or `....name` (reported) when that is past the bound. */
static const char *qualified(cortex_arena *a, cortex_file_records *r, const char *scope, const char *name)
{
    if (strlen(scope) + 1 + strlen(name) <= QUALIFIED_NAME_MAX) return dotted(a, scope, name);
    if (!r->problem) r->problem = "definitions nested too deep: the innermost are named from \"...\" and their own name";
    return dotted(a, DEEP_NAME_SCOPE, name);
}

static int is_callable(const char *kind)
{
    return strcmp(kind, "function") == 0 || strcmp(kind, "method") == 0;
}

/* The innermost non-import definition whose span contains byte `pos`, or -1.
 * Symbols are sorted by start, outer before inner, and properly nested, so the
 * innermost container is the last symbol starting at or before `pos` or one of
 * its ancestors. */
static int32_t innermost(const cortex_file_records *r, uint32_t pos, int skip_data)
{
    size_t lo = 0, hi = r->nsymbols;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (r->symbols[mid].start_byte <= pos) lo = mid + 1;
        else hi = mid;
    }
    for (int32_t i = (int32_t)lo - 1; i >= 0; i = r->symbols[i].parent)
        if (r->symbols[i].end_byte > pos && strcmp(r->symbols[i].kind, "import") != 0 &&
            !(skip_data && cortex_record_data_kind(r->symbols[i].kind)))
            return i;
    return -1;
}

/* A signature without the comments inside it (`def f(a,  # metres`): the
 * comment texts are collected and sorted by then, so their spans are cut out. */
static const char *signature_of(const cortex_raw_records *x, cortex_file_records *r, const char *src, uint32_t start,
                                uint32_t end)
{
    size_t lo = 0, hi = x->ntexts;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (x->texts[mid].t.start_byte < start) lo = mid + 1;
        else hi = mid;
    }
    if (lo >= x->ntexts || x->texts[lo].t.start_byte >= end) return cortex_text_signature(&r->arena, src + start, end - start);
    cortex_buf b = {0};
    uint32_t at = start;
    for (size_t i = lo; i < x->ntexts && x->texts[i].t.start_byte < end; i++) {
        const cortex_text *t = &x->texts[i].t;
        if (strcmp(t->kind, "comment") != 0 || t->start_byte < at) continue;
        cortex_buf_add(&b, src + at, t->start_byte - at);
        cortex_buf_putc(&b, ' ');
        at = t->end_byte < end ? t->end_byte : end;
    }
    cortex_buf_add(&b, src + at, end - at);
    const char *sig = cortex_text_signature(&r->arena, b.data, b.len);
    cortex_buf_free(&b);
    return sig;
}

/* Outline definitions (headings, marked with #set! level) extend to the next
 * one of the same or a lower level, or to the end of the file; nesting then
 * makes each one's parent the nearest preceding heading of a lower level. */
static int extend_outline(cortex_raw_records *x, uint32_t file_end, TSPoint file_end_point)
{
    int extended = 0;
    for (size_t i = 0; i < x->ndefs; i++) {
        cortex_raw_def *d = &x->defs[i];
        if (!d->level) continue;
        extended = 1;
        d->end = file_end;
        d->ep = file_end_point;
        for (size_t j = i + 1; j < x->ndefs; j++) {
            const cortex_raw_def *next = &x->defs[j];
            if (next->level && next->level <= d->level && next->start > d->start) {
                d->end = next->start;
                d->ep = (TSPoint){next->sp.row, 0};
                break;
            }
        }
    }
    return extended;
}

static void append_path(const char *path, void *payload)
{
    cortex_buf *b = payload;
    if (!path || !*path || strchr(path, '\n')) return;
    if (b->len) cortex_buf_putc(b, '\n');
    cortex_buf_puts(b, path);
}

/* The plugin's candidate files for an import, kept for the sinks to resolve. */
const char *cortex_derive_import_targets(const cortex_language_plugin *p, cortex_file_records *r, const cortex_symbol *s)
{
    if (!p->import_paths) return NULL;
    cortex_buf b = {0};
    p->import_paths(r->path, s->name, s->origin, append_path, &b);
    const char *out = b.len ? cortex_arena_strndup(&r->arena, b.data, b.len) : NULL;
    cortex_buf_free(&b);
    return out;
}

/* The visibility of the last section marker (`private:`) before `start` in
 * the parent's body, skipping markers inside the parent's other children
 * (a nested class's own sections). NULL when there is none. */
static const char *section_visibility(const cortex_raw_records *x, const cortex_file_records *r, int32_t parent, uint32_t start)
{
    const char *found = NULL;
    uint32_t best = 0;
    for (size_t i = 0; i < x->nsections; i++) {
        const cortex_raw_section *sec = &x->sections[i];
        if (sec->at > start || sec->at < r->symbols[parent].start_byte || sec->at < best) continue;
        int nested = 0;
        for (size_t k = (size_t)parent + 1; k < r->nsymbols && !nested; k++)
            nested = r->symbols[k].parent == parent && r->symbols[k].start_byte <= sec->at && sec->at <= r->symbols[k].end_byte;
        if (nested) continue;
        best = sec->at;
        found = sec->visibility;
    }
    return found;
}

static const char *parent_kind_of(const cortex_file_records *r, int32_t parent)
{
    return parent >= 0 ? r->symbols[parent].kind : "";
}

/* Methods declared outside their type become its children when the type is
 * defined in this file, in the same scope. The type is not a function unless
 * the plugin says a function may be one (a constructor whose prototype
 * receives the methods). */
static void link_receivers(const cortex_raw_records *x, cortex_file_records *r, int function_types)
{
    for (size_t i = 0; i < x->ndefs; i++) {
        const cortex_raw_def *d = &x->defs[i];
        if (!d->receiver || d->symbol < 0) continue;
        cortex_symbol *m = &r->symbols[d->symbol];
        /* The type is the method's name without its own: `ns.Foo` for `ns.Foo.bar`. */
        size_t type_len = strlen(m->name) - strlen(m->short_name) - 1;
        for (size_t k = 0; k < r->nsymbols; k++) {
            const cortex_symbol *t = &r->symbols[k];
            if ((int32_t)k != d->symbol && (function_types ? strcmp(t->kind, "method") != 0 : !is_callable(t->kind)) &&
                strcmp(t->kind, "import") != 0 &&
                strlen(t->name) == type_len && strncmp(t->name, m->name, type_len) == 0) {
                m->parent = (int32_t)k;
                break;
            }
        }
    }
}

static void build_symbols(cortex_raw_records *x, const cortex_language_plugin *p, const char *src,
                          cortex_file_records *r, uint32_t file_end, TSPoint file_end_point)
{
    cortex_sort(x->defs, x->ndefs, sizeof *x->defs, compare_defs_dedupe, &x->sort);
    /* new ends change the order (outer before inner) only when an outline was extended */
    if (extend_outline(x, file_end, file_end_point)) cortex_sort(x->defs, x->ndefs, sizeof *x->defs, compare_defs_dedupe, &x->sort);
    int32_t *stack = cortex_xmalloc((x->ndefs + 1) * sizeof *stack);
    size_t depth = 0;
    for (size_t i = 0; i < x->ndefs; i++) {
        cortex_raw_def *d = &x->defs[i];
        d->symbol = -1;
        if (i > 0 && d->start == x->defs[i - 1].start && d->end == x->defs[i - 1].end &&
            strcmp(d->name, x->defs[i - 1].name) == 0 && d->is_import == x->defs[i - 1].is_import)
            continue; /* the same node captured by a later pattern */
        /* the enclosing symbol must contain this one; an identical span (`int x, y;`) is a sibling */
        while (depth > 0 && (r->symbols[stack[depth - 1]].end_byte < d->end ||
                             (r->symbols[stack[depth - 1]].start_byte == d->start &&
                              r->symbols[stack[depth - 1]].end_byte == d->end)))
            depth--;
        int32_t parent = depth > 0 ? stack[depth - 1] : -1;
        /* variables inside a function body are locals, not definitions to index */
        if (parent >= 0 && is_callable(r->symbols[parent].kind) &&
            (strcmp(d->kind, "variable") == 0 || strcmp(d->kind, "constant") == 0))
            continue;

        cortex_symbol *s = CORTEX_PUSH(r->symbols, r->nsymbols, r->symbols_cap);
        memset(s, 0, sizeof *s);
        s->short_name = d->name;
        s->kind = d->kind;
        s->line_start = d->sp.row + 1;
        s->line_end = line_end_of(d->sp, d->ep);
        s->col_start = d->sp.column + 1;
        s->name_line = d->name_row + 1;
        s->start_byte = d->start;
        s->end_byte = d->end;
        s->parent = parent;
        s->sig = d->sig_end ? signature_of(x, r, src, d->start, d->sig_end) : NULL;
        s->visibility = d->visibility;
        s->alias = d->alias;
        s->origin = d->origin;
        s->dtype = d->dtype;

        if (!s->visibility && parent >= 0) s->visibility = section_visibility(x, r, parent, d->start);
        const char *parent_kind = parent >= 0 ? r->symbols[parent].kind : NULL;
        if (strcmp(s->kind, "function") == 0 && parent_kind && cortex_record_type_kind(parent_kind)) s->kind = "method";
        if (p->refine_symbol && !d->is_import) {
            cortex_symbol_view view = {s->short_name, strlen(s->short_name), s->kind, parent_kind,
                                       src + d->start, d->end - d->start};
            const char *kind = s->kind, *vis = s->visibility;
            p->refine_symbol(&view, &kind, &vis);
            if (kind && *kind) s->kind = kind;
            s->visibility = vis;
        }
        if (d->receiver && (parent < 0 || !cortex_record_type_kind(parent_kind_of(r, parent)))) {
            /* A method declared beside its type (Go's receivers, C++'s
             * `void Foo::bar()` in a namespace): named after the type, in
             * the enclosing scope, and its child when the type is in this
             * file (linked below). */
            if (strcmp(s->kind, "function") == 0) s->kind = "method";
            const char *receiver = dotted(&r->arena, d->receiver, s->short_name);
            s->name = parent >= 0 ? qualified(&r->arena, r, r->symbols[parent].name, receiver) : receiver;
        } else if (parent >= 0 && !d->is_import) {
            s->name = qualified(&r->arena, r, r->symbols[parent].name, s->short_name);
        } else {
            s->name = s->short_name;
        }
        if (d->is_import) s->targets = cortex_derive_import_targets(p, r, s);
        d->symbol = (int32_t)(r->nsymbols - 1);
        /* imports and non-containers never enclose other symbols */
        if (!d->is_import && !d->not_container) stack[depth++] = d->symbol;
    }
    free(stack);
    link_receivers(x, r, (p->flags & CORTEX_PLUGIN_FUNCTIONS_ARE_TYPES) != 0);
}

static int32_t find_text(const cortex_raw_records *x, uint32_t start, uint32_t end)
{
    size_t lo = 0, hi = x->ntexts;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (x->texts[mid].t.start_byte < start) lo = mid + 1;
        else hi = mid;
    }
    for (size_t i = lo; i < x->ntexts && x->texts[i].t.start_byte == start; i++)
        if (x->texts[i].t.end_byte == end) return (int32_t)i;
    return -1;
}

/* The path in an import statement (`#include "x.h"`) is a string to the
 * grammar but not prose: drop string texts that are an import's name. */
static void drop_import_paths(cortex_raw_records *x)
{
    for (size_t i = 0; i < x->ndefs; i++) {
        const cortex_raw_def *d = &x->defs[i];
        if (!d->is_import || d->name_end == 0) continue;
        int32_t t = find_text(x, d->name_start, d->name_end);
        if (t >= 0 && x->texts[t].t.kind && strcmp(x->texts[t].t.kind, "string") == 0) x->texts[t].t.kind = NULL;
    }
    size_t w = 0;
    for (size_t i = 0; i < x->ntexts; i++)
        if (x->texts[i].t.kind) x->texts[w++] = x->texts[i];
    x->ntexts = w;
}

/* A directive (`// eslint-disable-next-line`) between a doc comment and its
 * definition is not part of the doc: it joins no block. */
static int continues_comment(const cortex_raw_text *prev, const cortex_raw_text *cur)
{
    return strcmp(prev->t.kind, "comment") == 0 && strcmp(cur->t.kind, "comment") == 0 && prev->own_line &&
           cur->own_line && cur->t.line_start == prev->t.line_end + 1 && !prev->directive && !cur->directive;
}

/* Adjacent whole-line comments form one block of prose, joined by newlines
 * in one copy (joining line by line copied a block's head once per line). */
static void merge_comments(cortex_raw_records *x, cortex_file_records *r)
{
    for (size_t i = 0; i < x->ntexts; i++)
        x->texts[i].directive = strcmp(x->texts[i].t.kind, "comment") == 0 && cortex_text_is_directive(x->texts[i].t.text);
    size_t w = 0;
    for (size_t i = 0; i < x->ntexts;) {
        size_t end = i + 1, n = strlen(x->texts[i].t.text) + 1;
        for (; end < x->ntexts && continues_comment(&x->texts[end - 1], &x->texts[end]); end++)
            n += strlen(x->texts[end].t.text) + 1;
        cortex_raw_text block = x->texts[i];
        if (end > i + 1) {
            char *joined = cortex_arena_alloc(&r->arena, n), *o = joined;
            for (size_t k = i; k < end; k++) {
                size_t len = strlen(x->texts[k].t.text);
                memcpy(o, x->texts[k].t.text, len);
                o += len;
                *o++ = k + 1 < end ? '\n' : '\0';
            }
            block.t.text = joined;
            block.t.line_end = x->texts[end - 1].t.line_end;
            block.t.end_byte = x->texts[end - 1].t.end_byte;
        }
        x->texts[w++] = block;
        i = end;
    }
    x->ntexts = w;
    /* a block's empty edge lines (a lone `#` or `##` above or below it) are
     * not part of its text; empty comments that joined nothing are not prose */
    w = 0;
    for (size_t i = 0; i < x->ntexts; i++) {
        cortex_raw_text *t = &x->texts[i];
        if (strcmp(t->t.kind, "comment") == 0) {
            const char *text = t->t.text;
            while (*text == '\n') text++;
            size_t len = strlen(text);
            if (len && text[len - 1] == '\n') {
                while (len && text[len - 1] == '\n') len--;
                text = cortex_arena_strndup(&r->arena, text, len);
            }
            t->t.text = text;
            if (!*text) continue;
        }
        x->texts[w++] = *t;
    }
    x->ntexts = w;
}

/* Whether a comment opens with a doc comment's marker (a slash and two
 * stars, `///`, `//!`, `#:`): written for the definition below it, whatever
 * follows. */
static int doc_marker(const char *src, const cortex_text *t)
{
    const char *c = src + t->start_byte;
    size_t n = t->end_byte - t->start_byte;
    if (n >= 4 && memcmp(c, "/**", 3) == 0 && c[3] != '*' && c[3] != '/') return 1;
    return n >= 3 && (memcmp(c, "///", 3) == 0 || memcmp(c, "//!", 3) == 0 || memcmp(c, "#:", 2) == 0);
}

/* Whether `text` names `name` as a word: a doc comment that says which
 * definition it is about (Go's convention) documents that one. */
static int names(const char *text, const char *name)
{
    size_t n = strlen(name);
    if (!n) return 0;
    for (const char *at = strstr(text, name); at; at = strstr(at + 1, name)) {
        char before = at > text ? at[-1] : ' ', after = at[n];
        if (!(isalnum((unsigned char)before) || before == '_') && !(isalnum((unsigned char)after) || after == '_'))
            return 1;
    }
    return 0;
}

/* How many one-line declarations in a row make the comment above the first
 * a section's banner rather than that one's doc. */
#define SECTION_MIN_RUN 3

/* Whether plain comment `t`, directly above symbol `s`, heads a section
 * rather than documenting `s`: `s` is a one-line declaration at file (or
 * namespace, module) level, the next lines declare more of them beside it,
 * one a line, and the comment does not name `s`. It stands over the run (a
 * header's "evict.c -- maxmemory handling" banner above that file's
 * prototypes) and is no single one's doc. */
static int heads_section(const cortex_file_records *r, const cortex_text *t, int32_t s)
{
    const cortex_symbol *d = &r->symbols[s];
    if (d->line_start != d->line_end) return 0;
    if (d->parent >= 0 && strcmp(r->symbols[d->parent].kind, "module") != 0 &&
        strcmp(r->symbols[d->parent].kind, "namespace") != 0)
        return 0;
    const cortex_symbol *last = d;
    int run = 1;
    for (size_t k = (size_t)s + 1; k < r->nsymbols && run < SECTION_MIN_RUN; k++) {
        const cortex_symbol *next = &r->symbols[k];
        if (next->start_byte < last->end_byte) continue; /* a member of the last one */
        if (next->parent != d->parent || next->line_start != last->line_end + 1 || next->line_start != next->line_end)
            return 0;
        last = next;
        run++;
    }
    return run >= SECTION_MIN_RUN && !names(t->text, d->short_name);
}

static void attach_texts(cortex_raw_records *x, cortex_file_records *r, const char *src)
{
    /* 1. docstrings captured with their definition */
    for (size_t i = 0; i < x->ndefs; i++) {
        const cortex_raw_def *d = &x->defs[i];
        if (d->symbol < 0 || d->doc_end == 0) continue;
        int32_t t = find_text(x, d->doc_start, d->doc_end);
        if (t >= 0) {
            x->texts[t].t.parent = d->symbol;
            r->symbols[d->symbol].doc = cortex_text_summary(&r->arena, x->texts[t].t.text);
        }
    }

    /* 2. the line where each symbol visibly starts, for preceding doc comments */
    uint32_t max_line = 0;
    for (size_t i = 0; i < x->ntexts; i++)
        if (x->texts[i].t.line_end > max_line) max_line = x->texts[i].t.line_end;
    const cortex_raw_def **first_def_at = cortex_xcalloc(max_line + 2, sizeof *first_def_at);
    for (size_t i = 0; i < x->ndefs; i++) {
        const cortex_raw_def *d = &x->defs[i], **at;
        uint32_t lead = d->lead_row + 1; /* 1-based */
        if (d->symbol < 0 || lead > max_line + 1) continue;
        at = &first_def_at[lead];
        /* `struct s {...} v;`: the comment above is the aggregate's, which
         * the variable beside it does not enclose */
        if (!*at || ((*at)->not_container && (*at)->start == d->start && !d->not_container &&
                     strcmp((*at)->kind, "variable") == 0))
            *at = d;
    }
    /* the last line of the own-line directive starting at each line, or 0:
     * a doc comment reaches its definition across them */
    uint32_t *directive_end = cortex_xcalloc(max_line + 2, sizeof *directive_end);
    for (size_t i = 0; i < x->ntexts; i++)
        if (x->texts[i].directive && x->texts[i].own_line) directive_end[x->texts[i].t.line_start] = x->texts[i].t.line_end;

    /* a docstring found on its own belongs to the innermost enclosing
     * definition, and wins over a comment above that definition */
    for (size_t i = 0; i < x->ntexts; i++) {
        cortex_text *t = &x->texts[i].t;
        if (t->parent >= 0 || !x->texts[i].is_doc) continue;
        t->parent = innermost(r, t->start_byte, 0);
        if (t->parent >= 0 && !r->symbols[t->parent].doc)
            r->symbols[t->parent].doc = cortex_text_summary(&r->arena, t->text);
    }
    for (size_t i = 0; i < x->ntexts; i++) {
        cortex_text *t = &x->texts[i].t;
        if (t->parent >= 0 || x->texts[i].is_doc) continue;
        if (strcmp(t->kind, "comment") == 0 && x->texts[i].own_line && !x->texts[i].directive) {
            uint32_t below = t->line_end + 1;
            while (directive_end[below]) below = directive_end[below] + 1;
            int32_t s = first_def_at[below] ? first_def_at[below]->symbol : -1;
            if (s >= 0 && !r->symbols[s].doc && cortex_record_documented_kind(r->symbols[s].kind) &&
                (doc_marker(src, t) || !heads_section(r, t, s))) {
                t->parent = s;
                r->symbols[s].doc = cortex_text_summary(&r->arena, t->text);
                continue;
            }
        }
        t->parent = innermost(r, t->start_byte, 0);
    }
    free(first_def_at);
    free(directive_end);

    for (size_t i = 0; i < x->ntexts; i++) *CORTEX_PUSH(r->texts, r->ntexts, r->texts_cap) = x->texts[i].t;
}

static int compare_locals(const void *a, const void *b)
{
    const cortex_raw_local *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->at > y->at) - (x->at < y->at);
}

/* Whether the `len` bytes at `q` are one plain name. */
static int plain_name(const char *q, size_t len)
{
    if (len == 0) return 0;
    for (const char *p = q; p < q + len; p++)
        if (!cortex_ident_char(*p)) return 0;
    return 1;
}

/* How deep `scope` is among the definitions holding `inner` (0: `inner`
 * itself), or -1 when it holds none of them; the file level holds all. */
static int scope_depth(const cortex_file_records *r, int32_t scope, int32_t inner)
{
    int depth = 0;
    for (int32_t j = inner; j >= 0; j = r->symbols[j].parent, depth++)
        if (j == scope) return depth;
    return scope < 0 ? depth : -1;
}

/* The declaration of `name` in scope at byte `at` of a reference whose
 * innermost definition is `inner`: the one in the innermost scope holding
 * the reference, the latest before it within one scope; or NULL. */
/* Where the declarations of the `nlen`-byte `name` start among the sorted
 * locals: the exact ones come first, then longer names it begins. */
static size_t first_local(const cortex_raw_records *x, const char *name, size_t nlen)
{
    size_t lo = 0, hi = x->nlocals;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (strncmp(x->locals[mid].name, name, nlen) < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

#define LOCAL_NAMED(x, k, s, n) ((k) < (x)->nlocals && strncmp((x)->locals[k].name, s, n) == 0 && (x)->locals[k].name[n] == '\0')

static const cortex_raw_local *local_named(const cortex_raw_records *x, const cortex_file_records *r, const char *name,
                                           size_t nlen, int32_t inner, uint32_t at)
{
    const cortex_raw_local *best = NULL;
    int best_depth = 0;
    for (size_t k = first_local(x, name, nlen); LOCAL_NAMED(x, k, name, nlen); k++) {
        const cortex_raw_local *l = &x->locals[k];
        if (l->at >= at || (l->end && at >= l->end)) continue;
        int depth = scope_depth(r, l->scope, inner);
        if (depth < 0) continue;
        if (!best || depth < best_depth || (depth == best_depth && (l->at > best->at || (l->at == best->at && l->rank > best->rank)))) {
            best = l;
            best_depth = depth;
        }
    }
    return best;
}

/* The type a field `field` of the type named `type` is declared with in
 * this file (a declaration whose scope is that type, or inside it), or NULL. */
static const char *field_type(const cortex_raw_records *x, const cortex_file_records *r, const char *type,
                              const char *field, size_t flen)
{
    int literal = type[0] == CORTEX_RAW_TYPE_LITERAL;
    uint32_t literal_at = literal ? (uint32_t)strtoul(type + 1, NULL, 10) : 0;
    for (size_t k = first_local(x, field, flen); LOCAL_NAMED(x, k, field, flen); k++) {
        const cortex_raw_local *l = &x->locals[k];
        if (!l->type) continue;
        if (literal) { /* a field of the type literal: declared where it starts */
            if (l->end && l->at == literal_at) return l->type;
            continue;
        }
        for (int32_t j = l->scope; j >= 0; j = r->symbols[j].parent)
            if (cortex_record_type_kind(r->symbols[j].kind)) {
                if (strcmp(r->symbols[j].short_name, type) == 0) return l->type;
                break;
            }
    }
    return NULL;
}

/* `type#member`: the member of a type, as a reference's rtype spells it. */
static const char *member_of_type(cortex_arena *a, const char *type, const char *member)
{
    size_t tl = strlen(type), ml = strlen(member);
    char *out = cortex_arena_alloc(a, tl + ml + 2);
    memcpy(out, type, tl);
    out[tl] = '#';
    memcpy(out + tl + 1, member, ml + 1);
    return out;
}


/* Whether the `len` bytes at `q` are the language's word for the enclosing
 * type's instance (`self`, `this`). */
static int self_name(const cortex_file_records *r, const char *q, size_t len)
{
    if (!r->rules || !r->rules->self_names) return 0;
    for (char **w = r->rules->self_names; *w; w++)
        if (strlen(*w) == len && strncmp(*w, q, len) == 0) return 1;
    return 0;
}

/* The innermost type holding the definition `scope` (itself, when it is one), or -1. */
static int32_t enclosing_type(const cortex_file_records *r, int32_t scope)
{
    while (scope >= 0 && !cortex_record_type_kind(r->symbols[scope].kind)) scope = r->symbols[scope].parent;
    return scope;
}

/* Whether `q` is the language's word for the enclosing type's base (`super()`, `super`). */
static int super_name(const cortex_file_records *r, const char *q)
{
    return r->rules && r->rules->super_names && cortex_str_in(q, (const char *const *)r->rules->super_names);
}

/* The first type the type enclosing `inner` extends, as its first inherit
 * reference names it (`Base` of `class Child(Base)`), or NULL when it has
 * none or one this rule cannot name. */
static const char *first_base(const cortex_file_records *r, int32_t inner)
{
    int32_t t = enclosing_type(r, inner);
    if (t < 0) return NULL;
    const cortex_reference *first = NULL;
    for (size_t i = 0; i < r->nrefs; i++) {
        const cortex_reference *ref = &r->refs[i];
        if (ref->caller == t && strcmp(ref->kind, "inherit") == 0 && (!first || ref->start_byte < first->start_byte))
            first = ref;
    }
    /* a base written through a module (`json.JSONEncoder`) or named like the
     * type itself is another file's, found by no name here: left open */
    if (!first || first->qualifier || strcmp(first->name, r->symbols[t].short_name) == 0) return NULL;
    return first->name;
}

/* The names the file's imports bring in (an alias, or the last element of
 * the path: `pflag` of github.com/spf13/pflag), in the file's arena; *n of them. */
static const char **import_names(cortex_file_records *r, size_t *n)
{
    *n = 0;
    for (size_t i = 0; i < r->nsymbols; i++) *n += strcmp(r->symbols[i].kind, "import") == 0;
    const char **names = cortex_arena_alloc(&r->arena, (*n + 1) * sizeof *names);
    size_t k = 0;
    for (size_t i = 0; i < r->nsymbols; i++) {
        const cortex_symbol *s = &r->symbols[i];
        if (strcmp(s->kind, "import") != 0) continue;
        const char *name = s->alias ? s->alias : strrchr(s->name, '/');
        names[k++] = name ? (name == s->alias ? name : name + 1) : s->name;
    }
    return names;
}

/* `$name`: the package variable named by the `len` bytes at `q`, as a
 * reference's rtype spells it (CORTEX_RECORD_VALUE_OF). */
static const char *package_value(cortex_file_records *r, const char *q, size_t len)
{
    char *value = cortex_arena_alloc(&r->arena, len + 2);
    value[0] = CORTEX_RECORD_VALUE_OF;
    memcpy(value + 1, q, len);
    value[len + 1] = '\0';
    return value;
}

/* Whether one of `names` is the `len` bytes at `q`. */
static int named_in(const char **names, size_t n, const char *q, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(names[i]) == len && strncmp(names[i], q, len) == 0) return 1;
    return 0;
}

#define CHAIN_STEPS_MAX 4

/* Past the group that opens at `p` (`(...)`, `[...]`, `{...}`), the groups
 * nested in it and its quoted literals skipped; NULL when it does not close. */
static const char *past_group(const char *p)
{
    int depth = 0;
    for (; *p; p++) {
        char c = *p;
        if (c == '"' || c == '\'' || c == '`') {
            for (p++; *p && *p != c; p++)
                if (*p == '\\' && c != '`' && p[1]) p++;
            if (!*p) return NULL;
        } else if (c == '(' || c == '[' || c == '{') {
            depth++;
        } else if ((c == ')' || c == ']' || c == '}') && --depth == 0) {
            return p + 1;
        }
    }
    return NULL;
}

/* Whether the index group from `p` (its `[`) to `end` (past its `]`) is
 * a slice expression (`xs[1:]`, `xs[i:j:k]`): a colon outside its nested
 * groups and quoted literals. */
static int slices(const char *p, const char *end)
{
    for (p++; p < end - 1; p++) {
        char c = *p;
        if (c == ':') return 1;
        if (c == '(' || c == '[' || c == '{') {
            const char *past = past_group(p);
            if (!past) return 0;
            p = past - 1;
        } else if (c == '"' || c == '\'' || c == '`') {
            for (p++; p < end && *p != c; p++)
                if (*p == '\\' && c != '`') p++;
        }
    }
    return 0;
}

/* The type named by the bytes from `p` to `end`, `*T`, `T` or `pkg.T`, as a
 * reference's rtype spells it; NULL when they are anything else. */
static const char *type_name(cortex_file_records *r, const char *p, const char *end)
{
    while (p < end && (*p == '*' || *p == ' ')) p++;
    while (end > p && end[-1] == ' ') end--;
    const char *dot = NULL;
    for (const char *c = p; c < end; c++)
        if (*c == '.' && !dot && c > p && c + 1 < end) dot = c;
        else if (!cortex_ident_char(*c)) return NULL;
    if (end == p || (end - p == 4 && strncmp(p, "type", 4) == 0)) return NULL;
    return cortex_arena_strndup(&r->arena, p, (size_t)(end - p));
}

/* One element of a value of type `type`: the element of a slice the file
 * declares (`T[]` gives T), else the element step, followed at commit. */
static const char *element_of(cortex_file_records *r, const char *type)
{
    size_t n = strlen(type), slice = strlen(CORTEX_RECORD_SLICE_OF);
    if (n > slice && strcmp(type + n - slice, CORTEX_RECORD_SLICE_OF) == 0 && !strpbrk(type, "(#$"))
        return cortex_arena_strndup(&r->arena, type, n - slice);
    size_t step = strlen(CORTEX_RECORD_ELEMENT_STEP);
    char *out = cortex_arena_alloc(&r->arena, n + step + 1);
    memcpy(out, type, n);
    memcpy(out + n, CORTEX_RECORD_ELEMENT_STEP, step + 1);
    return out;
}

/* The type of a path of fields and calls after a receiver of type `type`
 * (`.mc.closed`, `.Root()`: the arguments of a call do not matter), as a
 * reference's rtype spells it: a field the file declares with its type
 * is followed here, the rest at commit (`T#f`, `T#m()`). NULL when the path
 * is not fields and calls (an index, an operator) or too long. */
static const char *chain_type(const cortex_raw_records *x, cortex_file_records *r, const char *type, const char *path)
{
    cortex_arena *a = &r->arena;
    int package_dirs = r->rules && (r->rules->flags & CORTEX_PLUGIN_PACKAGE_DIRS);
    for (int steps = 0; *path; steps++) {
        if (steps == CHAIN_STEPS_MAX) return NULL;
        if (package_dirs && *path == '[') { /* an index: one element (`cmds[i]`); a slice (`xs[1:]`): the same type */
            const char *end = past_group(path);
            if (!end) return NULL;
            if (!slices(path, end)) type = element_of(r, type);
            path = end;
            continue;
        }
        if (package_dirs && path[0] == '.' && path[1] == '(') { /* a type assertion: `x.(*T)` holds a T */
            const char *end = past_group(path + 1);
            if (!end || !(type = type_name(r, path + 2, end - 1))) return NULL;
            path = end;
            continue;
        }
        if (*path != '.') return NULL;
        const char *name = ++path;
        while (*path && *path != '.' && *path != '(' && *path != '[') path++;
        size_t len = (size_t)(path - name);
        if (!plain_name(name, len)) return NULL;
        int call = *path == '(';
        if (call && !(path = past_group(path))) return NULL; /* the arguments do not matter */
        const char *known = !call && !strpbrk(type, ".(#") ? field_type(x, r, type, name, len) : NULL;
        if (known) {
            type = known;
            continue;
        }
        if (type[0] == CORTEX_RAW_TYPE_LITERAL) return NULL; /* a type literal's fields are all in the file */
        char *step = cortex_arena_alloc(a, len + 3);
        memcpy(step, name, len);
        memcpy(step + len, call ? CORTEX_RECORD_CALL_RESULT : "", call ? 3 : 1);
        type = member_of_type(a, type, step);
    }
    return type;
}

/* A local's type; one initialised by a call through other locals
 * (`f := c.Flags()`, `d := field.Desc.Default()`, `c` declared `*Command`)
 * as the path of that call from the head local's type (`Command#Flags()`),
 * which the store follows through declared types. */
static const char *through_local(const cortex_raw_records *x, cortex_file_records *r, const cortex_raw_local *l,
                                 int32_t inner)
{
    const char *t = l->type;
    size_t n = strlen(t), suffix = strlen(CORTEX_RECORD_CALL_RESULT), head = 0;
    while (t[head] && t[head] != '.') head++;
    if (!t[head] || n <= suffix || strcmp(t + n - suffix, CORTEX_RECORD_CALL_RESULT) != 0) return t;
    const cortex_raw_local *h = local_named(x, r, t, head, inner, l->at);
    if (!h || !h->type || h == l || h->elements || strpbrk(h->type, "(#$")) return t;
    const char *chained = chain_type(x, r, h->type, t + head);
    return chained ? chained : t;
}

#define RANGE_DEPTH_MAX 3

/* The type of a path expression a local holds (`p := c.parent`), or of one
 * element of what a loop ranges over (`for _, c := range
 * cmd.Commands()`, `cmd` declared `*Command`): a slice the file declares
 * (`xs []*T` gives T), else the element step over the expression's type,
 * followed at commit (`Command#Commands()#[]`); NULL when the expression
 * starts at no local (nor, where packages are directories, a package
 * variable). */
static const char *elements_type(const cortex_raw_records *x, cortex_file_records *r, const cortex_raw_local *l,
                                 int32_t inner, const char **imports, size_t nimports, int depth)
{
    const char *expr = l->type;
    size_t head = 0;
    while (expr[head] && expr[head] != '.' && expr[head] != '(') head++;
    if (!plain_name(expr, head) || expr[head] == '(' || depth > RANGE_DEPTH_MAX) return NULL;
    const cortex_raw_local *h = local_named(x, r, expr, head, inner, l->at);
    const char *start;
    if (h && h->type && h != l) {
        start = h->elements ? elements_type(x, r, h, inner, imports, nimports, depth + 1) : through_local(x, r, h, inner);
    } else if (!h && r->rules && (r->rules->flags & CORTEX_PLUGIN_PACKAGE_DIRS) && !named_in(imports, nimports, expr, head)) {
        start = package_value(r, expr, head);
    } else {
        return NULL;
    }
    const char *t = start ? chain_type(x, r, start, expr + head) : NULL;
    if (!t || l->elements == 2) return t;
    size_t n = strlen(t), slice = strlen(CORTEX_RECORD_SLICE_OF);
    if (n > slice && strcmp(t + n - slice, CORTEX_RECORD_SLICE_OF) == 0 && !strpbrk(t, "(#$"))
        return cortex_arena_strndup(&r->arena, t, n - slice); /* a slice the file declares: its element */
    size_t step = strlen(CORTEX_RECORD_ELEMENT_STEP);
    char *out = cortex_arena_alloc(&r->arena, n + step + 1);
    memcpy(out, t, n);
    memcpy(out + n, CORTEX_RECORD_ELEMENT_STEP, step + 1);
    return out;
}

/* Where packages are directories, what an expression's head holds and its
 * type (below: expr_type). */
static const char *expr_type(const cortex_raw_records *x, cortex_file_records *r, const char *expr, int32_t inner,
                             uint32_t at, const cortex_raw_local *self, const char **imports, size_t nimports,
                             int depth);

/* `name()`: the value a call of the `len` bytes at `q` makes, as a
 * reference's rtype spells it (a conversion's type, a function's result). */
static const char *call_result(cortex_file_records *r, const char *q, size_t len)
{
    size_t suffix = strlen(CORTEX_RECORD_CALL_RESULT);
    char *out = cortex_arena_alloc(&r->arena, len + suffix + 1);
    memcpy(out, q, len);
    memcpy(out + len, CORTEX_RECORD_CALL_RESULT, suffix + 1);
    return out;
}

/* A local's type where packages are directories: the declared one, or that
 * of the expression that initialises it (`d := field.Desc.Default()` with
 * `field` a loop's element: the path from the element's type), or of one
 * element of what a loop ranges over. */
static const char *value_type(const cortex_raw_records *x, cortex_file_records *r, const cortex_raw_local *l,
                              int32_t inner, const char **imports, size_t nimports, int depth)
{
    size_t n = strlen(l->type), suffix = strlen(CORTEX_RECORD_CALL_RESULT);
    int call = n > suffix && strcmp(l->type + n - suffix, CORTEX_RECORD_CALL_RESULT) == 0;
    if (!l->elements && !call) return l->type;
    const char *t = expr_type(x, r, l->type, inner, l->at, l, imports, nimports, depth);
    return t && l->elements == 1 ? element_of(r, t) : t;
}

/* An imported package's name at the head of an expression (`len` bytes):
 * `pkg.F(x)` holds F's value (`pkg.F()`), `pkg.T{...}` a T, `pkg.V` the
 * package variable V (`$pkg.V`); *rest is what follows. */
static const char *imported_head(cortex_file_records *r, const char *expr, size_t len, const char **rest)
{
    if (expr[len] != '.') return NULL;
    size_t n = len + 1;
    while (cortex_ident_char(expr[n])) n++;
    if (n == len + 1) return NULL;
    const char *after = expr + n;
    if (*after == '(') {
        *rest = past_group(after);
        return call_result(r, expr, n);
    }
    if (*after == '{') {
        *rest = past_group(after);
        return cortex_arena_strndup(&r->arena, expr, n);
    }
    *rest = after;
    return package_value(r, expr, n);
}

/* A parenthesized head: a composite literal (`(&T{...})`, `(pkg.T{})`) or
 * a conversion to a pointer type (`(*T)(nil)`); *rest is what follows. */
static const char *parenthesized_head(cortex_file_records *r, const char *expr, const char **rest)
{
    const char *close = past_group(expr);
    if (!close) return NULL;
    const char *in = expr + 1, *end = close - 1;
    while (in < end && *in == ' ') in++;
    if (*in == '(') { /* `((*T)(x))`: the conversion within */
        const char *inner_rest = NULL;
        const char *t = parenthesized_head(r, in, &inner_rest);
        if (!t || inner_rest != end) return NULL;
        *rest = close;
        return t;
    }
    if (*in == '*') { /* `(*T)(x)` */
        if (*close != '(') return NULL;
        *rest = past_group(close);
        return type_name(r, in, end);
    }
    if (*in == '&') in++;
    const char *brace = in;
    while (brace < end && (cortex_ident_char(*brace) || *brace == '.')) brace++;
    if (brace == in || *brace != '{' || past_group(brace) != end) return NULL;
    *rest = close;
    return type_name(r, in, brace);
}

/* Whether the `len` bytes at `q` name one of the language's builtins. */
static int builtin_named(const cortex_file_records *r, const char *q, size_t len)
{
    if (!r->rules || !r->rules->builtins) return 0;
    size_t lo = 0, hi = r->rules->nbuiltins;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const char *b = r->rules->builtins[mid];
        int c = strncmp(b, q, len);
        if (c == 0 && b[len] != '\0') c = 1;
        if (c == 0) return 1;
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return 0;
}

/* A builtin given one type (`new(T)`, from the `len`-byte name at `expr` to
 * `end` past its arguments): a value of that type (a pointer's type is its
 * element's, as receivers go); NULL for anything else (an argument that is
 * a local, several arguments, an expression). */
static const char *builtin_of_type(const cortex_raw_records *x, cortex_file_records *r, const char *expr, size_t len,
                                   const char *end, int32_t inner, uint32_t at)
{
    if (!builtin_named(r, expr, len)) return NULL;
    const char *arg = expr + len + 1, *arg_end = end - 1;
    for (const char *p = arg; p < arg_end; p++)
        if (*p == ',' || *p == '(' || *p == '[' || *p == '{') return NULL;
    const char *t = type_name(r, arg, arg_end);
    if (!t) return NULL;
    size_t head = 0;
    while (cortex_ident_char(t[head])) head++;
    return local_named(x, r, t, head, inner, at) ? NULL : t;
}

/* The type of the expression `expr` where packages are directories (a
 * receiver, what a local holds): of its head (a local, a package variable,
 * an imported package's variable or call, a composite literal, a
 * conversion, a call of the package's function) followed by the path after
 * it (chain_type); NULL when syntax cannot tell. `self`, the local being
 * typed, never types itself. */
static const char *expr_type(const cortex_raw_records *x, cortex_file_records *r, const char *expr, int32_t inner,
                             uint32_t at, const cortex_raw_local *self, const char **imports, size_t nimports, int depth)
{
    if (depth > RANGE_DEPTH_MAX) return NULL;
    if (expr[0] == '*') return expr_type(x, r, expr + 1, inner, at, self, imports, nimports, depth + 1); /* `*p` */
    size_t head = 0;
    while (cortex_ident_char(expr[head])) head++;
    const char *start = NULL, *rest = expr + head;
    const char *close = head == 0 && expr[0] == '(' && expr[1] == '*' ? past_group(expr) : NULL;
    size_t len = close ? (size_t)(close - 1 - (expr + 2)) : 0;
    if (close && *close != '(' && plain_name(expr + 2, len)) { /* `(*m)[k]`: what m points to */
        start = expr_type(x, r, cortex_arena_strndup(&r->arena, expr + 2, len), inner, at, self, imports, nimports,
                          depth + 1);
        return start ? chain_type(x, r, start, close) : NULL;
    }
    if (head == 0 && expr[0] == '[' && expr[1] == ']') { /* `[]T{...}`: a slice of T */
        const char *brace = strchr(expr, '{');
        const char *element = brace ? type_name(r, expr + 2, brace) : NULL;
        if (!element || !(rest = past_group(brace))) return NULL;
        size_t n = strlen(element);
        char *slice = cortex_arena_alloc(&r->arena, n + sizeof CORTEX_RECORD_SLICE_OF);
        memcpy(slice, element, n);
        memcpy(slice + n, CORTEX_RECORD_SLICE_OF, sizeof CORTEX_RECORD_SLICE_OF);
        return chain_type(x, r, slice, rest);
    }
    const char *assertion = head && expr[head] == '.' && expr[head + 1] == '(' ? past_group(expr + head + 1) : NULL;
    if (assertion) { /* `x.(*T)` holds a T whatever x is */
        start = type_name(r, expr + head + 2, assertion - 1);
        rest = assertion;
    } else if (head == 0) {
        start = expr[0] == '(' ? parenthesized_head(r, expr, &rest) : NULL;
    } else {
        const cortex_raw_local *h = local_named(x, r, expr, head, inner, at);
        if (h && (h->type || h->scope >= 0)) {
            if (h == self || !h->type) return NULL;
            start = value_type(x, r, h, inner, imports, nimports, depth + 1);
        } else if (h) { /* a package variable of the file: its declared type, at commit */
            start = package_value(r, expr, head);
        } else if (named_in(imports, nimports, expr, head)) {
            start = imported_head(r, expr, head, &rest);
        } else if (expr[head] == '{') { /* `T{...}` */
            start = cortex_arena_strndup(&r->arena, expr, head);
            rest = past_group(expr + head);
        } else if (expr[head] == '(') { /* `F(x)`: a conversion, or the package's function */
            rest = past_group(expr + head);
            start = rest ? builtin_of_type(x, r, expr, head, rest, inner, at) : NULL;
            if (!start) start = call_result(r, expr, head);
        } else {
            start = package_value(r, expr, head);
        }
    }
    return start && rest ? chain_type(x, r, start, rest) : NULL;
}

/* ---- Contextually typed parameters ----
 * A function's parameter whose type is a function type written in place
 * (`init: (source: Observable<T>, subscriber: Subscriber<R>) => void`)
 * declares the parameters of the function passed there: the plugin captures
 * each such inner parameter whole, with its type; here its place is counted,
 * and the function (a constructor's: its type) declares it in its dtype as
 * `|(i,j)T`, T the type of parameter j of the function passed as argument i.
 * An untyped parameter of a function passed first to a call of a plain name
 * (`operate((source, subscriber) => ...)`) is captured with the callee's
 * name and typed `operate(0,1)`, which the store follows at commit. */

/* How many parameters precede byte `at` in its list, back to the list's
 * opening parenthesis (no lower than `floor`): 1 with *count and *open, 0
 * when the text between is more than names, plain types and commas. */
static int params_before(const char *src, uint32_t at, uint32_t floor, int *count, uint32_t *open)
{
    int depth = 0, commas = 0;
    for (uint32_t p = at; p-- > floor;) {
        char c = src[p];
        if (c == '(' && depth == 0) {
            *count = commas;
            *open = p;
            return 1;
        }
        if (c == '>' || c == ']') depth++;
        else if (c == '<' || c == '[') {
            if (depth-- == 0) return 0;
        } else if (c == ',') commas += depth == 0;
        else if (!cortex_ident_char(c) && !isspace((unsigned char)c) && !strchr(":?.|&", c)) return 0;
    }
    return 0;
}

static uint32_t skip_space_back(const char *src, uint32_t p, uint32_t floor)
{
    while (p > floor && isspace((unsigned char)src[p - 1])) p--;
    return p;
}

/* The place of an inner parameter captured whole at byte `at` of a function
 * starting at `floor`: *i, the outer parameter whose function type lists it,
 * *j, its own, not counting a first parameter named by the self word
 * (`this: Observable<T>` types the receiver, no argument). */
static int callback_place(const cortex_file_records *r, const char *src, uint32_t at, uint32_t floor, int *i, int *j)
{
    uint32_t open;
    if (!params_before(src, at, floor, j, &open)) return 0;
    uint32_t first = open + 1;
    while (isspace((unsigned char)src[first])) first++;
    size_t wl = 0;
    while (cortex_ident_char(src[first + wl])) wl++;
    if (*j > 0 && self_name(r, src + first, wl)) --*j;
    uint32_t p = skip_space_back(src, open, floor); /* `init: (` or `init?: (` */
    if (p == floor || src[p - 1] != ':') return 0;
    p--;
    if (p > floor && src[p - 1] == '?') p--;
    return params_before(src, p, floor, i, &open);
}

/* The callee's name before the arguments that open at `args` (type
 * arguments skipped): whether it is the `len` bytes at `callee`. */
static int callee_before(const char *src, uint32_t args, uint32_t floor, const char *callee, size_t len)
{
    uint32_t p = skip_space_back(src, args, floor);
    if (p > floor && src[p - 1] == '>') {
        int depth = 0;
        do {
            char c = src[--p];
            if (c == '>') depth++;
            else if (c == '<') depth--;
            else if (c == '(' || c == ')' || c == ';' || c == '{' || c == '}') return 0;
        } while (p > floor && depth > 0);
        if (depth) return 0;
        p = skip_space_back(src, p, floor);
    }
    if (p < floor + len || strncmp(src + p - len, callee, len) != 0) return 0;
    return p - len == floor || (!cortex_ident_char(src[p - len - 1]) && src[p - len - 1] != '.');
}

/* `|(i,j)T` added to a symbol's declared type (the plugin's inner
 * parameter type `type`, its generic arguments cut). */
static void declare_callback(cortex_file_records *r, cortex_symbol *s, int i, int j, const char *type)
{
    size_t tl = 0;
    while (type[tl] && type[tl] != '<' && !isspace((unsigned char)type[tl])) tl++;
    if (!tl) return;
    char entry[64];
    int n = snprintf(entry, sizeof entry, "%s(%d,%d)", CORTEX_RECORD_CALLBACKS, i, j);
    if (n <= 0 || (size_t)n >= sizeof entry) return;
    const char *old = s->dtype ? s->dtype : "";
    if (strstr(old, entry)) return;
    size_t ol = strlen(old);
    char *out = cortex_arena_alloc(&r->arena, ol + (size_t)n + tl + 1);
    memcpy(out, old, ol);
    memcpy(out + ol, entry, (size_t)n);
    memcpy(out + ol + n, type, tl);
    out[ol + n + tl] = '\0';
    s->dtype = out;
}

/* The one base the innermost type holding the definition `scope` names in
 * its header (a local captured whole there, with the base's type), or NULL. */
static const char *base_of(const cortex_raw_records *x, const cortex_file_records *r, int32_t scope)
{
    int32_t t = enclosing_type(r, scope);
    if (t < 0) return NULL;
    const char *base = NULL;
    for (size_t k = 0; k < x->nlocals; k++) {
        const cortex_raw_local *l = &x->locals[k];
        if (!l->type || l->elements || plain_name(l->name, strlen(l->name)) || l->at < r->symbols[t].start_byte ||
            l->at >= r->symbols[t].end_byte || innermost(r, l->at, 1) != t)
            continue;
        if (base) return NULL;
        base = l->type;
    }
    return base;
}

static void contextual_params(cortex_raw_records *x, cortex_file_records *r, const char *src)
{
    /* sorted by name as field_type's lookups want them */
    for (size_t i = 0; i < x->nlocals; i++) x->locals[i].scope = innermost(r, x->locals[i].at, 1);
    cortex_sort(x->locals, x->nlocals, sizeof *x->locals, compare_locals, &x->sort);
    int package_dirs = r->rules && (r->rules->flags & CORTEX_PLUGIN_PACKAGE_DIRS);
    for (size_t k = 0; k < x->nlocals; k++) {
        cortex_raw_local *l = &x->locals[k];
        if (!l->type) continue;
        int32_t scope = innermost(r, l->at, 1);
        uint32_t floor = scope >= 0 ? r->symbols[scope].start_byte : 0;
        size_t nl = strlen(l->name), tl = strlen(l->type);
        if (!plain_name(l->name, nl) && scope >= 0 && cortex_record_type_kind(r->symbols[scope].kind))
            continue; /* a type's base, captured whole in its header */
        if (!plain_name(l->name, nl)) { /* an inner parameter, captured whole */
            int i, j;
            int32_t owner = l->elements == 1 && scope >= 0 ? r->symbols[scope].parent : scope;
            if (scope >= 0 && is_callable(r->symbols[scope].kind) && owner >= 0 &&
                (l->elements != 1 || cortex_record_type_kind(r->symbols[owner].kind)) &&
                callback_place(r, src, l->at, floor, &i, &j))
                declare_callback(r, &r->symbols[owner], i, j, l->type);
            l->type = NULL; /* no name: never a reference's local */
            continue;
        }
        size_t head = 0;
        while (l->type[head] && l->type[head] != '.') head++;
        if (l->elements == 2 && l->type[head] == '.' && self_name(r, l->type, head)) {
            /* `const out = this._output`: a path of fields from the enclosing type */
            int32_t t = enclosing_type(r, scope);
            l->type = t >= 0 ? chain_type(x, r, r->symbols[t].short_name, l->type + head) : NULL;
            l->elements = 0;
            continue;
        }
        if (l->elements != 2 || !plain_name(l->type, tl)) continue;
        if (package_dirs) continue; /* `p := c`, `tt := tt`: the value of that name, read at use */
        if (strcmp(l->type, l->name) == 0) { /* `super`: the base of the enclosing type */
            l->type = base_of(x, r, scope);
            l->elements = 0;
            continue;
        }
        /* a parameter of the function passed first to `l->type` */
        int j;
        uint32_t open, args;
        const char *typed = NULL;
        if (params_before(src, l->at, floor, &j, &open)) {
            uint32_t p = skip_space_back(src, open, floor);
            args = p > floor && src[p - 1] == '(' ? p - 1 : open; /* `(a, b) =>`, else `a =>` */
            if ((args != open || j == 0) && callee_before(src, args, floor, l->type, tl)) {
                char *t = cortex_arena_alloc(&r->arena, tl + 16);
                snprintf(t, tl + 16, "%s(0,%d)", l->type, j);
                typed = t;
            }
        }
        l->type = typed;
        l->elements = 0;
    }
}

/* A bare name declared in a function's scope before it is that local (a
 * parameter, a variable), not a definition of the same name elsewhere.
 * A call on a name declared in scope before it, with a type, is a call on
 * that type: `c.Run()` with `c *Command`. A declaration without a type
 * hides the outer ones all the same: the receiver's type is unknown. One
 * field deep too, where the file declares the type's fields: `c.out.Write()`
 * with `out io.Writer` a field of Command. */
static void type_receivers(cortex_raw_records *x, cortex_file_records *r)
{
    int package_values = r->rules && (r->rules->flags & CORTEX_PLUGIN_PACKAGE_DIRS);
    /* with no locals there is still work: where packages are directories
     * expressions type receivers, and `self.field.m()` and `super().m()`
     * need only the enclosing type */
    int receiver_words = r->rules && ((r->rules->self_names && r->rules->self_names[0]) ||
                                      (r->rules->super_names && r->rules->super_names[0]));
    if (x->nlocals == 0 && !package_values && !receiver_words) return;
    for (size_t i = 0; i < x->nlocals; i++) x->locals[i].scope = innermost(r, x->locals[i].at, 1);
    cortex_sort(x->locals, x->nlocals, sizeof *x->locals, compare_locals, &x->sort);
    size_t nimports = 0;
    const char **imports = package_values ? import_names(r, &nimports) : NULL;
    for (size_t i = 0; i < r->nrefs; i++) {
        cortex_reference *ref = &r->refs[i];
        const char *q = ref->qualifier;
        if (!q) {
            const cortex_raw_local *l =
                local_named(x, r, ref->name, strlen(ref->name), innermost(r, ref->start_byte, 1), ref->start_byte);
            ref->local = l && l->scope >= 0;
            continue;
        }
        /* a type's qualifier is a package or a namespace, never a value */
        if (strcmp(ref->kind, "call") != 0 && strcmp(ref->kind, "value") != 0) continue;
        if (package_values) {
            ref->rtype = expr_type(x, r, q, innermost(r, ref->start_byte, 1), ref->start_byte, NULL, imports, nimports, 0);
            continue;
        }
        int32_t inner = innermost(r, ref->start_byte, 1);
        if (super_name(r, q)) { /* `super().__init__()`: a member of the enclosing type's base */
            const char *base = first_base(r, inner);
            if (base) ref->rtype = base;
            continue;
        }
        size_t head = 0;
        while (q[head] && q[head] != '.') head++;
        if (!plain_name(q, head)) continue;
        if (q[head] && self_name(r, q, head)) { /* `self.conn.close()`: a field of the enclosing type */
            int32_t t = enclosing_type(r, inner);
            if (t >= 0) ref->rtype = chain_type(x, r, r->symbols[t].short_name, q + head);
            continue;
        }
        const cortex_raw_local *l = local_named(x, r, q, head, inner, ref->start_byte);
        if (!l && package_values && !named_in(imports, nimports, q, head)) {
            /* a package-level variable, of this file or another of the package */
            ref->rtype = chain_type(x, r, package_value(r, q, head), q + head);
            continue;
        }
        if (!l || !l->type) continue;
        const char *type = l->elements ? elements_type(x, r, l, inner, imports, nimports, 0) : through_local(x, r, l, inner);
        if (type) ref->rtype = chain_type(x, r, type, q + head);
    }
}

static int compare_ref_places(const void *pa, const void *pb)
{
    const cortex_reference *a = *(const cortex_reference *const *)pa, *b = *(const cortex_reference *const *)pb;
    if (a->start_byte != b->start_byte) return a->start_byte < b->start_byte ? -1 : 1;
    int c = strcmp(a->kind, b->kind);
    if (!c) c = strcmp(a->name, b->name);
    if (!c) c = (a->qualifier != NULL) - (b->qualifier != NULL);
    return c ? c : (a > b) - (a < b);
}

/* One call captured twice, with its receiver and without (a receiver the
 * plugin reads through, `window!.next()`, is no plain path to the pattern
 * for other receivers): the one with the receiver stays. And a base named
 * both as what a type extends and as a type (`implements Repo<User>`: the
 * generic's pattern takes it too): the inheritance stays. */
static void drop_unqualified_twins(cortex_raw_records *x, cortex_file_records *r)
{
    if (r->nrefs < 2) return;
    const cortex_reference **order = cortex_xmalloc(r->nrefs * sizeof *order);
    char *drop = cortex_xcalloc(r->nrefs, 1);
    for (size_t i = 0; i < r->nrefs; i++) order[i] = &r->refs[i];
    cortex_sort(order, r->nrefs, sizeof *order, compare_ref_places, &x->sort);
    int any = 0;
    for (size_t k = 0; k + 1 < r->nrefs; k++) {
        const cortex_reference *a = order[k], *b = order[k + 1];
        if (a->start_byte == b->start_byte && !a->qualifier && b->qualifier && strcmp(a->kind, b->kind) == 0 &&
            strcmp(a->name, b->name) == 0)
            any = drop[a - r->refs] = 1;
        /* kinds sort inherit before type: look on through the place's others */
        if (strcmp(a->kind, "inherit") == 0)
            for (size_t j = k + 1; j < r->nrefs && order[j]->start_byte == a->start_byte; j++)
                if (strcmp(order[j]->kind, "type") == 0 && strcmp(order[j]->name, a->name) == 0)
                    any = drop[order[j] - r->refs] = 1;
    }
    if (any) {
        size_t w = 0;
        for (size_t i = 0; i < r->nrefs; i++)
            if (!drop[i]) r->refs[w++] = r->refs[i];
        r->nrefs = w;
    }
    free(drop);
    free(order);
}

void cortex_derive__records(cortex_raw_records *x, const cortex_language_plugin *p, const char *src, uint32_t file_end,
                            TSPoint file_end_point, cortex_file_records *r)
{
    /* texts first: signatures cut the comments inside them out */
    cortex_sort(x->texts, x->ntexts, sizeof *x->texts, compare_texts_dedupe, &x->sort);
    size_t w = 0;
    for (size_t i = 0; i < x->ntexts; i++) {
        if (w > 0 && x->texts[w - 1].t.start_byte == x->texts[i].t.start_byte &&
            x->texts[w - 1].t.end_byte == x->texts[i].t.end_byte)
            continue;
        x->texts[w++] = x->texts[i];
    }
    x->ntexts = w;
    drop_import_paths(x);
    build_symbols(x, p, src, r, file_end, file_end_point);
    merge_comments(x, r);
    attach_texts(x, r, src);

    /* where a reference lies in code, a bare value may be a local */
    uint8_t *where = malloc(r->nrefs + 1);
    if (where) {
        for (size_t i = 0; i < r->nrefs; i++) {
            uint32_t at = r->refs[i].start_byte;
            where[i] = strcmp(r->refs[i].kind, "value") != 0 || innermost(r, at, 1) >= 0 ? CORTEX_REF_IN_CODE
                       : innermost(r, at, 0) >= 0                                        ? CORTEX_REF_IN_DATA
                                                                                         : CORTEX_REF_AT_TOP;
        }
        cortex_extract__prune_values(r, where);
        free(where);
    }
    drop_unqualified_twins(x, r);
    /* A call's caller is the code that runs it: a function, or a type's body;
     * an initializer of module-level data is not a caller. Other references
     * (type uses) belong to whatever declaration holds them. */
    for (size_t i = 0; i < r->nrefs; i++)
        r->refs[i].caller = innermost(r, r->refs[i].start_byte, strcmp(r->refs[i].kind, "call") == 0);
    contextual_params(x, r, src);
    type_receivers(x, r);
    cortex_file_records_sort(r, &x->sort);
}
