/*
 * Which repository a query command answers from when none is named: the
 * nearest directory at or above the current one that holds an index
 * (.cortex/), else the enclosing git work tree, else the current directory,
 * found as git finds .git. A subdirectory then never grows a second index.
 */
#define _DEFAULT_SOURCE
#include "commands.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Whether `dir/name` exists, and is a directory when `want_dir`. */
static int has_entry(const char *dir, const char *name, int want_dir)
{
    char path[PATH_MAX + 16];
    if (snprintf(path, sizeof path, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, name) >= (int)sizeof path) return 0;
    struct stat st;
    return stat(path, &st) == 0 && (!want_dir || S_ISDIR(st.st_mode));
}

/* The nearest of `start` and its ancestors that holds `name`, cut in place, or 0. */
static int climb_to(char *dir, const char *start, const char *name, int want_dir)
{
    strcpy(dir, start);
    for (;;) {
        if (has_entry(dir, name, want_dir)) return 1;
        char *slash = strrchr(dir, '/');
        if (!slash || strcmp(dir, "/") == 0) return 0;
        if (slash == dir)
            dir[1] = '\0';
        else
            *slash = '\0';
    }
}

int cortex_cli_find_root(char **out, const char **why)
{
    char cwd[PATH_MAX], dir[PATH_MAX];
    if (!realpath(".", cwd)) return cortex_error_set(CORTEX_EIO, "the current directory: %s", strerror(errno));
    if (climb_to(dir, cwd, ".cortex", 1))
        *why = "the nearest .cortex/ at or above the current directory";
    else if (climb_to(dir, cwd, ".git", 0)) /* a directory, or a file in worktrees and submodules */
        *why = "the git work tree around the current directory";
    else {
        strcpy(dir, cwd);
        *why = "the current directory";
    }
    *out = cortex_xstrdup(dir);
    return strcmp(dir, cwd) == 0 ? 0 : 1;
}
