/*
 * The commit's binding lookups remembered for the run (bind_memo.h): an
 * open-addressing table of string keys, doubled when half full.
 */
#include "bind_memo.h"

#include "../util/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

cortex_store_def cortex_store_def_copy(const cortex_store_def *d)
{
    return (cortex_store_def){d->id, d->file_id, cortex_xstrdup(d->path), d->dtype ? cortex_xstrdup(d->dtype) : NULL,
                              cortex_xstrdup(d->name), d->variant};
}

void cortex_store_def_free(cortex_store_def *d)
{
    free(d->path);
    free(d->dtype);
    free(d->name);
    memset(d, 0, sizeof *d);
}

void cortex_store_defs_free(cortex_store_def *defs, size_t n)
{
    for (size_t i = 0; i < n; i++) cortex_store_def_free(&defs[i]);
    free(defs);
}

static uint64_t hash_key(const char *k)
{
    uint64_t h = 1469598103934665603ull;
    for (; *k; k++) h = (h ^ (unsigned char)*k) * 1099511628211ull;
    return h;
}

static cortex_store_memo_entry *slot_of(cortex_store_memo *m, const char *key)
{
    for (size_t i = hash_key(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1))
        if (!m->slots[i].key || strcmp(m->slots[i].key, key) == 0) return &m->slots[i];
}

const cortex_store_memo_entry *cortex_store_memo_get(cortex_store_memo *m, const char *key)
{
    if (!m->cap) return NULL;
    const cortex_store_memo_entry *e = slot_of(m, key);
    return e->key ? e : NULL;
}

cortex_store_memo_entry *cortex_store_memo_put(cortex_store_memo *m, const char *key, int got, const cortex_store_def *def,
                                               int outside)
{
    if (2 * (m->n + 1) > m->cap) {
        cortex_store_memo old = *m;
        m->cap = old.cap ? 2 * old.cap : 1024;
        m->slots = cortex_xcalloc(m->cap, sizeof *m->slots);
        m->n = 0;
        for (size_t i = 0; i < old.cap; i++)
            if (old.slots[i].key) {
                *slot_of(m, old.slots[i].key) = old.slots[i];
                m->n++;
            }
        free(old.slots);
    }
    cortex_store_memo_entry *e = slot_of(m, key);
    *e = (cortex_store_memo_entry){.key = cortex_xstrdup(key), .got = got, .outside = outside};
    if (def) {
        e->has_def = 1;
        e->def = cortex_store_def_copy(def);
    }
    m->n++;
    return e;
}

int cortex_store_memo_take(const cortex_store_memo_entry *e, cortex_store_def *out, int *outside)
{
    if (e->has_def) *out = cortex_store_def_copy(&e->def);
    if (outside && e->outside) *outside = 1;
    return e->got;
}

char *cortex_store_memo_key(char tag, int64_t number, const char *text)
{
    size_t n = strlen(text) + 32;
    char *key = cortex_xmalloc(n);
    snprintf(key, n, "%c%lld:%s", tag, (long long)number, text);
    return key;
}

void cortex_store_memo_free(cortex_store_memo *m)
{
    for (size_t i = 0; i < m->cap; i++) {
        cortex_store_memo_entry *e = &m->slots[i];
        cortex_store_defs_free(e->defs, e->ndefs);
        if (e->has_def) cortex_store_def_free(&e->def);
        free(e->key);
    }
    free(m->slots);
    memset(m, 0, sizeof *m);
}
