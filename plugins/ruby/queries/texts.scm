; Comments (a `#` block above a definition is its doc) and prose strings.
(comment) @text.comment
(string (string_content) @text.string)
