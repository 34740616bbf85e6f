/*
 * The Markdown grammar's external scanner, compiled with its state bounded:
 * tree-sitter gives a scanner a fixed buffer to serialize into, and this
 * scanner writes one entry per open block, so a few hundred nested block
 * quotes or list items wrote past it and crashed the indexer (issue 24).
 * Past the buffer, the innermost blocks are not carried across a
 * re-lex; the file still parses, its deepest nesting flattened.
 */
#define tree_sitter_markdown_external_scanner_serialize markdown_serialize_unbounded
#include "scanner.c"
#undef tree_sitter_markdown_external_scanner_serialize

/* tree-sitter's TREE_SITTER_SERIALIZATION_BUFFER_SIZE (tree_sitter/parser.h). */
enum { SCANNER_STATE_MAX = 1024, SCANNER_STATE_HEADER = 5 };

unsigned tree_sitter_markdown_external_scanner_serialize(void *payload, char *buffer);

unsigned tree_sitter_markdown_external_scanner_serialize(void *payload, char *buffer)
{
    Scanner *s = (Scanner *)payload;
    size_t fits = (SCANNER_STATE_MAX - SCANNER_STATE_HEADER) / sizeof(Block);
    if (s->open_blocks.size <= fits) return serialize(s, buffer);
    size_t open = s->open_blocks.size;
    s->open_blocks.size = fits;
    unsigned n = serialize(s, buffer);
    s->open_blocks.size = open;
    return n;
}
