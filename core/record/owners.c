/* Owners from positions: one sweep per record kind over the file's symbols,
 * in order, keeping the symbols that may still enclose what comes next. */
#include "owners.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int cortex_record_data_kind(const char *kind)
{
    return strcmp(kind, "variable") == 0 || strcmp(kind, "constant") == 0 || strcmp(kind, "property") == 0;
}

int cortex_record_documented_kind(const char *kind)
{
    return strcmp(kind, "import") != 0 && strcmp(kind, "section") != 0;
}

typedef struct open_symbols {
    const cortex_file_records *r;
    int32_t *stack; /* symbol indexes, latest start on top */
    size_t n;
    size_t next;    /* the next symbol to open */
} open_symbols;

static int before(const cortex_symbol *s, uint32_t line, uint32_t col)
{
    return s->line_start < line || (s->line_start == line && s->col_start <= col);
}

/* Opens the symbols up to `limit` (an index) that start at or before (line, col). */
static void open_until(open_symbols *o, size_t limit, uint32_t line, uint32_t col)
{
    while (o->next < limit && before(&o->r->symbols[o->next], line, col)) o->stack[o->n++] = (int32_t)o->next++;
}

static int32_t owner_at(open_symbols *o, uint32_t line, int skip_data)
{
    /* places come in line order: a symbol that ended above never encloses again */
    while (o->n > 0 && o->r->symbols[o->stack[o->n - 1]].line_end < line) o->n--;
    for (size_t k = o->n; k-- > 0;) {
        const cortex_symbol *s = &o->r->symbols[o->stack[k]];
        if (s->line_end >= line && strcmp(s->kind, "import") != 0 && !(skip_data && cortex_record_data_kind(s->kind)))
            return o->stack[k];
    }
    return -1;
}

/* The file's first symbol to start on `line`, or with `documentable` the
 * first that is no import or section (what a comment above may document);
 * -1 when there is none. */
static int32_t starting_on(const cortex_file_records *r, uint32_t line, int documentable)
{
    size_t lo = 0, hi = r->nsymbols;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (r->symbols[mid].line_start < line) lo = mid + 1;
        else hi = mid;
    }
    for (size_t i = lo; i < r->nsymbols && r->symbols[i].line_start == line; i++)
        if (!documentable || cortex_record_documented_kind(r->symbols[i].kind))
            return (int32_t)i;
    return -1;
}

void cortex_records_derive_owners(const cortex_file_records *r, unsigned flags, int32_t *parents, int32_t *callers,
                                  int32_t *owners)
{
    if (r->nsymbols == 0) {
        if (parents) memset(parents, 0xff, r->nsymbols * sizeof *parents);
        if (callers) memset(callers, 0xff, r->nrefs * sizeof *callers);
        if (owners) memset(owners, 0xff, r->ntexts * sizeof *owners);
        return;
    }
    open_symbols o = {r, cortex_xmalloc(r->nsymbols * sizeof *o.stack), 0, 0};
    if (parents)
        for (size_t i = 0; i < r->nsymbols; i++) {
            open_until(&o, i, UINT32_MAX, UINT32_MAX);
            parents[i] = owner_at(&o, r->symbols[i].line_start, 0);
        }
    if (callers) {
        o.n = o.next = 0;
        for (size_t i = 0; i < r->nrefs; i++) {
            const cortex_reference *ref = &r->refs[i];
            open_until(&o, r->nsymbols, ref->line, ref->col);
            callers[i] = owner_at(&o, ref->line, strcmp(ref->kind, "call") == 0);
        }
    }
    if (owners) {
        o.n = o.next = 0;
        for (size_t i = 0; i < r->ntexts; i++) {
            const cortex_text *t = &r->texts[i];
            open_until(&o, r->nsymbols, t->line_start, 0);
            /* the definition right below, unless the text trails a declaration on its last line */
            int32_t below = flags & CORTEX_OWNERS_TEXT_ABOVE && starting_on(r, t->line_end, 0) < 0
                                ? starting_on(r, t->line_end + 1, 1)
                                : -1;
            owners[i] = below >= 0 ? below : owner_at(&o, t->line_start, 0);
        }
    }
    free(o.stack);
}

static int compare_names(const void *a, const void *b, void *arg)
{
    const cortex_file_records *r = arg;
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    int c = strcmp(r->symbols[x].name, r->symbols[y].name);
    return c ? c : (x > y) - (x < y);
}

void cortex_records_sort_by_name(const cortex_file_records *r, int32_t *by_name)
{
    for (size_t k = 0; k < r->nsymbols; k++) by_name[k] = (int32_t)k;
    cortex_sort_in_place(by_name, r->nsymbols, sizeof *by_name, compare_names, (void *)r);
}

int32_t cortex_records_named(const cortex_file_records *r, const int32_t *by_name, const char *name, uint32_t line)
{
    if (!name) return -1;
    size_t lo = 0, hi = r->nsymbols;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (strcmp(r->symbols[by_name[mid]].name, name) < 0) lo = mid + 1;
        else hi = mid;
    }
    for (size_t k = lo; k < r->nsymbols && strcmp(r->symbols[by_name[k]].name, name) == 0; k++)
        if (r->symbols[by_name[k]].line_end >= line) return by_name[k];
    return lo < r->nsymbols && strcmp(r->symbols[by_name[lo]].name, name) == 0 ? by_name[lo] : -1;
}

void cortex_records_read_text_parents(const cortex_file_records *r, const int32_t *derived, int32_t *parents)
{
    int32_t *by_name = NULL;
    for (size_t i = 0; i < r->ntexts; i++) {
        int32_t p = r->texts[i].parent;
        parents[i] = p;
        if (p < 0 || p == derived[i]) continue;
        if (!by_name) {
            by_name = cortex_xmalloc(r->nsymbols * sizeof *by_name);
            cortex_records_sort_by_name(r, by_name);
        }
        parents[i] = cortex_records_named(r, by_name, r->symbols[p].name, r->texts[i].line_start);
    }
    free(by_name);
}
