; Prose: comments and string literals (the core drops trivial strings and
; lets a docstring capture win over the same string here).
; A `#!` line is an interpreter path for the shell, not prose.
((comment) @text.comment (#not-match? @text.comment "^#!"))
(string) @text.string
