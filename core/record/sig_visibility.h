/*
 * A symbol's visibility as its signature says it, as a reader of the JSONL
 * index can find it: format 1.6 writes a symbol's `visibility` only where it
 * differs from this one (docs/index-format.md, symbols).
 */
#ifndef CORTEX_RECORD_SIG_VISIBILITY_H
#define CORTEX_RECORD_SIG_VISIBILITY_H

/** The first word of `sig` (NULL: none) when it is a visibility a
 *  declaration opens with (`static`, `public`, `private`, `protected`,
 *  `internal`), as a static string; else NULL. */
const char *cortex_record_sig_visibility(const char *sig);

#endif
