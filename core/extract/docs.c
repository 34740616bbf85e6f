/* Docs from texts: what the extractor attaches (extract/derive.c) is the
 * summary of a text it makes the symbol's, so the text's parent says it. */
#include "docs.h"

#include "text.h"

#include <string.h>

/* The symbol text `i` sits in or documents, or -1. */
static int32_t owner_of(const cortex_file_records *r, const int32_t *parents, size_t i)
{
    int32_t p = parents ? parents[i] : r->texts[i].parent;
    return p >= 0 && (size_t)p < r->nsymbols ? p : -1;
}

void cortex_records_derive_docs(const cortex_file_records *r, const int32_t *parents, cortex_arena *a,
                                const char **docs)
{
    for (size_t i = 0; i < r->nsymbols; i++) docs[i] = NULL;
    /* a docstring wins over a comment above the definition */
    for (size_t i = 0; i < r->ntexts; i++) {
        const cortex_text *t = &r->texts[i];
        int32_t s = owner_of(r, parents, i);
        if (s >= 0 && !docs[s] && strcmp(t->kind, "docstring") == 0) docs[s] = cortex_text_summary(a, t->text);
    }
    /* a comment whose parent is a definition below it can only be its doc:
     * a comment's own place is inside the definition it sits in */
    for (size_t i = 0; i < r->ntexts; i++) {
        const cortex_text *t = &r->texts[i];
        int32_t s = owner_of(r, parents, i);
        if (s >= 0 && !docs[s] && strcmp(t->kind, "comment") == 0 && t->line_end < r->symbols[s].line_start)
            docs[s] = cortex_text_summary(a, t->text);
    }
}
