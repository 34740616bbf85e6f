; Calls, and the types declarations use: parameters, fields, return types,
; typedefs, file-scope variables, casts and sizeof. Local variable
; declarations are left out (a third of the kernel's references, mostly
; `u32 x;`): a function's parameter and return types say what it depends on.

; Calls, through a field (`dev->ops->probe(dev)`) and through function
; pointers: `(*fn)(x)`, `(*p->hook)(p)`. The shapes of one node share a
; pattern, as in tags.scm: each node with children costs a walk of the parse
; table when the query compiles.
(call_expression
  function: [
    (identifier) @name
    (field_expression argument: (_) @qualifier field: (field_identifier) @name)
    (parenthesized_expression (pointer_expression argument: [
      (identifier) @name
      (field_expression argument: (_) @qualifier field: (field_identifier) @name)]))]) @reference.call

(parameter_declaration type: [
  (type_identifier) @name
  (struct_specifier name: (type_identifier) @name !body)]) @reference.type
(field_declaration type: [
  (type_identifier) @name
  (struct_specifier name: (type_identifier) @name !body)]) @reference.type
(translation_unit (declaration type: [
  (type_identifier) @name
  (struct_specifier name: (type_identifier) @name !body)]) @reference.type)
; Return types of functions defined at file level: `(_ type: ... declarator:
; ... body: ...)` is a function_definition, the only node with a declarator
; and a body (tree-sitter-c's node-types.json), as a wildcard that costs
; nothing to compile (a function_definition costs ~1.3 ms).
(translation_unit (_ type: [
  (type_identifier) @name
  (struct_specifier name: (type_identifier) @name !body)] declarator: (_) body: (_)) @reference.type)
(preproc_ifdef (_ type: (type_identifier) @name declarator: (_) body: (_)) @reference.type)
(preproc_if (_ type: (type_identifier) @name declarator: (_) body: (_)) @reference.type)
(preproc_else (_ type: (type_identifier) @name declarator: (_) body: (_)) @reference.type)

; A loop macro inside a function (`for_each_cpu(cpu) { ... }`) parses as a
; nested function definition: it is a macro invocation, reported as a call.
(compound_statement
  (_ type: (type_identifier) @name declarator: (parenthesized_declarator) body: (_)) @reference.call)
(cast_expression type: (type_descriptor type: [
  (type_identifier) @name
  (struct_specifier name: (type_identifier) @name !body)])) @reference.type
(sizeof_expression type: (type_descriptor type: [
  (type_identifier) @name
  (struct_specifier name: (type_identifier) @name !body)])) @reference.type
(type_definition type: [
  (type_identifier) @name
  (struct_specifier name: (type_identifier) @name !body)]) @reference.type

; Values: a name used where a function is passed or stored (@reference.value,
; never a call): an argument (`aeCreateTimeEvent(el, 1, serverCron, NULL)`,
; `qsort(v, n, sz, &cmp)`), a function table's entry (`{.open = foo_open}`,
; `{"get", getCommand}`), an initializer or the right side of an assignment
; (`p->hook = on_event`); a call's arguments only, not an attribute's
; (`__attribute__((unused))`). Inside a function only the names the file
; defines are kept (core/extract/values.c): locals passed along are not
; references; outside one, every name but the file's data.
(call_expression arguments: (argument_list [
  (identifier) @name
  (pointer_expression operator: "&" argument: (identifier) @name)]) @reference.value)
(initializer_pair value: [
  (identifier) @name
  (pointer_expression operator: "&" argument: (identifier) @name)]) @reference.value
(initializer_list [
  (identifier) @name
  (pointer_expression operator: "&" argument: (identifier) @name)]) @reference.value
(init_declarator value: [
  (identifier) @name
  (pointer_expression operator: "&" argument: (identifier) @name)]) @reference.value
(assignment_expression right: [
  (identifier) @name
  (pointer_expression operator: "&" argument: (identifier) @name)]) @reference.value
