/*
 * The Python grammar's external scanner, compiled with its serialized state
 * bounded: the scanner writes two bytes per open indentation level while its
 * count is below tree-sitter's fixed buffer, so at about five hundred nested
 * blocks (with an odd number of open string delimiters) it wrote one byte
 * past the buffer and returned a length tree-sitter refuses, aborting the
 * indexer. Past the buffer, the innermost levels are not carried across a
 * re-lex; the file still parses, its deepest nesting flattened.
 */
#define tree_sitter_python_external_scanner_serialize python_serialize_unbounded
#include "scanner.c"
#undef tree_sitter_python_external_scanner_serialize

/* tree-sitter's TREE_SITTER_SERIALIZATION_BUFFER_SIZE (tree_sitter/parser.h);
 * the header is the interpolation flag and the delimiter count. */
enum {
    SCANNER_STATE_MAX = 1024,
    SCANNER_STATE_HEADER = 2,
    INDENT_BYTES = 2
};

unsigned tree_sitter_python_external_scanner_serialize(void *payload, char *buffer);

unsigned tree_sitter_python_external_scanner_serialize(void *payload, char *buffer)
{
    Scanner *s = (Scanner *)payload;
    size_t delimiters = s->delimiters.size > UINT8_MAX ? UINT8_MAX : s->delimiters.size;
    /* The first level (column 0) is implied and not written. */
    size_t fits = 1 + (SCANNER_STATE_MAX - SCANNER_STATE_HEADER - delimiters) / INDENT_BYTES;
    if (s->indents.size <= fits) return python_serialize_unbounded(s, buffer);
    uint32_t open = s->indents.size;
    s->indents.size = (uint32_t)fits;
    unsigned n = python_serialize_unbounded(s, buffer);
    s->indents.size = open;
    return n;
}
