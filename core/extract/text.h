/*
 * Text shaping shared by every language: whitespace collapsing for names and
 * signatures, quote stripping for strings and import paths, comment-marker
 * stripping and docstring dedenting, and the first-paragraph summary kept on a
 * symbol. All results are allocated in the given arena.
 */
#ifndef CORTEX_EXTRACT_TEXT_H
#define CORTEX_EXTRACT_TEXT_H

#include "../util/mem.h"

#include <stddef.h>

/** Maximum bytes of a signature; longer ones are cut at a character boundary and end in "...". */
#define CORTEX_SIG_MAX 400
/** Maximum bytes of a symbol's doc summary. */
#define CORTEX_DOC_SUMMARY_MAX 300

/** Runs of whitespace become one space; leading and trailing whitespace go. */
char *cortex_text_collapse(cortex_arena *a, const char *s, size_t n);

/** A declaration's signature: collapsed, trailing '{', ':', ';' and '=' removed, capped. */
char *cortex_text_signature(cortex_arena *a, const char *s, size_t n);

/** A string literal's contents: prefix letters and matching quotes removed,
 *  common indentation removed (Python's inspect.cleandoc), blank edges trimmed. */
char *cortex_text_unquote(cortex_arena *a, const char *s, size_t n);

/** A comment's prose: //, ///, //!, #, and slash-star markers and leading '*' gutters removed. */
char *cortex_text_uncomment(cortex_arena *a, const char *s, size_t n);

/** True when a comment's prose (markers stripped) is an instruction to a
 *  tool rather than text for a reader: a linter's or formatter's switch
 *  (`eslint-disable-next-line`, `noqa`, `NOLINT`, `clang-format off`,
 *  `@ts-ignore`, `rubocop:disable`, `pragma: no cover`, ...). */
int cortex_text_is_directive(const char *text);

/** The first paragraph of `s`, whitespace collapsed and capped. */
char *cortex_text_summary(cortex_arena *a, const char *s);

/** True when a string's contents are worth indexing as prose: at least
 *  CORTEX_STRING_MIN_LETTERS letters, and either a space (a message) or a
 *  slash in at least CORTEX_STRING_MIN_WORDLESS bytes (a path, a URL). Keys
 *  and identifiers ("name", "content_type", "__main__") are lookups, not prose. */
#define CORTEX_STRING_MIN_LETTERS 3
#define CORTEX_STRING_MIN_WORDLESS 8
int cortex_text_is_meaningful(const char *s);

#endif
