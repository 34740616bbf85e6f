/* Checked allocation, the per-file arena and the growable buffer. */
#include "mem.h"
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *cortex_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) cortex_die_oom();
    return p;
}

void *cortex_xcalloc(size_t count, size_t n)
{
    void *p = calloc(count ? count : 1, n ? n : 1);
    if (!p) cortex_die_oom();
    return p;
}

void *cortex_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) cortex_die_oom();
    return p;
}

char *cortex_xstrdup(const char *s) { return cortex_xstrndup(s, strlen(s)); }

char *cortex_xstrndup(const char *s, size_t n)
{
    char *p = cortex_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void cortex_grow(void **items, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return;
    size_t next = *cap ? *cap * 2 : 16;
    while (next < need) next *= 2;
    *items = cortex_xrealloc(*items, next * elem);
    *cap = next;
}

/* ---- arena ------------------------------------------------------------- */

struct cortex_arena_block {
    cortex_arena_block *next;
    size_t size;
    max_align_t data[];
};

#define ARENA_BLOCK 65536

void *cortex_arena_alloc(cortex_arena *a, size_t n)
{
    n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
    if (!a->head || a->used + n > a->size) {
        size_t size = n > ARENA_BLOCK ? n : ARENA_BLOCK;
        cortex_arena_block *b = cortex_xmalloc(sizeof *b + size);
        b->next = a->head;
        b->size = size;
        a->head = b;
        a->used = 0;
        a->size = size;
    }
    void *p = (char *)a->head->data + a->used;
    a->used += n;
    return p;
}

char *cortex_arena_strndup(cortex_arena *a, const char *s, size_t n)
{
    char *p = cortex_arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *cortex_arena_strdup(cortex_arena *a, const char *s) { return cortex_arena_strndup(a, s, strlen(s)); }

void cortex_arena_reset(cortex_arena *a)
{
    cortex_arena_block *b = a->head;
    while (b) {
        cortex_arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
    a->used = a->size = 0;
}

/* ---- buf ----------------------------------------------------------------- */

void cortex_buf_add(cortex_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) cortex_grow((void **)&b->data, &b->cap, b->len + n + 1, 1);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void cortex_buf_puts(cortex_buf *b, const char *s) { cortex_buf_add(b, s, strlen(s)); }

void cortex_buf_printf(cortex_buf *b, const char *fmt, ...)
{
    /* formatted once into the room there is; again only when it did not fit */
    if (b->cap - b->len < 64) cortex_grow((void **)&b->data, &b->cap, b->len + 64, 1);
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->data[b->len] = '\0';
        return;
    }
    if ((size_t)n >= b->cap - b->len) {
        cortex_grow((void **)&b->data, &b->cap, b->len + (size_t)n + 1, 1);
        va_start(ap, fmt);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}

void cortex_buf_put_uint(cortex_buf *b, uint64_t v)
{
    char digits[20];
    size_t n = 0;
    do digits[sizeof digits - ++n] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    cortex_buf_add(b, digits + sizeof digits - n, n);
}

void cortex_buf_clear(cortex_buf *b)
{
    b->len = 0;
    if (b->data) b->data[0] = '\0';
}

void cortex_buf_free(cortex_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
