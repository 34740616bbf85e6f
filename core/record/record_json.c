/* Hand-written, deterministic JSON for records (see record_json.h for why). */
#include "record_json.h"

#include "sig_visibility.h"

#include "../util/handle_id.h"

#include "../util/tokens.h"

#include <string.h>

/* Length of the valid UTF-8 sequence at `s` (at most `n` bytes), or 0. */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len;
    uint32_t min;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) len = 2, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF) len = 3, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4) len = 4, min = 0x10000;
    else return 0;
    if (n < len) return 0;
    uint32_t cp = c & (0x7F >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return len;
}

void cortex_utf8_repair(cortex_buf *b, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        size_t start = i;
        size_t len;
        while (i < n && (len = utf8_sequence(u + i, n - i)) > 0) i += len;
        cortex_buf_add(b, s + start, i - start);
        if (i < n) {
            cortex_buf_add(b, "\xEF\xBF\xBD", 3);
            i++;
        }
    }
}

/* Bytes that go into a JSON string as they are: printable ASCII but the
 * quote and the backslash. The rest is escaped or checked as UTF-8. */
static const unsigned char json_plain[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* 00 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* 10 */
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 20 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 30 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 40 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, /* 50 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 60 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 70 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* 80 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* 90 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* A0 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* B0 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* C0 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* D0 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* E0 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* F0 */
};

int cortex_json_string(cortex_buf *b, const char *str, size_t n)
{
    int replaced = 0;
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)str;
    /* room for the common case, a string without escapes, in one step */
    if (b->len + n + 3 > b->cap) cortex_grow((void **)&b->data, &b->cap, b->len + n + 3, 1);
    b->data[b->len++] = '"';
    size_t i = 0;
    while (i < n) {
        size_t run = i; /* bytes copied verbatim, flushed in one go */
        for (;;) {
            while (i < n && json_plain[s[i]]) i++;
            size_t len;
            if (i < n && s[i] >= 0x80 && (len = utf8_sequence(s + i, n - i)) > 0) i += len;
            else break;
        }
        cortex_buf_add(b, (const char *)s + run, i - run);
        if (i == n) break;
        unsigned char c = s[i++];
        switch (c) {
        case '"': cortex_buf_add(b, "\\\"", 2); break;
        case '\\': cortex_buf_add(b, "\\\\", 2); break;
        case '\n': cortex_buf_add(b, "\\n", 2); break;
        case '\r': cortex_buf_add(b, "\\r", 2); break;
        case '\t': cortex_buf_add(b, "\\t", 2); break;
        default:
            if (c < 0x20) {
                char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
                cortex_buf_add(b, esc, 6);
            } else {
                cortex_buf_add(b, "\xEF\xBF\xBD", 3); /* invalid UTF-8 byte */
                replaced++;
            }
        }
    }
    cortex_buf_putc(b, '"');
    return replaced;
}

/* A path is written as it is unless it is not valid UTF-8 or starts with
 * the marker; then it is the marker and the path with `%` and each byte that
 * is not UTF-8 written `%XX`. No other path starts with the marker, so the
 * form reads back to the same bytes (docs/index-format.md). */
static const char path_marker[] = "%%";

