/*
 * Signatures taken apart as text (signature.h).
 */
#include "signature.h"

#include <ctype.h>
#include <string.h>

/* The end of the bracketed group that opens at `p` (one past its closing
 * bracket), or NULL when it does not close. */
static const char *group_end(const char *p)
{
    int depth = 0;
    for (; *p; p++) {
        if (*p == '(' || *p == '[' || *p == '{' || *p == '<') depth++;
        else if (*p == ')' || *p == ']' || *p == '}' || (*p == '>' && p[-1] != '-' && p[-1] != '=')) depth--;
        if (depth == 0) return p + 1;
    }
    return NULL;
}

static json_t *trimmed(const char *from, const char *to)
{
    while (from < to && isspace((unsigned char)*from)) from++;
    while (to > from && isspace((unsigned char)to[-1])) to--;
    return from < to ? json_stringn(from, (size_t)(to - from)) : NULL;
}

/* The list's items, split at the commas outside nested brackets. */
static json_t *items(const char *open, const char *close)
{
    json_t *list = json_array();
    int depth = 0;
    const char *start = open + 1;
    for (const char *p = open + 1; p < close - 1; p++) {
        if (*p == '(' || *p == '[' || *p == '{' || *p == '<') depth++;
        else if (*p == ')' || *p == ']' || *p == '}' || (*p == '>' && p[-1] != '-' && p[-1] != '=')) depth--;
        else if (*p == ',' && depth == 0) {
            json_t *item = trimmed(start, p);
            if (item) json_array_append_new(list, item);
            start = p + 1;
        }
    }
    json_t *last = trimmed(start, close - 1);
    if (last) json_array_append_new(list, last);
    return list;
}

/* The name where a list follows it: `Get(` or `Map[` or `Map<`, not the
 * name inside another word or a receiver's type. */
static const char *name_at(const char *sig, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(sig, name); p; p = strstr(p + 1, name)) {
        int starts = p == sig || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
        const char *q = p + n;
        while (*q == ' ') q++;
        if (starts && (*q == '(' || *q == '[' || *q == '<')) return p;
    }
    return NULL;
}

json_t *cortex_signature_parts(const char *sig, const char *name)
{
    if (!sig || !name || !*name) return NULL;
    const char *at = name_at(sig, name);
    if (!at) return NULL;
    json_t *parts = json_pack("{s:n,s:n,s:[],s:n}", "receiver", "type_parameters", "parameters", "returns");
    /* a group before the name: a receiver (`func (m *Memory) Get`) */
    const char *open = strchr(sig, '(');
    if (open && open < at) {
        const char *end = group_end(open);
        if (end && end <= at) {
            json_t *r = trimmed(open + 1, end - 1);
            if (r) json_object_set_new(parts, "receiver", r);
        }
    }
    const char *p = at + strlen(name);
    while (*p == ' ') p++;
    if (*p == '[' || *p == '<') { /* type parameters */
        const char *end = group_end(p);
        if (!end) return parts;
        json_t *tp = trimmed(p + 1, end - 1);
        if (tp) json_object_set_new(parts, "type_parameters", tp);
        p = end;
        while (*p == ' ') p++;
    }
    if (*p != '(') return parts;
    const char *end = group_end(p);
    if (!end) return parts;
    json_object_set_new(parts, "parameters", items(p, end));
    /* what is written after: `string`, `: string`, `-> int`, `(int, error)` */
    const char *r = end;
    while (*r == ' ') r++;
    if (r[0] == '-' && r[1] == '>') r += 2;
    else if (*r == ':') r++;
    const char *stop = r + strcspn(r, "{");
    while (stop > r && (isspace((unsigned char)stop[-1]) || stop[-1] == ':')) stop--;
    json_t *ret = trimmed(r, stop);
    if (ret) json_object_set_new(parts, "returns", ret);
    return parts;
}
