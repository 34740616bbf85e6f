/*
 * Memory files (front_matter.h): the front matter parsed with libyaml's
 * document API (every fault located at its line and column in the file) and
 * written with its emitter, so quoting is YAML's and never hand-made.
 */
#define _DEFAULT_SOURCE
#include "front_matter.h"

#include "../util/error.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <yaml.h>

/* ---- dates ------------------------------------------------------------------ */

int cortex_memory_time_parse(int64_t *out, const char *text)
{
    int y, mo, d, h = 0, mi = 0, s = 0, n = 0;
    if (sscanf(text, "%4d-%2d-%2d%n", &y, &mo, &d, &n) != 3 || n != 10) return -1;
    const char *p = text + n;
    int64_t ms = 0, offset_min = 0;
    if (*p == 'T' || *p == 't' || *p == ' ') {
        int m = 0;
        if (sscanf(p + 1, "%2d:%2d:%2d%n", &h, &mi, &s, &m) != 3 || m != 8) return -1;
        p += 1 + m;
        if (*p == '.') {
            int digits = 0;
            for (p++; isdigit((unsigned char)*p); p++, digits++)
                if (digits < 3) ms = ms * 10 + (*p - '0');
            if (digits == 0) return -1;
            for (; digits < 3; digits++) ms *= 10;
        }
        if (*p == 'Z' || *p == 'z') {
            p++;
        } else if (*p == '+' || *p == '-') {
            int oh, om, k = 0;
            if (sscanf(p + 1, "%2d:%2d%n", &oh, &om, &k) != 2 || k != 5) return -1;
            offset_min = (*p == '-' ? -1 : 1) * (oh * 60 + om);
            p += 1 + k;
        }
    }
    if (*p || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return -1;
    struct tm tm = {.tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d, .tm_hour = h, .tm_min = mi, .tm_sec = s};
    time_t t = timegm(&tm);
    *out = ((int64_t)t - offset_min * 60) * 1000 + ms;
    return 0;
}

void cortex_memory_time_format(char *out, int64_t ms)
{
    time_t t = (time_t)(ms >= 0 ? ms / 1000 : (ms - 999) / 1000);
    int frac = (int)(ms - (int64_t)t * 1000);
    struct tm tm;
    gmtime_r(&t, &tm);
    char text[96]; /* wide enough for any int the compiler imagines; a real date is 24 bytes */
    snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
             tm.tm_min, tm.tm_sec, frac);
    size_t n = strnlen(text, 31);
    memcpy(out, text, n);
    out[n] = '\0';
}

int64_t cortex_memory_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- keys cortex does not know ------------------------------------------------------ */

/* The front matter's whole event stream, as libyaml parsed it, and which
 * top-level pairs are not cortex's: written back by replaying their events,
 * so every scalar keeps its value, style and tag, every collection its
 * shape, in the file's order. */
struct cortex_memory_extra {
    yaml_event_t *events;
    size_t n, cap;
    size_t *end;    /* of a node's first event: one past its last event */
    size_t *target; /* of an alias: its anchored node's first event (SIZE_MAX: none) */
    size_t (*pairs)[2]; /* each kept pair: [its key's first event, its value's end) */
    size_t npairs, pairs_cap;
};

/* The keys cortex reads and writes itself, in a memory and in a category file. */
static const char *const memory_keys[] = {"title", "created_at", "updated_at", "expires_at",
                                          "tags",  "source",     "citations",  NULL};
static const char *const category_keys[] = {"description", NULL};

static int is_known(const char *key, const char *const *known)
{
    for (int i = 0; known[i]; i++)
        if (strcmp(key, known[i]) == 0) return 1;
    return 0;
}

void cortex_memory_extra_free(cortex_memory_extra *x)
{
    if (!x) return;
    for (size_t i = 0; i < x->n; i++) yaml_event_delete(&x->events[i]);
    free(x->events);
    free(x->end);
    free(x->target);
    free(x->pairs);
    free(x);
}

