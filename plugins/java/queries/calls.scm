; Calls with their object as qualifier, `new` as instantiation.
(method_invocation !object name: (identifier) @name) @reference.call
(method_invocation object: (_) @qualifier name: (identifier) @name) @reference.call
(object_creation_expression type: (type_identifier) @name) @reference.instantiation
(object_creation_expression type: (generic_type (type_identifier) @name)) @reference.instantiation
(object_creation_expression type: (scoped_type_identifier (type_identifier) @name .)) @reference.instantiation
; Type uses: extends, implements, parameters, results, fields.
(superclass [(type_identifier) @name (generic_type (type_identifier) @name)]) @reference.type
(super_interfaces (type_list [(type_identifier) @name (generic_type (type_identifier) @name)])) @reference.type
(extends_interfaces (type_list [(type_identifier) @name (generic_type (type_identifier) @name)])) @reference.type
(formal_parameter type: [(type_identifier) @name (generic_type (type_identifier) @name)]) @reference.type
(method_declaration type: [(type_identifier) @name (generic_type (type_identifier) @name)]) @reference.type
(field_declaration type: [(type_identifier) @name (generic_type (type_identifier) @name)]) @reference.type
