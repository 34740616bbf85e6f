/*
 * Runs a plugin's queries over a parse tree and turns the matches into
 * records. Plugins only say what a node is (capture names); everything derived
 * from structure — nesting, qualified names, callers, method promotion,
 * signatures, doc attachment, comment merging — happens here, once, for every
 * language.
 */
#define _POSIX_C_SOURCE 200809L
#include "extractor.h"

#include "../util/error.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct raw_def {
    uint32_t start, end;  /* bytes of the definition node */
    TSPoint sp, ep;
    uint32_t lead_row;    /* first row of the definition with its decorators/wrappers */
    uint32_t order;       /* query and pattern index: the first pattern wins a tie */
    const char *kind;
    const char *name;
    uint32_t sig_end;     /* the signature is [start, sig_end), comments excised; 0 = none */
    const char *visibility;
    const char *alias, *origin;
    uint32_t doc_start, doc_end; /* a docstring captured with it, or 0,0 */
    int is_import;
    uint32_t level;       /* outline level (headings), 0 when not part of an outline */
    int not_container;    /* never the parent of another definition (a typedef naming a struct) */
    uint32_t name_start, name_end; /* imports: the imported path's node */
    int32_t symbol;       /* index of the symbol it became, -1 when a duplicate */
} raw_def;

typedef struct raw_text {
    cortex_text t;
    uint32_t order;
    int own_line; /* nothing but whitespace before it on its first line */
    int is_doc;
} raw_text;

struct cortex_extractor {
    TSParser *parser;
    TSQueryCursor *cursor;
    cortex_extract_limits limits;
    raw_def *defs;
    size_t ndefs, defs_cap;
    raw_text *texts;
    size_t ntexts, texts_cap;
    struct timespec deadline;
};

int cortex_extractor_new(cortex_extractor **out, const cortex_extract_limits *limits)
{
    cortex_extractor *x = cortex_xcalloc(1, sizeof *x);
    x->parser = ts_parser_new();
    x->cursor = ts_query_cursor_new();
    if (limits) x->limits = *limits;
    if (x->limits.match_limit) ts_query_cursor_set_match_limit(x->cursor, x->limits.match_limit);
    *out = x;
    return 0;
}

void cortex_extractor_free(cortex_extractor *x)
{
    if (!x) return;
    ts_query_cursor_delete(x->cursor);
    ts_parser_delete(x->parser);
    free(x->defs);
    free(x->texts);
    free(x);
}

/* ---- helpers ------------------------------------------------------------ */

static uint32_t line_end_of(TSPoint sp, TSPoint ep)
{
    /* A node ending at column 0 ends on the previous line (a trailing newline). */
    if (ep.column == 0 && ep.row > sp.row) return ep.row;
    return ep.row + 1;
}

static const char *node_text(cortex_arena *a, TSNode n, const char *src)
{
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    return cortex_text_collapse(a, src + s, e - s);
}

static int own_line(const char *src, uint32_t start)
{
    while (start > 0 && src[start - 1] != '\n') {
        char c = src[start - 1];
        if (c != ' ' && c != '\t' && c != '\r' && c != '\f') return 0;
        start--;
    }
    return 1;
}

/* Import paths arrive quoted ("x.h") or bracketed (<x.h>) in some languages. */
static const char *strip_delimiters(const char *s)
{
    size_t n = strlen(s);
    if (n >= 2 && ((s[0] == '"' && s[n - 1] == '"') || (s[0] == '\'' && s[n - 1] == '\'') ||
                   (s[0] == '<' && s[n - 1] == '>') || (s[0] == '`' && s[n - 1] == '`'))) {
        char *m = (char *)s; /* arena copy owned by this file */
        memmove(m, s + 1, n - 2);
        m[n - 2] = '\0';
    }
    return s;
}

/* The row where a definition visibly begins: a wrapper that holds it in a
 * `definition` or `declaration` field (Python's decorated_definition, an
 * export statement, a template) starts it earlier. An enclosing block that
 * merely ends with it (the last method of a class) is not a wrapper. */