static const char *anchor_of(const yaml_event_t *ev)
{
    switch (ev->type) {
    case YAML_SCALAR_EVENT: return (const char *)ev->data.scalar.anchor;
    case YAML_SEQUENCE_START_EVENT: return (const char *)ev->data.sequence_start.anchor;
    case YAML_MAPPING_START_EVENT: return (const char *)ev->data.mapping_start.anchor;
    default: return NULL;
    }
}

/* Reads the events of `yaml` and keeps the root mapping's pairs whose key is
 * not in `known` (cortex's); `*out` stays NULL when there are none. The text
 * has already loaded as a document, so a fault here is libyaml's own. */
static int extra_capture(cortex_memory_extra **out, const char *yaml, size_t len, const char *name,
                         const char *const *known)
{
    *out = NULL;
    cortex_memory_extra *x = cortex_xcalloc(1, sizeof *x);
    yaml_parser_t parser;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, (const unsigned char *)yaml, len);
    int rc = 0;
    for (;;) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&parser, &ev)) {
            rc = cortex_error_set(CORTEX_EINVALID, "%s: front matter: %s", name, parser.problem ? parser.problem : "not YAML");
            break;
        }
        yaml_event_type_t type = ev.type;
        *CORTEX_PUSH(x->events, x->n, x->cap) = ev;
        if (type == YAML_STREAM_END_EVENT) break;
    }
    yaml_parser_delete(&parser);
    if (rc) {
        cortex_memory_extra_free(x);
        return rc;
    }
    x->end = cortex_xcalloc(x->n + 1, sizeof *x->end);
    x->target = cortex_xcalloc(x->n + 1, sizeof *x->target);
    size_t *open = cortex_xcalloc(x->n + 1, sizeof *open), depth = 0;
    for (size_t i = 0; i < x->n; i++) {
        yaml_event_t *ev = &x->events[i];
        x->target[i] = SIZE_MAX;
        switch (ev->type) {
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT: open[depth++] = i; break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
            if (depth) x->end[open[--depth]] = i + 1;
            break;
        case YAML_SCALAR_EVENT: x->end[i] = i + 1; break;
        case YAML_ALIAS_EVENT:
            x->end[i] = i + 1;
            /* the latest node anchored so before it, as YAML reads an alias */
            for (size_t j = i; j-- > 0;) {
                const char *a = anchor_of(&x->events[j]);
                if (a && strcmp(a, (const char *)ev->data.alias.anchor) == 0) {
                    x->target[i] = j;
                    break;
                }
            }
            break;
        default: break;
        }
    }
    free(open);
    /* the root: STREAM_START, DOCUMENT_START, then the node */
    if (x->n > 3 && x->events[2].type == YAML_MAPPING_START_EVENT) {
        size_t last = x->end[2] - 1; /* its MAPPING_END */
        for (size_t k = 3; k < last;) {
            size_t v = x->end[k], next = v < last ? x->end[v] : last;
            const yaml_event_t *key = &x->events[k];
            if (key->type != YAML_SCALAR_EVENT || !is_known((const char *)key->data.scalar.value, known)) {
                size_t *pair = *CORTEX_PUSH(x->pairs, x->npairs, x->pairs_cap);
                pair[0] = k;
                pair[1] = next;
            }
            k = next;
        }
    }
    if (!x->npairs) cortex_memory_extra_free(x);
    else *out = x;
    return 0;
}

