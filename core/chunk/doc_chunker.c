/*
 * The documentation chunker. Markdown is cut into sections at its headers
 * (ATX `#` and setext underlines; never inside a fenced block), each chunk
 * carrying the path of headers above it. A section over the token budget is
 * split at paragraph boundaries, a paragraph over it at sentence ends, a
 * sentence over it at spaces: nothing is dropped, and each piece after the
 * first repeats the last `overlap` tokens of the one before, from a word
 * boundary. Other text (reStructuredText, plain text) is packed by
 * paragraphs the same way, without headers.
 */
#include "chunk.h"

#include <cortex/plugin.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 6

typedef struct span {
    size_t start, end; /* bytes [start, end) of the source */
} span;

typedef struct doc {
    cortex_file_records *r;
    const char *src;
    size_t len;
    size_t budget, overlap; /* in bytes */
    size_t known_at;        /* a byte whose line is known: lines are counted from there */
    uint32_t known_line;
    const uint8_t *code;    /* per byte: 1 on a fenced block's lines (fences included), found once */
} doc;

int cortex_chunk_is_doc(const cortex_file_records *r) { return (r->lang_flags & CORTEX_PLUGIN_PROSE) != 0; }

static size_t line_end_of(const char *s, size_t len, size_t at)
{
    const char *nl = memchr(s + at, '\n', len - at);
    return nl ? (size_t)(nl - s) + 1 : len;
}

