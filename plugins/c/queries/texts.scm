; Prose: comments and string literals.
(comment) @text.comment
(string_literal) @text.string
