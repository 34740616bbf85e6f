/*
 * The Markdown plugin: headings become `section` symbols (the grammar's
 * section nodes give each heading the span of its body, and nesting gives the
 * parent heading); fenced code blocks become `sample` texts with their language.
 */
#include <cortex/plugin.h>

#include "markdown_queries.h"

const struct TSLanguage *tree_sitter_markdown(void);

static const char *const extensions[] = {".md", ".markdown", ".mdx", NULL};

static const cortex_query queries[] = {
    {"sections", cortex_query_sections},
};

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "markdown",
    .version = "0.1.0",
    .extensions = extensions,
    .language = tree_sitter_markdown,
    .queries = queries,
    .query_count = sizeof queries / sizeof *queries,
    .flags = CORTEX_PLUGIN_PROSE | CORTEX_PLUGIN_OUTLINE_MARKDOWN,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
