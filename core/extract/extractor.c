/*
 * Parses a file and runs its plugin's queries, collecting each match as a raw
 * definition, reference or text by the roles of its captures; derive.c then
 * turns them into records. Also the per-file parse time limit.
 */
#define _POSIX_C_SOURCE 200809L
#include "extractor.h"

#include "../util/error.h"
#include "derive.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* What can make a definition begin before its own node in one plugin's
 * grammar: looked up once per plugin (lead_rules_for). */
typedef struct lead_rules {
    const cortex_language_plugin *plugin;
    const TSLanguage *language;        /* the plugin's: a plugin loaded anew may reuse its address */
    TSFieldId definition, declaration; /* wrapper fields, 0 when the grammar has none */
    int has_wrappers;                  /* a declared wrapper type is in the grammar */
    int has_attributes;                /* a declared leading sibling type is in the grammar */
} lead_rules;

/* A walk over one parent's children looking for attributes before a
 * definition, kept between definitions: the definitions of a file arrive in
 * document order, so the next one under the same parent resumes where the
 * last stopped instead of walking its earlier siblings again (a module's
 * top-level functions made the walk quadratic: 0.34 G of the Python stdlib's
 * 32 G instructions). Valid for one tree only. */
typedef struct attribute_scan {
    TSTreeCursor cursor;
    int have_cursor, active;
    TSNode parent;
    int run;                      /* attributes since the last other named sibling */
    uint32_t chain_row, last_end; /* where the run's adjacent tail starts; the run's last line */
} attribute_scan;

/* The visible nodes from the root down to the last definition located, with
 * a cursor on it: the next definition's ancestors are found by walking on
 * from there, up to the level that holds it, forward among siblings, down,
 * instead of down from the root at every step (ts_node_parent iterates the
 * children of every level above, a module's top-level items at each of its
 * definitions: 0.14 G of the Python stdlib's 32 G instructions). Valid for
 * one tree only. */
typedef struct ancestry {
    TSTreeCursor cursor;
    int have_cursor, active;
    TSNode *path; /* path[0] the root, path[depth] the cursor's node */
    uint32_t depth;
    size_t cap;
} ancestry;

