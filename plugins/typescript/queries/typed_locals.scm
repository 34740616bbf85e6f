; TypeScript's declared types (beside JavaScript's locals.scm): a parameter,
; variable or class field annotated with a named type (`subscriber:
; Subscriber<T>`, `x: ns.Thing`) is a value of that type; a field's scope is
; its class, so `this.destination.next()` follows the field's type.

(required_parameter pattern: (identifier) @local.definition
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
(optional_parameter pattern: (identifier) @local.definition
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
(required_parameter pattern: (identifier) @local.definition)
(optional_parameter pattern: (identifier) @local.definition)
(variable_declarator name: (identifier) @local.definition
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
(public_field_definition name: (property_identifier) @local.definition
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
; a parameter property: `constructor(private readonly store: Store)`
(required_parameter (accessibility_modifier) pattern: (identifier) @local.definition
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