void cortex_json_path(cortex_buf *b, const char *path, size_t n)
{
    const unsigned char *s = (const unsigned char *)path;
    size_t at = b->len;
    /* one pass in the common case: written as it is, unless that replaced a byte */
    if (!(n >= 2 && s[0] == '%' && s[1] == '%') && cortex_json_string(b, path, n) == 0) return;
    b->len = at;
    static const char hex[] = "0123456789ABCDEF";
    cortex_buf escaped = {0};
    cortex_buf_puts(&escaped, path_marker);
    for (size_t i = 0; i < n;) {
        size_t len = s[i] < 0x80 ? 1 : utf8_sequence(s + i, n - i);
        if (len && s[i] != '%') {
            cortex_buf_add(&escaped, path + i, len);
            i += len;
            continue;
        }
        char esc[3] = {'%', hex[s[i] >> 4], hex[s[i] & 15]};
        cortex_buf_add(&escaped, esc, 3);
        i++;
    }
    cortex_json_string(b, escaped.data, escaped.len);
    cortex_buf_free(&escaped);
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int cortex_path_escaped(const char *s) { return strncmp(s, path_marker, sizeof path_marker - 1) == 0; }

int cortex_path_from_json(cortex_buf *out, const char *s)
{
    cortex_buf_clear(out);
    size_t m = sizeof path_marker - 1;
    if (!cortex_path_escaped(s)) {
        cortex_buf_puts(out, s);
        return 0;
    }
    for (s += m; *s; s++) {
        if (*s != '%') {
            cortex_buf_putc(out, *s);
            continue;
        }
        int hi = hex_digit(s[1]), lo = hi < 0 ? -1 : hex_digit(s[2]);
        if (hi < 0 || lo < 0 || (hi << 4 | lo) == 0) return -1;
        cortex_buf_putc(out, (char)(hi << 4 | lo));
        s += 2;
    }
    return 0;
}

/* The record writers run for every record of a cold run (1.4 million lines
 * on the kernel subtree): they format without printf, and are inlined with
 * their literal keys, whose lengths are then known when compiled (the keys
 * cost 0.13 G instructions of a cold run on the Python standard library as
 * calls). */
#define WRITER static inline __attribute__((always_inline)) void

/* Writes `"key":` with a leading comma unless it is the object's first field. */
WRITER key(cortex_buf *b, const char *k)
{
    size_t n = strlen(k);
    if (b->len + n + 5 > b->cap) cortex_grow((void **)&b->data, &b->cap, b->len + n + 5, 1);
    char *p = b->data + b->len;
    if (b->len > 0 && p[-1] != '{') *p++ = ',';
    *p++ = '"';
    memcpy(p, k, n);
    p += n;
    *p++ = '"';
    *p++ = ':';
    *p = '\0';
    b->len = (size_t)(p - b->data);
}

WRITER field_uint(cortex_buf *b, const char *k, uint64_t v)
{
    key(b, k);
    cortex_buf_put_uint(b, v);
}

/* `"key":[first,last]` */
WRITER field_range(cortex_buf *b, const char *k, uint32_t first, uint32_t last)
{
    key(b, k);
    cortex_buf_putc(b, '[');
    cortex_buf_put_uint(b, first);
    cortex_buf_putc(b, ',');
    cortex_buf_put_uint(b, last);
    cortex_buf_putc(b, ']');
}

WRITER field_str(cortex_buf *b, const char *k, const char *value)
{
    if (!value) return;
    key(b, k);
    cortex_json_string(b, value, strlen(value));
}

/* `value` where it differs from the one a reader derives: `null` where
 * there is none and a reader would derive one. */
WRITER field_unlike(cortex_buf *b, const char *k, const char *value, const char *derived)
{
    if (!value && derived) {
        key(b, k);
        cortex_buf_puts(b, "null");
    } else if (value && (!derived || strcmp(value, derived) != 0)) field_str(b, k, value);
}

/* Whether field_owner writes anything. */
static int owner_written(int32_t owner, int32_t derived)
{
    return owner != derived && (owner >= 0 || derived != CORTEX_JSON_OWNER_NAMED);
}

WRITER field_owner(cortex_buf *b, const char *k, const cortex_file_records *r, int32_t owner, int32_t derived)
{
    if (!owner_written(owner, derived)) return;
    if (owner >= 0) field_str(b, k, r->symbols[owner].name);
    else {
        key(b, k);
        cortex_buf_puts(b, "null");
    }
}

WRITER field_true(cortex_buf *b, const char *k)
{
    key(b, k);
    cortex_buf_puts(b, "true");
}

/* A reference's fields beyond its name, kind and place, each where it is written. */
WRITER reference_rest(cortex_buf *b, const cortex_file_records *r, const cortex_reference *ref, int32_t derived)
{
    field_owner(b, "caller", r, ref->caller, derived);
    field_str(b, "qualifier", ref->qualifier);
    field_str(b, "receiver_type", ref->rtype);
    if (ref->local) field_true(b, "local");
}

WRITER open_line(cortex_buf *b, const cortex_file_records *r, int with_file, const char *type)
{
    cortex_buf_putc(b, '{');
    field_str(b, "type", type);
    if (with_file) {
        key(b, "file");
        cortex_json_path(b, r->path, strlen(r->path));
    }
}

void cortex_json_file_line(cortex_buf *b, const cortex_file_records *r)
{
    cortex_buf_puts(b, "{\"path\":");
    cortex_json_path(b, r->path, strlen(r->path));
    field_str(b, "lang", r->lang);
    field_str(b, "hash", r->hash);
    field_uint(b, "lines", r->lines);
    field_uint(b, "bytes", r->bytes);
    /* only where the tree had ERROR or MISSING nodes: a rebuilt store needs it (--from-jsonl) */
    if (r->has_errors) field_uint(b, "parse_errors", 1);
    /* only for a file the language's default build leaves out: the binder needs it (--from-jsonl) */
    if (r->variant) field_uint(b, "variant", 1);
    /* files of the root's project say nothing: single repositories read as before */
    if (r->project && strcmp(r->project, ".") != 0) {
        key(b, "project");
        cortex_json_path(b, r->project, strlen(r->project));
    }
    cortex_buf_puts(b, "}\n");
}

void cortex_json_symbol_line(cortex_buf *b, const cortex_file_records *r, const cortex_symbol *s,
                             const cortex_json_symbol_derived *derived, int with_file, const char *type)
{
    open_line(b, r, with_file, type);
    key(b, "name");
    cortex_json_string(b, s->name, strlen(s->name));
    field_str(b, "kind", s->kind);
    field_range(b, "line", s->line_start, s->line_end);
    if (!derived || s->col_start != derived->col) field_uint(b, "col", s->col_start);
    if (s->name_line && s->name_line != s->line_start) field_uint(b, "name_line", s->name_line);
    field_owner(b, "parent", r, s->parent, derived ? derived->parent : CORTEX_JSON_OWNER_NAMED);
    field_str(b, "sig", s->sig);
    field_str(b, "declared_type", s->dtype);
    if (!derived) field_str(b, "visibility", s->visibility);
    else field_unlike(b, "visibility", s->visibility, cortex_record_sig_visibility(s->sig));
    field_str(b, "alias", s->alias);
    field_str(b, "origin", s->origin);
    if (!derived) field_str(b, "doc", s->doc);
    else field_unlike(b, "doc", s->doc, derived->doc);
    cortex_buf_puts(b, "}\n");
}

void cortex_json_reference_line(cortex_buf *b, const cortex_file_records *r, const cortex_reference *ref,
                                int32_t derived, int with_file, const char *type)
{
    open_line(b, r, with_file, type);
    key(b, "name");
    cortex_json_string(b, ref->name, strlen(ref->name));
    /* most references are calls: the JSONL index says only the other kinds */
    if (derived == CORTEX_JSON_OWNER_NAMED || strcmp(ref->kind, "call") != 0) field_str(b, "kind", ref->kind);
    field_uint(b, "line", ref->line);
    field_uint(b, "col", ref->col);
    reference_rest(b, r, ref, derived);
    cortex_buf_puts(b, "}\n");
}

/* The kinds of reference the array form writes as a number: the index here.
 * A call (0) is said by omission; a kind not here goes into the object. */
static const char *const tuple_kinds[] = {"call", "value", "type", "inherit", "instantiation"};
#define TUPLE_KINDS (sizeof tuple_kinds / sizeof *tuple_kinds)

int cortex_json_reference_kind_code(const char *kind)
{
    for (size_t i = 0; i < TUPLE_KINDS; i++)
        if (strcmp(kind, tuple_kinds[i]) == 0) return (int)i;
    return -1;
}

const char *cortex_json_reference_kind(int64_t code)
{
    return code >= 0 && (uint64_t)code < TUPLE_KINDS ? tuple_kinds[code] : NULL;
}

void cortex_json_reference_tuple(cortex_buf *b, const cortex_file_records *r, const cortex_reference *ref,
                                 int32_t derived)
{
    cortex_buf_putc(b, '[');
    cortex_json_string(b, ref->name, strlen(ref->name));
    cortex_buf_putc(b, ',');
    cortex_buf_put_uint(b, ref->line);
    cortex_buf_putc(b, ',');
    cortex_buf_put_uint(b, ref->col);
    int code = cortex_json_reference_kind_code(ref->kind);
    if (code > 0) {
        cortex_buf_putc(b, ',');
        cortex_buf_put_uint(b, (uint64_t)code);
    }
    if (ref->qualifier || ref->rtype) {
        cortex_buf_putc(b, ',');
        if (ref->qualifier) cortex_json_string(b, ref->qualifier, strlen(ref->qualifier));
        else cortex_buf_puts(b, "null");
    }
    if (ref->rtype) {
        cortex_buf_putc(b, ',');
        cortex_json_string(b, ref->rtype, strlen(ref->rtype));
    }
    if (ref->local) cortex_buf_puts(b, ",true");
    /* the rest, rare, by name */
    if (owner_written(ref->caller, derived) || code < 0) {
        cortex_buf_puts(b, ",{");
        field_owner(b, "caller", r, ref->caller, derived);
        if (code < 0) field_str(b, "kind", ref->kind);
        cortex_buf_putc(b, '}');
    }
    cortex_buf_puts(b, "]\n");
}

void cortex_json_text_line(cortex_buf *b, const cortex_file_records *r, const cortex_text *t, int32_t derived,
                           int with_file, const char *type)
{
    open_line(b, r, with_file, type);
    /* most texts are comments: the JSONL index says only the other kinds */
    if (derived == CORTEX_JSON_OWNER_NAMED || strcmp(t->kind, "comment") != 0) field_str(b, "kind", t->kind);
    field_range(b, "line", t->line_start, t->line_end);
    field_str(b, "text", t->text);
    field_owner(b, "parent", r, t->parent, derived);
    field_str(b, "language", t->language);
    cortex_buf_puts(b, "}\n");
}

void cortex_json_chunk_line(cortex_buf *b, const cortex_file_records *r, const cortex_chunk *c, size_t ordinal,
                            int with_file, const char *type)
{
    open_line(b, r, with_file, type);
    /* its handle id (util/handle_id.h): the query tools name the chunk so */
    (void)ordinal;
    cortex_buf name = {0};
    cortex_chunk_header_path(&name, c->headers);
    char id[CORTEX_HANDLE_ID_SIZE];
    cortex_handle_id(id, "chunk", r->path, c->kind, c->headers ? (name.data ? name.data : "") : NULL, c->line_start,
                     c->line_end);
    cortex_buf_free(&name);
    field_str(b, "id", id);
    field_str(b, "kind", c->kind);
    field_range(b, "lines", c->line_start, c->line_end);
    if (c->headers) {
        key(b, "headers");
        cortex_buf_putc(b, '[');
        for (const char *h = c->headers; *h;) {
            const char *nl = strchr(h, '\n');
            size_t n = nl ? (size_t)(nl - h) : strlen(h);
            if (h != c->headers) cortex_buf_putc(b, ',');
            cortex_json_string(b, h, n);
            h += n + (nl != NULL);
        }
        cortex_buf_putc(b, ']');
    }
    size_t n = strlen(c->content);
    field_uint(b, "tokens", cortex_tokens_of(n));
    key(b, "content");
    cortex_json_string(b, c->content, n);
    if (c->nblocks) {
        key(b, "code_blocks");
        cortex_buf_putc(b, '[');
        for (size_t i = 0; i < c->nblocks; i++) {
            if (i) cortex_buf_putc(b, ',');
            cortex_buf_putc(b, '{');
            key(b, "language");
            if (c->blocks[i].language) cortex_json_string(b, c->blocks[i].language, strlen(c->blocks[i].language));
            else cortex_buf_puts(b, "null");
            field_str(b, "content", c->blocks[i].content);
            cortex_buf_putc(b, '}');
        }
        cortex_buf_putc(b, ']');
    }
    if (c->nlinks) {
        key(b, "links");
        cortex_buf_putc(b, '[');
        for (size_t i = 0; i < c->nlinks; i++) {
            if (i) cortex_buf_putc(b, ',');
            cortex_json_string(b, c->links[i], strlen(c->links[i]));
        }
        cortex_buf_putc(b, ']');
    }
    cortex_buf_puts(b, "}\n");
}
