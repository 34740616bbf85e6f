/*
 * A memory file: YAML front matter between "---" lines, then a Markdown
 * body. Read and written with libyaml (a hand edit is legitimate: any YAML
 * that means the same reads the same); dates are ISO 8601 UTC in the file
 * and epoch milliseconds in memory.
 */
#ifndef CORTEX_MEMORY_FRONT_MATTER_H
#define CORTEX_MEMORY_FRONT_MATTER_H

#include "../util/mem.h"

#include <stddef.h>
#include <stdint.h>

/** What a memory cites: a file of the repository, a symbol (optionally in
 *  that file), or a URL. Any field may be NULL; at least one is set. */
typedef struct cortex_memory_citation {
    char *file, *symbol, *url;
} cortex_memory_citation;

/** The front matter's keys cortex does not know (a person's own: `owner:`,
 *  nested maps, lists, anchors, tags), kept as libyaml events so a rewrite
 *  puts each back with the same value, in their order, after cortex's own. */
typedef struct cortex_memory_extra cortex_memory_extra;

typedef struct cortex_memory_doc {
    char *title;              /* NULL: none given */
    int64_t created_at, updated_at; /* epoch ms */
    int64_t expires_at;       /* epoch ms; 0: never */
    char **tags;
    size_t ntags;
    char *source;             /* "mcp", "cli", "user", ...; NULL: unknown */
    cortex_memory_citation *citations;
    size_t ncitations;
    char *body;               /* the Markdown after the front matter, as written */
    cortex_memory_extra *extra; /* NULL: no other key; owned, freed by dispose */
} cortex_memory_doc;

/** Parses a memory file's `len` bytes. On a fault, CORTEX_EINVALID with the
 *  message "<name>:<line>:<col>: what" (1-based, in the file). Caller owns
 *  `*out` on success; dispose with cortex_memory_doc_dispose(). */
int cortex_memory_doc_parse(cortex_memory_doc *out, const char *text, size_t len, const char *name);

/** Appends the file text of `doc`: front matter (fields in a fixed order,
 *  absent ones left out, then `doc->extra`'s keys as they were read) then
 *  the body. */
int cortex_memory_doc_emit(cortex_buf *out, const cortex_memory_doc *doc);

/** Frees what `doc` holds (not `doc`); NULL-safe, leaves it zeroed. */
void cortex_memory_doc_dispose(cortex_memory_doc *doc);

/** "2026-02-13T10:00:00.000Z" (also without milliseconds, with an offset
 *  "+02:00", or a date alone) into epoch ms; -1 when not such a date. */
int cortex_memory_time_parse(int64_t *out, const char *text);
/** Epoch ms as "2026-02-13T10:00:00.000Z" into `out` (at least 32 bytes). */
void cortex_memory_time_format(char *out, int64_t ms);
/** Now, in epoch ms. */
int64_t cortex_memory_now_ms(void);

/** Frees the keys kept by a parse; NULL-safe. */
void cortex_memory_extra_free(cortex_memory_extra *x);

/* ---- a category's description: <category>/_category.yml, "description: text" ---- */

/** The description in a _category.yml's `len` bytes (`*out` NULL when none;
 *  caller frees); CORTEX_EINVALID "<name>:line:col: ..." when not such YAML.
 *  With `extra`, the file's other keys are kept there (NULL when none;
 *  free with cortex_memory_extra_free), as a memory's are. */
int cortex_memory_category_parse(char **out, cortex_memory_extra **extra, const char *text, size_t len,
                                 const char *name);
/** A _category.yml: `description` (NULL: none), then `extra`'s keys as they were read. */
int cortex_memory_category_emit(cortex_buf *out, const char *description, const cortex_memory_extra *extra);

#endif
