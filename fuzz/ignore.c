/*
 * Fuzz target: the gitignore rules (a repository's .gitignore files are
 * untrusted input). The input is a .gitignore's text and a path split at the
 * first NUL byte; besides crashes and hangs (a pattern like `*a*a*a*b` must
 * not take exponential time) it checks what must hold whatever the rules:
 * the same question gets the same answer, and wildmatch's `**` matches any
 * path.
 */
#include "walk/ignore.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, '\0', size);
    size_t tlen = nul ? (size_t)(nul - data) : size;
    size_t rest = nul ? size - tlen - 1 : 0;
    char *path = malloc(rest + 1);
    if (rest) memcpy(path, nul + 1, rest);
    path[rest] = '\0';
    /* a work-tree path: no leading or trailing '/', no NUL */
    while (*path == '/') memmove(path, path + 1, strlen(path));
    size_t n = strlen(path);
    while (n && path[n - 1] == '/') path[--n] = '\0';

    cortex_ignore *ig = cortex_ignore_new();
    cortex_ignore_set_source(ig, CORTEX_IGNORE_INFO_EXCLUDE, (const char *)data, tlen);
    cortex_ignore_enter_text(ig, "", (const char *)data, tlen);
    if (*path) {
        int first = cortex_ignore_match(ig, path, 0);
        if (cortex_ignore_match(ig, path, 0) != first) abort();
        cortex_ignore_match(ig, path, 1);
        if (!cortex_ignore_wildmatch("**", path, 1)) abort();
    }
    cortex_ignore_leave(ig);
    cortex_ignore_free(ig);
    free(path);
    return 0;
}
