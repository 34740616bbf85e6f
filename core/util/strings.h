/* Small string helpers shared across the core. */
#ifndef CORTEX_UTIL_STRINGS_H
#define CORTEX_UTIL_STRINGS_H

#include <string.h>

/** True when `s` is one of the strings of the NULL-terminated `list`. */
static inline int cortex_str_in(const char *s, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(s, *list) == 0) return 1;
    return 0;
}

#endif