/* A copy of `from` the emitter may own (it frees what it emits); without its anchor when `strip`. */
static int event_copy(yaml_event_t *to, const yaml_event_t *from, int strip)
{
    switch (from->type) {
    case YAML_SCALAR_EVENT: {
        const yaml_char_t *anchor = strip ? NULL : from->data.scalar.anchor;
        return yaml_scalar_event_initialize(to, anchor, from->data.scalar.tag, from->data.scalar.value,
                                            (int)from->data.scalar.length, from->data.scalar.plain_implicit,
                                            from->data.scalar.quoted_implicit, from->data.scalar.style);
    }
    case YAML_SEQUENCE_START_EVENT:
        return yaml_sequence_start_event_initialize(to, strip ? NULL : from->data.sequence_start.anchor,
                                                    from->data.sequence_start.tag, from->data.sequence_start.implicit,
                                                    from->data.sequence_start.style);
    case YAML_MAPPING_START_EVENT:
        return yaml_mapping_start_event_initialize(to, strip ? NULL : from->data.mapping_start.anchor,
                                                   from->data.mapping_start.tag, from->data.mapping_start.implicit,
                                                   from->data.mapping_start.style);
    case YAML_SEQUENCE_END_EVENT: return yaml_sequence_end_event_initialize(to);
    case YAML_MAPPING_END_EVENT: return yaml_mapping_end_event_initialize(to);
    case YAML_ALIAS_EVENT: return yaml_alias_event_initialize(to, from->data.alias.anchor);
    default: return 0;
    }
}

/* Is event `i` inside a kept pair (so replayed with its anchor)? */
static int in_pairs(const cortex_memory_extra *x, size_t i)
{
    for (size_t p = 0; p < x->npairs; p++)
        if (i >= x->pairs[p][0] && i < x->pairs[p][1]) return 1;
    return 0;
}

/* Emits events [from, to). An alias whose anchor is in a key cortex wrote
 * its own way (so no longer in the file), or inside a copy, is replaced by
 * a copy of the node it names, without anchors: the value stays the same. */
static int replay(yaml_emitter_t *e, const cortex_memory_extra *x, size_t from, size_t to, int copying, int depth,
                  size_t *budget)
{
    for (size_t i = from; i < to; i++) {
        const yaml_event_t *ev = &x->events[i];
        if (ev->type == YAML_ALIAS_EVENT && (copying || !in_pairs(x, x->target[i]))) {
            size_t t = x->target[i];
            if (t == SIZE_MAX || depth > 32)
                return cortex_error_set(CORTEX_EINVALID, "cannot write the front matter: alias *%s %s",
                                        (const char *)ev->data.alias.anchor,
                                        t == SIZE_MAX ? "names no anchor" : "nests too deep");
            int rc = replay(e, x, t, x->end[t], 1, depth + 1, budget);
            if (rc) return rc;
            continue;
        }
        if (*budget == 0)
            return cortex_error_set(CORTEX_EINVALID, "cannot write the front matter: its aliases expand too far");
        --*budget;
        yaml_event_t copy;
        if (!event_copy(&copy, ev, copying) || !yaml_emitter_emit(e, &copy))
            return cortex_error_set(CORTEX_EINVALID, "cannot write the front matter: %s",
                                    e->problem ? e->problem : "libyaml refused a key of its own");
    }
    return 0;
}

static int emit_extra(yaml_emitter_t *e, const cortex_memory_extra *x)
{
    size_t budget = 100000; /* events: a billion laughs is no front matter */
    for (size_t p = 0; x && p < x->npairs; p++) {
        int rc = replay(e, x, x->pairs[p][0], x->pairs[p][1], 0, 0, &budget);
        if (rc) return rc;
    }
    return 0;
}

/* ---- reading ------------------------------------------------------------------ */

void cortex_memory_doc_dispose(cortex_memory_doc *doc)
{
    if (!doc) return;
    free(doc->title);
    free(doc->source);
    free(doc->body);
    for (size_t i = 0; i < doc->ntags; i++) free(doc->tags[i]);
    free(doc->tags);
    for (size_t i = 0; i < doc->ncitations; i++) {
        free(doc->citations[i].file);
        free(doc->citations[i].symbol);
        free(doc->citations[i].url);
    }
    free(doc->citations);
    cortex_memory_extra_free(doc->extra);
    *doc = (cortex_memory_doc){0};
}

