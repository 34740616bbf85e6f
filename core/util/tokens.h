/*
 * The token estimate every layer shares: the chunker sizes chunks by it, the
 * record writers report each chunk's tokens with it, and the tools that
 * budget an agent's context count with it too.
 */
#ifndef CORTEX_UTIL_TOKENS_H
#define CORTEX_UTIL_TOKENS_H

#include <stddef.h>

/* A token is taken as four bytes of text: the usual ratio for English prose
 * and code with BPE tokenizers, and cheap enough to count everywhere. */
#define CORTEX_BYTES_PER_TOKEN 4

/** The tokens `bytes` bytes of text count as, rounded up. */
static inline size_t cortex_tokens_of(size_t bytes) { return (bytes + CORTEX_BYTES_PER_TOKEN - 1) / CORTEX_BYTES_PER_TOKEN; }

#endif
