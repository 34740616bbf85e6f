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
