; Comments (Javadoc attaches to the declaration below) and prose strings.
(line_comment) @text.comment
(block_comment) @text.comment
(string_literal (string_fragment) @text.string)
