/*
 * gitignore(5) rules: patterns parsed from a `.gitignore`, `$GIT_DIR/info/exclude`
 * or the `core.excludesFile` file, and whether a path of a repository's work tree
 * is ignored under the stack of them that applies in one directory. Paths are
 * relative to the work tree, '/'-separated, with no trailing '/'. Matching is
 * case-sensitive: core.ignoreCase is not read.
 */
#ifndef CORTEX_WALK_IGNORE_H
#define CORTEX_WALK_IGNORE_H

#include <stddef.h>

/* One repository's rules: its excludes file, its info/exclude, and the
 * .gitignore files of the directories entered so far. Opaque. */
typedef struct cortex_ignore cortex_ignore;

/* The two sources that apply to the whole work tree, below every .gitignore. */
typedef enum cortex_ignore_source {
    CORTEX_IGNORE_EXCLUDES_FILE, /* core.excludesFile: the weakest */
    CORTEX_IGNORE_INFO_EXCLUDE   /* $GIT_DIR/info/exclude */
} cortex_ignore_source;

/** An empty rule stack. Caller owns it; free with cortex_ignore_free(). */
cortex_ignore *cortex_ignore_new(void);

void cortex_ignore_free(cortex_ignore *ig);

/** Sets a work-tree-wide source from the file at `path` (replacing what the
 *  source held). A missing or unreadable file sets no patterns. */
void cortex_ignore_load_source(cortex_ignore *ig, cortex_ignore_source which, const char *path);

/** Sets a work-tree-wide source from `len` bytes of gitignore text. */
void cortex_ignore_set_source(cortex_ignore *ig, cortex_ignore_source which, const char *text, size_t len);

/** Enters the directory `dir` ("" for the work tree's top, else ending in '/'):
 *  the patterns of its .gitignore, read from `gitignore_path` (NULL when the
 *  directory has none; the file is opened once and never through a symbolic
 *  link, as git does), apply to the paths below `dir` until the matching
 *  cortex_ignore_leave(). Deeper directories' patterns override shallower ones. */
void cortex_ignore_enter(cortex_ignore *ig, const char *dir, const char *gitignore_path);

/** Enters `dir` with `len` bytes of gitignore text as its .gitignore. */
void cortex_ignore_enter_text(cortex_ignore *ig, const char *dir, const char *text, size_t len);

/** Leaves the directory entered last; its patterns no longer apply. */
void cortex_ignore_leave(cortex_ignore *ig);

/** Whether `path` (below every directory entered, a directory when `is_dir`)
 *  is ignored: the deepest .gitignore with a matching pattern decides, then
 *  info/exclude, then the excludes file; within one source the last matching
 *  pattern wins, and a `!` pattern re-includes. A path inside an ignored
 *  directory is the caller's to never ask about (git does not descend). */
int cortex_ignore_match(const cortex_ignore *ig, const char *path, int is_dir);

/** git's wildmatch: whether `text` matches `pattern` (`*`, `?`, `[...]` with
 *  `!`/`^`, ranges and `[:class:]`, `\` escapes). With `pathname`, `*`, `?`
 *  and classes never match '/', and `**` between slashes (or at either end)
 *  matches across directories: `**` + `/` at the start or in the middle matches
 *  zero or more directories, `/` + `**` at the end everything below; any other
 *  `**` is `*`. Time is bounded by the product of the two lengths, times
 *  the text's length, whatever the pattern (no exponential backtracking). */
int cortex_ignore_wildmatch(const char *pattern, const char *text, int pathname);

/* Shared with gitrepo.c: the whole file at `path` (never through a symbolic
 * link with `nofollow`), NUL-terminated, its length in `*len`. Caller owns it;
 * free(). NULL when it cannot be opened or read, with errno saying why
 * (EISDIR: a directory). */
char *cortex_ignore__read_file(const char *path, int nofollow, size_t *len);

#endif
