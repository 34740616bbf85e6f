; Comments: `-- line`, `--- doc`, `--[[ block ]]`; the core removes the markers.
(comment) @text.comment
; Strings (the core keeps the prose-like ones).
(string content: (string_content) @text.string)
