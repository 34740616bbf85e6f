/* A scratch directory's files: one written whole, and the directory removed
 * with everything in it. nftw needs _GNU_SOURCE (or _XOPEN_SOURCE) defined
 * before the first include. */
#ifndef CORTEX_CHECK_SCRATCH_H
#define CORTEX_CHECK_SCRATCH_H

#include <check.h>
#include <ftw.h>
#include <stdio.h>

/* `len` bytes of `data` as the file `dir`/`name`. */
static inline void cortex_check_write_file(const char *dir, const char *name, const char *data, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    fclose(f);
}

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
