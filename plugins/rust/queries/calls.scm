; Calls: plain, methods (the receiver as qualifier), paths (`Vec::new`:
; qualifier Vec), macros (`println!`, named without the bang).
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression value: (_) @qualifier field: (field_identifier) @name)) @reference.call
(call_expression function: (scoped_identifier path: (_) @qualifier name: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (scoped_identifier path: (_) @qualifier name: (identifier) @name))) @reference.call
(macro_invocation macro: (identifier) @name) @reference.call
; Struct literals instantiate their type.
(struct_expression name: (type_identifier) @name) @reference.instantiation
(struct_expression name: (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)) @reference.instantiation
; Type uses: parameters, results, fields, trait impls and bounds.
(parameter type: [(type_identifier) @name (reference_type type: (type_identifier) @name) (generic_type type: (type_identifier) @name)]) @reference.type
(function_item return_type: [(type_identifier) @name (generic_type type: (type_identifier) @name) (reference_type type: (type_identifier) @name)]) @reference.type
(field_declaration type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
(impl_item trait: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
(trait_bounds (type_identifier) @name) @reference.type