static uint32_t lead_row_of(TSNode def)
{
    static const char *const wrapper_fields[] = {"definition", "declaration", NULL};
    TSNode n = def;
    for (int depth = 0; depth < 3; depth++) {
        TSNode p = ts_node_parent(n);
        if (ts_node_is_null(p)) break;
        int wraps = 0;
        for (int f = 0; wrapper_fields[f] && !wraps; f++) {
            TSNode held = ts_node_child_by_field_name(p, wrapper_fields[f], (uint32_t)strlen(wrapper_fields[f]));
            wraps = !ts_node_is_null(held) && ts_node_eq(held, n);
        }
        if (!wraps) break;
        n = p;
    }
    return ts_node_start_point(n).row;
}

/* Where a signature ends: after the last token before the body, so comments
 * between the declaration and the body (extras) are not part of it. */
static uint32_t signature_end(TSNode body)
{
    TSNode prev = ts_node_prev_sibling(body);
    while (!ts_node_is_null(prev) && ts_node_is_extra(prev)) prev = ts_node_prev_sibling(prev);
    return ts_node_is_null(prev) ? ts_node_start_byte(body) : ts_node_end_byte(prev);
}

/* ---- matches ------------------------------------------------------------- */

/* A code sample nested in a container (a list item, a block quote) repeats
 * the container's prefix on every line: the bytes before the sample on its
 * first line. Strip it from the following lines, and drop a last line that is
 * only that prefix (the closing fence's indentation). */
static const char *sample_text(cortex_arena *a, const char *src, uint32_t s, uint32_t e)
{
    uint32_t line = s;
    while (line > 0 && src[line - 1] != '\n') line--;
    size_t plen = s - line;
    for (size_t i = 0; i < plen; i++)
        if (src[line + i] != ' ' && src[line + i] != '\t' && src[line + i] != '>') plen = 0;
    char *out = cortex_arena_alloc(a, e - s + 1);
    size_t o = 0;
    for (uint32_t i = s; i < e; i++) {
        out[o++] = src[i];
        if (src[i] == '\n' && plen && i + 1 + plen <= e && memcmp(src + i + 1, src + line, plen) == 0) i += (uint32_t)plen;
    }
    out[o] = '\0';
    /* a trailing partial line of prefix characters only */
    size_t cut = o;
    while (cut > 0 && (out[cut - 1] == ' ' || out[cut - 1] == '\t' || out[cut - 1] == '>')) cut--;
    if (cut == 0 || out[cut - 1] == '\n') out[cut] = '\0';
    return out;
}

static void add_text(cortex_extractor *x, cortex_file_records *r, TSNode n, const char *kind, const char *language,
                     const char *src, uint32_t order, int is_doc)
{
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    const char *text;
    if (strcmp(kind, "comment") == 0) text = cortex_text_uncomment(&r->arena, src + s, e - s);
    else if (strcmp(kind, "sample") == 0) text = sample_text(&r->arena, src, s, e);
    else text = cortex_text_unquote(&r->arena, src + s, e - s);
    if (!is_doc && strcmp(kind, "string") == 0 && !cortex_text_is_meaningful(text)) return;
    /* an empty comment line (a lone `#`) still joins the comments around it */
    if (!*text && strcmp(kind, "sample") != 0 && strcmp(kind, "comment") != 0) return;
    raw_text *t = CORTEX_PUSH(x->texts, x->ntexts, x->texts_cap);
    memset(t, 0, sizeof *t);
    TSPoint sp = ts_node_start_point(n), ep = ts_node_end_point(n);
    t->t.kind = kind;
    t->t.text = text;
    t->t.language = language;
    t->t.line_start = sp.row + 1;
    t->t.line_end = line_end_of(sp, ep);
    if (strcmp(kind, "sample") == 0) {
        uint32_t newlines = 0;
        size_t tlen = strlen(text);
        for (size_t i = 0; i < tlen; i++) newlines += text[i] == '\n';
        t->t.line_end = sp.row + 1 + newlines - (tlen > 0 && text[tlen - 1] == '\n' ? 1 : 0);
        if (t->t.line_end < t->t.line_start) t->t.line_end = t->t.line_start;
    }
    t->t.start_byte = s;
    t->t.end_byte = e;
    t->t.parent = -1;
    t->order = order;
    t->own_line = own_line(src, s);
    t->is_doc = is_doc;
}

