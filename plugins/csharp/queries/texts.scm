; Comments (`///` XML docs attach to the declaration below) and prose strings.
(comment) @text.comment
(string_literal (string_literal_content) @text.string)
(verbatim_string_literal) @text.string
