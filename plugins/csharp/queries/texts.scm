; Comments (a whole-line block right above a declaration, such as the `///`
; XML doc lines, is its doc; the core strips `//`, `///` and `/* */` markers
; but keeps the XML tags) and string literals: regular, verbatim (`@"..."`),
; raw (`"""..."""`) and interpolated (`$"..."`, whose text keeps its
; `{holes}`). The core keeps only prose-like strings.
(comment) @text.comment
(string_literal) @text.string
(verbatim_string_literal) @text.string
(raw_string_literal) @text.string
(interpolated_string_expression) @text.string