typedef struct reading {
    yaml_document_t *doc;
    const char *name;
    size_t first_line; /* the file line of the YAML's line 0 */
} reading;

/* The fault at `mark`, as name:line:col. */
static int fault(const reading *r, yaml_mark_t mark, const char *what, const char *key)
{
    return cortex_error_set(CORTEX_EINVALID, "%s:%zu:%zu: %s%s%s", r->name, mark.line + r->first_line,
                            mark.column + 1, key ? key : "", key ? ": " : "", what);
}

static const char *scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static int is_null(const yaml_node_t *n)
{
    const char *v = scalar(n);
    return v && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
           (!*v || strcmp(v, "~") == 0 || strcmp(v, "null") == 0 || strcmp(v, "Null") == 0 || strcmp(v, "NULL") == 0);
}

static int string_field(char **out, const reading *r, const yaml_node_t *v, const char *key)
{
    if (is_null(v)) return 0;
    if (!scalar(v)) return fault(r, v->start_mark, "must be a string", key);
    free(*out);
    *out = cortex_xstrdup(scalar(v));
    return 0;
}

static int date_field(int64_t *out, const reading *r, const yaml_node_t *v, const char *key, int nullable)
{
    if (nullable && is_null(v)) {
        *out = 0;
        return 0;
    }
    if (!scalar(v) || cortex_memory_time_parse(out, scalar(v)) != 0)
        return fault(r, v->start_mark, "must be a date such as 2026-02-13T10:00:00.000Z", key);
    return 0;
}

static int tags_field(cortex_memory_doc *d, const reading *r, const yaml_node_t *v)
{
    if (is_null(v)) return 0;
    if (scalar(v)) { /* one tag written alone */
        d->tags = cortex_xcalloc(1, sizeof *d->tags);
        d->tags[d->ntags++] = cortex_xstrdup(scalar(v));
        return 0;
    }
    if (v->type != YAML_SEQUENCE_NODE) return fault(r, v->start_mark, "must be a list of strings", "tags");
    size_t n = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
    d->tags = cortex_xcalloc(n ? n : 1, sizeof *d->tags);
    for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
        const yaml_node_t *t = yaml_document_get_node(r->doc, *it);
        if (!scalar(t) || !*scalar(t)) return fault(r, t->start_mark, "each tag must be a non-empty string", "tags");
        d->tags[d->ntags++] = cortex_xstrdup(scalar(t));
    }
    return 0;
}

/* A citation: "https://..." (a URL), "path" (a file), or a mapping of file, symbol and url. */
static int citation(cortex_memory_citation *c, const reading *r, const yaml_node_t *v)
{
    const char *s = scalar(v);
    if (s) {
        if (!*s) return fault(r, v->start_mark, "a citation must not be empty", "citations");
        if (strncmp(s, "http://", 7) == 0 || strncmp(s, "https://", 8) == 0) c->url = cortex_xstrdup(s);
        else c->file = cortex_xstrdup(s);
        return 0;
    }
    if (v->type != YAML_MAPPING_NODE)
        return fault(r, v->start_mark, "a citation must be a string or a mapping of file, symbol and url", "citations");
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = yaml_document_get_node(r->doc, p->key), *val = yaml_document_get_node(r->doc, p->value);
        const char *key = scalar(k);
        char **slot = !key ? NULL
                      : strcmp(key, "file") == 0   ? &c->file
                      : strcmp(key, "symbol") == 0 ? &c->symbol
                      : strcmp(key, "url") == 0    ? &c->url
                                                   : NULL;
        if (!slot) return fault(r, k->start_mark, "a citation's keys are file, symbol and url", "citations");
        int rc = string_field(slot, r, val, "citations");
        if (rc) return rc;
    }
    if (!c->file && !c->symbol && !c->url)
        return fault(r, v->start_mark, "a citation names a file, a symbol or a url", "citations");
    return 0;
}

