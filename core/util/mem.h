/*
 * Allocation helpers that never return NULL (cortex does not try to survive
 * out-of-memory), a bump arena for per-file records, and a growable buffer.
 */
#ifndef CORTEX_UTIL_MEM_H
#define CORTEX_UTIL_MEM_H

#include <stddef.h>
#include <stdint.h>

void *cortex_xmalloc(size_t n);
void *cortex_xcalloc(size_t count, size_t n);
void *cortex_xrealloc(void *p, size_t n);
char *cortex_xstrdup(const char *s);
char *cortex_xstrndup(const char *s, size_t n);

/** Grows `*items` (of `elem` bytes each) so it holds at least `need` items. */
void cortex_grow(void **items, size_t *cap, size_t need, size_t elem);
#define CORTEX_PUSH(items, count, cap)                                              \
    (cortex_grow((void **)&(items), &(cap), (count) + 1, sizeof *(items)), &(items)[(count)++])

/* ---- arena: many small allocations freed at once ---------------------- */

typedef struct cortex_arena_block cortex_arena_block;
typedef struct cortex_arena {
    cortex_arena_block *head;
    size_t used, size;
} cortex_arena;

void *cortex_arena_alloc(cortex_arena *a, size_t n);
/** Copies `n` bytes and a NUL. Owned by the arena. */
char *cortex_arena_strndup(cortex_arena *a, const char *s, size_t n);
char *cortex_arena_strdup(cortex_arena *a, const char *s);
void cortex_arena_reset(cortex_arena *a);

/* ---- buf: a growable NUL-terminated byte string ------------------------ */

typedef struct cortex_buf {
    char *data;
    size_t len, cap;
} cortex_buf;

void cortex_buf_add(cortex_buf *b, const char *s, size_t n);
void cortex_buf_puts(cortex_buf *b, const char *s);
/* inline: the record writers append single characters a million times a run */
static inline void cortex_buf_putc(cortex_buf *b, char c)
{
    if (b->len + 2 > b->cap) cortex_grow((void **)&b->data, &b->cap, b->len + 2, 1);
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
}
void cortex_buf_printf(cortex_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/** Appends `v` in decimal: the records' line and column numbers, without printf. */
void cortex_buf_put_uint(cortex_buf *b, uint64_t v);
void cortex_buf_clear(cortex_buf *b);
void cortex_buf_free(cortex_buf *b);

#endif
