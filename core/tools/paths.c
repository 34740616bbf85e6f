/* Root-confined path resolution and path globs for the tools. */
#define _DEFAULT_SOURCE
#include "paths.h"

#include "../util/error.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lexical normalisation: '\' -> '/', drops "." and empty segments, applies
 * "..". Returns -1 when ".." climbs above the start. */
static int normalise(const char *in, char *out, size_t size)
{
    size_t n = 0;
    const char *p = in;
    while (*p) {
        while (*p == '/' || *p == '\\') p++;
        const char *seg = p;
        while (*p && *p != '/' && *p != '\\') p++;
        size_t len = (size_t)(p - seg);
        if (len == 0 || (len == 1 && seg[0] == '.')) continue;
        if (len == 2 && seg[0] == '.' && seg[1] == '.') {
            if (n == 0) return -1;
            while (n > 0 && out[n - 1] != '/') n--;
            if (n > 0) n--; /* the separator */
            continue;
        }
        if (n + len + 2 > size) return -1;
        if (n > 0) out[n++] = '/';
        memcpy(out + n, seg, len);
        n += len;
    }
    out[n] = '\0';
    return 0;
}

/* The longest existing prefix of root/rel, resolved, must stay under root. */
static int stays_inside(const char *root, const char *rel)
{
    char probe[PATH_MAX], real[PATH_MAX];
    snprintf(probe, sizeof probe, "%s%s%s", root, *rel ? "/" : "", rel);
    for (;;) {
        if (realpath(probe, real)) {
            size_t rl = strlen(root);
            return strncmp(real, root, rl) == 0 && (real[rl] == '\0' || real[rl] == '/' || strcmp(root, "/") == 0);
        }
        char *slash = strrchr(probe, '/');
        if (!slash || (size_t)(slash - probe) < strlen(root)) return 1; /* nothing below the root exists */
        *slash = '\0';
    }
}

int cortex_path_resolve(const char *root, const char *arg, char *out, size_t out_size)
{
    char tmp[PATH_MAX];
    size_t rl = strlen(root);
    const char *rel = arg;
    if (arg[0] == '/' || arg[0] == '\\') {
        /* An absolute path is accepted only when it names something under the root. */
        if (normalise(arg, tmp, sizeof tmp) != 0 || strncmp(tmp, root + 1, rl - 1) != 0 ||
            (tmp[rl - 1] != '\0' && tmp[rl - 1] != '/'))
            return cortex_error_set(CORTEX_EINVALID, "path \"%s\" is outside the repository root %s; pass a path relative to it", arg, root);
        rel = tmp[rl - 1] ? tmp + rl : "";
    }
    if (normalise(rel, out, out_size) != 0)
        return cortex_error_set(CORTEX_EINVALID, "path \"%s\" leads outside the repository root; pass a path relative to it", arg);
    if (!stays_inside(root, out))
        return cortex_error_set(CORTEX_EINVALID, "path \"%s\" is a symbolic link that leads outside the repository root", arg);
    return 0;
}

