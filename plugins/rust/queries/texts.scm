; Comments: `///` and `/** */` doc comments above an item become its doc (the
; core strips the markers); `//!` and `/*! */` inner docs are comments of the
; module or file they sit in. Strings, raw strings (`r#"..."#`) included: the
; core keeps the prose-like ones.
(line_comment) @text.comment
(block_comment) @text.comment
(string_literal (string_content) @text.string)
(raw_string_literal (string_content) @text.string)
