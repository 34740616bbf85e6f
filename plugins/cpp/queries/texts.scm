; Prose: comments (a `///`, `/** */` or `//` block ending on the line above a
; definition is its doc) and string literals (the core keeps the prose-like
; ones). Raw strings (`R"(...)"`) by their content.
(comment) @text.comment
(string_literal) @text.string
(raw_string_literal (raw_string_content) @text.string)