struct cortex_extractor {
    TSParser *parser;
    lead_rules lead; /* of the language being extracted */
    TSQueryCursor *cursor;
    TSTreeCursor walk; /* over a node's children (siblings without ts_node_parent's descent from the root) */
    int have_walk;
    attribute_scan attrs; /* the last attribute scan, resumed by the next definition under the same parent */
    ancestry above;       /* the ancestors of the last definition whose parent was needed */
    cortex_extract_limits limits;
    cortex_raw_records raw; /* reused from file to file */
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
    if (x->have_walk) ts_tree_cursor_delete(&x->walk);
    if (x->attrs.have_cursor) ts_tree_cursor_delete(&x->attrs.cursor);
    if (x->above.have_cursor) ts_tree_cursor_delete(&x->above.cursor);
    free(x->above.path);
    ts_parser_delete(x->parser);
    free(x->raw.defs);
    free(x->raw.texts);
    free(x->raw.sections);
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

/* Whether `type` is one of a NULL-terminated list of node types. */
static int type_in(const char *type, char *const *types)
{
    for (; *types; types++)
        if (strcmp(type, *types) == 0) return 1;
    return 0;
}

/* Whether the grammar has a named node type of the list. */
static int grammar_has_any(const TSLanguage *language, char *const *types)
{
    for (; *types; types++)
        if (ts_language_symbol_for_name(language, *types, (uint32_t)strlen(*types), true) != 0) return 1;
    return 0;
}

/* What can start a definition before its own node in one plugin's grammar:
 * the conventional wrapper fields, and the wrappers and leading siblings the
 * plugin declares. The checks find parents and siblings by walking down from
 * the root (ts_node_parent), a cost that grows with the number of top-level
 * items: on the kernel it was 2% of a cold run, nearly all for grammars where
 * nothing could lead. */
static void lead_rules_for(lead_rules *l, const cortex_language_plugin *p)
{
    const TSLanguage *language = p->language;
    if (l->plugin == p && l->language == language) return;
    memset(l, 0, sizeof *l);
    l->plugin = p;
    l->language = language;
    l->definition = ts_language_field_id_for_name(language, "definition", (uint32_t)strlen("definition"));
    l->declaration = ts_language_field_id_for_name(language, "declaration", (uint32_t)strlen("declaration"));
    l->has_wrappers = grammar_has_any(language, p->wrapper_node_types);
    l->has_attributes = grammar_has_any(language, p->leading_node_types);
}

/* Whether the text before `start` could end an attribute or decorator: not
 * when the previous token closes a statement, a block or a block comment. */
static int may_follow_attribute(const char *src, uint32_t start)
{
    while (start > 0 && strchr(" \t\r\n\f\v", src[start - 1])) start--;
    if (start == 0) return 0;
    char c = src[start - 1];
    if (c == ';' || c == '{' || c == '}') return 0;
    return !(c == '/' && start >= 2 && src[start - 2] == '*');
}

/* Puts a reused tree cursor (made on first use) on `parent`'s first child; 0 when it has none. */
static int cursor_on_children(TSTreeCursor *c, int *have, TSNode parent)
{
    if (*have) {
        ts_tree_cursor_reset(c, parent);
    } else {
        *c = ts_tree_cursor_new(parent);
        *have = 1;
    }
    return ts_tree_cursor_goto_first_child(c);
}

/* The extractor's cursor over `parent`'s children, first child current; 0 when it has none. */
static int walk_children(cortex_extractor *x, TSNode parent) { return cursor_on_children(&x->walk, &x->have_walk, parent); }

/* The row where the attributes written just before `n` begin, each on the
 * line after the last at the latest, or `row` when there are none. One pass
 * over `parent`'s children, resumed from the last call when `n` comes after
 * where it stopped: ts_node_prev_named_sibling finds the parent anew, from
 * the root, at every step. */
static uint32_t attributes_row(cortex_extractor *x, TSNode parent, TSNode n, uint32_t row)
{
    attribute_scan *a = &x->attrs;
    uint32_t n_start = ts_node_start_byte(n);
    if (!a->active || !ts_node_eq(a->parent, parent) ||
        ts_node_start_byte(ts_tree_cursor_current_node(&a->cursor)) > n_start) {
        a->parent = parent;
        a->run = 0;
        a->chain_row = a->last_end = 0;
        if (!(a->active = cursor_on_children(&a->cursor, &a->have_cursor, parent))) return row;
    }
    do {
        TSNode k = ts_tree_cursor_current_node(&a->cursor);
        if (ts_node_eq(k, n)) return a->run && a->last_end + 1 >= row ? a->chain_row : row;
        if (!ts_node_is_named(k)) continue;
        if (!type_in(ts_node_type(k), x->lead.plugin->leading_node_types)) {
            a->run = 0;
            continue;
        }
        uint32_t start = ts_node_start_point(k).row;
        if (!a->run || a->last_end + 1 < start) a->chain_row = start; /* a blank line between: a new chain */
        a->last_end = ts_node_end_point(k).row;
        a->run = 1;
    } while (ts_tree_cursor_goto_next_sibling(&a->cursor));
    a->active = 0; /* n is not among the children: walked to the end */
    return row;
}

/* Whether `outer` covers the bytes [start, end). */
static int spans(TSNode outer, uint32_t start, uint32_t end)
{
    return ts_node_start_byte(outer) <= start && end <= ts_node_end_byte(outer);
}

/* Records the cursor's node one level down. */
static void ancestry_push(ancestry *a)
{
    if (a->depth + 1 >= a->cap) cortex_grow((void **)&a->path, &a->cap, a->depth + 2, sizeof *a->path);
    a->path[++a->depth] = ts_tree_cursor_current_node(&a->cursor);
}

/* Moves the cursor from where it is onto `n`: 0 when `n` is not ahead of it
 * in the tree (definitions arrive nearly always in document order). */
static int walk_to(ancestry *a, TSNode n)
{
    uint32_t start = ts_node_start_byte(n), end = ts_node_end_byte(n);
    /* up to the level whose parent holds n, then forward among its children */
    while (!spans(a->path[a->depth], start, end)) {
        if (a->depth == 0) return 0;
        if (!spans(a->path[a->depth - 1], start, end)) {
            ts_tree_cursor_goto_parent(&a->cursor);
            a->depth--;
        } else if (ts_node_end_byte(a->path[a->depth]) <= start && ts_tree_cursor_goto_next_sibling(&a->cursor)) {
            a->path[a->depth] = ts_tree_cursor_current_node(&a->cursor);
        } else {
            return 0;
        }
    }
    /* down through the children that hold it */
    while (!ts_node_eq(a->path[a->depth], n)) {
        if (!ts_tree_cursor_goto_first_child(&a->cursor)) return 0;
        ancestry_push(a);
        while (!spans(a->path[a->depth], start, end)) {
            if (ts_node_end_byte(a->path[a->depth]) > start || !ts_tree_cursor_goto_next_sibling(&a->cursor)) return 0;
            a->path[a->depth] = ts_tree_cursor_current_node(&a->cursor);
        }
    }
    return 1;
}

/* Puts `a` on definition `n`, from where it was or else from the root: 0
 * when it cannot (the caller asks ts_node_parent). */
static int locate(ancestry *a, TSNode n)
{
    if (a->active && walk_to(a, n)) return 1;
    TSNode root = ts_tree_root_node(n.tree);
    if (a->have_cursor) {
        ts_tree_cursor_reset(&a->cursor, root);
    } else {
        a->cursor = ts_tree_cursor_new(root);
        a->have_cursor = 1;
    }
    if (!a->cap) cortex_grow((void **)&a->path, &a->cap, 16, sizeof *a->path);
    a->depth = 0;
    a->path[0] = root;
    return a->active = walk_to(a, n);
}

/* The parent of `n`, `up` levels above definition `def`: from the ancestry
 * when it can locate `def` (tried once per definition, `*located` -1 until
 * then), else from ts_node_parent. */
static TSNode parent_above(cortex_extractor *x, TSNode def, TSNode n, uint32_t up, int *located)
{
    if (*located < 0) *located = locate(&x->above, def);
    if (!*located) return ts_node_parent(n);
    return x->above.depth > up ? x->above.path[x->above.depth - up - 1] : (TSNode){0};
}

/* The row where a definition visibly begins: a wrapper that holds it in a
 * `definition` or `declaration` field (Python's decorated_definition, an
 * export statement, a template) starts it earlier, and so do attributes
 * written before it. An enclosing block that merely ends with it (the last
 * method of a class) is not a wrapper. */
static uint32_t lead_row_of(cortex_extractor *x, TSNode def, const char *src)
{
    const lead_rules *rules = &x->lead;
    TSNode n = def, parent = {0};
    int have_parent = 0, located = -1; /* not tried yet */
    uint32_t up = 0;                    /* levels above def that n is */
    for (; up < 3 && (rules->definition || rules->declaration || rules->has_wrappers); up++) {
        TSNode p = parent_above(x, def, n, up, &located);
        int wraps = 0;
        if (!ts_node_is_null(p)) {
            if (rules->definition) wraps = ts_node_eq(ts_node_child_by_field_id(p, rules->definition), n);
            if (!wraps && rules->declaration) wraps = ts_node_eq(ts_node_child_by_field_id(p, rules->declaration), n);
            /* a declared wrapper holds the definition unnamed, last */
            if (!wraps && rules->has_wrappers && type_in(ts_node_type(p), rules->plugin->wrapper_node_types))
                wraps = ts_node_eq(ts_node_named_child(p, ts_node_named_child_count(p) - 1), n);
        }
        if (!wraps) { /* p is n's parent, or none */
            parent = p;
            have_parent = 1;
            break;
        }
        n = p;
    }
    uint32_t row = ts_node_start_point(n).row;
    if (!rules->has_attributes || !may_follow_attribute(src, ts_node_start_byte(n))) return row;
    if (!have_parent) parent = parent_above(x, def, n, up, &located);
    return ts_node_is_null(parent) ? row : attributes_row(x, parent, n, row);
}

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
 * C++'s `ns::Foo` is `ns.Foo`, the qualified-name separator of the core. */
static const char *receiver_type(cortex_arena *a, TSNode n, const char *src)
{
    const char *t = src + ts_node_start_byte(n), *end = src + ts_node_end_byte(n);
    while (t < end && (*t == '*' || *t == '&' || *t == ' ' || *t == '(')) t++;
    const char *e = t;
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

/* A qualifier written over several lines (`this.gateway\n  .refunds`) reads
 * as it would on one: whitespace before a member access (`.x`, `?.x`, `->x`)
 * is dropped. */
static int is_ident_char(char c)
{
    return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (unsigned char)c >= 0x80;
}

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
            if (op > next && o > q && is_ident_char(*op)) {
                p = next - 1;
                continue;
            }
        }
        *o++ = *p;
    }
    *o = '\0';
    return q;
}

