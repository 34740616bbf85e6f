/* Visibilities a declaration's text opens with (C's `static`, Java's and
 * C#'s modifiers): most symbols that have one say it first. */
#include "sig_visibility.h"

#include <string.h>

const char *cortex_record_sig_visibility(const char *sig)
{
    static const char *const opening[] = {"static", "public", "private", "protected", "internal", NULL};
    if (!sig) return NULL;
    for (const char *const *w = opening; *w; w++) {
        size_t n = strlen(*w);
        if (strncmp(sig, *w, n) == 0 && sig[n] == ' ') return *w;
    }
    return NULL;
}
