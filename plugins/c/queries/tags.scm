; C definitions, declarations and includes.

; Function definitions: the name sits under pointer declarators for pointer
; returns, and under a parenthesized declarator for functions returning
; function pointers: `int (*pick(int k))(int) { ... }`.
; The shapes of one node are alternatives of one pattern, not a pattern each:
; compiling a query walks the grammar's parse table for every node of every
; pattern that has children, and every run that parses C compiles this file.
(function_definition
  declarator: [
    (function_declarator declarator: [
      (identifier) @name
      (parenthesized_declarator
        (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))])
    (pointer_declarator declarator: [
      (function_declarator declarator: (identifier) @name)
      (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))])]
  body: (compound_statement) @body) @definition.function

; Functions defined through a macro: `SYSCALL_DEFINE0(name) { ... }` parses as
; a definition with a parenthesized name; `SYSCALL_DEFINE3(name, ...) { ... }`
; as a macro call followed by a block, which the @body joins to the definition.
; Only at file level (directly or inside #if blocks): inside a function the
; same shapes are loop macros (`for_each_cpu(cpu) { ... }`), not definitions.
; `(_ declarator: ... body: ...)` is a function_definition, the only node with
; both fields (tree-sitter-c's node-types.json), written as a wildcard because
; compiling one costs nothing and a function_definition ~1.3 ms.
(translation_unit
  [(_
     declarator: (parenthesized_declarator (identifier) @name)
     body: (compound_statement) @body) @definition.function
   ((expression_statement (call_expression
      function: (identifier) @_macro
      arguments: (argument_list . (identifier) @name))) @definition.function
    .
    (compound_statement) @body)]
  (#match? @_macro "^[A-Z][A-Z0-9_]*$"))
(preproc_ifdef
  [(_
     declarator: (parenthesized_declarator (identifier) @name)
     body: (compound_statement) @body) @definition.function
   ((expression_statement (call_expression
      function: (identifier) @_macro
      arguments: (argument_list . (identifier) @name))) @definition.function
    .
    (compound_statement) @body)]
  (#match? @_macro "^[A-Z][A-Z0-9_]*$"))
(preproc_if
  [(_
     declarator: (parenthesized_declarator (identifier) @name)
     body: (compound_statement) @body) @definition.function
   ((expression_statement (call_expression
      function: (identifier) @_macro
      arguments: (argument_list . (identifier) @name))) @definition.function
    .
    (compound_statement) @body)]
  (#match? @_macro "^[A-Z][A-Z0-9_]*$"))
(preproc_else
  [(_
     declarator: (parenthesized_declarator (identifier) @name)
     body: (compound_statement) @body) @definition.function
   ((expression_statement (call_expression
      function: (identifier) @_macro
      arguments: (argument_list . (identifier) @name))) @definition.function
    .
    (compound_statement) @body)]
  (#match? @_macro "^[A-Z][A-Z0-9_]*$"))

; Prototypes are kept apart from definitions: a prototype is not a second definition.
(declaration
  declarator: [
    (function_declarator declarator: [
      (identifier) @name
      (parenthesized_declarator
        (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))])
    (pointer_declarator declarator: [
      (function_declarator declarator: (identifier) @name)
      (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))])]) @definition.prototype

; Aggregates, only where they have a body (not every `struct foo *` use).
(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
(enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum
(enumerator name: (identifier) @name) @definition.constant

; Struct and union members: plain, pointers, arrays, function pointers and
; arrays of them.
(field_declaration
  declarator: [
    (field_identifier) @name
    (pointer_declarator declarator: [
      (field_identifier) @name
      (pointer_declarator declarator: (field_identifier) @name)
      (array_declarator declarator: (field_identifier) @name)
      (function_declarator
        declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))])
    (array_declarator declarator: [
      (field_identifier) @name
      (array_declarator declarator: (field_identifier) @name)])
    (function_declarator
      declarator: (parenthesized_declarator (pointer_declarator declarator: [
        (field_identifier) @name
        (array_declarator declarator: (field_identifier) @name)])))]) @definition.property

; Typedefs, including pointer and function-pointer types. A typedef of a
; named aggregate does not enclose it (`struct list` is a file-level name, its
; fields belong to it); an anonymous one's fields belong to the typedef.
; This pattern comes first: when two capture the same node, the first wins.
; `typedef struct X {...} X;` is one entity under one name: the struct, with
; its members, is its definition and the typedef none (else every use of `X`
; has two candidates); `typedef struct X X;` alone is a forward declaration of
; it, no definition either (as `struct X;` is none). @_tag is the aggregate's
; name, and both patterns skip a typedef that gives it its own name again.
((type_definition
   type: [(struct_specifier name: (_) @_tag) (union_specifier name: (_) @_tag) (enum_specifier name: (_) @_tag)]
   declarator: [
     (type_identifier) @name
     (pointer_declarator declarator: (type_identifier) @name)]) @definition.type
 (#not-eq? @name @_tag)
 (#set! container "no"))
; A function type with a parenthesized name: `typedef void (handler_t)(int);`,
; also returning a pointer: `typedef const char *(printfn_t)(int);`.
((type_definition
  type: [(struct_specifier name: (_) @_tag) (union_specifier name: (_) @_tag) (enum_specifier name: (_) @_tag)]?
  declarator: [
    (type_identifier) @name
    (pointer_declarator declarator: [
      (type_identifier) @name
      (function_declarator declarator: (parenthesized_declarator (type_identifier) @name))])
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator [
      (type_identifier) @name
      (pointer_declarator declarator: (type_identifier) @name)]))]) @definition.type
 (#not-eq? @name @_tag))

; Macros: object-like and function-like.
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name value: (_) @body) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

; A variable declared with a named aggregate's body (`struct s {...} v;`)
; does not enclose the aggregate: `struct s` is a file-level name whose fields
; are its own, as in a typedef. The kernel's attributes after a body (`struct
; inode {...} __randomize_layout;`) parse as such a variable; without this the
; struct was `__randomize_layout.inode`. This pattern comes first: the first
; of two capturing the same node wins.
((declaration
  type: [(struct_specifier name: (_) body: (_)) (union_specifier name: (_) body: (_)) (enum_specifier name: (_) body: (_))]
  declarator: [
    (identifier) @name
    (parenthesized_declarator (identifier) @name)
    (pointer_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (array_declarator declarator: (identifier) @name)
      (function_declarator
        declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))])
    (array_declarator declarator: [
      (identifier) @name
      (array_declarator declarator: (identifier) @name)])
    (function_declarator
      declarator: (parenthesized_declarator (pointer_declarator declarator: [
        (identifier) @name
        (array_declarator declarator: (identifier) @name)])))
    (init_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: [
        (identifier) @name
        (pointer_declarator declarator: (identifier) @name)
        (array_declarator declarator: (identifier) @name)])
      (array_declarator declarator: [
        (identifier) @name
        (array_declarator declarator: (identifier) @name)])
      (function_declarator
        declarator: (parenthesized_declarator (pointer_declarator declarator: [
          (identifier) @name
          (array_declarator declarator: (identifier) @name)])))])]) @definition.variable
 (#set! container "no"))

; Global variables (the core drops ones nested in a function: those are locals):
; plain, pointers, arrays, function pointers and arrays of them, each with or
; without an initializer; and kernel-style definition macros:
; `static LIST_HEAD(devices);`, `DEFINE_MUTEX(lock);`.
(declaration
  declarator: [
    (identifier) @name
    (parenthesized_declarator (identifier) @name)
    (pointer_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (array_declarator declarator: (identifier) @name)
      (function_declarator
        declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))])
    (array_declarator declarator: [
      (identifier) @name
      (array_declarator declarator: (identifier) @name)])
    (function_declarator
      declarator: (parenthesized_declarator (pointer_declarator declarator: [
        (identifier) @name
        (array_declarator declarator: (identifier) @name)])))
    (init_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: [
        (identifier) @name
        (pointer_declarator declarator: (identifier) @name)
        (array_declarator declarator: (identifier) @name)])
      (array_declarator declarator: [
        (identifier) @name
        (array_declarator declarator: (identifier) @name)])
      (function_declarator
        declarator: (parenthesized_declarator (pointer_declarator declarator: [
          (identifier) @name
          (array_declarator declarator: (identifier) @name)])))])]) @definition.variable

; Includes: <system> and "local" told apart.
; An include brings every name of the file it names into the including one:
; alias "*" (docs/writing-a-plugin.md).
((preproc_include path: (system_lib_string) @name) @import (#set! origin "system") (#set! alias "*"))
((preproc_include path: (string_literal) @name) @import (#set! origin "local") (#set! alias "*"))