static void handle_match(cortex_extractor *x, const cortex_compiled_query *q,
                         uint32_t qi, const TSQueryMatch *m, const char *src, cortex_file_records *r)
{
    if (!cortex_compiled_query_accepts(q, m, src)) return;
    const cortex_pattern_info *pat = &q->patterns[m->pattern_index];
    uint32_t order = (qi << 16) | m->pattern_index;

    uint32_t name_capture = 0;
    TSNode def = {0}, name = {0}, body = {0}, doc = {0}, qual = {0}, imp = {0}, mods[8], alias = {0},
           text = {0}, lang = {0}, vis = {0}, recv = {0};
    const char *def_kind = NULL, *ref_kind = NULL, *text_kind = NULL;
    int have_def = 0, have_name = 0, have_body = 0, have_doc = 0, have_ref = 0, have_qual = 0, have_imp = 0,
        have_mod = 0, have_alias = 0, have_text = 0, have_lang = 0, have_vis = 0, have_recv = 0;

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
        d->lead_row = lead_row_of(x, node, src);
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
        if (have_recv && have_def) d->receiver = receiver_type(&r->arena, recv, src);
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

/* ---- derivation ---------------------------------------------------------- */

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
    lead_rules_for(&x->lead, p);
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
    x->attrs.active = 0; /* a scan of the previous tree */
    x->above.active = 0;
    for (uint32_t qi = 0; qi < p->nqueries; qi++) {
        const cortex_compiled_query *q = &p->queries[qi];
        ts_query_cursor_exec(x->cursor, q->query, root);
        TSQueryMatch m;
        while (ts_query_cursor_next_match(x->cursor, &m)) handle_match(x, q, qi, &m, src, r);
        if (ts_query_cursor_did_exceed_match_limit(x->cursor) && !r->problem)
            r->problem = "query match limit exceeded: some records may be missing";
    }
    ts_tree_delete(tree);
    return 0;
}

