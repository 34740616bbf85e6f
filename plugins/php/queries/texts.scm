; Comments (PHPDoc attaches to the declaration below) and prose strings.
(comment) @text.comment
(string (string_content) @text.string)
(encapsed_string (string_content) @text.string)
