; Calls (instantiations included: Python does not tell them apart) and type uses.

(call function: (identifier) @name) @reference.call

(call
  function: (attribute
    object: (_) @qualifier
    attribute: (identifier) @name)) @reference.call

; Base classes: what a class inherits from (@reference.inherit).
(class_definition
  superclasses: (argument_list (identifier) @name) @reference.inherit)
(class_definition
  superclasses: (argument_list (attribute object: (_) @qualifier attribute: (identifier) @name)) @reference.inherit)
; The metaclass, the one keyword argument of a class statement that names a class.
((class_definition
  superclasses: (argument_list
    (keyword_argument name: (identifier) @_key value: (identifier) @name)) @reference.type)
 (#eq? @_key "metaclass"))
((class_definition
  superclasses: (argument_list
    (keyword_argument name: (identifier) @_key
      value: (attribute object: (_) @qualifier attribute: (identifier) @name))) @reference.type)
 (#eq? @_key "metaclass"))

; Annotations. Each shape a `type` node takes (a name, a dotted name, a
; generic, a `|` union) is listed under every place an annotation sits. The
; places are spelt out rather than matching any `type` node, because `type`
; also wraps names being declared: the alias in `type Alias = ...` and the
; type parameters in `class Box[T]`.
; Parameters.
(typed_parameter type: (type
  [(identifier) @name
   (attribute object: (_) @qualifier attribute: (identifier) @name)
   (generic_type (identifier) @name)
   (binary_operator left: (identifier) @name)
   (binary_operator right: (identifier) @name)
   (binary_operator left: (binary_operator left: (identifier) @name))
   (binary_operator left: (binary_operator right: (identifier) @name))])) @reference.type
(typed_default_parameter type: (type
  [(identifier) @name
   (attribute object: (_) @qualifier attribute: (identifier) @name)
   (generic_type (identifier) @name)
   (binary_operator left: (identifier) @name)
   (binary_operator right: (identifier) @name)
   (binary_operator left: (binary_operator left: (identifier) @name))
   (binary_operator left: (binary_operator right: (identifier) @name))])) @reference.type
; Return types.
(function_definition return_type: (type
  [(identifier) @name
   (attribute object: (_) @qualifier attribute: (identifier) @name)
   (generic_type (identifier) @name)
   (binary_operator left: (identifier) @name)
   (binary_operator right: (identifier) @name)
   (binary_operator left: (binary_operator left: (identifier) @name))
   (binary_operator left: (binary_operator right: (identifier) @name))])) @reference.type
; Annotated assignments (`limit: int = 3`, class fields).
(assignment type: (type
  [(identifier) @name
   (attribute object: (_) @qualifier attribute: (identifier) @name)
   (generic_type (identifier) @name)
   (binary_operator left: (identifier) @name)
   (binary_operator right: (identifier) @name)
   (binary_operator left: (binary_operator left: (identifier) @name))
   (binary_operator left: (binary_operator right: (identifier) @name))])) @reference.type
; The right side of `type Alias = ...` (its left side is a definition).
(type_alias_statement right: (type
  [(identifier) @name
   (attribute object: (_) @qualifier attribute: (identifier) @name)
   (generic_type (identifier) @name)
   (binary_operator left: (identifier) @name)
   (binary_operator right: (identifier) @name)
   (binary_operator left: (binary_operator left: (identifier) @name))
   (binary_operator left: (binary_operator right: (identifier) @name))])) @reference.type
; Arguments of a generic (`list[Row]`, `dict[str, Row]`).
(generic_type (type_parameter (type
  [(identifier) @name
   (attribute object: (_) @qualifier attribute: (identifier) @name)
   (generic_type (identifier) @name)
   (binary_operator left: (identifier) @name)
   (binary_operator right: (identifier) @name)
   (binary_operator left: (binary_operator left: (identifier) @name))
   (binary_operator left: (binary_operator right: (identifier) @name))]))) @reference.type
; Each side of a union the grammar parses as union_type.
(union_type (type
  [(identifier) @name
   (attribute object: (_) @qualifier attribute: (identifier) @name)
   (generic_type (identifier) @name)
   (binary_operator left: (identifier) @name)
   (binary_operator right: (identifier) @name)
   (binary_operator left: (binary_operator left: (identifier) @name))
   (binary_operator left: (binary_operator right: (identifier) @name))])) @reference.type
; `Callable[[A, B], R]`: a generic's argument may be a plain list of types.
(generic_type (type_parameter (type (list (identifier) @name)))) @reference.type

; Values: a name or an attribute used as a value where a function is often
; passed or stored (@reference.value, never a call): an argument
; (`ensure_sync(self.dispatch_request)`, `map(str.lower, xs)`,
; `Thread(target=self.run)`), the right side of an assignment
; (`self.handler = on_click`), a dict's value (`{"open": open_file}`).
; `self`/`cls` and one-letter names (loop variables, `f(x)`) are left out.
((call arguments: (argument_list [
   (identifier) @name
   (keyword_argument value: (identifier) @name)]) @reference.value)
 (#not-any-of? @name "self" "cls")
 (#not-match? @name "^[A-Za-z_][0-9]?$"))
(call arguments: (argument_list [
   (attribute object: (_) @qualifier attribute: (identifier) @name)
   (keyword_argument value: (attribute object: (_) @qualifier attribute: (identifier) @name))]) @reference.value)
((assignment right: (identifier) @name) @reference.value
 (#not-any-of? @name "self" "cls")
 (#not-match? @name "^[A-Za-z_][0-9]?$"))
(assignment right: (attribute object: (_) @qualifier attribute: (identifier) @name)) @reference.value
((pair value: (identifier) @name) @reference.value
 (#not-any-of? @name "self" "cls")
 (#not-match? @name "^[A-Za-z_][0-9]?$"))
(pair value: (attribute object: (_) @qualifier attribute: (identifier) @name)) @reference.value

; ---- Locals -------------------------------------------------------------------
; Names a scope declares, with the type syntax gives them: a call on one
; (`conn.close()`) is a call on that type's method. The scope is the
; innermost definition holding the declaration (a function: its parameters
; are inside it), the module for module-level names. A name assigned
; anything else hides an outer declaration's type: its type is unknown.

; `def f(conn: Connection)`, `def f(conn: db.Connection = None)`
(typed_parameter . (identifier) @local.definition type: (type [(identifier) (attribute)] @local.type))
(typed_default_parameter name: (identifier) @local.definition type: (type [(identifier) (attribute)] @local.type))

; `conn: Connection = open()`
(assignment left: (identifier) @local.definition type: (type [(identifier) (attribute)] @local.type))

; `conn = Connection(url)`, `conn = db.connect(url)`: what the call returns
; (an instance when the callee is a class)
(assignment left: (identifier) @local.definition right: (call function: [(identifier) (attribute)] @local.call))

; any other assignment
(assignment left: (identifier) @local.definition)

; parameters and loop variables without a type: a bare call of one
; (`func(x)` with `def wrap(func)`) calls the value passed, no definition
(parameters (identifier) @local.definition)
(default_parameter name: (identifier) @local.definition)
(lambda_parameters (identifier) @local.definition)
(list_splat_pattern (identifier) @local.definition)
(dictionary_splat_pattern (identifier) @local.definition)
(for_statement left: (identifier) @local.definition)
