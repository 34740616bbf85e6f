/* Record bookkeeping: reset and the deterministic sort the sinks rely on. */
#include "records.h"

#include <stdlib.h>
#include <string.h>

#define TYPE_KIND_STRING(kind) #kind,
static const char *const type_kinds[] = {CORTEX_RECORD_TYPE_KINDS(TYPE_KIND_STRING) NULL};

int cortex_record_type_kind(const char *kind)
{
    for (const char *const *k = type_kinds; *k; k++)
        if (strcmp(*k, kind) == 0) return 1;
    return 0;
}

void cortex_file_records_reset(cortex_file_records *r)
{
    free(r->symbols);
    free(r->refs);
    free(r->texts);
    free(r->chunks);
    cortex_arena_reset(&r->arena);
    memset(r, 0, sizeof *r);
}

static int cmp_str(const char *a, const char *b) { return strcmp(a ? a : "", b ? b : ""); }

static int cmp_u32(uint32_t a, uint32_t b) { return (a > b) - (a < b); }

typedef struct { const cortex_symbol *s; int32_t old; } sym_slot;

static int compare_symbols(const void *pa, const void *pb)
{
    const cortex_symbol *a = ((const sym_slot *)pa)->s, *b = ((const sym_slot *)pb)->s;
    int c;
    if ((c = cmp_u32(a->line_start, b->line_start))) return c;
    if ((c = cmp_u32(a->col_start, b->col_start))) return c;
    if ((c = cmp_u32(b->end_byte, a->end_byte))) return c; /* outer before inner */
    if ((c = cmp_str(a->name, b->name))) return c;
    return cmp_str(a->kind, b->kind);
}

static int compare_refs(const void *pa, const void *pb)
{
    const cortex_reference *a = pa, *b = pb;
    int c;
    if ((c = cmp_u32(a->line, b->line))) return c;
    if ((c = cmp_u32(a->col, b->col))) return c;
    if ((c = cmp_str(a->kind, b->kind))) return c;
    return cmp_str(a->name, b->name);
}

static int compare_texts(const void *pa, const void *pb)
{
    const cortex_text *a = pa, *b = pb;
    int c;
    if ((c = cmp_u32(a->line_start, b->line_start))) return c;
    if ((c = cmp_u32(a->start_byte, b->start_byte))) return c;
    return cmp_str(a->kind, b->kind);
}

void cortex_file_records_sort(cortex_file_records *r, cortex_sort_scratch *scratch)
{
    size_t n = r->nsymbols;
    if (n > 0) {
        sym_slot *slots = cortex_xmalloc(n * sizeof *slots);
        int32_t *remap = cortex_xmalloc(n * sizeof *remap);
        cortex_symbol *sorted = cortex_xmalloc(n * sizeof *sorted);
        for (size_t i = 0; i < n; i++) slots[i] = (sym_slot){&r->symbols[i], (int32_t)i};
        cortex_sort(slots, n, sizeof *slots, compare_symbols, scratch);
        for (size_t i = 0; i < n; i++) {
            remap[slots[i].old] = (int32_t)i;
            sorted[i] = *slots[i].s;
        }
        for (size_t i = 0; i < n; i++)
            if (sorted[i].parent >= 0) sorted[i].parent = remap[sorted[i].parent];
        for (size_t i = 0; i < r->nrefs; i++)
            if (r->refs[i].caller >= 0) r->refs[i].caller = remap[r->refs[i].caller];
        for (size_t i = 0; i < r->ntexts; i++)
            if (r->texts[i].parent >= 0) r->texts[i].parent = remap[r->texts[i].parent];
        memcpy(r->symbols, sorted, n * sizeof *sorted);
        free(sorted);
        free(remap);
        free(slots);
    }
    cortex_sort(r->refs, r->nrefs, sizeof *r->refs, compare_refs, scratch);
    cortex_sort(r->texts, r->ntexts, sizeof *r->texts, compare_texts, scratch);
}

void cortex_chunk_header_path(cortex_buf *out, const char *headers)
{
    for (const char *h = headers; h && *h; h++)
        if (*h == '\n') cortex_buf_puts(out, " > ");
        else cortex_buf_putc(out, *h);
}
