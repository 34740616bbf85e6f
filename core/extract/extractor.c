/*
 * The extractor's lifecycle and its one job per file: parse (within the
 * per-file time limit, one grammar or each embedded region's), run the
 * plugin's queries, and collect each match as a raw definition, reference or
 * text by the roles of its captures; derive.c then turns them into records.
 * Where a definition visibly starts is lead.c's; the regions, regions.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include "extractor.h"

#include "../util/error.h"
#include "../util/strings.h"
#include "derive.h"
#include "lead.h"
#include "regions.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct cortex_extractor {
    TSParser *parser;
    cortex_lead lead; /* where definitions visibly start, in the tree being matched */
    TSQueryCursor *cursor;
    TSTreeCursor walk; /* over a node's children (siblings without ts_node_parent's descent from the root) */
    int have_walk;
    cortex_extract_limits limits;
    cortex_raw_records raw; /* reused from file to file */
    struct timespec deadline;
    /* a file's matches of a query compiled from several sources, held until
     * they are handled source by source (handle_by_source) */
    struct held_match {
        uint32_t source, id;
        uint16_t pattern, ncaptures;
        size_t first; /* in `captures` */
    } *held;
    size_t nheld, held_cap;
    TSQueryCapture *captures;
    size_t ncaptures, captures_cap;
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
    if (x->have_walk) ts_tree_cursor_delete(&x->walk);
    cortex_lead_dispose(&x->lead);
    ts_parser_delete(x->parser);
    free(x->held);
    free(x->captures);
    free(x->raw.defs);
    free(x->raw.texts);
    free(x->raw.sections);
    free(x->raw.locals);
    cortex_sort_scratch_free(&x->raw.sort);
    free(x);
}

/* ---- helpers ------------------------------------------------------------ */

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

/* The extractor's cursor over `parent`'s children, first child current; 0 when it has none. */
static int walk_children(cortex_extractor *x, TSNode parent) { return cortex_cursor_on_children(&x->walk, &x->have_walk, parent); }

/* Where a signature ends: after the last token before the body, so comments
 * between the declaration and the body (extras) are not part of it. The body
 * is nearly always a child of the definition: its siblings are found there. */