static void handle_match(cortex_extractor *x, const cortex_compiled_query *q,
                         uint32_t qi, const TSQueryMatch *m, const char *src, cortex_file_records *r)
{
    if (!cortex_compiled_query_accepts(q, m, src)) return;
    const cortex_pattern_info *pat = &q->patterns[m->pattern_index];
    uint32_t order = (qi << 16) | m->pattern_index;

    uint32_t name_capture = 0;
    TSNode def = {0}, name = {0}, body = {0}, doc = {0}, qual = {0}, imp = {0}, mod = {0}, alias = {0},
           text = {0}, lang = {0}, vis = {0};
    const char *def_kind = NULL, *ref_kind = NULL, *text_kind = NULL;
    int have_def = 0, have_name = 0, have_body = 0, have_doc = 0, have_ref = 0, have_qual = 0, have_imp = 0,
        have_mod = 0, have_alias = 0, have_text = 0, have_lang = 0, have_vis = 0;

    for (uint16_t i = 0; i < m->capture_count; i++) {
        const cortex_capture_info *ci = &q->captures[m->captures[i].index];
        TSNode n = m->captures[i].node;
        switch (ci->role) {
        case CORTEX_ROLE_DEFINITION: def = n; def_kind = ci->kind; have_def = 1; break;
        case CORTEX_ROLE_NAME: if (!have_name) { name = n; have_name = 1; name_capture = m->captures[i].index; } break;
        case CORTEX_ROLE_BODY: if (!have_body) { body = n; have_body = 1; } break;
        case CORTEX_ROLE_DOC: doc = n; have_doc = 1; break;
        case CORTEX_ROLE_REFERENCE: ref_kind = ci->kind; have_ref = 1; break;
        case CORTEX_ROLE_QUALIFIER: qual = n; have_qual = 1; break;
        case CORTEX_ROLE_IMPORT: imp = n; have_imp = 1; break;
        case CORTEX_ROLE_IMPORT_MODULE: mod = n; have_mod = 1; break;
        case CORTEX_ROLE_IMPORT_ALIAS: alias = n; have_alias = 1; break;
        case CORTEX_ROLE_TEXT: text = n; text_kind = ci->kind; have_text = 1; break;
        case CORTEX_ROLE_TEXT_LANGUAGE: lang = n; have_lang = 1; break;
        case CORTEX_ROLE_VISIBILITY: vis = n; have_vis = 1; break;
        case CORTEX_ROLE_IGNORE: break;
        }
    }

    if (have_doc) add_text(x, r, doc, "docstring", NULL, src, order, 1);

    if (have_def || have_imp) {
        TSNode node = have_def ? def : imp;
        const char *nm = NULL;
        if (have_imp) {
            const char *item = have_name ? strip_delimiters(node_text(&r->arena, name, src)) : NULL;
            const char *module = have_mod ? strip_delimiters(node_text(&r->arena, mod, src)) : NULL;
            if (module && item) {
                size_t ml = strlen(module);
                cortex_buf b = {0};
                cortex_buf_puts(&b, module);
                if (ml == 0 || module[ml - 1] != '.') cortex_buf_putc(&b, '.');
                cortex_buf_puts(&b, item);
                nm = cortex_arena_strdup(&r->arena, b.data);
                cortex_buf_free(&b);
            } else {
                nm = item ? item : module;
            }
        } else if (have_name) {
            char *plain = (char *)node_text(&r->arena, name, src);
            cortex_compiled_query_strip(q, m->pattern_index, name_capture, plain);
            nm = plain;
        }
        if (!nm || !*nm) return; /* an anonymous definition has nothing to look up */

        raw_def *d = CORTEX_PUSH(x->defs, x->ndefs, x->defs_cap);
        memset(d, 0, sizeof *d);
        d->start = ts_node_start_byte(node);
        d->end = ts_node_end_byte(node);
        d->sp = ts_node_start_point(node);
        d->ep = ts_node_end_point(node);
        d->lead_row = lead_row_of(node);
        d->order = order;
        d->is_import = have_imp && !have_def;
        d->kind = d->is_import ? "import" : def_kind;
        d->name = nm;
        d->origin = pat->origin;
        d->level = pat->level;
        d->not_container = pat->not_container;
        /* A body beyond the node (a macro call followed by a block:
         * `SYSCALL_DEFINE3(name, ...) { ... }`) belongs to the definition. */
        if (have_body && ts_node_end_byte(body) > d->end) {
            d->end = ts_node_end_byte(body);
            d->ep = ts_node_end_point(body);
        }
        d->visibility = have_vis ? node_text(&r->arena, vis, src) : pat->visibility;
        if (have_alias) d->alias = node_text(&r->arena, alias, src);
        if (have_name) {
            d->name_start = ts_node_start_byte(name);
            d->name_end = ts_node_end_byte(name);
        }
        if (have_doc) {
            d->doc_start = ts_node_start_byte(doc);
            d->doc_end = ts_node_end_byte(doc);
        }
        if (!d->is_import) {
            if (have_body && ts_node_start_byte(body) > d->start) {
                uint32_t sig_end = signature_end(body);
                d->sig_end = sig_end > d->start ? sig_end : d->end;
            } else if (!have_body && (strcmp(d->kind, "function") == 0 || strcmp(d->kind, "method") == 0 ||
                                      strcmp(d->kind, "prototype") == 0)) {
                d->sig_end = d->end;
            }
        }
        return;
    }

    if (have_ref && have_name) {
        cortex_reference *rf = CORTEX_PUSH(r->refs, r->nrefs, r->refs_cap);
        memset(rf, 0, sizeof *rf);
        TSPoint sp = ts_node_start_point(name);
        rf->name = node_text(&r->arena, name, src);
        rf->kind = ref_kind;
        rf->qualifier = have_qual ? node_text(&r->arena, qual, src) : NULL;
        rf->line = sp.row + 1;
        rf->col = sp.column + 1;
        rf->start_byte = ts_node_start_byte(name);
        rf->caller = -1;
        return;
    }

    if (have_text) add_text(x, r, text, text_kind, have_lang ? node_text(&r->arena, lang, src) : NULL, src, order, 0);
}

