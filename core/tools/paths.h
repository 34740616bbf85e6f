/*
 * Paths an agent passes, confined to the repository root: normalised to
 * '/'-separated repository-relative form, with anything that leads outside
 * (.., an absolute path elsewhere, a symlink out) refused.
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

#include "../util/glob.h" /* cortex_glob_match, for the search tool's path filter */

#endif
