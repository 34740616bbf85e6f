/*
 * The kinds a `kind` argument may name: the stored symbol, text and chunk
 * kinds, the words every language shares for them (`def` for `function`),
 * each plugin's own words (Rust's `trait`, stored as `interface`), and any
 * kind a third-party plugin stored.
 */
#ifndef CORTEX_TOOLS_KINDS_H
#define CORTEX_TOOLS_KINDS_H

#include "../plugin/loader.h"
#include "../store/search.h"

/** Sets `q`'s kind filter for `name`: its stored kind, and the (language,
 *  kind) pairs of the plugins whose own word it is. CORTEX_EINVALID, with the
 *  message listing the kinds, when no table, plugin or row of the store
 *  (`r`, may be NULL) knows it. `q`'s strings are static or borrowed from
 *  `name` and `plugins`. */
int cortex_tool_kind_filter(cortex_store_search *q, const cortex_plugin_set *plugins, cortex_store_reader *r,
                            const char *name);

#endif