/* ---- derivation ---------------------------------------------------------- */

static int compare_defs_dedupe(const void *pa, const void *pb)
{
    const raw_def *a = pa, *b = pb;
    if (a->start != b->start) return a->start < b->start ? -1 : 1;
    if (a->end != b->end) return a->end > b->end ? -1 : 1;
    int c = strcmp(a->name, b->name);
    if (c) return c;
    if (a->is_import != b->is_import) return a->is_import - b->is_import;
    return (a->order > b->order) - (a->order < b->order);
}

static int compare_texts_dedupe(const void *pa, const void *pb)
{
    const raw_text *a = pa, *b = pb;
    if (a->t.start_byte != b->t.start_byte) return a->t.start_byte < b->t.start_byte ? -1 : 1;
    if (a->t.end_byte != b->t.end_byte) return a->t.end_byte > b->t.end_byte ? -1 : 1;
    if (a->is_doc != b->is_doc) return b->is_doc - a->is_doc; /* a docstring beats the same string */
    return (a->order > b->order) - (a->order < b->order);
}

static int is_type_container(const char *kind)
{
    static const char *const kinds[] = {"class", "struct", "interface", "impl", "enum", "union", "trait", "module", NULL};
    for (int i = 0; kinds[i]; i++)
        if (strcmp(kind, kinds[i]) == 0) return strcmp(kind, "module") != 0;
    return 0;
}

