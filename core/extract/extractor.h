/*
 * The extractor: parses one file with its plugin's grammar, runs the plugin's
 * queries, and derives what is common to all languages — parents and qualified
 * names from span nesting, each reference's enclosing caller, signatures,
 * attached docs, 1-based line/column ranges. One extractor per thread.
 */
#ifndef CORTEX_EXTRACT_EXTRACTOR_H
#define CORTEX_EXTRACT_EXTRACTOR_H

#include "../plugin/loader.h"
#include "../record/records.h"

typedef struct cortex_extractor cortex_extractor;

typedef struct cortex_extract_limits {
    double parse_seconds;   /* give up parsing one file after this long; 0 = no limit */
    uint32_t match_limit;   /* tree-sitter in-progress match cap per query */
} cortex_extract_limits;

/** Caller owns `*out`; free with cortex_extractor_free(). */
int cortex_extractor_new(cortex_extractor **out, const cortex_extract_limits *limits);
void cortex_extractor_free(cortex_extractor *x);

/** Extracts the records of `src` (`len` bytes) into `out`, whose path, lang,
 *  hash, lines and bytes the caller fills. Returns 0, or CORTEX_EINVALID when
 *  the file could not be parsed (out->problem says why); records found before
 *  a limit was hit are kept. */
int cortex_extractor_run(cortex_extractor *x, const cortex_language_plugin *plugin, const char *src, size_t len,
                         cortex_file_records *out);

#endif
