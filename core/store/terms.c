/* Splits identifiers into words so FTS finds parse_config and parseConfig by "parse config". */
#include "store.h"

#include <ctype.h>
#include <string.h>

void cortex_store_name_terms(char *out, const char *name)
{
    size_t n = strlen(name), o = 0;
    memcpy(out, name, n);
    o = n;
    out[o++] = ' ';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i], prev = i ? (unsigned char)name[i - 1] : 0,
                      next = i + 1 < n ? (unsigned char)name[i + 1] : 0;
        if (!isalnum(c) && c < 0x80) {
            if (o > 0 && out[o - 1] != ' ') out[o++] = ' ';
            continue;
        }
        /* a new word starts at lower->Upper (parseConfig) and at the last
         * capital of an acronym before a lower-case letter (HTTPServer) */
        int boundary = i > 0 && isupper(c) && (islower(prev) || isdigit(prev) || (isupper(prev) && islower(next)));
        if (boundary && out[o - 1] != ' ') out[o++] = ' ';
        out[o++] = (char)c;
    }
    while (o > 0 && out[o - 1] == ' ') o--;
    out[o] = '\0';
}
