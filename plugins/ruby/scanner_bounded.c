/*
 * The Ruby grammar's external scanner, compiled with its serialized state
 * checked: the scanner stores a heredoc word's length in one byte and checks
 * the buffer two bytes short of what it writes, so a heredoc word of 256
 * bytes or more (an unclosed quoted word runs to the end of the file) came
 * back shorter than written, and tree-sitter's assertion aborted the indexer
 * (fuzz_extract-ruby); one word of the right length wrote past the buffer.
 * A state that cannot be written whole is not written (the scanner's own
 * answer to overflow): the file still parses, without that heredoc carried
 * across a re-lex.
 */
#define tree_sitter_ruby_external_scanner_serialize ruby_serialize_unchecked
#include "scanner.c"
#undef tree_sitter_ruby_external_scanner_serialize

/* tree-sitter's TREE_SITTER_SERIALIZATION_BUFFER_SIZE (tree_sitter/parser.h). */
enum {
    SCANNER_STATE_MAX = 1024,
    LITERAL_BYTES = 5,
    HEREDOC_HEADER_BYTES = 4,
    BYTE_MAX = 255
};

unsigned tree_sitter_ruby_external_scanner_serialize(void *payload, char *buffer);

static bool state_fits(const Scanner *s)
{
    if (s->literal_stack.size > BYTE_MAX || s->open_heredocs.size > BYTE_MAX) return false;
    size_t need = 2 + (size_t)s->literal_stack.size * LITERAL_BYTES;
    for (uint32_t i = 0; i < s->open_heredocs.size; i++) {
        size_t word = s->open_heredocs.contents[i].word.size;
        if (word > BYTE_MAX) return false;
        need += HEREDOC_HEADER_BYTES + word;
    }
    return need <= SCANNER_STATE_MAX;
}

unsigned tree_sitter_ruby_external_scanner_serialize(void *payload, char *buffer)
{
    Scanner *s = (Scanner *)payload;
    return state_fits(s) ? serialize(s, buffer) : 0;
}
