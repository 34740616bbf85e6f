; JSX (JavaScript and TSX). A capitalised element is a component: `<Total />`
; and `<Layout.Header>` are instantiations of Total and Header (qualified by
; Layout), like `new Total()`; lower-case elements are HTML tags, not
; references. Text between tags is prose.
; `(_ object: ... property: ...)` is a member_expression (see
; plugins/javascript/queries/tags.scm).
((jsx_opening_element name: (identifier) @name) @reference.instantiation (#match? @name "^[A-Z]"))
((jsx_self_closing_element name: (identifier) @name) @reference.instantiation (#match? @name "^[A-Z]"))
(jsx_opening_element name: (_ object: (_) @qualifier property: (property_identifier) @name)) @reference.instantiation
(jsx_self_closing_element name: (_ object: (_) @qualifier property: (property_identifier) @name)) @reference.instantiation
(jsx_text) @text.string
(jsx_attribute (string (string_fragment) @text.string))
