/* The thread-local last-error message behind cortex_error_set/last. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static _Thread_local char last_message[1024];

int cortex_error_set(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_message, sizeof last_message, fmt, ap);
    va_end(ap);
    return code;
}

const char *cortex_error_last(void) { return last_message; }

void cortex_die_oom(void)
{
    fputs("cortex: out of memory\n", stderr);
    abort();
}