static uint32_t signature_end(cortex_extractor *x, TSNode def, TSNode body)
{
    TSNode prev = {0};
    int found = 0;
    if (walk_children(x, def)) do {
            TSNode k = ts_tree_cursor_current_node(&x->walk);
            if ((found = ts_node_eq(k, body))) break;
            if (!ts_node_is_extra(k)) prev = k;
        } while (ts_tree_cursor_goto_next_sibling(&x->walk));
    if (!found) {
        prev = ts_node_prev_sibling(body);
        while (!ts_node_is_null(prev) && ts_node_is_extra(prev)) prev = ts_node_prev_sibling(prev);
    }
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
    cortex_raw_text *t = CORTEX_PUSH(x->raw.texts, x->raw.ntexts, x->raw.texts_cap);
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

/* A receiver's type name, bare: `*Server` and `Server[T]` are `Server`;
 * C++'s `ns::Foo` is `ns.Foo`, the qualified-name separator of the core.
 * A slice, an array (`[4]T`) and a map (`map[K]T`) hold elements of T: the
 * element's type, marked. Where `src` is given, a type literal written in
 * place (`struct{ ... }`) is named by where it starts (CORTEX_RAW_TYPE_LITERAL):
 * a local's fields are found there. */
static const char *type_text(cortex_arena *a, const char *src, const char *t, const char *end)
{
    while (t < end && (*t == '*' || *t == '&' || *t == ' ' || *t == '(')) t++;
    const char *open = end - t > 4 && strncmp(t, "map[", 4) == 0 ? t + 3 : t;
    const char *close = open < end && *open == '[' ? memchr(open, ']', (size_t)(end - open)) : NULL;
    if (close && close + 1 < end && (open > t || close == t + 1 || cortex_ident_char(t[1]))) {
        const char *element = type_text(a, src, close + 1, end);
        if (!element) return NULL;
        size_t n = strlen(element);
        char *out = cortex_arena_alloc(a, n + sizeof CORTEX_RECORD_SLICE_OF);
        memcpy(out, element, n);
        memcpy(out + n, CORTEX_RECORD_SLICE_OF, sizeof CORTEX_RECORD_SLICE_OF);
        return out;
    }
    const char *e = t;
    while (e < end && cortex_ident_char(*e)) e++;
    while (e > t && e < end && (*e == ' ' || *e == '\t')) e++;
    if (src && e > t && e < end && *e == '{') {
        char *out = cortex_arena_alloc(a, 16);
        snprintf(out, 16, "%c%u", CORTEX_RAW_TYPE_LITERAL, (unsigned)(t - src));
        return out;
    }
    e = t;
    while (e < end && *e != '[' && *e != '<' && *e != ' ' && *e != ')') e++;
    if (e <= t) return NULL;
    char *out = cortex_arena_alloc(a, (size_t)(e - t) + 1), *o = out;
    for (const char *p = t; p < e; p++) {
        if (p[0] == ':' && p + 1 < e && p[1] == ':') {
            *o++ = '.';
            p++;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
    return out;
}

/* A type written after `...` (a variadic parameter, `cmds ...*Command`)
 * is the element of the slice the parameter holds. */
static const char *receiver_type(cortex_arena *a, TSNode n, const char *src, int literals)
{
    uint32_t start = ts_node_start_byte(n);
    const char *t = type_text(a, literals ? src : NULL, src + start, src + ts_node_end_byte(n));
    if (!t || start < 3 || strncmp(src + start - 3, "...", 3) != 0) return t;
    size_t len = strlen(t);
    char *out = cortex_arena_alloc(a, len + sizeof CORTEX_RECORD_SLICE_OF);
    memcpy(out, t, len);
    memcpy(out + len, CORTEX_RECORD_SLICE_OF, sizeof CORTEX_RECORD_SLICE_OF);
    return out;
}

/* What a name initialised by a call holds, as CORTEX_RECORD_CALL_RESULT
 * spells it: `T()` for a call of `T` (a type's value, when `T` is a type:
 * a conversion, a constructor; a function's result otherwise). NULL when
 * the callee is not a name or a path of names. */
static const char *callee_result(cortex_arena *a, TSNode n, const char *src)
{
    const char *t = src + ts_node_start_byte(n), *end = src + ts_node_end_byte(n);
    for (const char *p = t; p < end; p++)
        if (*p != '.' && !cortex_ident_char(*p)) return NULL;
    if (end == t) return NULL;
    size_t len = (size_t)(end - t);
    char *out = cortex_arena_alloc(a, len + 3);
    memcpy(out, t, len);
    memcpy(out + len, "()", 3);
    return out;
}

/* A qualifier written over several lines (`this.gateway\n  .refunds`) reads
 * as it would on one: whitespace before a member access (`.x`, `?.x`, `->x`)
 * is dropped. */
static const char *squeeze_qualifier(char *q)
{
    char *o = q;
    for (char *p = q; *p; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
            char *next = p;
            while (*next == ' ' || *next == '\t' || *next == '\n' || *next == '\r') next++;
            const char *op = next;
            if (op[0] == '?' && op[1] == '.') op += 2;
            else if (op[0] == '-' && op[1] == '>') op += 2;
            else if (op[0] == '.') op += 1;
            if (op > next && o > q && cortex_ident_char(*op)) {
                p = next - 1;
                continue;
            }
        }
        *o++ = *p;
    }
    *o = '\0';
    return q;
}

/* A definition whose node opens with text the parser could not read before
 * its name (`extern __printf(2, 3) int f(...);` above `static int g(...)`:
 * the unknown macro makes the prototype an ERROR inside g's definition, or,
 * in a header, inside a definition a hundred lines on) starts after that
 * text: the junk is not the definition's, and a range that takes it in takes
 * in the definitions written there too, as its children. */
static void start_after_error(cortex_extractor *x, cortex_raw_def *d, TSNode node, TSNode name, const char *src)
{
    if (!ts_node_has_error(node)) return;
    uint32_t name_at = ts_node_start_byte(name), name_row = ts_node_start_point(name).row;
    TSNode after = {0};
    int found = 0;
    uint32_t n = ts_node_child_count(node);
    /* only text that ends a statement of its own (a `;`) on lines above the
     * name's: a word the parser misread in the declaration's own words
     * (`static __always_inline bool` above the name, `bool` an ERROR) is the
     * declaration's */
    for (uint32_t i = 0; i + 1 < n; i++) {
        TSNode c = ts_node_child(node, i);
        uint32_t from = ts_node_start_byte(c), to = ts_node_end_byte(c);
        if (from >= name_at) break;
        if (ts_node_is_error(c) && ts_node_end_point(c).row < name_row && memchr(src + from, ';', to - from)) {
            after = ts_node_child(node, i + 1);
            found = 1;
        }
    }
    if (!found || ts_node_start_byte(after) > name_at) return;
    d->start = ts_node_start_byte(after);
    d->sp = ts_node_start_point(after);
    d->lead_row = cortex_lead_row(&x->lead, after, src);
}

static void handle_match(cortex_extractor *x, const cortex_compiled_query *q,
                         uint32_t qi, const TSQueryMatch *m, const char *src, cortex_file_records *r)
{
    if (!cortex_compiled_query_accepts(q, m, src)) return;
    const cortex_pattern_info *pat = &q->patterns[m->pattern_index];
    uint32_t order = (qi << 16) | m->pattern_index;

    uint32_t name_capture = 0;
    TSNode def = {0}, name = {0}, body = {0}, doc = {0}, qual = {0}, imp = {0}, mods[8], alias = {0},
           text = {0}, lang = {0}, vis = {0}, recv = {0}, local = {0}, local_type = {0}, local_scope = {0}, local_after = {0}, dtype = {0};
    const char *def_kind = NULL, *ref_kind = NULL, *text_kind = NULL;
    int have_def = 0, have_name = 0, have_body = 0, have_doc = 0, have_ref = 0, have_qual = 0, have_imp = 0,
        have_mod = 0, have_alias = 0, have_text = 0, have_lang = 0, have_vis = 0, have_recv = 0, have_local = 0,
        have_local_type = 0, have_local_scope = 0, have_local_after = 0, have_dtype = 0;

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
        case CORTEX_ROLE_IMPORT_MODULE: /* nested use lists: each level's path, outermost first */
            if (have_mod < 8) mods[have_mod++] = n;
            break;
        case CORTEX_ROLE_IMPORT_ALIAS: alias = n; have_alias = 1; break;
        case CORTEX_ROLE_TEXT: text = n; text_kind = ci->kind; have_text = 1; break;
        case CORTEX_ROLE_TEXT_LANGUAGE: lang = n; have_lang = 1; break;
        case CORTEX_ROLE_VISIBILITY: vis = n; have_vis = 1; break;
        case CORTEX_ROLE_RECEIVER: recv = n; have_recv = 1; break;
        case CORTEX_ROLE_LOCAL: local = n; have_local = 1; break;
        case CORTEX_ROLE_LOCAL_TYPE: local_type = n; have_local_type = 1; break;
        case CORTEX_ROLE_LOCAL_CALL: local_type = n; have_local_type = 2; break;
        case CORTEX_ROLE_LOCAL_RANGE: local_type = n; have_local_type = 3; break;
        case CORTEX_ROLE_LOCAL_VALUE: local_type = n; have_local_type = 4; break;
        case CORTEX_ROLE_LOCAL_SCOPE: local_scope = n; have_local_scope = 1; break;
        case CORTEX_ROLE_LOCAL_AFTER: local_after = n; have_local_after = 1; break;
        case CORTEX_ROLE_DECLARED_TYPE: dtype = n; have_dtype = 1; break;
        case CORTEX_ROLE_DECLARED_CALL: /* a declared type wins over the initializer's */
            if (have_dtype != 1) {
                dtype = n;
                have_dtype = 2;
            }
            break;
        case CORTEX_ROLE_SECTION: {
            cortex_raw_section *sec = CORTEX_PUSH(x->raw.sections, x->raw.nsections, x->raw.sections_cap);
            char *marker = (char *)node_text(&r->arena, n, src);
            size_t len = strlen(marker);
            while (len && (marker[len - 1] == ':' || marker[len - 1] == ' ')) marker[--len] = '\0';
            sec->at = ts_node_end_byte(n);
            sec->visibility = marker;
            break;
        }
        case CORTEX_ROLE_IGNORE: break;
        }
    }

    if (have_doc) add_text(x, r, doc, "docstring", NULL, src, order, 1);

    if (have_local) {
        cortex_raw_local *l = CORTEX_PUSH(x->raw.locals, x->raw.nlocals, x->raw.locals_cap);
        l->name = node_text(&r->arena, local, src);
        l->type = have_local_type == 1 ? receiver_type(&r->arena, local_type, src, 1)
                  : have_local_type == 2 ? callee_result(&r->arena, local_type, src)
                  : have_local_type >= 3 ? squeeze_qualifier((char *)node_text(&r->arena, local_type, src))
                                         : NULL;
        l->elements = have_local_type == 3 ? 1 : have_local_type == 4 ? 2 : 0;
        l->at = have_local_scope   ? ts_node_start_byte(local_scope)
                : have_local_after ? ts_node_end_byte(local_after)
                                   : ts_node_start_byte(local);
        l->end = have_local_scope ? ts_node_end_byte(local_scope) : 0;
        l->rank = !l->type ? 0 : have_local_type == 1 ? 2 : 1;
        l->scope = -1;
        return;
    }

    if (have_def || have_imp) {
        TSNode node = have_def ? def : imp;
        const char *nm = NULL;
        if (have_imp) {
            const char *item = NULL;
            if (have_name) {
                char *plain = (char *)node_text(&r->arena, name, src);
                cortex_compiled_query_strip(q, m->pattern_index, name_capture, plain);
                item = strip_delimiters(plain);
            }
            /* the module's parts, in source order, then the item, each joined by
             * the separator unless the part already ends with it */
            const char *sep = pat->separator ? pat->separator : ".";
            size_t sl = strlen(sep);
            for (int a = 1; a < have_mod; a++)
                for (int b = a; b > 0 && ts_node_start_byte(mods[b]) < ts_node_start_byte(mods[b - 1]); b--) {
                    TSNode t = mods[b];
                    mods[b] = mods[b - 1];
                    mods[b - 1] = t;
                }
            cortex_buf b = {0};
            for (int k = 0; k <= have_mod; k++) {
                const char *part = k < have_mod ? strip_delimiters(node_text(&r->arena, mods[k], src)) : item;
                if (!part || !*part) continue;
                if (b.len && (b.len < sl || memcmp(b.data + b.len - sl, sep, sl) != 0)) cortex_buf_puts(&b, sep);
                cortex_buf_puts(&b, part);
            }
            nm = b.len ? cortex_arena_strdup(&r->arena, b.data) : NULL;
            cortex_buf_free(&b);
        } else if (have_name) {
            char *plain = (char *)node_text(&r->arena, name, src);
            cortex_compiled_query_strip(q, m->pattern_index, name_capture, plain);
            nm = plain;
        }
        if (!nm || !*nm) return; /* an anonymous definition has nothing to look up */

        cortex_raw_def *d = CORTEX_PUSH(x->raw.defs, x->raw.ndefs, x->raw.defs_cap);
        memset(d, 0, sizeof *d);
        d->start = ts_node_start_byte(node);
        d->end = ts_node_end_byte(node);
        d->sp = ts_node_start_point(node);
        d->ep = ts_node_end_point(node);
        d->lead_row = cortex_lead_row(&x->lead, node, src);
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
        else d->alias = pat->alias;
        if (have_recv && have_def) d->receiver = receiver_type(&r->arena, recv, src, 0);
        if (have_dtype && have_def)
            d->dtype = have_dtype == 1 ? receiver_type(&r->arena, dtype, src, 0) : callee_result(&r->arena, dtype, src);
        if (have_name && have_def) start_after_error(x, d, node, name, src);
        d->name_row = d->sp.row;
        if (have_name) {
            d->name_start = ts_node_start_byte(name);
            d->name_end = ts_node_end_byte(name);
            d->name_row = ts_node_start_point(name).row;
        }
        if (have_doc) {
            d->doc_start = ts_node_start_byte(doc);
            d->doc_end = ts_node_end_byte(doc);
        }
        if (!d->is_import) {
            if (have_body && ts_node_start_byte(body) > d->start) {
                uint32_t sig_end = signature_end(x, node, body);
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
        rf->qualifier = have_qual ? squeeze_qualifier((char *)node_text(&r->arena, qual, src)) : NULL;
        rf->line = sp.row + 1;
        rf->col = sp.column + 1;
        rf->start_byte = ts_node_start_byte(name);
        rf->caller = -1;
        return;
    }

    if (have_text) add_text(x, r, text, text_kind, have_lang ? node_text(&r->arena, lang, src) : NULL, src, order, 0);
}

/* ---- parsing ------------------------------------------------------------- */

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

static bool past(const struct timespec *deadline)
{
    if (deadline->tv_sec == 0) return false;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > deadline->tv_sec || (now.tv_sec == deadline->tv_sec && now.tv_nsec > deadline->tv_nsec);
}

/* Returning true cancels the parse: the per-file time limit bounds the whole
 * extraction, the queries too (deep nesting on short lines is quadratic in
 * the queries, not the parse). */
static bool parse_progress(TSParseState *state) { return past(state->payload); }

/* Microseconds left before the deadline, at least 1; 0 when there is none. */
static uint64_t micros_left(const struct timespec *deadline)
{
    if (deadline->tv_sec == 0) return 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t left = (int64_t)(deadline->tv_sec - now.tv_sec) * 1000000 + (deadline->tv_nsec - now.tv_nsec) / 1000;
    return left > 0 ? (uint64_t)left : 1;
}

/* Handles the matches of a query compiled from several sources (one walk of
 * the tree): held, then handled source by source, each source's in the order
 * the query gives them, as running the sources one at a time did, so that
 * the records are the same. */
static void handle_by_source(cortex_extractor *x, const cortex_compiled_query *q, uint32_t qi, const char *src,
                             cortex_file_records *r)
{
    x->nheld = x->ncaptures = 0;
    TSQueryMatch m;
    while (ts_query_cursor_next_match(x->cursor, &m)) {
        cortex_grow((void **)&x->captures, &x->captures_cap, x->ncaptures + m.capture_count + 1, sizeof *x->captures);
        memcpy(x->captures + x->ncaptures, m.captures, m.capture_count * sizeof *m.captures);
        *CORTEX_PUSH(x->held, x->nheld, x->held_cap) =
            (struct held_match){q->pattern_source[m.pattern_index], m.id, m.pattern_index, m.capture_count, x->ncaptures};
        x->ncaptures += m.capture_count;
    }
    for (uint32_t s = 0; s < q->nsources; s++)
        for (size_t k = 0; k < x->nheld; k++) {
            const struct held_match *h = &x->held[k];
            if (h->source != s) continue;
            TSQueryMatch held = {h->id, h->pattern, h->ncaptures, x->captures + h->first};
            handle_match(x, q, qi, &held, src, r);
        }
}

/* Parses `src` with `p`'s grammar, limited to `ranges` when there are any,
 * and collects the matches of its queries. 0, or a negative code when the
 * parse ran out of time. */
static int parse_and_match(cortex_extractor *x, const cortex_language_plugin *p, const char *src, size_t len,
                           const TSRange *ranges, uint32_t nranges, cortex_file_records *r)
{
    if (cortex_plugin_queries(p) != 0) {
        r->problem = "the plugin's queries do not compile";
        return cortex_error_set(CORTEX_EINVALID, "%s: %s", r->path, cortex_error_last());
    }
    ts_parser_set_language(x->parser, p->language);
    ts_parser_set_included_ranges(x->parser, ranges, nranges);
    source_view view = {src, (uint32_t)len};
    TSInput input = {.payload = &view, .read = read_source, .encoding = TSInputEncodingUTF8};
    TSParseOptions opts = {.payload = &x->deadline, .progress_callback = parse_progress};
    TSTree *tree = ts_parser_parse_with_options(x->parser, NULL, input, opts);
    ts_parser_set_included_ranges(x->parser, NULL, 0);
    if (!tree) {
        ts_parser_reset(x->parser);
        r->problem = "parse did not finish within the time limit";
        return cortex_error_set(CORTEX_EINVALID, "%s: %s", r->path, r->problem);
    }
    TSNode root = ts_tree_root_node(tree);
    r->has_errors |= ts_node_has_error(root);
    cortex_lead_begin(&x->lead, p);
    for (uint32_t qi = 0; qi < p->nqueries; qi++) {
        const cortex_compiled_query *q = &p->queries[qi];
        /* The cursor's own clock, not a progress callback: with a callback set,
         * tree-sitter computes the current node's byte offset at every step
         * (a few percent of a cold run). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        ts_query_cursor_set_timeout_micros(x->cursor, micros_left(&x->deadline));
#pragma GCC diagnostic pop
        ts_query_cursor_exec(x->cursor, q->query, root);
        if (q->nsources > 1) {
            handle_by_source(x, q, qi, src, r);
        } else {
            TSQueryMatch m;
            while (ts_query_cursor_next_match(x->cursor, &m)) handle_match(x, q, qi, &m, src, r);
        }
        if (ts_query_cursor_did_exceed_match_limit(x->cursor) && !r->problem)
            r->problem = "query match limit exceeded: some records may be missing";
        if (past(&x->deadline)) {
            /* a part of the matches is no answer: the file is reported, not half indexed */
            ts_tree_delete(tree);
            r->problem = "extraction did not finish within the time limit";
            return cortex_error_set(CORTEX_EINVALID, "%s: %s", r->path, r->problem);
        }
    }
    ts_tree_delete(tree);
    return 0;
}

/* Each language's regions parsed together (one tree per language, as a
 * browser runs a page's scripts in one scope). Returns the plugin whose hooks
 * derive the records: the first region's. */
static const cortex_language_plugin *extract_regions(cortex_extractor *x, const cortex_language_plugin *p, const char *src,
                                                      size_t len, cortex_file_records *r, int *rc)
{
    cortex_regions *l;
    cortex_regions_find(&l, p, r->path, src, len);
    const cortex_language_plugin *first = NULL, *inner;
    TSRange ranges[CORTEX_REGIONS_MAX];
    uint32_t n;
    while (*rc == 0 && cortex_regions_next(l, &inner, ranges, &n)) {
        /* No plugin for the region's language (none installed): the file is
         * indexed without its code rather than reported on every run. */
        if (!inner) continue;
        if (!first) first = inner;
        *rc = parse_and_match(x, inner, src, len, ranges, n, r);
    }
    cortex_regions_free(l);
    return first ? first : p;
}

/* The point (row, column in bytes) of the end of `src`. */
static TSPoint end_point(const char *src, uint32_t len)
{
    TSPoint p = {0, 0};
    uint32_t line = 0; /* where the last line starts */
    for (const char *nl = src; (nl = memchr(nl, '\n', (size_t)(src + len - nl))); nl++) {
        p.row++;
        line = (uint32_t)(nl - src) + 1;
    }
    p.column = len - line;
    return p;
}

int cortex_extractor_run(cortex_extractor *x, const cortex_language_plugin *p, const char *src, size_t len,
                         cortex_file_records *r)
{
    x->raw.ndefs = x->raw.ntexts = x->raw.nsections = x->raw.nlocals = 0;
    /* what the chunker needs of the language, even when extraction fails */
    r->line_comment = p->line_comment;
    r->lang_flags = p->flags;
    r->rules = &p->rules;
    if (len > UINT32_MAX) {
        r->problem = "file larger than 4 GiB";
        return cortex_error_set(CORTEX_EINVALID, "%s: %s", r->path, r->problem);
    }
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
    int rc = 0;
    const cortex_language_plugin *deriving = p;
    if (p->embedded_regions)
        deriving = extract_regions(x, p, src, len, r, &rc);
    else
        rc = parse_and_match(x, p, src, len, NULL, 0, r);
    if (rc) return rc;
    /* a build variant: the binder prefers the package's definitions in the default build */
    if (p->file_variant) r->variant = p->file_variant(r->path, src, len) != 0;
    /* The end of the file closes the last outline entry. */
    cortex_derive__records(&x->raw, deriving, src, (uint32_t)len, end_point(src, (uint32_t)len), r);
    return 0;
}
