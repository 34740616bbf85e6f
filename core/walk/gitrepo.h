/*
 * Where a git repository's ignore sources are: the repository itself (a `.git`
 * directory, or a `.git` file naming one, as submodules and linked worktrees
 * have), and the file `core.excludesFile` names in git's configuration (the
 * system file, the global ones, the repository's; the last setting wins). The
 * configuration reader follows no `include.path` or `includeIf`: an excludes
 * file set only in an included file is not seen.
 */
#ifndef CORTEX_WALK_GITREPO_H
#define CORTEX_WALK_GITREPO_H

#include <stddef.h>
#include <sys/types.h>

typedef struct cortex_gitrepo {
    char *workdir;   /* the work tree: the directory holding `.git` */
    char *gitdir;    /* the repository: `.git`, or where a `.git` file points */
    char *commondir; /* where config and info/ live: `gitdir`, or a linked worktree's main repository */
} cortex_gitrepo;

/** Whether `dir` is the top of a work tree: 0 and fills `out` (release with
 *  cortex_gitrepo_dispose()), or CORTEX_ENOTFOUND when `dir` has no `.git` or
 *  its `.git` is no repository (no HEAD, objects/ or refs/). */
int cortex_gitrepo_open(cortex_gitrepo *out, const char *dir);

/** The repository whose work tree holds `dir` (absolute, canonical, on device
 *  `dev`): `dir` itself, then each directory above it, not beyond a file
 *  system boundary (as git and libgit2 search). 0 and fills `out`, or
 *  CORTEX_ENOTFOUND. */
int cortex_gitrepo_discover(cortex_gitrepo *out, const char *dir, dev_t dev);

void cortex_gitrepo_dispose(cortex_gitrepo *r);

/** The commit HEAD names, as 40 hex digits and a NUL into `out`: a detached
 *  HEAD's own, or the branch's from its loose ref file, else from
 *  packed-refs (the branch's last line there). 0, or CORTEX_ENOTFOUND (an
 *  unborn branch, a ref that is no sha-1, a symbolic ref more than five deep). */
int cortex_gitrepo_head(char out[41], const cortex_gitrepo *r);

/** core.excludesFile as the system (/etc/gitconfig, or $GIT_CONFIG_SYSTEM;
 *  none with $GIT_CONFIG_NOSYSTEM) and global ($XDG_CONFIG_HOME/git/config or
 *  ~/.config/git/config, then ~/.gitconfig; or $GIT_CONFIG_GLOBAL) files set
 *  it, unexpanded. Caller owns the result; free(). NULL when none sets it. */
char *cortex_gitrepo_global_excludes(void);

/** The excludes file that applies in `r`: core.excludesFile from its
 *  repository's config, else `global` (cortex_gitrepo_global_excludes()), else
 *  $XDG_CONFIG_HOME/git/ignore or ~/.config/git/ignore; `~/` and `~user/`
 *  expanded, a relative path taken from the work tree. Caller owns the
 *  result; free(). NULL when there is none. */
char *cortex_gitrepo_excludes_file(const cortex_gitrepo *r, const char *global);

/** The last value of `key` (section and name in lower case, no subsection:
 *  "core.excludesfile") in `len` bytes of git config text: section and key
 *  names case-insensitive, quoted values, `\` escapes and line continuations,
 *  `#` and `;` comments. 1 and `*out` (caller frees) when set; else 0. Text
 *  after a syntax error is not read (git refuses such a file). */
int cortex_gitconfig_get(char **out, const char *text, size_t len, const char *key);

#endif
