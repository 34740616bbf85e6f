; Comments (the block above a function is its doc; the shebang is a comment
; too, harmlessly) and prose strings.
(comment) @text.comment
(string (string_content) @text.string)
(raw_string) @text.string
