/*
 * Error codes and the thread-local last-error message (libgit2's model): a
 * failing function returns a negative CORTEX_E* code and sets the message once,
 * where the failure happens; whoever reports it reads cortex_error_last().
 */
#ifndef CORTEX_UTIL_ERROR_H
#define CORTEX_UTIL_ERROR_H

typedef enum cortex_error_code {
    CORTEX_OK = 0,
    CORTEX_ERROR = -1,     /* generic failure */
    CORTEX_ENOTFOUND = -2, /* a file, plugin or record does not exist */
    CORTEX_EINVALID = -3,  /* bad input: arguments, configuration, data */
    CORTEX_EIO = -4,       /* reading or writing failed */
    CORTEX_EVERSION = -5,  /* an ABI or schema version cannot be used */
    CORTEX_ENOMEM = -6,
    CORTEX_ECANCELLED = -7, /* the caller asked to stop */
    CORTEX_ESCHEMA = -8,    /* a store of an older schema, opened to read: the next index run rebuilds it */
    CORTEX_ESTALE = -9      /* handles of an older index generation than the store's (HTTP: 409) */
} cortex_error_code;

/** Sets the last error message (printf-style) and returns `code`. */
int cortex_error_set(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/** The last error message of this thread; "" when none. Borrowed. */
const char *cortex_error_last(void);

/** Aborts with a message: for allocation failure, which cortex does not try to survive. */
_Noreturn void cortex_die_oom(void);

#endif