static int citations_field(cortex_memory_doc *d, const reading *r, const yaml_node_t *v)
{
    if (is_null(v)) return 0;
    if (v->type != YAML_SEQUENCE_NODE) return fault(r, v->start_mark, "must be a list", "citations");
    size_t n = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
    d->citations = cortex_xcalloc(n ? n : 1, sizeof *d->citations);
    for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
        int rc = citation(&d->citations[d->ncitations++], r, yaml_document_get_node(r->doc, *it));
        if (rc) return rc;
    }
    return 0;
}

static int fields(cortex_memory_doc *d, const reading *r, int *others)
{
    const yaml_node_t *root = yaml_document_get_root_node(r->doc);
    if (!root || is_null(root)) return 0; /* "---\n---": no field */
    if (root->type != YAML_MAPPING_NODE) return fault(r, root->start_mark, "the front matter must be a mapping", NULL);
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = yaml_document_get_node(r->doc, p->key), *v = yaml_document_get_node(r->doc, p->value);
        const char *key = scalar(k);
        if (!key) return fault(r, k->start_mark, "a key must be a string", NULL);
        int rc = 0;
        if (strcmp(key, "title") == 0) rc = string_field(&d->title, r, v, key);
        else if (strcmp(key, "source") == 0) rc = string_field(&d->source, r, v, key);
        else if (strcmp(key, "created_at") == 0) rc = date_field(&d->created_at, r, v, key, 0);
        else if (strcmp(key, "updated_at") == 0) rc = date_field(&d->updated_at, r, v, key, 0);
        else if (strcmp(key, "expires_at") == 0) rc = date_field(&d->expires_at, r, v, key, 1);
        else if (strcmp(key, "tags") == 0) rc = tags_field(d, r, v);
        else if (strcmp(key, "citations") == 0) rc = citations_field(d, r, v);
        else *others = 1; /* a person's own key: kept (extra_capture) and written back */
        if (rc) return rc;
    }
    return 0;
}

/* The length of the line at `p` including its newline, and whether it is `mark` alone. */
static size_t line_at(const char *p, const char *end, const char *mark, int *is_mark)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
    size_t body = n - (nl ? 1 : 0);
    if (body && p[body - 1] == '\r') body--;
    *is_mark = body == 3 && memcmp(p, mark, 3) == 0;
    return n;
}

int cortex_memory_doc_parse(cortex_memory_doc *out, const char *text, size_t len, const char *name)
{
    *out = (cortex_memory_doc){0};
    const char *end = text + len, *p = text;
    int is_mark;
    size_t n = line_at(p, end, "---", &is_mark);
    if (!is_mark)
        return cortex_error_set(CORTEX_EINVALID, "%s:1:1: no front matter: a memory file starts with a line \"---\"",
                                name);
    const char *yaml_start = p += n, *yaml_end = NULL;
    while (p < end) {
        n = line_at(p, end, "---", &is_mark);
        int dots;
        (void)line_at(p, end, "...", &dots);
        if (is_mark || dots) {
            yaml_end = p;
            p += n;
            break;
        }
        p += n;
    }
    if (!yaml_end)
        return cortex_error_set(CORTEX_EINVALID, "%s:1:1: the front matter has no closing line \"---\"", name);
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, (const unsigned char *)yaml_start, (size_t)(yaml_end - yaml_start));
    reading r = {&doc, name, 2};
    int rc;
    if (!yaml_parser_load(&parser, &doc)) {
        rc = cortex_error_set(CORTEX_EINVALID, "%s:%zu:%zu: front matter: %s%s%s", name,
                              parser.problem_mark.line + r.first_line, parser.problem_mark.column + 1,
                              parser.problem ? parser.problem : "not YAML", parser.context ? " " : "",
                              parser.context ? parser.context : "");
        yaml_parser_delete(&parser);
        return rc;
    }
    int others = 0;
    rc = fields(out, &r, &others);
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    if (rc == 0 && others) rc = extra_capture(&out->extra, yaml_start, (size_t)(yaml_end - yaml_start), name, memory_keys);
    if (rc) {
        cortex_memory_doc_dispose(out);
        return rc;
    }
    out->body = cortex_xstrndup(p, (size_t)(end - p));
    return 0;
}

