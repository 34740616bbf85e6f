/*
 * File header: not attached to anything.
 */

#include <stddef.h>

/**
 * Copies a buffer through its ops table.
 *
 * Returns the number of bytes copied.
 */
int buf_copy(char *dst, const char *src);

/**
 * Copies a buffer through its ops table.
 */
int buf_copy(char *dst, const char *src)
{
    return 0; /* trailing, inside */
}

/* A plain block comment. */
static void reset(void)
{
}

// Line comment one.
// Line comment two.
void tick(void)
{
    // a comment inside the body
    reset();
}

/** Not adjacent: a blank line follows. */

void gap(void)
{
}

/** Operations a device supports. */
struct ops {
    /** Opens the device. */
    int (*open)(void);
    int flags; /* trailing field comment */
};

/** The largest buffer. */
#define BUF_MAX 4096

/** Global counter. */
int counter;
