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

/** Whether `c` may be part of an identifier in the languages cortex reads:
 *  letters, digits, `_`, `$`, and any byte of a UTF-8 sequence. */
static inline int cortex_ident_char(char c)
{
    return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (unsigned char)c >= 0x80;
}

/** The length of a receiver's first component: before its first '.', "::",
 *  "->" or '\\' (`os` of `os.path`, `std` of `std::fs`). */
static inline size_t cortex_first_component_length(const char *q)
{
    size_t n = 0;
    while (q[n] && q[n] != '.' && q[n] != '\\' && !(q[n] == ':' && q[n + 1] == ':') && !(q[n] == '-' && q[n + 1] == '>')) n++;
    return n;
}

#endif
