; JSX: a capitalised element is a component, instantiated.
((jsx_opening_element name: (identifier) @name) @reference.instantiation (#match? @name "^[A-Z]"))
((jsx_self_closing_element name: (identifier) @name) @reference.instantiation (#match? @name "^[A-Z]"))
((jsx_opening_element name: (member_expression object: (_) @qualifier property: (property_identifier) @name)) @reference.instantiation)
