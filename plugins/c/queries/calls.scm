; Calls, and the types declarations use: parameters, fields, return types,
; typedefs, file-scope variables, casts and sizeof. Local variable
; declarations are left out (a third of the kernel's references, mostly
; `u32 x;`): a function's parameter and return types say what it depends on.

(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (field_expression argument: (_) @qualifier field: (field_identifier) @name)) @reference.call
; Calls through function pointers: `(*fn)(x)`, `(*p->hook)(p)`.
(call_expression function: (parenthesized_expression (pointer_expression argument: (identifier) @name))) @reference.call
(call_expression function: (parenthesized_expression (pointer_expression
  argument: (field_expression argument: (_) @qualifier field: (field_identifier) @name)))) @reference.call

(parameter_declaration type: (type_identifier) @name) @reference.type
(parameter_declaration type: (struct_specifier name: (type_identifier) @name !body)) @reference.type
(field_declaration type: (type_identifier) @name) @reference.type
(field_declaration type: (struct_specifier name: (type_identifier) @name !body)) @reference.type
(translation_unit (declaration type: (type_identifier) @name) @reference.type)
(translation_unit (declaration type: (struct_specifier name: (type_identifier) @name !body)) @reference.type)
(translation_unit (function_definition type: (type_identifier) @name) @reference.type)
(translation_unit (function_definition type: (struct_specifier name: (type_identifier) @name !body)) @reference.type)
(preproc_ifdef (function_definition type: (type_identifier) @name) @reference.type)
(preproc_if (function_definition type: (type_identifier) @name) @reference.type)
(preproc_else (function_definition type: (type_identifier) @name) @reference.type)

; A loop macro inside a function (`for_each_cpu(cpu) { ... }`) parses as a
; nested function definition: it is a macro invocation, reported as a call.
(compound_statement
  (function_definition type: (type_identifier) @name declarator: (parenthesized_declarator)) @reference.call)
(cast_expression type: (type_descriptor type: (type_identifier) @name)) @reference.type
(cast_expression type: (type_descriptor type: (struct_specifier name: (type_identifier) @name !body))) @reference.type
(sizeof_expression type: (type_descriptor type: (type_identifier) @name)) @reference.type
(sizeof_expression type: (type_descriptor type: (struct_specifier name: (type_identifier) @name !body))) @reference.type
(type_definition type: (type_identifier) @name) @reference.type
(type_definition type: (struct_specifier name: (type_identifier) @name !body)) @reference.type
