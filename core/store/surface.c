/*
 * A file's surface (surface.h).
 */
#include "surface.h"

#include <string.h>
#define XXH_STATIC_LINKING_ONLY /* XXH3_state_t on the stack */
#include <xxhash.h>

/* A string, or its absence, told apart from every string (NUL-terminated). */
static void put_string(XXH3_state_t *h, const char *s)
{
    if (s) XXH3_64bits_update(h, s, strlen(s) + 1);
    else XXH3_64bits_update(h, "\xff", 1);
}

static void put_int(XXH3_state_t *h, int64_t v) { XXH3_64bits_update(h, &v, sizeof v); }

uint64_t cortex_store_surface(const cortex_file_records *r)
{
    XXH3_state_t h;
    XXH3_64bits_reset(&h);
    put_string(&h, r->lang);
    put_int(&h, r->variant);
    /* in line order: where two definitions share a name, the first binds */
    put_int(&h, (int64_t)r->nsymbols);
    for (size_t i = 0; i < r->nsymbols; i++) {
        const cortex_symbol *s = &r->symbols[i];
        put_string(&h, s->name);
        put_string(&h, s->short_name);
        put_string(&h, s->kind);
        put_int(&h, s->parent);
        put_string(&h, s->dtype);
        put_string(&h, s->visibility);
        put_string(&h, s->alias);
        put_string(&h, s->origin);
        put_string(&h, s->targets);
    }
    for (size_t i = 0; i < r->nrefs; i++) {
        const cortex_reference *ref = &r->refs[i];
        if (strcmp(ref->kind, "inherit") != 0) continue;
        put_string(&h, ref->name);
        put_string(&h, ref->qualifier);
        put_int(&h, ref->caller);
    }
    uint64_t v = XXH3_64bits_digest(&h);
    return v ? v : 1;
}
