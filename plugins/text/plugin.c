/*
 * The text plugin: reStructuredText and plain-text documentation. It has no
 * grammar and no queries: it claims the files so the index lists them and
 * the chunks sink splits them by paragraphs (core/chunk/). Its regions hook
 * reports no code inside them, which is what lets a plugin go without a
 * grammar (see the SDK header).
 */
#include <cortex/plugin.h>

#include <stddef.h>

static const char *const extensions[] = {".rst", ".rest", ".txt", ".text", NULL};

static void no_regions(const char *path, const char *source, size_t len, cortex_region_fn emit, void *payload)
{
    (void)path, (void)source, (void)len, (void)emit, (void)payload;
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "text",
    .version = "0.1.0",
    .extensions = extensions,
    .embedded_regions = no_regions,
    .flags = CORTEX_PLUGIN_PROSE,
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
