/*
 * The names a memory store accepts: slugs (a memory's file name without .md),
 * category paths (slugs joined by '/') and store names. Checked before any
 * path is built, so nothing outside a store is ever named: lower-case words,
 * digits and '-', no "..", no absolute path, no hidden file, a length limit.
 */
#ifndef CORTEX_MEMORY_NAMES_H
#define CORTEX_MEMORY_NAMES_H

#include <stddef.h>

/* A slug or one category component: at most this many bytes. */
#define CORTEX_MEMORY_NAME_MAX 64
/* A category path: at most this many components. */
#define CORTEX_MEMORY_DEPTH_MAX 8
/* A memory path (category/slug): at most this many bytes. */
#define CORTEX_MEMORY_PATH_MAX (CORTEX_MEMORY_DEPTH_MAX * (CORTEX_MEMORY_NAME_MAX + 1) + CORTEX_MEMORY_NAME_MAX)

/* The file holding a category's description, beside its memories (not a slug, so never a memory). */
#define CORTEX_MEMORY_CATEGORY_FILE "_category.yml"

/** 0 when `name` is one name ([a-z0-9] then [a-z0-9-], at most
 *  CORTEX_MEMORY_NAME_MAX bytes); CORTEX_EINVALID with a message naming
 *  `what` ("slug", "store") otherwise. */
int cortex_memory_check_name(const char *what, const char *name);

/** 0 when `category` is "" (the store's root) or names joined by '/'. */
int cortex_memory_check_category(const char *category);

/** Splits the memory path `path` ("category/sub/slug", or "slug" at the
 *  root) into its category (`category_size` bytes; "" at the root) and its
 *  slug, both checked. 0 or CORTEX_EINVALID. */
int cortex_memory_split_path(char *category, size_t category_size, char *slug, size_t slug_size, const char *path);

#endif
