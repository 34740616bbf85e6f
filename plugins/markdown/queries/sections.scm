; Headings form an outline (#set! level): each section spans its heading and
; body up to the next heading of the same or a higher level, and its parent is
; the enclosing heading. Setext headings (Title / ===) have no section node in
; this grammar, so both kinds are captured as headings and the core derives
; the extent from the levels.
((atx_heading (atx_h1_marker) heading_content: (inline) @name) @definition.section
 (#set! level "1") (#strip! @name "[[:space:]]+#+[[:space:]]*$"))
((atx_heading (atx_h2_marker) heading_content: (inline) @name) @definition.section
 (#set! level "2") (#strip! @name "[[:space:]]+#+[[:space:]]*$"))
((atx_heading (atx_h3_marker) heading_content: (inline) @name) @definition.section
 (#set! level "3") (#strip! @name "[[:space:]]+#+[[:space:]]*$"))
((atx_heading (atx_h4_marker) heading_content: (inline) @name) @definition.section
 (#set! level "4") (#strip! @name "[[:space:]]+#+[[:space:]]*$"))
((atx_heading (atx_h5_marker) heading_content: (inline) @name) @definition.section
 (#set! level "5") (#strip! @name "[[:space:]]+#+[[:space:]]*$"))
((atx_heading (atx_h6_marker) heading_content: (inline) @name) @definition.section
 (#set! level "6") (#strip! @name "[[:space:]]+#+[[:space:]]*$"))
((setext_heading heading_content: (paragraph) @name (setext_h1_underline)) @definition.section
 (#set! level "1"))
((setext_heading heading_content: (paragraph) @name (setext_h2_underline)) @definition.section
 (#set! level "2"))

; Fenced code blocks, with the language of their info string when present.
(fenced_code_block
  (info_string (language) @text.language)?
  (code_fence_content) @text.sample)