/* ---- embedded regions ------------------------------------------------------ */

#define MAX_REGIONS 256

typedef struct region_list {
    const char *src;
    size_t len;
    struct {
        char language[64];
        TSRange range;
    } items[MAX_REGIONS];
    uint32_t count;
    uint32_t row, col, at; /* the point of byte `at`, advanced as regions arrive in order */
} region_list;

static TSPoint point_at(region_list *l, uint32_t byte)
{
    if (byte < l->at) l->row = l->col = l->at = 0;
    for (; l->at < byte; l->at++) {
        if (l->src[l->at] == '\n') {
            l->row++;
            l->col = 0;
        } else {
            l->col++;
        }
    }
    return (TSPoint){l->row, l->col};
}

static void add_region(const char *language, uint32_t start, uint32_t end, void *payload)
{
    region_list *l = payload;
    /* Out of order, overlapping or out of bounds: the plugin is wrong; drop it. */
    uint32_t prev_end = l->count ? l->items[l->count - 1].range.end_byte : 0;
    if (!language || l->count == MAX_REGIONS || start >= end || end > l->len || start < prev_end) return;
    snprintf(l->items[l->count].language, sizeof l->items[l->count].language, "%s", language);
    TSRange *r = &l->items[l->count].range;
    r->start_byte = start;
    r->start_point = point_at(l, start);
    r->end_byte = end;
    r->end_point = point_at(l, end);
    l->count++;
}

/* Each language's regions parsed together (one tree per language, as a
 * browser runs a page's scripts in one scope). Returns the plugin whose hooks
 * derive the records: the first region's. */
static const cortex_language_plugin *extract_regions(cortex_extractor *x, const cortex_language_plugin *p, const char *src,
                                                      size_t len, cortex_file_records *r, int *rc)
{
    region_list *l = cortex_xcalloc(1, sizeof *l);
    l->src = src;
    l->len = len;
    p->embedded_regions(r->path, src, len, add_region, l);
    const cortex_language_plugin *first = NULL;
    TSRange ranges[MAX_REGIONS];
    int done[MAX_REGIONS] = {0};
    for (uint32_t i = 0; i < l->count && *rc == 0; i++) {
        if (done[i]) continue;
        const cortex_language_plugin *inner = p->set ? cortex_plugin_set_find(p->set, l->items[i].language) : NULL;
        uint32_t n = 0;
        for (uint32_t k = i; k < l->count; k++)
            if (!done[k] && strcmp(l->items[k].language, l->items[i].language) == 0) {
                ranges[n++] = l->items[k].range;
                done[k] = 1;
            }
        /* No plugin for the region's language (none installed): the file is
         * indexed without its code rather than reported on every run. */
        if (!inner || !inner->language || inner->embedded_regions) continue;
        if (!first) first = inner;
        *rc = parse_and_match(x, inner, src, len, ranges, n, r);
    }
    free(l);
    return first ? first : p;
}

int cortex_extractor_run(cortex_extractor *x, const cortex_language_plugin *p, const char *src, size_t len,
                         cortex_file_records *r)
{
    x->raw.ndefs = x->raw.ntexts = x->raw.nsections = 0;
    /* what the chunker needs of the language, even when extraction fails */
    r->line_comment = p->line_comment;
    r->lang_flags = p->flags;
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
    /* The end of the file closes the last outline entry. */
    region_list end = {.src = src, .len = len};
    TSPoint file_end_point = point_at(&end, (uint32_t)len);
    cortex_derive__records(&x->raw, deriving, src, (uint32_t)len, file_end_point, r);
    return 0;
}
