; TypeScript's own definitions and type references (JavaScript's are in
; plugins/javascript/queries, shared).

; Class members with an accessibility modifier: its text is the visibility.
(method_definition
  (accessibility_modifier) @visibility
  name: [(property_identifier) (private_property_identifier)] @name
  body: (statement_block) @body) @definition.function
(public_field_definition
  (accessibility_modifier) @visibility
  name: [(property_identifier) (private_property_identifier)] @name) @definition.property
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name) @definition.property
(abstract_method_signature name: (property_identifier) @name) @definition.method
(abstract_class_declaration name: (type_identifier) @name body: (class_body) @body) @definition.class

; Interfaces and their members; type aliases; enums and their members; namespaces.
(interface_declaration name: (type_identifier) @name body: (_) @body) @definition.interface
(property_signature name: (property_identifier) @name) @definition.property
(method_signature name: (property_identifier) @name) @definition.method
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(enum_body (property_identifier) @name @definition.constant)
(enum_body (enum_assignment name: (property_identifier) @name) @definition.constant)
(internal_module name: (_) @name body: (statement_block) @body) @definition.module
(function_signature name: (identifier) @name) @definition.function

; Type references: annotations, generics' arguments, extends and implements.
(type_annotation (type_identifier) @name) @reference.type
(type_annotation (generic_type name: (type_identifier) @name)) @reference.type
(type_annotation (array_type (type_identifier) @name)) @reference.type
(type_arguments (type_identifier) @name) @reference.type
(extends_clause value: (identifier) @name) @reference.type
(implements_clause (type_identifier) @name) @reference.type
(implements_clause (generic_type name: (type_identifier) @name)) @reference.type
(extends_type_clause type: (type_identifier) @name) @reference.type
