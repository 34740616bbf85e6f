; Comments (`//`, `#`, `/* */`; a PHPDoc `/** */` block right above a
; definition is its doc, the core removing the `*` gutter) and prose strings,
; whole (the core removes the quotes and keeps only prose-like ones; a
; require'd path is an import's name, not prose); heredoc and nowdoc bodies.
(comment) @text.comment
(string) @text.string
(encapsed_string) @text.string
(heredoc_body) @text.string
(nowdoc_body) @text.string
