; Ruby prose.
;
; Comments: `#` lines (a block of them right above a definition is its doc)
; and `=begin`/`=end` blocks. A `#!` interpreter line and magic comments
; (`# frozen_string_literal: true`, `# encoding: utf-8`, `# -*- ... -*-`)
; are not prose, and would otherwise become the doc of a class on the next line.
((comment) @text.comment
 (#not-match? @text.comment "^#!|^#[ \t]*(-\\*-|(frozen_string_literal|encoding|coding|warn_indent|shareable_constant_value):)"))

; Strings, whole (the core removes the quotes, keeps only prose-like ones, and
; drops a require'd path: it is an import's name); %q()/%Q{} literals by their
; content; heredoc bodies, unless their delimiter names a language
; (`<<~RUBY`, `<<-SQL`: code, not prose; code under another delimiter, such
; as `<<~END`, is kept).
((string) @text.string (#match? @text.string "^[\"']"))
((string (string_content) @text.string) @_literal (#match? @_literal "^%"))
((heredoc_body (heredoc_content) @text.string (heredoc_end) @_end)
 (#not-match? @_end "^[ \t]*(RUBY|RB|CODE|EOC|SRC|SQL|JS|JAVASCRIPT|CSS|SH|BASH|SHELL|YAML|YML|JSON|XML|HTML|ERB|C|CPP|PY|PYTHON)[ \t]*$"))
