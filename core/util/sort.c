/* A stable merge sort over pointers to the items, which are then moved once. */
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
