/* A stable merge sort over pointers to the items, which are then moved once;
 * and an in-place introsort. */
#include "sort.h"
#include "mem.h"

#include <stdlib.h>
#include <string.h>

typedef int (*compare_fn)(const void *, const void *);

/* Sorts p[0..n) stably, using tmp[0..n) for the merges. */
static void sort_pointers(const void **p, const void **tmp, size_t n, compare_fn cmp)
{
    if (n <= 12) { /* insertion sort: short runs, and stable */
        for (size_t i = 1; i < n; i++) {
            const void *v = p[i];
            size_t j = i;
            for (; j > 0 && cmp(p[j - 1], v) > 0; j--) p[j] = p[j - 1];
            p[j] = v;
        }
        return;
    }
    size_t half = n / 2;
    sort_pointers(p, tmp, half, cmp);
    sort_pointers(p + half, tmp + half, n - half, cmp);
    if (cmp(p[half - 1], p[half]) <= 0) return; /* the halves are already in order */
    /* The left half moves aside; the merge writes at or before the next right item, never past it. */
    memcpy(tmp, p, half * sizeof *p);
    size_t i = 0, j = half, k = 0;
    while (i < half && j < n) p[k++] = cmp(tmp[i], p[j]) <= 0 ? tmp[i++] : p[j++];
    while (i < half) p[k++] = tmp[i++];
}

void cortex_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *), cortex_sort_scratch *scratch)
{
    if (n < 2) return;
    size_t need = 2 * n * sizeof(void *) + n * size;
    if (need > scratch->cap) {
        free(scratch->mem);
        scratch->mem = cortex_xmalloc(need);
        scratch->cap = need;
    }
    const void **p = scratch->mem, **tmp = p + n;
    unsigned char *items = (unsigned char *)(tmp + n);
    for (size_t i = 0; i < n; i++) p[i] = (unsigned char *)base + i * size;
    sort_pointers(p, tmp, n, cmp);
    size_t in_place = 0;
    while (in_place < n && p[in_place] == (unsigned char *)base + in_place * size) in_place++;
    if (in_place == n) return; /* in order already */
    for (size_t i = 0; i < n; i++) memcpy(items + i * size, p[i], size);
    memcpy(base, items, n * size);
}

void cortex_sort_scratch_free(cortex_sort_scratch *scratch)
{
    free(scratch->mem);
    scratch->mem = NULL;
    scratch->cap = 0;
}

/* ---- in place: quicksort, heapsort past a depth, insertion sort for short ranges */

typedef int (*compare_r_fn)(const void *, const void *, void *);

typedef struct in_place {
    unsigned char *base;
    size_t size;
    compare_r_fn cmp;
    void *arg;
} in_place;

static inline unsigned char *at(const in_place *s, size_t i) { return s->base + i * s->size; }

static inline void swap_items(const in_place *s, size_t i, size_t j)
{
    unsigned char t[64];
    memcpy(t, at(s, i), s->size);
    memcpy(at(s, i), at(s, j), s->size);
    memcpy(at(s, j), t, s->size);
}

static inline int less(const in_place *s, size_t i, size_t j) { return s->cmp(at(s, i), at(s, j), s->arg) < 0; }

static void insertion_sort(const in_place *s, size_t lo, size_t hi)
{
    for (size_t i = lo + 1; i < hi; i++)
        for (size_t j = i; j > lo && less(s, j, j - 1); j--) swap_items(s, j, j - 1);
}

static void sift_down(const in_place *s, size_t lo, size_t root, size_t n)
{
    for (size_t child; (child = 2 * root + 1) < n; root = child) {
        if (child + 1 < n && less(s, lo + child, lo + child + 1)) child++;
        if (!less(s, lo + root, lo + child)) return;
        swap_items(s, lo + root, lo + child);
    }
}

static void heap_sort(const in_place *s, size_t lo, size_t hi)
{
    size_t n = hi - lo;
    for (size_t i = n / 2; i-- > 0;) sift_down(s, lo, i, n);
    for (size_t end = n; end-- > 1;) {
        swap_items(s, lo, lo + end);
        sift_down(s, lo, 0, end);
    }
}

/* Sorts [lo, hi): the smaller side recursively, the larger in the loop, so
 * the stack stays logarithmic; past `depth` levels a range is heap-sorted. */
static void intro_sort(const in_place *s, size_t lo, size_t hi, unsigned depth)
{
    while (hi - lo > 16) {
        if (depth-- == 0) {
            heap_sort(s, lo, hi);
            return;
        }
        size_t mid = lo + (hi - lo) / 2, last = hi - 1;
        /* median of three to lo: sorted and reversed input split evenly */
        if (less(s, mid, lo)) swap_items(s, mid, lo);
        if (less(s, last, mid)) {
            swap_items(s, last, mid);
            if (less(s, mid, lo)) swap_items(s, mid, lo);
        }
        swap_items(s, lo, mid); /* the pivot at lo */
        size_t i = lo, j = hi;
        for (;;) {
            while (less(s, ++i, lo) && i < last) {}
            while (less(s, lo, --j)) {}
            if (i >= j) break;
            swap_items(s, i, j);
        }
        swap_items(s, lo, j);
        if (j - lo < hi - j - 1) {
            intro_sort(s, lo, j, depth);
            lo = j + 1;
        } else {
            intro_sort(s, j + 1, hi, depth);
            hi = j;
        }
    }
    insertion_sort(s, lo, hi);
}

void cortex_sort_in_place(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *, void *), void *arg)
{
    if (n < 2 || size == 0 || size > 64) return;
    in_place s = {base, size, cmp, arg};
    unsigned depth = 0;
    for (size_t m = n; m > 1; m >>= 1) depth += 2;
    intro_sort(&s, 0, n, depth);
}
