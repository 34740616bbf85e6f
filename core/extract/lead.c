/*
 * Where a definition visibly starts: the plugin's lead rules, the wrapper
 * climb, the attribute scan over a parent's children and the ancestry cursor
 * that finds parents without descending from the root (see lead.h).
 */
#include "lead.h"

#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>

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
static void lead_rules_for(cortex_lead_rules *l, const cortex_language_plugin *p)
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
int cortex_cursor_on_children(TSTreeCursor *c, int *have, TSNode parent)
{
    if (*have) {
        ts_tree_cursor_reset(c, parent);
    } else {
        *c = ts_tree_cursor_new(parent);
        *have = 1;
    }
    return ts_tree_cursor_goto_first_child(c);
}

/* The row where the attributes written just before `n` begin, each on the
 * line after the last at the latest, or `row` when there are none. One pass
 * over `parent`'s children, resumed from the last call when `n` comes after
 * where it stopped: ts_node_prev_named_sibling finds the parent anew, from
 * the root, at every step. */
static uint32_t attributes_row(cortex_lead *l, TSNode parent, TSNode n, uint32_t row)
{
    cortex_attribute_scan *a = &l->attrs;
    uint32_t n_start = ts_node_start_byte(n);
    if (!a->active || !ts_node_eq(a->parent, parent) ||
        ts_node_start_byte(ts_tree_cursor_current_node(&a->cursor)) > n_start) {
        a->parent = parent;
        a->run = 0;
        a->chain_row = a->last_end = 0;
        if (!(a->active = cortex_cursor_on_children(&a->cursor, &a->have_cursor, parent))) return row;
    }
    do {
        TSNode k = ts_tree_cursor_current_node(&a->cursor);
        if (ts_node_eq(k, n)) return a->run && a->last_end + 1 >= row ? a->chain_row : row;
        if (!ts_node_is_named(k)) continue;
        if (!type_in(ts_node_type(k), l->rules.plugin->leading_node_types)) {
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
static void ancestry_push(cortex_ancestry *a)
{
    if (a->depth + 1 >= a->cap) cortex_grow((void **)&a->path, &a->cap, a->depth + 2, sizeof *a->path);
    a->path[++a->depth] = ts_tree_cursor_current_node(&a->cursor);
}

/* Moves the cursor from where it is onto `n`: 0 when `n` is not ahead of it
 * in the tree (definitions arrive nearly always in document order). */
static int walk_to(cortex_ancestry *a, TSNode n)
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
static int locate(cortex_ancestry *a, TSNode n)
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
static TSNode parent_above(cortex_lead *l, TSNode def, TSNode n, uint32_t up, int *located)
{
    if (*located < 0) *located = locate(&l->above, def);
    if (!*located) return ts_node_parent(n);
    return l->above.depth > up ? l->above.path[l->above.depth - up - 1] : (TSNode){0};
}

/* The row where a definition visibly begins: a wrapper that holds it in a
 * `definition` or `declaration` field (Python's decorated_definition, an
 * export statement) or of a type the plugin declares (a template) starts it
 * earlier, and so do attributes written before it. An enclosing block that merely ends with it (the last
 * method of a class) is not a wrapper. */
uint32_t cortex_lead_row(cortex_lead *l, TSNode def, const char *src)
{
    const cortex_lead_rules *rules = &l->rules;
    TSNode n = def, parent = {0};
    int have_parent = 0, located = -1; /* not tried yet */
    uint32_t up = 0;                    /* levels above def that n is */
    for (; up < 3 && (rules->definition || rules->declaration || rules->has_wrappers); up++) {
        TSNode p = parent_above(l, def, n, up, &located);
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
    if (!have_parent) parent = parent_above(l, def, n, up, &located);
    return ts_node_is_null(parent) ? row : attributes_row(l, parent, n, row);
}

void cortex_lead_begin(cortex_lead *l, const cortex_language_plugin *p)
{
    lead_rules_for(&l->rules, p);
    l->attrs.active = 0; /* a scan of the previous tree */
    l->above.active = 0;
}

void cortex_lead_dispose(cortex_lead *l)
{
    if (l->attrs.have_cursor) ts_tree_cursor_delete(&l->attrs.cursor);
    if (l->above.have_cursor) ts_tree_cursor_delete(&l->above.cursor);
    free(l->above.path);
}
