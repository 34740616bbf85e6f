; Comments (a whole-line block right above a declaration is its doc) and
; strings, whole: an escape sequence (`\n`) would otherwise split one into
; pieces. The core keeps only prose-like strings. Struct tags
; (`json:"name" yaml:"name"`) are metadata, not prose: left out.
(comment) @text.comment
((interpreted_string_literal) @text.string
 (#not-match? @text.string "^.[A-Za-z_.-]+:[\\\\]?\""))
((raw_string_literal) @text.string
 (#not-match? @text.string "^.[A-Za-z_.-]+:[\\\\]?\""))
