; Bash prose.
;
; `#` comments (a block right above a function is its doc); the `#!`
; interpreter line is not prose, and would otherwise join the comment below it.
((comment) @text.comment (#not-match? @text.comment "^#!"))

; Strings, whole: "..." (with its $expansions), '...' and $'...' (the core
; removes the quotes and keeps only prose-like ones; a sourced path is an
; import's name, not prose), and here-document bodies (usage texts). A
; string that is one expansion, `"${1:-/var/www}"` or `"$(uname -s)"`, is
; code, not prose.
((string) @text.string (#not-match? @text.string "^\"\\$(\\(.*\\)|\\{.*\\})\"$"))
(raw_string) @text.string
(ansi_c_string) @text.string
(heredoc_body) @text.string
