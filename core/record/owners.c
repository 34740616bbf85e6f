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

void cortex_records_derive_owners(const cortex_file_records *r, int32_t *parents, int32_t *callers, int32_t *owners)
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
            open_until(&o, r->nsymbols, r->texts[i].line_start, 0);
            owners[i] = owner_at(&o, r->texts[i].line_start, 0);
        }
    }
    free(o.stack);
}
