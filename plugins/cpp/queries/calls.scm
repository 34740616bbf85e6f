; Calls with their object or scope as qualifier; `new T` instantiates T; base classes are type uses.
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression argument: (_) @qualifier field: (field_identifier) @name)) @reference.call
(call_expression function: (qualified_identifier scope: (_) @qualifier name: (identifier) @name)) @reference.call
(call_expression function: (template_function name: (identifier) @name)) @reference.call
(new_expression type: (type_identifier) @name) @reference.instantiation
(new_expression type: (qualified_identifier scope: (_) @qualifier name: (type_identifier) @name)) @reference.instantiation
(base_class_clause (type_identifier) @name) @reference.type
(base_class_clause (qualified_identifier name: (type_identifier) @name)) @reference.type
(parameter_declaration type: (type_identifier) @name) @reference.type
(field_declaration type: (type_identifier) @name) @reference.type
