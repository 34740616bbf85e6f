; Comments (the block above a declaration is its doc) and prose strings.
(comment) @text.comment
(interpreted_string_literal (interpreted_string_literal_content) @text.string)
(raw_string_literal (raw_string_literal_content) @text.string)
