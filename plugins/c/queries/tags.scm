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

; Functions returning function pointers: `int (*pick(int k))(int) { ... }`.
(function_definition
  declarator: (function_declarator declarator: (parenthesized_declarator
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))
  body: (compound_statement) @body) @definition.function

; Functions defined through a macro: `SYSCALL_DEFINE0(name) { ... }` parses as
; a definition with a parenthesized name; `SYSCALL_DEFINE3(name, ...) { ... }`
; as a macro call followed by a block, which the @body joins to the definition.
; Only at file level (directly or inside #if blocks): inside a function the
; same shapes are loop macros (`for_each_cpu(cpu) { ... }`), not definitions.
(translation_unit
  (function_definition
    declarator: (parenthesized_declarator (identifier) @name)
    body: (compound_statement) @body) @definition.function)
(translation_unit
  (expression_statement (call_expression
    function: (identifier) @_macro
    arguments: (argument_list . (identifier) @name))) @definition.function
  .
  (compound_statement) @body
  (#match? @_macro "^[A-Z][A-Z0-9_]*$"))
(preproc_ifdef
  (function_definition
    declarator: (parenthesized_declarator (identifier) @name)
    body: (compound_statement) @body) @definition.function)
(preproc_ifdef
  (expression_statement (call_expression
    function: (identifier) @_macro
    arguments: (argument_list . (identifier) @name))) @definition.function
  .
  (compound_statement) @body
  (#match? @_macro "^[A-Z][A-Z0-9_]*$"))
(preproc_if
  (function_definition
    declarator: (parenthesized_declarator (identifier) @name)
    body: (compound_statement) @body) @definition.function)
(preproc_if
  (expression_statement (call_expression
    function: (identifier) @_macro
    arguments: (argument_list . (identifier) @name))) @definition.function
  .
  (compound_statement) @body
  (#match? @_macro "^[A-Z][A-Z0-9_]*$"))
(preproc_else
  (function_definition
    declarator: (parenthesized_declarator (identifier) @name)
    body: (compound_statement) @body) @definition.function)
(preproc_else
  (expression_statement (call_expression
    function: (identifier) @_macro
    arguments: (argument_list . (identifier) @name))) @definition.function
  .
  (compound_statement) @body
  (#match? @_macro "^[A-Z][A-Z0-9_]*$"))

; Prototypes are kept apart from definitions: a prototype is not a second definition.
(declaration declarator: (function_declarator declarator: (identifier) @name)) @definition.prototype
(declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @definition.prototype
(declaration declarator: (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))) @definition.prototype
(declaration declarator: (function_declarator declarator: (parenthesized_declarator
  (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))) @definition.prototype

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
(field_declaration declarator: (array_declarator declarator: (array_declarator declarator: (field_identifier) @name))) @definition.property
(field_declaration declarator: (pointer_declarator declarator: (array_declarator declarator: (field_identifier) @name))) @definition.property
(field_declaration declarator: (pointer_declarator declarator: (function_declarator
  declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name))))) @definition.property
(field_declaration declarator: (function_declarator declarator: (parenthesized_declarator
  (pointer_declarator declarator: (array_declarator declarator: (field_identifier) @name))))) @definition.property

; Typedefs, including pointer and function-pointer types. A typedef of a
; named aggregate does not enclose it (`struct list` is a file-level name, its
; fields belong to it); an anonymous one's fields belong to the typedef.
; These patterns come first: when two capture the same node, the first wins.
((type_definition
   type: [(struct_specifier name: (_)) (union_specifier name: (_)) (enum_specifier name: (_))]
   declarator: (type_identifier) @name) @definition.type
 (#set! container "no"))
((type_definition
   type: [(struct_specifier name: (_)) (union_specifier name: (_)) (enum_specifier name: (_))]
   declarator: (pointer_declarator declarator: (type_identifier) @name)) @definition.type
 (#set! container "no"))
(type_definition declarator: (type_identifier) @name) @definition.type
(type_definition declarator: (pointer_declarator declarator: (type_identifier) @name)) @definition.type
(type_definition declarator: (function_declarator
  declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))) @definition.type
(type_definition declarator: (array_declarator declarator: (type_identifier) @name)) @definition.type
; A function type with a parenthesized name: `typedef void (handler_t)(int);`,
; also returning a pointer: `typedef const char *(printfn_t)(int);`.
(type_definition declarator: (function_declarator
  declarator: (parenthesized_declarator (type_identifier) @name))) @definition.type
(type_definition declarator: (pointer_declarator declarator: (function_declarator
  declarator: (parenthesized_declarator (type_identifier) @name)))) @definition.type

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
(declaration declarator: (array_declarator declarator: (array_declarator declarator: (identifier) @name))) @definition.variable
(declaration declarator: (init_declarator declarator: (array_declarator declarator: (array_declarator declarator: (identifier) @name)))) @definition.variable
(declaration declarator: (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))) @definition.variable
; Function pointers and arrays of them.
(declaration declarator: (function_declarator declarator: (parenthesized_declarator
  (pointer_declarator declarator: (identifier) @name)))) @definition.variable
(declaration declarator: (init_declarator declarator: (function_declarator declarator: (parenthesized_declarator
  (pointer_declarator declarator: (identifier) @name))))) @definition.variable
(declaration declarator: (function_declarator declarator: (parenthesized_declarator
  (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))))) @definition.variable
(declaration declarator: (init_declarator declarator: (function_declarator declarator: (parenthesized_declarator
  (pointer_declarator declarator: (array_declarator declarator: (identifier) @name)))))) @definition.variable
(declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator
  (pointer_declarator declarator: (identifier) @name))))) @definition.variable
; Kernel-style definition macros: `static LIST_HEAD(devices);`, `DEFINE_MUTEX(lock);`.
(declaration declarator: (parenthesized_declarator (identifier) @name)) @definition.variable
(declaration declarator: (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))) @definition.variable
(declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name)))) @definition.variable
