; Prose: comments and string literals (the core drops trivial strings and
; lets a docstring capture win over the same string here).
(comment) @text.comment
(string) @text.string