static int blank(const char *s, size_t a, size_t b)
{
    for (size_t i = a; i < b; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n') return 0;
    return 1;
}

/* The 1-based line of byte `at`. Chunks come in order, so counting resumes
 * from the last chunk's start instead of the top of the file. */
static uint32_t line_of(doc *d, size_t at)
{
    if (at < d->known_at) d->known_at = 0, d->known_line = 1;
    uint32_t line = d->known_line;
    const char *s = d->src;
    for (const char *p = s + d->known_at; (p = memchr(p, '\n', (size_t)(s + at - p))) != NULL; p++) line++;
    d->known_at = at;
    d->known_line = line;
    return line;
}

/* A fence opener or closer: three or more ` or ~ after at most 3 spaces.
 * Returns the fence character and sets *n to its run length, 0 if none. */
static char fence_of(const char *s, size_t a, size_t b, size_t *n, size_t *info)
{
    size_t i = a;
    while (i < b && i - a < 3 && s[i] == ' ') i++;
    if (i >= b || (s[i] != '`' && s[i] != '~')) return 0;
    char c = s[i];
    size_t run = 0;
    while (i + run < b && s[i + run] == c) run++;
    if (run < 3) return 0;
    *n = run;
    *info = i + run;
    return c;
}

/* The level of an ATX header line (`## Title`), 0 when it is not one. */
static int atx_level(const char *s, size_t a, size_t b)
{
    size_t i = a;
    while (i < b && i - a < 3 && s[i] == ' ') i++;
    int level = 0;
    while (i < b && s[i] == '#' && level < 7) level++, i++;
    if (level == 0 || level > 6) return 0;
    return (i >= b || s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') ? level : 0;
}

/* A setext underline (`===` or `---`, nothing else on the line): level 1 or 2. */
static int setext_level(const char *s, size_t a, size_t b)
{
    size_t i = a;
    while (i < b && i - a < 3 && s[i] == ' ') i++;
    if (i >= b || (s[i] != '=' && s[i] != '-')) return 0;
    char c = s[i];
    size_t run = 0;
    while (i < b && s[i] == c) i++, run++;
    if (!blank(s, i, b)) return 0;
    return run >= 2 ? (c == '=' ? 1 : 2) : 0;
}

static const char *header_title(cortex_arena *a, const char *s, size_t ls, size_t le, int atx)
{
    size_t i = ls, e = le;
    while (e > i && (s[e - 1] == '\n' || s[e - 1] == '\r' || s[e - 1] == ' ' || s[e - 1] == '\t')) e--;
    while (i < e && s[i] == ' ') i++;
    if (atx) {
        while (i < e && s[i] == '#') i++;
        while (i < e && (s[i] == ' ' || s[i] == '\t')) i++;
        while (e > i && s[e - 1] == '#') e--; /* closing #s */
        while (e > i && (s[e - 1] == ' ' || s[e - 1] == '\t')) e--;
    }
    return cortex_arena_strndup(a, s + i, e - i);
}

/* ---- links and code blocks ------------------------------------------------ */

static void add_link(cortex_arena *a, cortex_chunk *c, const char *s, size_t n, size_t *cap)
{
    if (n == 0) return;
    for (size_t i = 0; i < c->nlinks; i++)
        if (strlen(c->links[i]) == n && memcmp(c->links[i], s, n) == 0) return;
    if (c->nlinks == *cap) {
        size_t ncap = *cap ? *cap * 2 : 4;
        const char **grown = cortex_arena_alloc(a, ncap * sizeof *grown);
        if (c->nlinks) memcpy(grown, c->links, c->nlinks * sizeof *grown);
        c->links = grown;
        *cap = ncap;
    }
    c->links[c->nlinks++] = cortex_arena_strndup(a, s, n);
}

/* Whether the `]` at `close` ends a label that opens its line: `[x]: url`. */
static int is_definition_label(const char *s, size_t start, size_t close)
{
    size_t i = close;
    while (i > start && s[i - 1] != '[' && s[i - 1] != '\n') i--;
    if (i == start || s[i - 1] != '[') return 0;
    size_t open = i - 1, ls = open;
    while (ls > start && s[ls - 1] == ' ') ls--;
    return ls == start || s[ls - 1] == '\n';
}

/* Inline links `[text](target "title")`, autolinks `<https://...>` and
 * reference definitions `[x]: target`, outside code. */
static void find_links(cortex_arena *a, cortex_chunk *c, const char *s, size_t start, size_t end, const uint8_t *in_code)
{
    size_t cap = 0;
    for (size_t i = start; i < end; i++) {
        if (in_code[i]) continue;
        if (s[i] == ']' && i + 1 < end && s[i + 1] == '(') {
            size_t j = i + 2, k = j;
            while (k < end && s[k] != ')' && s[k] != ' ' && s[k] != '\n') k++;
            if (k < end) add_link(a, c, s + j, k - j, &cap);
        } else if (s[i] == ']' && i + 1 < end && s[i + 1] == ':' && is_definition_label(s, start, i)) {
            size_t j = i + 2;
            while (j < end && (s[j] == ' ' || s[j] == '\t')) j++;
            size_t k = j;
            while (k < end && s[k] != ' ' && s[k] != '\n' && s[k] != '\r') k++;
            if (k > j) add_link(a, c, s + j, k - j, &cap);
        } else if (s[i] == '<' && i + 8 < end && (memcmp(s + i + 1, "http://", 7) == 0 || memcmp(s + i + 1, "https:/", 7) == 0)) {
            size_t k = i + 1;
            while (k < end && s[k] != '>' && s[k] != ' ' && s[k] != '\n') k++;
            if (k < end && s[k] == '>') add_link(a, c, s + i + 1, k - i - 1, &cap);
        }
    }
}

/* The fenced blocks that open within [start, end): language and content. */
static void find_blocks(cortex_arena *a, cortex_chunk *c, const char *s, size_t len, size_t start, size_t end)
{
    size_t cap = 0;
    for (size_t ls = start; ls < end;) {
        size_t le = line_end_of(s, len, ls), run, info;
        char f = fence_of(s, ls, le, &run, &info);
        if (!f) {
            ls = le;
            continue;
        }
        size_t ie = info;
        while (ie < le && s[ie] != ' ' && s[ie] != '\n' && s[ie] != '\r' && s[ie] != '{' && s[ie] != ',') ie++;
        const char *language = ie > info ? cortex_arena_strndup(a, s + info, ie - info) : NULL;
        size_t body = le, close = le;
        for (close = le; close < len;) {
            size_t ce = line_end_of(s, len, close), crun, cinfo;
            if (fence_of(s, close, ce, &crun, &cinfo) == f && crun >= run && blank(s, cinfo, ce)) break;
            close = ce;
        }
        if (c->nblocks == cap) {
            size_t ncap = cap ? cap * 2 : 2;
            cortex_code_block *grown = cortex_arena_alloc(a, ncap * sizeof *grown);
            if (c->nblocks) memcpy(grown, c->blocks, c->nblocks * sizeof *grown);
            c->blocks = grown;
            cap = ncap;
        }
        c->blocks[c->nblocks].language = language;
        c->blocks[c->nblocks].content = cortex_arena_strndup(a, s + body, (close < len ? close : len) - body);
        c->nblocks++;
        ls = close < len ? line_end_of(s, len, close) : len;
    }
}

/* ---- packing ---------------------------------------------------------------- */

/* Marks the bytes on a fenced block's lines, fences included (1): headers,
 * paragraph and sentence splits and link scans skip code. An unclosed fence
 * runs to the end, as in CommonMark. Computed once per document. */
static uint8_t *code_map(const char *s, size_t len)
{
    uint8_t *map = cortex_xcalloc(len + 1, 1);
    char f = 0;
    size_t run = 0;
    for (size_t ls = 0; ls < len;) {
        size_t le = line_end_of(s, len, ls), r, info;
        char g = fence_of(s, ls, le, &r, &info);
        if (!f && g) {
            f = g, run = r;
            memset(map + ls, 1, le - ls);
        } else if (f) {
            memset(map + ls, 1, le - ls);
            if (g == f && r >= run && blank(s, info, le)) f = 0;
        }
        ls = le;
    }
    return map;
}

typedef struct units {
    span *items;
    size_t count, cap;
} units;

static void push_unit(units *u, size_t a, size_t b)
{
    if (b <= a) return;
    span *sp = CORTEX_PUSH(u->items, u->count, u->cap);
    sp->start = a;
    sp->end = b;
}

/* Cuts [a, b) into units no longer than the budget: at sentence ends
 * (". ", "? ", "! ", or a line break) when it can, else at a space, else
 * anywhere that is not inside a UTF-8 sequence. */
static void split_long(const doc *d, units *u, size_t a, size_t b)
{
    while (b - a > d->budget) {
        size_t limit = a + d->budget, cut = 0;
        for (size_t i = limit; i > a + d->budget / 4; i--) {
            char c = d->src[i - 1];
            int sentence = (c == '\n') || ((c == ' ' || c == '\t') && i >= 2 && strchr(".?!:;", d->src[i - 2]) &&
                                           !d->code[i - 1]);
            if (sentence) {
                cut = i;
                break;
            }
        }
        if (!cut)
            for (size_t i = limit; i > a + 1; i--)
                if (d->src[i - 1] == ' ' || d->src[i - 1] == '\t') {
                    cut = i;
                    break;
                }
        if (!cut) {
            cut = limit;
            while (cut > a + 1 && ((unsigned char)d->src[cut] & 0xC0) == 0x80) cut--;
        }
        push_unit(u, a, cut);
        a = cut;
    }
    push_unit(u, a, b);
}

/* Where a piece's overlap starts: `overlap` bytes back from `at`, moved
 * forward to the start of a word, never before `floor`. */
static size_t overlap_start(const doc *d, size_t at, size_t floor)
{
    if (d->overlap == 0 || at <= floor) return at;
    size_t o = at > floor + d->overlap ? at - d->overlap : floor;
    if (o > floor)
        while (o < at && d->src[o - 1] != ' ' && d->src[o - 1] != '\n' && d->src[o - 1] != '\t') o++;
    return o < at ? o : at;
}

static void emit(doc *d, size_t start, size_t end, const char *headers)
{
    while (start < end && (d->src[start] == '\n' || d->src[start] == '\r')) start++;
    while (end > start && (d->src[end - 1] == '\n' || d->src[end - 1] == '\r' || d->src[end - 1] == ' ')) end--;
    if (end <= start) return;
    cortex_file_records *r = d->r;
    cortex_chunk *c = CORTEX_PUSH(r->chunks, r->nchunks, r->chunks_cap);
    memset(c, 0, sizeof *c);
    c->kind = "doc";
    c->headers = headers;
    c->content = cortex_arena_strndup(&r->arena, d->src + start, end - start);
    c->line_start = line_of(d, start);
    size_t known = d->known_at;
    uint32_t known_line = d->known_line;
    c->line_end = line_of(d, end - 1);
    d->known_at = known, d->known_line = known_line; /* the next chunk may start before this one ends */
    find_blocks(&r->arena, c, d->src, d->len, start, end);
    find_links(&r->arena, c, d->src, start, end, d->code);
}

/* Packs the section [a, b) into chunks within the budget: whole units
 * (paragraphs, or the pieces of a long one) fill a chunk until the next would
 * overflow it; each chunk after the first starts with the overlap. */
static void pack(doc *d, size_t a, size_t b, const char *headers)
{
    if (blank(d->src, a, b)) return;
    if (b - a <= d->budget) {
        emit(d, a, b, headers);
        return;
    }
    units u = {0};
    /* paragraphs: runs of lines ended by a blank line outside code */
    size_t para = a;
    for (size_t ls = a; ls < b;) {
        size_t le = line_end_of(d->src, d->len, ls);
        if (le > b) le = b;
        if (blank(d->src, ls, le) && !d->code[ls]) {
            if (le - para > d->budget) split_long(d, &u, para, le);
            else push_unit(&u, para, le);
            para = le;
        }
        ls = le;
    }
    if (b - para > d->budget) split_long(d, &u, para, b);
    else push_unit(&u, para, b);

    size_t piece = u.items[0].start, end = piece, floor = a;
    int first = 1;
    for (size_t i = 0; i < u.count; i++) {
        /* a section's header line alone is no chunk: it goes with what follows */
        int header_alone = first && i == 1 && u.items[0].end - u.items[0].start < d->budget / 8;
        if (u.items[i].end - piece > d->budget && end > piece && !header_alone) {
            emit(d, first ? piece : overlap_start(d, piece, floor), end, headers);
            first = 0;
            floor = piece;
            piece = u.items[i].start;
        }
        end = u.items[i].end;
    }
    emit(d, first ? piece : overlap_start(d, piece, floor), end, headers);
    free(u.items);
}

/* ---- sections ------------------------------------------------------------------ */

static const char *join_headers(cortex_arena *a, const char *const *stack, int depth)
{
    size_t n = 0;
    int any = 0;
    for (int i = 0; i < depth; i++)
        if (stack[i]) n += strlen(stack[i]) + 1, any = 1;
    if (!any) return NULL;
    char *out = cortex_arena_alloc(a, n + 1), *o = out;
    for (int i = 0; i < depth; i++) {
        if (!stack[i]) continue;
        if (o > out) *o++ = '\n';
        size_t l = strlen(stack[i]);
        memcpy(o, stack[i], l);
        o += l;
    }
    *o = '\0';
    return out;
}

/* The end of YAML front matter (`---` ... `---` or `...` from the first
 * line), 0 when there is none: it belongs to the first chunk, unparsed. */
static size_t front_matter_end(const char *s, size_t len)
{
    if (len < 4 || memcmp(s, "---", 3) != 0 || !blank(s, 3, line_end_of(s, len, 0))) return 0;
    for (size_t ls = line_end_of(s, len, 0); ls < len;) {
        size_t le = line_end_of(s, len, ls);
        if (le - ls >= 3 && (memcmp(s + ls, "---", 3) == 0 || memcmp(s + ls, "...", 3) == 0) && blank(s, ls + 3, le)) return le;
        ls = le;
    }
    return 0;
}

static void chunk_markdown(doc *d)
{
    const char *s = d->src;
    const char *stack[MAX_DEPTH] = {0};
    size_t section = 0, section_body = 0; /* where the section and its text after its header start */
    int section_has_header = 0;
    const char *headers = NULL;
    size_t prev_ls = 0, prev_le = 0;
    int prev_text = 0; /* the previous line is paragraph text: a setext underline may follow */
    for (size_t ls = front_matter_end(s, d->len); ls < d->len;) {
        size_t le = line_end_of(s, d->len, ls);
        int level = 0, atx = 0;
        size_t header_at = ls;
        if (d->code[ls]) {
            /* a fenced block's line: never a header */
        } else if ((level = atx_level(s, ls, le)) > 0) {
            atx = 1;
        } else if (prev_text && (level = setext_level(s, ls, le)) > 0) {
            header_at = prev_ls; /* the title is the line above */
        }
        if (level > 0) {
            /* The section so far ends where this header begins; a header with
             * nothing under it but this one stays, leading the next chunk. */
            if (!(section_has_header && blank(s, section_body, header_at))) {
                pack(d, section, header_at, headers);
                section = header_at;
            }
            section_has_header = 1;
            section_body = le;
            const char *title = atx ? header_title(&d->r->arena, s, ls, le, 1) : header_title(&d->r->arena, s, prev_ls, prev_le, 0);
            for (int i = level - 1; i < MAX_DEPTH; i++) stack[i] = NULL;
            stack[level - 1] = title;
            headers = join_headers(&d->r->arena, stack, MAX_DEPTH);
            prev_text = 0;
        } else {
            prev_text = !d->code[ls] && !blank(s, ls, le);
        }
        prev_ls = ls;
        prev_le = le;
        ls = le;
    }
    pack(d, section, d->len, headers);
}

void cortex_chunk_doc(cortex_file_records *r, const char *src, size_t len, const cortex_chunk_options *opts)
{
    uint32_t tokens = opts && opts->tokens ? opts->tokens : CORTEX_CHUNK_DEFAULT_TOKENS;
    uint32_t overlap = opts ? opts->overlap : CORTEX_CHUNK_DEFAULT_OVERLAP;
    if (overlap >= tokens) overlap = tokens / 2;
    uint8_t *code = code_map(src, len);
    doc d = {r, src, len, (size_t)tokens * CORTEX_BYTES_PER_TOKEN, (size_t)overlap * CORTEX_BYTES_PER_TOKEN, 0, 1,
             code};
    if (r->lang_flags & CORTEX_PLUGIN_OUTLINE_MARKDOWN) chunk_markdown(&d);
    else pack(&d, 0, len, NULL);
    free(code);
}
