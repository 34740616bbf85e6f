; Calls with their receiver as qualifier, `new` as instantiation.
(invocation_expression function: (identifier) @name) @reference.call
(invocation_expression function: (generic_name (identifier) @name)) @reference.call
(invocation_expression function: (member_access_expression expression: (_) @qualifier name: (identifier) @name)) @reference.call
(invocation_expression function: (member_access_expression expression: (_) @qualifier name: (generic_name (identifier) @name))) @reference.call
(object_creation_expression type: (identifier) @name) @reference.instantiation
(object_creation_expression type: (generic_name (identifier) @name)) @reference.instantiation
(object_creation_expression type: (qualified_name name: (identifier) @name)) @reference.instantiation
; Base types, parameter, property and field types.
(base_list (identifier) @name) @reference.type
(base_list (generic_name (identifier) @name)) @reference.type
(parameter type: [(identifier) @name (generic_name (identifier) @name)]) @reference.type
(property_declaration type: [(identifier) @name (generic_name (identifier) @name)]) @reference.type
(variable_declaration type: [(identifier) @name (generic_name (identifier) @name)]) @reference.type
(method_declaration returns: [(identifier) @name (generic_name (identifier) @name)]) @reference.type
