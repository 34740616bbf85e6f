/* The names a memory store accepts (names.h): checked before any path is built. */
#include "names.h"

#include "../util/error.h"

#include <stdio.h>
#include <string.h>

/* The length of the name at `s` (up to '/' or the end) when valid, else 0. */
static size_t name_length(const char *s)
{
    size_t n = 0;
    for (; s[n] && s[n] != '/'; n++) {
        char c = s[n];
        int ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && n > 0);
        if (!ok || n >= CORTEX_MEMORY_NAME_MAX) return 0;
    }
    return n;
}

static int bad(const char *what, const char *name, const char *why)
{
    return cortex_error_set(CORTEX_EINVALID,
                            "%s \"%.200s\" is not valid: %s (lower-case letters, digits and '-', starting with a "
                            "letter or digit, at most %d bytes; categories join such names with '/')",
                            what, name, why, CORTEX_MEMORY_NAME_MAX);
}

int cortex_memory_check_name(const char *what, const char *name)
{
    if (!name || !*name) return bad(what, name ? name : "", "it is empty");
    size_t n = name_length(name);
    if (n == 0 || name[n] != '\0') return bad(what, name, "it holds a character outside the allowed set or is too long");
    return 0;
}

int cortex_memory_check_category(const char *category)
{
    if (!category || !*category) return 0;
    int depth = 0;
    for (const char *p = category;;) {
        size_t n = name_length(p);
        if (n == 0) return bad("category", category, "a component is empty, too long or holds a character outside the allowed set");
        if (++depth > CORTEX_MEMORY_DEPTH_MAX) return bad("category", category, "it is nested too deeply (at most 8 levels)");
        p += n;
        if (!*p) return 0;
        p++; /* '/' */
    }
}

int cortex_memory_split_path(char *category, size_t category_size, char *slug, size_t slug_size, const char *path)
{
    if (!path || !*path) return bad("memory path", "", "it is empty");
    if (strlen(path) > CORTEX_MEMORY_PATH_MAX) return bad("memory path", path, "it is too long");
    const char *last = strrchr(path, '/');
    const char *name = last ? last + 1 : path;
    size_t clen = last ? (size_t)(last - path) : 0;
    if (clen >= category_size || strlen(name) >= slug_size) return bad("memory path", path, "it is too long");
    memcpy(category, path, clen);
    category[clen] = '\0';
    strcpy(slug, name);
    if (last && clen == 0) return bad("memory path", path, "it is absolute");
    int rc = cortex_memory_check_category(category);
    if (rc == 0) rc = cortex_memory_check_name("slug", slug);
    return rc;
}