/* ---- writing ------------------------------------------------------------------ */

static int write_out(void *data, unsigned char *buffer, size_t size)
{
    cortex_buf_add(data, (const char *)buffer, size);
    return 1;
}

/* A string that YAML would read as something else (null, a boolean, a
 * number) when plain is written double-quoted, so any reader sees a string. */
static int looks_typed(const char *s)
{
    static const char *const words[] = {"~", "null", "true", "false", "yes", "no", "on", "off", "y", "n", NULL};
    if (!*s) return 1;
    for (int i = 0; words[i]; i++)
        if (strcasecmp(s, words[i]) == 0) return 1;
    return isdigit((unsigned char)s[0]) || ((s[0] == '-' || s[0] == '+' || s[0] == '.') && isdigit((unsigned char)s[1]));
}

static int emit(yaml_emitter_t *e, yaml_event_t *ev) { return yaml_emitter_emit(e, ev); }

static int emit_scalar(yaml_emitter_t *e, const char *value, int force_quotes)
{
    yaml_event_t ev;
    yaml_scalar_style_t style =
        force_quotes || looks_typed(value) ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE;
    yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)value, (int)strlen(value), 1, 1, style);
    return emit(e, &ev);
}

/* A date: plain, as YAML's timestamp form. */
static int emit_date(yaml_emitter_t *e, int64_t ms)
{
    char text[32];
    cortex_memory_time_format(text, ms);
    yaml_event_t ev;
    yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)text, (int)strlen(text), 1, 1,
                                 YAML_PLAIN_SCALAR_STYLE);
    return emit(e, &ev);
}

static int emit_citation(yaml_emitter_t *e, const cortex_memory_citation *c)
{
    yaml_event_t ev;
    yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
    int ok = emit(e, &ev);
    const char *keys[] = {"file", "symbol", "url"}, *values[] = {c->file, c->symbol, c->url};
    for (int i = 0; ok && i < 3; i++)
        if (values[i]) ok = emit_scalar(e, keys[i], 0) && emit_scalar(e, values[i], 0);
    yaml_mapping_end_event_initialize(&ev);
    return ok && emit(e, &ev);
}

static int emit_fields(yaml_emitter_t *e, const cortex_memory_doc *d)
{
    yaml_event_t ev;
    int ok = 1;
    if (d->title) ok = emit_scalar(e, "title", 0) && emit_scalar(e, d->title, 0);
    ok = ok && emit_scalar(e, "created_at", 0) && emit_date(e, d->created_at);
    ok = ok && emit_scalar(e, "updated_at", 0) && emit_date(e, d->updated_at);
    if (ok && d->expires_at) ok = emit_scalar(e, "expires_at", 0) && emit_date(e, d->expires_at);
    if (ok) ok = emit_scalar(e, "tags", 0);
    yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_FLOW_SEQUENCE_STYLE);
    ok = ok && emit(e, &ev);
    for (size_t i = 0; ok && i < d->ntags; i++) ok = emit_scalar(e, d->tags[i], 0);
    yaml_sequence_end_event_initialize(&ev);
    ok = ok && emit(e, &ev);
    if (ok) ok = emit_scalar(e, "source", 0) && emit_scalar(e, d->source ? d->source : "unknown", 0);
    if (ok && d->ncitations) {
        ok = emit_scalar(e, "citations", 0);
        yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
        ok = ok && emit(e, &ev);
        for (size_t i = 0; ok && i < d->ncitations; i++) ok = emit_citation(e, &d->citations[i]);
        yaml_sequence_end_event_initialize(&ev);
        ok = ok && emit(e, &ev);
    }
    return ok;
}

