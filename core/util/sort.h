/*
 * A stable sort that allocates nothing per call. glibc's qsort (a merge sort)
 * mallocs its temporary array each time and moves the items themselves at
 * every merge level; sorting pointers with a buffer kept from file to file,
 * and moving each item once, took 0.04 G instructions off the Python standard
 * library's cold index (the heap consolidation those mallocs triggered moved
 * to the next large allocation: it was not saved).
 */
#ifndef CORTEX_UTIL_SORT_H
#define CORTEX_UTIL_SORT_H

#include <stddef.h>

/** Room the sort reuses from call to call; zero-initialised, freed with cortex_sort_scratch_free. */
typedef struct cortex_sort_scratch {
    void *mem;
    size_t cap;
} cortex_sort_scratch;

/** Sorts `n` items of `size` bytes at `base` by `cmp`; items that compare
 *  equal keep their order. Input in ascending runs (query matches come in
 *  document order) costs about one comparison per item. */
void cortex_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *), cortex_sort_scratch *scratch);

void cortex_sort_scratch_free(cortex_sort_scratch *scratch);

/** Sorts `n` items of `size` bytes (at most 64) at `base` by `cmp`, which is
 *  passed `arg`, allocating nothing: for arrays too large to copy (a bulk
 *  load's millions of definition names, where glibc's qsort_r allocated a
 *  second array as large). Not stable: give items a total order. */
void cortex_sort_in_place(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *, void *), void *arg);

#endif
