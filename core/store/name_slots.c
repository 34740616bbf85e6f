/* An index of entries by language and name (see name_slots.h). */
#include "name_slots.h"

#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>

static uint64_t hash_name(uint32_t lang, const char *s)
{
    uint64_t h = 1469598103934665603ULL ^ lang;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h ^ (h >> 29);
}

static const cortex_name_key *key_at(const void *entries, size_t stride, size_t i)
{
    return (const cortex_name_key *)((const char *)entries + i * stride);
}

void cortex_name_slots_build(cortex_name_slots *s, const void *entries, size_t n, size_t stride)
{
    cortex_name_slots_free(s);
    size_t size = 16;
    while (size < n * 2) size *= 2;
    s->slots = cortex_xcalloc(size, sizeof *s->slots);
    s->mask = size - 1;
    for (size_t i = 0; i < n; i++) {
        const cortex_name_key *k = key_at(entries, stride, i);
        size_t at = hash_name(k->lang, k->name) & s->mask;
        while (s->slots[at]) at = (at + 1) & s->mask;
        s->slots[at] = (uint32_t)(i + 1);
    }
}

const void *cortex_name_slots_find(const cortex_name_slots *s, const void *entries, size_t stride, uint32_t lang,
                                   const char *name)
{
    if (!s->slots) return NULL;
    for (size_t at = hash_name(lang, name) & s->mask;; at = (at + 1) & s->mask) {
        uint32_t e = s->slots[at];
        if (!e) return NULL;
        const cortex_name_key *k = key_at(entries, stride, e - 1);
        if (k->lang == lang && strcmp(k->name, name) == 0) return k;
    }
}

void cortex_name_slots_free(cortex_name_slots *s)
{
    free(s->slots);
    s->slots = NULL;
    s->mask = 0;
}
