; Comments (`///`, `/** */` and `//` blocks above a definition are its doc) and prose strings.
(comment) @text.comment
(string_literal (string_content) @text.string)
