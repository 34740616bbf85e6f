/*
 * The three tiers of a code file, as Markdown an agent reads at a glance:
 *  - symbols: the file's outline (module, imports count, types and functions
 *    with their line ranges), one chunk;
 *  - definitions: type bodies as real code (a struct's fields, an
 *    interface's methods, an enum's members) and the signatures of classes
 *    and functions, each under a line comment, split by the token budget;
 *  - data: top-level constants with their values, as code.
 * Built from the file's records, so every language gets them.
 */
#include "chunk.h"

#include "../util/strings.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A type body longer than this is cut, with a comment saying how much. */
#define BODY_MAX_LINES 40
#define DATA_MAX_LINES 12

static const char *const type_kinds[] = {"class", "struct", "interface", "enum", "union", "trait", "type", "impl", NULL};
/* types whose whole body is their shape (fields, members), shown as code */
static const char *const shape_kinds[] = {"struct", "interface", "enum", "union", "type", "trait", NULL};
static const char *const function_kinds[] = {"function", "method", "prototype", NULL};
static const char *const macro_kinds[] = {"macro", NULL};
static const char *const data_kinds[] = {"constant", NULL};

/* The file's line-comment token, as its plugin declares it. */
static const char *line_comment(const cortex_file_records *r) { return r->line_comment ? r->line_comment : "//"; }

/* Top level, or directly in a module or namespace: not a member or a local. */
static int top_level(const cortex_file_records *r, const cortex_symbol *s)
{
    return s->parent < 0 || strcmp(r->symbols[s->parent].kind, "module") == 0;
}

static void lines_label(cortex_buf *b, const cortex_symbol *s)
{
    /* per symbol, so without printf */
    cortex_buf_puts(b, s->line_end > s->line_start ? "lines " : "line ");
    cortex_buf_put_uint(b, s->line_start);
    if (s->line_end > s->line_start) {
        cortex_buf_putc(b, '-');
        cortex_buf_put_uint(b, s->line_end);
    }
}

static cortex_chunk *push_chunk(cortex_file_records *r, const char *kind, const cortex_buf *b, uint32_t first, uint32_t last)
{
    cortex_chunk *c = CORTEX_PUSH(r->chunks, r->nchunks, r->chunks_cap);
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->content = cortex_arena_strndup(&r->arena, b->data, b->len);
    c->line_start = first;
    c->line_end = last;
    return c;
}

static void symbols_tier(cortex_file_records *r)
{
    cortex_buf b = {0};
    size_t imports = 0, ntypes = 0, nfunctions = 0, ndata = 0;
    for (size_t i = 0; i < r->nsymbols; i++) {
        const cortex_symbol *s = &r->symbols[i];
        imports += strcmp(s->kind, "import") == 0;
        ntypes += cortex_str_in(s->kind, type_kinds);
        nfunctions += cortex_str_in(s->kind, function_kinds) || cortex_str_in(s->kind, macro_kinds);
        ndata += cortex_str_in(s->kind, data_kinds) && top_level(r, s);
    }
    if (ntypes + nfunctions + ndata == 0) return;
    cortex_buf_printf(&b, "# %s\n\nLanguage: %s", r->path, r->lang);
    for (size_t i = 0; i < r->nsymbols; i++)
        if (strcmp(r->symbols[i].kind, "module") == 0 && r->symbols[i].parent < 0)
            cortex_buf_printf(&b, " · Module: %s", r->symbols[i].name);
    cortex_buf_printf(&b, " · Imports: %zu · Lines: %u\n", imports, r->lines);
    static const struct {
        const char *title;
        const char *const *kinds;
    } groups[] = {{"Types", type_kinds}, {"Functions", function_kinds}, {"Macros", macro_kinds},
                  {"Constants", data_kinds}};
    for (size_t g = 0; g < sizeof groups / sizeof *groups; g++) {
        int any = 0;
        for (size_t i = 0; i < r->nsymbols; i++) {
            const cortex_symbol *s = &r->symbols[i];
            if (!cortex_str_in(s->kind, groups[g].kinds) || (groups[g].kinds == data_kinds && !top_level(r, s))) continue;
            if (!any) cortex_buf_printf(&b, "\n## %s\n", groups[g].title);
            any = 1;
            cortex_buf_puts(&b, "- `");
            cortex_buf_puts(&b, s->name);
            cortex_buf_puts(&b, "` ");
            cortex_buf_puts(&b, s->kind);
            cortex_buf_puts(&b, ", ");
            lines_label(&b, s);
            cortex_buf_putc(&b, '\n');
        }
    }
    push_chunk(r, "symbols", &b, 1, r->lines ? r->lines : 1);
    cortex_buf_free(&b);
}

/* Appends the source lines of [from, to) starting at from's line start,
 * at most `max` lines; says how many more there were. */
static void source_lines(cortex_buf *b, const char *src, size_t len, uint32_t from, uint32_t to, uint32_t max,
                         const char *comment)
{
    while (from > 0 && src[from - 1] != '\n') from--;
    if (to > len) to = len;
    uint32_t lines = 0, p = from;
    while (p < to && lines < max) {
        const char *nl = memchr(src + p, '\n', to - p);
        uint32_t e = nl ? (uint32_t)(nl - src) + 1 : to;
        cortex_buf_add(b, src + p, e - p);
        p = e;
        lines++;
    }
    if (b->len && b->data[b->len - 1] != '\n') cortex_buf_putc(b, '\n');
    if (p < to) {
        uint32_t more = 0;
        for (uint32_t i = p; i < to; i++) more += src[i] == '\n';
        cortex_buf_printf(b, "%s … %u more lines\n", comment, more + 1);
    }
}

