/*
 * Chunks: a file cut into pieces an agent (or an embedding model) can take
 * whole. Documentation is split at its headers within a token budget; a code
 * file becomes three tiers rendered as Markdown: a symbols overview, its
 * definitions (signatures and type bodies as code), its data (constants and
 * their values). Chunks live in the file's arena, beside its records.
 */
#ifndef CORTEX_CHUNK_CHUNK_H
#define CORTEX_CHUNK_CHUNK_H

#include "../record/records.h"
#include "../util/tokens.h"

#include <stddef.h>
#include <stdint.h>

/* Budgets are in tokens of CORTEX_BYTES_PER_TOKEN bytes (util/tokens.h). */
#define CORTEX_CHUNK_DEFAULT_TOKENS 400
#define CORTEX_CHUNK_DEFAULT_OVERLAP 50

typedef struct cortex_chunk_options {
    uint32_t tokens;  /* budget per chunk */
    uint32_t overlap; /* tokens a split section's next piece repeats */
} cortex_chunk_options;

/** True for a file whose plugin says it is documentation (CORTEX_PLUGIN_PROSE):
 *  chunked as text. */
int cortex_chunk_is_doc(const cortex_file_records *r);

/** Appends to r->chunks (strings in r->arena) the chunks of documentation:
 *  Markdown split at its headers, other text by paragraphs. Every line of the
 *  text is in some chunk. */
void cortex_chunk_doc(cortex_file_records *r, const char *src, size_t len, const cortex_chunk_options *opts);

/** Appends the three tiers of a code file, from its records and source. */
void cortex_chunk_code(cortex_file_records *r, const char *src, size_t len, const cortex_chunk_options *opts);

/** Chunks a file by its language: documentation or code. */
void cortex_chunk_file(cortex_file_records *r, const char *src, size_t len, const cortex_chunk_options *opts);

#endif
