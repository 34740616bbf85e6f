; Comments (a whole-line block right above a declaration, Javadoc or not, is
; its doc; the core strips `/**`, `*` gutters and `//`) and string literals,
; whole: an escape sequence would otherwise split one into pieces. Text blocks
; (`"""`) are dedented. The core keeps only prose-like strings.
(line_comment) @text.comment
(block_comment) @text.comment
(string_literal) @text.string
