/*
 * Fuzz target: the documentation chunker on arbitrary bytes, as Markdown
 * (split at headers, fences, front matter) and as plain text, at small
 * budgets so the paragraph, sentence and space splits are all reached.
 * Every chunk's lines must lie within the text.
 */
#include "chunk/chunk.h"
#include "index/source.h"

#include <cortex/plugin.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void chunk_as(const char *src, size_t len, uint32_t flags, const cortex_chunk_options *opts)
{
    cortex_file_records r;
    memset(&r, 0, sizeof r);
    r.path = "doc.md";
    r.lang = "doc";
    r.lang_flags = flags;
    cortex_source_describe(&r, src, len);
    cortex_chunk_doc(&r, src, len, opts);
    for (size_t i = 0; i < r.nchunks; i++) {
        const cortex_chunk *c = &r.chunks[i];
        if (!c->content || c->line_start < 1 || c->line_end < c->line_start || c->line_end > r.lines + 1) abort();
    }
    cortex_file_records_reset(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The first byte picks the budget: tiny ones force every kind of split. */
    if (size < 1) return 0;
    cortex_chunk_options opts = {1 + data[0] % 64, data[0] % 8};
    const char *src = (const char *)data + 1;
    size_t len = size - 1;
    chunk_as(src, len, CORTEX_PLUGIN_PROSE | CORTEX_PLUGIN_OUTLINE_MARKDOWN, &opts);
    chunk_as(src, len, CORTEX_PLUGIN_PROSE, &opts);
    return 0;
}
