; Calls with the operand as qualifier (`fmt` in fmt.Println, `s.mu` in s.mu.Lock()).
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (selector_expression operand: (_) @qualifier field: (field_identifier) @name)) @reference.call
; Composite literals (`Point{1, 2}`, `&Server{}`) instantiate their type.
(composite_literal type: (type_identifier) @name) @reference.instantiation
(composite_literal type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name)) @reference.instantiation
(composite_literal type: (generic_type type: (type_identifier) @name)) @reference.instantiation
; Type uses: parameters, results, fields, conversions.
(parameter_declaration type: [(type_identifier) @name (pointer_type (type_identifier) @name) (slice_type element: (type_identifier) @name)]) @reference.type
(parameter_declaration type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name)) @reference.type
(parameter_declaration type: (pointer_type (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))) @reference.type
(method_declaration result: [(type_identifier) @name (pointer_type (type_identifier) @name)]) @reference.type
(function_declaration result: [(type_identifier) @name (pointer_type (type_identifier) @name)]) @reference.type
(field_declaration name: (field_identifier) type: [(type_identifier) @name (pointer_type (type_identifier) @name) (slice_type element: (type_identifier) @name)]) @reference.type
