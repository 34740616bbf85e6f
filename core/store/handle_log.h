/*
 * The handles the tools have issued and what agents expanded, kept beside
 * the store in a small database of its own (`.cortex/handles.db`): a handle
 * id is a hash, so expanding one means finding what was issued under it;
 * and the expands of past queries are a ranking prior for the next (which
 * handles an agent chose to read, for which query terms). Nothing in it is
 * needed to answer anything else: deleted, it is made again empty.
 */
#ifndef CORTEX_STORE_HANDLE_LOG_H
#define CORTEX_STORE_HANDLE_LOG_H

#include <stddef.h>
#include <stdint.h>

typedef struct cortex_handle_log cortex_handle_log;

/** What one handle names: a unit of the index, where it was when issued. */
typedef struct cortex_handle_record {
    const char *id;                 /* "h" and 24 hex digits */
    const char *unit;               /* "symbol", "reference", "chunk", "text", "file" */
    const char *file, *kind, *name; /* name may be NULL */
    int64_t line, line_end;
    int64_t generation; /* of the index it came from */
    const char *terms;  /* the issuing query's terms, space separated, or NULL */
} cortex_handle_record;

typedef int (*cortex_handle_record_cb)(const cortex_handle_record *record, void *payload);

/** Opens (creating when missing) the log at `path`. */
int cortex_handle_log_open(cortex_handle_log **out, const char *path);
void cortex_handle_log_close(cortex_handle_log *log);

/** Records `n` issued handles in one transaction (a handle issued again
 *  takes the newer record). */
int cortex_handle_log_issue(cortex_handle_log *log, const cortex_handle_record *records, size_t n);

/** The record issued under `id`: `cb` once, or CORTEX_ENOTFOUND (no message). */
int cortex_handle_log_find(cortex_handle_log *log, const char *id, cortex_handle_record_cb cb, void *payload);

/** Notes that handle `id` was expanded at `now` (seconds): for each term of
 *  the query that issued it, the pair (term, id) counts once more. */
int cortex_handle_log_expanded(cortex_handle_log *log, const char *id, int64_t now);

/** The prior of the handles expanded before for any of `terms` (NULL
 *  terminated): `cb(id, expands, last)` per handle, `expands` summed over the
 *  terms, `last` the latest expand's time. */
typedef int (*cortex_handle_prior_cb)(const char *id, int64_t expands, int64_t last, void *payload);
int cortex_handle_log_prior(cortex_handle_log *log, const char *const *terms, cortex_handle_prior_cb cb, void *payload);

#endif
