; C definitions, declarations and includes.

; Function definitions: the name sits under pointer declarators for pointer returns.
(function_definition
  declarator: (function_declarator declarator: (identifier) @name)
  body: (compound_statement) @body) @definition.function
(function_definition
  declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
  body: (compound_statement) @body) @definition.function
(function_definition
  declarator: (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
  body: (compound_statement) @body) @definition.function

; Prototypes are kept apart from definitions: a prototype is not a second definition.
(declaration declarator: (function_declarator declarator: (identifier) @name)) @definition.prototype
(declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @definition.prototype
(declaration declarator: (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))) @definition.prototype

; Aggregates, only where they have a body (not every `struct foo *` use).
(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
(enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum
(enumerator name: (identifier) @name) @definition.constant

; Struct and union members.
(field_declaration declarator: (field_identifier) @name) @definition.property
(field_declaration declarator: (pointer_declarator declarator: (field_identifier) @name)) @definition.property
(field_declaration declarator: (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))) @definition.property
(field_declaration declarator: (array_declarator declarator: (field_identifier) @name)) @definition.property
(field_declaration declarator: (function_declarator
  declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))) @definition.property

; Typedefs, including pointer and function-pointer types.
(type_definition declarator: (type_identifier) @name) @definition.type
(type_definition declarator: (pointer_declarator declarator: (type_identifier) @name)) @definition.type
(type_definition declarator: (function_declarator
  declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))) @definition.type
(type_definition declarator: (array_declarator declarator: (type_identifier) @name)) @definition.type

; Macros: object-like and function-like.
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name value: (_) @body) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

; Global variables (the core drops ones nested in a function: those are locals).
(declaration declarator: (identifier) @name) @definition.variable
(declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.variable
(declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))) @definition.variable
(declaration declarator: (init_declarator declarator: (array_declarator declarator: (identifier) @name))) @definition.variable
(declaration declarator: (pointer_declarator declarator: (identifier) @name)) @definition.variable
(declaration declarator: (array_declarator declarator: (identifier) @name)) @definition.variable

; Includes: <system> and "local" told apart.
((preproc_include path: (system_lib_string) @name) @import (#set! origin "system"))
((preproc_include path: (string_literal) @name) @import (#set! origin "local"))
(declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (array_declarator declarator: (identifier) @name)))) @definition.variable
(declaration declarator: (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))) @definition.variable
(declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name)))) @definition.variable
