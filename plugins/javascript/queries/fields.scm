; JavaScript only (TypeScript's grammar names these nodes differently: see
; plugins/typescript/queries/types.scm). Class fields (`count = 0`,
; `static #cache = new Map()`, `'quoted' = 1`; `#private` ones are private:
; plugin.c), and what a class extends (@reference.inherit).
; A field holding a function (`onClick = () => {...}`, React's bound
; handlers) is a method: it is called, and holds calls.
; `(_ object: ... property: ...)` is a member_expression (see
; plugins/javascript/queries/tags.scm).
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.function
(field_definition property: [(property_identifier) (private_property_identifier) (number)] @name) @definition.property
(field_definition property: (string (string_fragment) @name)) @definition.property
(class_heritage (identifier) @name) @reference.inherit
((class_heritage (_ object: (_) @qualifier property: (property_identifier) @name)) @reference.inherit
 (#match? @qualifier "^[A-Za-z_$][A-Za-z0-9_$.]*$"))

; ---- Parameters ---------------------------------------------------------------
; JavaScript's parameters, names a function's scope declares (TypeScript's
; are typed_locals.scm's): a bare call of one (`fn()` with a parameter `fn`)
; calls the value passed, never a same-named definition elsewhere.
(formal_parameters (identifier) @local.definition)
(formal_parameters (assignment_pattern left: (identifier) @local.definition))