/* A YAML document of one block mapping into `out`: `own_fields` (cortex's own
 * keys), then `extra`'s (a person's own, as they were read). Memories and
 * category files are both written so. */
static int emit_mapping(cortex_buf *out, int (*own_fields)(yaml_emitter_t *, const void *), const void *arg,
                        const cortex_memory_extra *extra)
{
    yaml_emitter_t e;
    yaml_event_t ev;
    yaml_emitter_initialize(&e);
    yaml_emitter_set_output(&e, write_out, out);
    yaml_emitter_set_unicode(&e, 1);
    yaml_emitter_set_width(&e, -1);
    yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
    int ok = emit(&e, &ev);
    yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
    ok = ok && emit(&e, &ev);
    yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
    ok = ok && emit(&e, &ev) && own_fields(&e, arg);
    int rc = ok ? emit_extra(&e, extra) : 0;
    yaml_mapping_end_event_initialize(&ev);
    ok = ok && rc == 0 && emit(&e, &ev);
    yaml_document_end_event_initialize(&ev, 1);
    ok = ok && emit(&e, &ev);
    yaml_stream_end_event_initialize(&ev);
    ok = ok && emit(&e, &ev) && yaml_emitter_flush(&e);
    if (!ok && rc == 0)
        rc = cortex_error_set(CORTEX_EINVALID, "cannot write the front matter: %s",
                              e.problem ? e.problem : "libyaml refused it");
    yaml_emitter_delete(&e);
    return rc;
}

static int emit_doc_fields(yaml_emitter_t *e, const void *doc) { return emit_fields(e, doc); }

int cortex_memory_doc_emit(cortex_buf *out, const cortex_memory_doc *doc)
{
    cortex_buf yaml = {0};
    int rc = emit_mapping(&yaml, emit_doc_fields, doc, doc->extra);
    if (rc == 0) {
        cortex_buf_puts(out, "---\n");
        cortex_buf_add(out, yaml.data ? yaml.data : "", yaml.len);
        cortex_buf_puts(out, "---\n");
        cortex_buf_puts(out, doc->body ? doc->body : "");
    }
    cortex_buf_free(&yaml);
    return rc;
}

/* ---- a category's description ---------------------------------------------------- */

int cortex_memory_category_parse(char **out, cortex_memory_extra **extra, const char *text, size_t len,
                                 const char *name)
{
    *out = NULL;
    if (extra) *extra = NULL;
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    reading r = {&doc, name, 1};
    int rc;
    if (!yaml_parser_load(&parser, &doc)) {
        rc = cortex_error_set(CORTEX_EINVALID, "%s:%zu:%zu: %s", name, parser.problem_mark.line + 1,
                              parser.problem_mark.column + 1, parser.problem ? parser.problem : "not YAML");
        yaml_parser_delete(&parser);
        return rc;
    }
    rc = 0;
    int others = 0;
    const yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root && root->type == YAML_MAPPING_NODE) {
        for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top && !rc; p++) {
            const char *key = scalar(yaml_document_get_node(&doc, p->key));
            if (key && strcmp(key, "description") == 0)
                rc = string_field(out, &r, yaml_document_get_node(&doc, p->value), key);
            else others = 1; /* a person's own key: kept, as in a memory */
        }
    } else if (root && !is_null(root)) {
        rc = fault(&r, root->start_mark, "a category file is a mapping with a description", NULL);
    }
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    if (rc == 0 && others && extra) rc = extra_capture(extra, text, len, name, category_keys);
    if (rc) {
        free(*out);
        *out = NULL;
    }
    return rc;
}

static int emit_description(yaml_emitter_t *e, const void *description)
{
    return !description || (emit_scalar(e, "description", 0) && emit_scalar(e, description, 0));
}

int cortex_memory_category_emit(cortex_buf *out, const char *description, const cortex_memory_extra *extra)
{
    return emit_mapping(out, emit_description, description, extra);
}