static int is_callable(const char *kind)
{
    return strcmp(kind, "function") == 0 || strcmp(kind, "method") == 0;
}

/* The innermost non-import definition whose span contains byte `pos`, or -1.
 * Symbols are sorted by start, outer before inner, and properly nested, so the
 * innermost container is the last symbol starting at or before `pos` or one of
 * its ancestors. */
static int is_data(const char *kind)
{
    return strcmp(kind, "variable") == 0 || strcmp(kind, "constant") == 0 || strcmp(kind, "property") == 0;
}

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
            !(skip_data && is_data(r->symbols[i].kind)))
            return i;
    return -1;
}

/* A signature without the comments inside it (`def f(a,  # metres`): the
 * comment texts are collected and sorted by then, so their spans are cut out. */
static const char *signature_of(const cortex_extractor *x, cortex_file_records *r, const char *src, uint32_t start,
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
static void extend_outline(cortex_extractor *x, uint32_t file_end, TSPoint file_end_point)
{
    for (size_t i = 0; i < x->ndefs; i++) {
        raw_def *d = &x->defs[i];
        if (!d->level) continue;
        d->end = file_end;
        d->ep = file_end_point;
        for (size_t j = i + 1; j < x->ndefs; j++) {
            const raw_def *next = &x->defs[j];
            if (next->level && next->level <= d->level && next->start > d->start) {
                d->end = next->start;
                d->ep = (TSPoint){next->sp.row, 0};
                break;
            }
        }
    }
}

static void build_symbols(cortex_extractor *x, const cortex_language_plugin *p, const char *src,
                          cortex_file_records *r, uint32_t file_end, TSPoint file_end_point)
{
    if (x->ndefs) qsort(x->defs, x->ndefs, sizeof *x->defs, compare_defs_dedupe);
    extend_outline(x, file_end, file_end_point);
    if (x->ndefs) qsort(x->defs, x->ndefs, sizeof *x->defs, compare_defs_dedupe);
    int32_t *stack = cortex_xmalloc((x->ndefs + 1) * sizeof *stack);
    size_t depth = 0;
    for (size_t i = 0; i < x->ndefs; i++) {
        raw_def *d = &x->defs[i];
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
        s->col_end = d->ep.column + 1;
        s->start_byte = d->start;
        s->end_byte = d->end;
        s->parent = parent;
        s->sig = d->sig_end ? signature_of(x, r, src, d->start, d->sig_end) : NULL;
        s->visibility = d->visibility;
        s->alias = d->alias;
        s->origin = d->origin;

        const char *parent_kind = parent >= 0 ? r->symbols[parent].kind : NULL;
        if (strcmp(s->kind, "function") == 0 && parent_kind && is_type_container(parent_kind)) s->kind = "method";
        if (p->refine_symbol && !d->is_import) {
            cortex_symbol_view view = {s->short_name, strlen(s->short_name), s->kind, parent_kind,
                                       src + d->start, d->end - d->start};
            const char *kind = s->kind, *vis = s->visibility;
            p->refine_symbol(&view, &kind, &vis);
            if (kind && *kind) s->kind = kind;
            s->visibility = vis;
        }
        if (parent >= 0 && !d->is_import) {
            const char *pn = r->symbols[parent].name;
            size_t n = strlen(pn) + 1 + strlen(s->short_name) + 1;
            char *q = cortex_arena_alloc(&r->arena, n);
            snprintf(q, n, "%s.%s", pn, s->short_name);
            s->name = q;
        } else {
            s->name = s->short_name;
        }
        d->symbol = (int32_t)(r->nsymbols - 1);
        /* imports and non-containers never enclose other symbols */
        if (!d->is_import && !d->not_container) stack[depth++] = d->symbol;
    }
    free(stack);
}

static int32_t find_text(const cortex_extractor *x, uint32_t start, uint32_t end)
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
static void drop_import_paths(cortex_extractor *x)
{
    for (size_t i = 0; i < x->ndefs; i++) {
        const raw_def *d = &x->defs[i];
        if (!d->is_import || d->name_end == 0) continue;
        int32_t t = find_text(x, d->name_start, d->name_end);
        if (t >= 0 && strcmp(x->texts[t].t.kind, "string") == 0) x->texts[t].t.kind = NULL;
    }
    size_t w = 0;
    for (size_t i = 0; i < x->ntexts; i++)
        if (x->texts[i].t.kind) x->texts[w++] = x->texts[i];
    x->ntexts = w;
}

/* Adjacent whole-line comments form one block of prose. */
static void merge_comments(cortex_extractor *x, cortex_file_records *r)
{
    size_t w = 0;
    for (size_t i = 0; i < x->ntexts; i++) {
        raw_text *cur = &x->texts[i];
        if (w > 0) {
            raw_text *prev = &x->texts[w - 1];
            if (strcmp(prev->t.kind, "comment") == 0 && strcmp(cur->t.kind, "comment") == 0 && prev->own_line &&
                cur->own_line && cur->t.line_start == prev->t.line_end + 1) {
                size_t n = strlen(prev->t.text) + 1 + strlen(cur->t.text) + 1;
                char *joined = cortex_arena_alloc(&r->arena, n);
                snprintf(joined, n, "%s\n%s", prev->t.text, cur->t.text);
                prev->t.text = joined;
                prev->t.line_end = cur->t.line_end;
                prev->t.end_byte = cur->t.end_byte;
                continue;
            }
        }
        x->texts[w++] = *cur;
    }
    x->ntexts = w;
    /* empty comments that joined nothing are not prose */
    w = 0;
    for (size_t i = 0; i < x->ntexts; i++)
        if (*x->texts[i].t.text || strcmp(x->texts[i].t.kind, "comment") != 0) x->texts[w++] = x->texts[i];
    x->ntexts = w;
}

static void attach_texts(cortex_extractor *x, cortex_file_records *r)
{
    /* 1. docstrings captured with their definition */
    for (size_t i = 0; i < x->ndefs; i++) {
        const raw_def *d = &x->defs[i];
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
    int32_t *first_symbol_at = cortex_xmalloc((max_line + 2) * sizeof *first_symbol_at);
    for (uint32_t i = 0; i < max_line + 2; i++) first_symbol_at[i] = -1;
    for (size_t i = 0; i < x->ndefs; i++) {
        const raw_def *d = &x->defs[i];
        uint32_t lead = d->lead_row + 1; /* 1-based */
        if (d->symbol >= 0 && lead <= max_line + 1 && first_symbol_at[lead] < 0) first_symbol_at[lead] = d->symbol;
    }

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
        if (strcmp(t->kind, "comment") == 0 && x->texts[i].own_line) {
            int32_t s = first_symbol_at[t->line_end + 1];
            if (s >= 0 && !r->symbols[s].doc && strcmp(r->symbols[s].kind, "import") != 0 &&
                strcmp(r->symbols[s].kind, "section") != 0) {
                t->parent = s;
                r->symbols[s].doc = cortex_text_summary(&r->arena, t->text);
                continue;
            }
        }
        t->parent = innermost(r, t->start_byte, 0);
    }
    free(first_symbol_at);

    for (size_t i = 0; i < x->ntexts; i++) *CORTEX_PUSH(r->texts, r->ntexts, r->texts_cap) = x->texts[i].t;
}

typedef struct source_view {
    const char *src;
    uint32_t len;
} source_view;

static const char *read_source(void *payload, uint32_t byte, TSPoint pos, uint32_t *bytes_read)
{
    const source_view *v = payload;
    (void)pos;
    *bytes_read = byte < v->len ? v->len - byte : 0;
    return byte < v->len ? v->src + byte : "";
}

/* Returning true cancels the parse: the per-file time limit. */
static bool parse_progress(TSParseState *state)
{
    const struct timespec *deadline = state->payload;
    if (deadline->tv_sec == 0) return false;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > deadline->tv_sec || (now.tv_sec == deadline->tv_sec && now.tv_nsec > deadline->tv_nsec);
}

int cortex_extractor_run(cortex_extractor *x, const cortex_language_plugin *p, const char *src, size_t len,
                         cortex_file_records *r)
{
    x->ndefs = x->ntexts = 0;
    if (len > UINT32_MAX) {
        r->problem = "file larger than 4 GiB";
        return cortex_error_set(CORTEX_EINVALID, "%s: %s", r->path, r->problem);
    }
    ts_parser_set_language(x->parser, p->language);
    memset(&x->deadline, 0, sizeof x->deadline);
    if (x->limits.parse_seconds > 0) {
        clock_gettime(CLOCK_MONOTONIC, &x->deadline);
        double whole = (double)(long)x->limits.parse_seconds;
        x->deadline.tv_sec += (time_t)whole;
        x->deadline.tv_nsec += (long)((x->limits.parse_seconds - whole) * 1e9);
        if (x->deadline.tv_nsec >= 1000000000L) {
            x->deadline.tv_sec++;
            x->deadline.tv_nsec -= 1000000000L;
        }
    }
    source_view view = {src, (uint32_t)len};
    TSInput input = {.payload = &view, .read = read_source, .encoding = TSInputEncodingUTF8};
    TSParseOptions opts = {.payload = &x->deadline, .progress_callback = parse_progress};
    TSTree *tree = ts_parser_parse_with_options(x->parser, NULL, input, opts);
    if (!tree) {
        ts_parser_reset(x->parser);
        r->problem = "parse did not finish within the time limit";
        return cortex_error_set(CORTEX_EINVALID, "%s: %s", r->path, r->problem);
    }
    TSNode root = ts_tree_root_node(tree);
    r->has_errors = ts_node_has_error(root);
    TSPoint file_end_point = ts_node_end_point(root);

    for (uint32_t qi = 0; qi < p->nqueries; qi++) {
        const cortex_compiled_query *q = &p->queries[qi];
        ts_query_cursor_exec(x->cursor, q->query, root);
        TSQueryMatch m;
        while (ts_query_cursor_next_match(x->cursor, &m)) handle_match(x, q, qi, &m, src, r);
        if (ts_query_cursor_did_exceed_match_limit(x->cursor) && !r->problem)
            r->problem = "query match limit exceeded: some records may be missing";
    }
    ts_tree_delete(tree);

    /* texts first: signatures cut the comments inside them out */
    if (x->ntexts) qsort(x->texts, x->ntexts, sizeof *x->texts, compare_texts_dedupe);
    size_t w = 0;
    for (size_t i = 0; i < x->ntexts; i++) {
        if (w > 0 && x->texts[w - 1].t.start_byte == x->texts[i].t.start_byte &&
            x->texts[w - 1].t.end_byte == x->texts[i].t.end_byte)
            continue;
        x->texts[w++] = x->texts[i];
    }
    x->ntexts = w;
    drop_import_paths(x);
    build_symbols(x, p, src, r, (uint32_t)len, file_end_point);
    merge_comments(x, r);
    attach_texts(x, r);

    /* A call's caller is the code that runs it: a function, or a type's body;
     * an initializer of module-level data is not a caller. Other references
     * (type uses) belong to whatever declaration holds them. */
    for (size_t i = 0; i < r->nrefs; i++)
        r->refs[i].caller = innermost(r, r->refs[i].start_byte, strcmp(r->refs[i].kind, "call") == 0);
    cortex_file_records_sort(r);
    return 0;
}
