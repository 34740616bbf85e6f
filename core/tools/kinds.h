/*
 * The kinds a `kind` argument may name: the stored symbol, text and chunk
 * kinds, and each language's own words for them (Rust's `trait` is stored as
 * `interface`, Python's `def` as `function`).
 */
#ifndef CORTEX_TOOLS_KINDS_H
#define CORTEX_TOOLS_KINDS_H

/** Resolves `name` to the kind it is stored as: `*out` is `name` itself when
 *  it is a stored kind, the stored kind an alias names, or unset on failure
 *  (CORTEX_EINVALID, the message listing the kinds and aliases). `*out` is
 *  static or `name`. */
int cortex_tool_kind_resolve(const char **out, const char *name);

#endif
