/*
 * Paths an agent passes, confined to the repository root: normalised to
 * '/'-separated repository-relative form, with anything that leads outside
 * (.., an absolute path elsewhere, a symlink out) refused. And the globs of
 * the search tool's `path` filter.
 */
#ifndef CORTEX_TOOLS_PATHS_H
#define CORTEX_TOOLS_PATHS_H

#include <stddef.h>

/** Resolves `arg` against `root` (a realpath) into `out` (repository-relative,
 *  no leading "./", no trailing '/'; "" for the root itself). `\` separators
 *  become '/'. Returns 0, or a negative code with an actionable message set
 *  when the path would leave the root. The path need not exist; when it (or
 *  a prefix of it) does, symlinks are followed and must stay inside. */
int cortex_path_resolve(const char *root, const char *arg, char *out, size_t out_size);

/** Whether `path` matches `pattern`: `*` and `?` within one segment, `**` across
 *  segments, `[...]` classes. A pattern ending in '/' names a directory and
 *  matches everything under it; one without wildcards matches the path itself
 *  and everything under it. */
int cortex_glob_match(const char *pattern, const char *path);

#endif
