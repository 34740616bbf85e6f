; Comments (JSDoc included: the core attaches the block above a definition
; and removes the /** * */ gutter) and prose strings where values go — not
; import and export sources, which are imports.
(comment) @text.comment
(arguments (string (string_fragment) @text.string))
(variable_declarator value: (string (string_fragment) @text.string))
(assignment_expression right: (string (string_fragment) @text.string))
(pair value: (string (string_fragment) @text.string))
(return_statement (string (string_fragment) @text.string))
(array (string (string_fragment) @text.string))
(binary_expression (string (string_fragment) @text.string))
(throw_statement (new_expression arguments: (arguments (string (string_fragment) @text.string))))
(template_string (string_fragment) @text.string)
