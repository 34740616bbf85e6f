; ATX (# Title) and setext (Title / ===) headings: the section node spans the
; heading and its body, up to the next heading of the same or higher level.
(section (atx_heading heading_content: (inline) @name)) @definition.section
(section (setext_heading heading_content: (paragraph) @name)) @definition.section

; Fenced code blocks, with the language of their info string when present.
(fenced_code_block
  (info_string (language) @text.language)?
  (code_fence_content) @text.sample)
