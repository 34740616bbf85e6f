/*
 * Fuzz target: the path glob matcher (configuration include/exclude lists,
 * the search tool's path filter). The input is a pattern and a path split at
 * the first newline; besides crashes and hangs it checks what must hold for
 * any repository path: `**` matches it, and so does the path itself taken as
 * a pattern when it has no wildcards.
 */
#include "util/glob.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* C strings: each side stops at its first NUL, as an argument would. */
    const uint8_t *nl = memchr(data, '\n', size);
    size_t plen = nl ? (size_t)(nl - data) : size;
    size_t rest = nl ? size - plen - 1 : 0;
    char *pattern = malloc(plen + 1), *path = malloc(rest + 1);
    memcpy(pattern, data, plen);
    pattern[plen] = '\0';
    if (rest) memcpy(path, nl + 1, rest);
    path[rest] = '\0';

    cortex_glob_match(pattern, path);
    if (!cortex_glob_match("**", path)) abort();
    /* A repository path never starts with "./", which a pattern drops. */
    int repository_path = *path && strncmp(path, "./", 2) != 0;
    if (repository_path && !strpbrk(path, "*?[") && !cortex_glob_match(path, path)) abort();

    free(pattern);
    free(path);
    return 0;
}
