; Comments (`///` and `//!` docs attach to the item below) and prose strings.
(line_comment) @text.comment
(block_comment) @text.comment
(string_literal (string_content) @text.string)