/* Definitions and data: entries appended to a fenced block; a chunk is closed
 * when the next entry would take it past the budget. */
typedef struct tier {
    cortex_file_records *r;
    const char *kind;
    size_t budget;
    cortex_buf body;
    uint32_t first, last;
} tier;

static void tier_flush(tier *t)
{
    if (!t->body.len) return;
    cortex_buf b = {0};
    cortex_buf_printf(&b, "# %s (%s)\n\n```%s\n", t->r->path, t->kind, t->r->lang);
    cortex_buf_add(&b, t->body.data, t->body.len);
    cortex_buf_puts(&b, "```\n");
    push_chunk(t->r, t->kind, &b, t->first, t->last);
    cortex_buf_free(&b);
    cortex_buf_clear(&t->body);
}

static void tier_add(tier *t, const cortex_buf *entry, const cortex_symbol *s)
{
    if (t->body.len && t->body.len + entry->len > t->budget) tier_flush(t);
    if (!t->body.len) {
        t->first = s->line_start;
        t->last = s->line_end;
    } else {
        cortex_buf_putc(&t->body, '\n');
        if (s->line_end > t->last) t->last = s->line_end;
    }
    cortex_buf_add(&t->body, entry->data, entry->len);
}

static void definitions_tier(cortex_file_records *r, const char *src, size_t len, size_t budget)
{
    const char *comment = line_comment(r);
    tier t = {r, "definitions", budget, {0}, 0, 0};
    cortex_buf entry = {0};
    uint32_t shown_start = UINT32_MAX, shown_end = 0;
    for (size_t i = 0; i < r->nsymbols; i++) {
        const cortex_symbol *s = &r->symbols[i];
        int shape = cortex_str_in(s->kind, shape_kinds), type = cortex_str_in(s->kind, type_kinds);
        if (!type && !cortex_str_in(s->kind, function_kinds) && !cortex_str_in(s->kind, macro_kinds)) continue;
        /* one declaration, two symbols (`typedef struct x {...} x;`): shown once */
        if (s->start_byte >= shown_start && s->end_byte <= shown_end) continue;
        /* a member inside a type shown whole is already in its body */
        if (s->parent >= 0 && cortex_str_in(r->symbols[s->parent].kind, shape_kinds) &&
            s->start_byte >= r->symbols[s->parent].start_byte && s->end_byte <= r->symbols[s->parent].end_byte)
            continue;
        cortex_buf_clear(&entry);
        cortex_buf_puts(&entry, comment);
        cortex_buf_putc(&entry, ' ');
        lines_label(&entry, s);
        cortex_buf_putc(&entry, '\n');
        if (shape || !s->sig) source_lines(&entry, src, len, s->start_byte, s->end_byte, shape ? BODY_MAX_LINES : 1, comment);
        else {
            cortex_buf_puts(&entry, s->sig);
            cortex_buf_putc(&entry, '\n');
        }
        tier_add(&t, &entry, s);
        if (shape) shown_start = s->start_byte, shown_end = s->end_byte;
    }
    tier_flush(&t);
    cortex_buf_free(&t.body);
    cortex_buf_free(&entry);
}

static void data_tier(cortex_file_records *r, const char *src, size_t len, size_t budget)
{
    const char *comment = line_comment(r);
    tier t = {r, "data", budget, {0}, 0, 0};
    cortex_buf entry = {0};
    for (size_t i = 0; i < r->nsymbols; i++) {
        const cortex_symbol *s = &r->symbols[i];
        if (!cortex_str_in(s->kind, data_kinds) || !top_level(r, s)) continue;
        cortex_buf_clear(&entry);
        cortex_buf_puts(&entry, comment);
        cortex_buf_putc(&entry, ' ');
        cortex_buf_puts(&entry, s->name);
        cortex_buf_puts(&entry, ", ");
        lines_label(&entry, s);
        cortex_buf_putc(&entry, '\n');
        source_lines(&entry, src, len, s->start_byte, s->end_byte, DATA_MAX_LINES, comment);
        tier_add(&t, &entry, s);
    }
    tier_flush(&t);
    cortex_buf_free(&t.body);
    cortex_buf_free(&entry);
}

void cortex_chunk_code(cortex_file_records *r, const char *src, size_t len, const cortex_chunk_options *opts)
{
    uint32_t tokens = opts && opts->tokens ? opts->tokens : CORTEX_CHUNK_DEFAULT_TOKENS;
    size_t budget = (size_t)tokens * CORTEX_BYTES_PER_TOKEN;
    symbols_tier(r);
    if (r->nchunks == 0) return; /* no definitions: nothing to outline */
    definitions_tier(r, src, len, budget);
    data_tier(r, src, len, budget);
}

void cortex_chunk_file(cortex_file_records *r, const char *src, size_t len, const cortex_chunk_options *opts)
{
    if (cortex_chunk_is_doc(r)) cortex_chunk_doc(r, src, len, opts);
    else cortex_chunk_code(r, src, len, opts);
}
