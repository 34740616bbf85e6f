/* Removing a scratch directory a test made, and everything in it. nftw needs
 * _GNU_SOURCE (or _XOPEN_SOURCE) defined before the first include. */
#ifndef CORTEX_CHECK_SCRATCH_H
#define CORTEX_CHECK_SCRATCH_H

#include <ftw.h>
#include <stdio.h>

static inline int cortex_check_remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static inline int cortex_check_remove_tree(const char *dir)
{
    return nftw(dir, cortex_check_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

#endif
