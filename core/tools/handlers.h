/*
 * The tool handlers and what they share: store rows (store/read.h) as result
 * objects, pages, snippets read from disk. Internal to core/tools/.
 */
#ifndef CORTEX_TOOLS_HANDLERS_H
#define CORTEX_TOOLS_HANDLERS_H

#include "tools.h"

int cortex_tool_explore(cortex_tool_session *s, json_t *args, json_t **result);
int cortex_tool_search(cortex_tool_session *s, json_t *args, json_t **result);
int cortex_tool_file_symbols(cortex_tool_session *s, json_t *args, json_t **result);
int cortex_tool_children(cortex_tool_session *s, json_t *args, json_t **result);
int cortex_tool_imports(cortex_tool_session *s, json_t *args, json_t **result);
int cortex_tool_callers(cortex_tool_session *s, json_t *args, json_t **result);
int cortex_tool_callees(cortex_tool_session *s, json_t *args, json_t **result);
int cortex_tool_flush(cortex_tool_session *s, json_t *args, json_t **result);

void cortex_render_explore(const json_t *result, cortex_buf *out);
void cortex_render_flush(const json_t *result, cortex_buf *out);

/* ---- shared by the handlers ------------------------------------------- */

/** A JSON string of `n` bytes, invalid UTF-8 replaced by U+FFFD (source text may be any bytes). */
json_t *cortex_json_text(const char *s, size_t n);
/** A store string as JSON: a string, or JSON null for NULL. */
json_t *cortex_text_json(const char *s);

/** A symbol row as the object every symbol listing returns. */
json_t *cortex_symbol_json(const cortex_store_symbol *sym);

/** Adds "project" to `item` when the file is in a nested project (a
 *  repository inside the root); files of the root's own say nothing. */
void cortex_project_field(json_t *item, const char *project);

/** Resolves the `file` argument to an indexed file: its id and repository path.
 *  Fails with an actionable message when the path leaves the root or is not indexed. */
int cortex_tool_indexed_file(cortex_tool_session *s, const char *arg, int64_t *file_id, char *path, size_t path_size);

/** Adds total, offset, truncated and next_offset to a page result. */
void cortex_page_finish(json_t *result, int64_t total, int64_t offset, size_t shown);

/** Lines [first, last] of a repository file, read from disk now; NULL when unreadable.
 *  Caller frees. */
char *cortex_read_lines(const char *root, const char *path, int64_t first, int64_t last);

#endif
