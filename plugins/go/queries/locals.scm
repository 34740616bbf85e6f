; Names a scope declares with the type syntax gives them: a call on one
; (`c.Execute()`) is a call on that type's method. The scope is the
; innermost definition holding the declaration (a function or method: its
; receiver and parameters are inside it), the file for package variables.
; Types of any other shape (`[]T`, `map[K]V`, `func(...)`) name no type
; with members: left out. A name declared without a type the syntax shows
; (`x := f()`) is not captured.

; receivers and parameters: `func (c *Command) Run(args []string, out io.Writer)`
(parameter_declaration name: (identifier) @local.definition
  type: [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))
         (generic_type) (pointer_type (generic_type))] @local.type)

; `var c Command`, `var c *Command = ...`, `var c = Command{}`
(var_spec name: (identifier) @local.definition
  type: [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))
         (generic_type) (pointer_type (generic_type))] @local.type)
(var_spec . name: (identifier) @local.definition . value: (expression_list . [(composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @local.type)
  (unary_expression operator: "&" operand: (composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @local.type))] .))

; `c := Command{...}`, `c := &Command{...}`, `c := x.(*Command)`
(short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . [(composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @local.type)
    (unary_expression operator: "&" operand: (composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @local.type))] .))
(short_var_declaration left: (expression_list . (identifier) @local.definition)
  right: (expression_list . (type_assertion_expression type: [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))] @local.type) .))

; `c := NewCommand(...)`, `t := Token(x)`, `c := cobra.Command(x)`: what the
; call returns (a conversion's type; a function's result, unknown here)
((short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . (call_expression function: [(identifier) (selector_expression)] @local.call) .))
 (#not-eq? @local.call "new"))
(var_spec . name: (identifier) @local.definition . value: (expression_list . (call_expression function: [(identifier) (selector_expression)] @local.call) .))

; struct fields, in the struct's scope: `c.out.Write()` with `out io.Writer`
(field_declaration name: (field_identifier) @local.definition
  type: [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))
         (generic_type) (pointer_type (generic_type))] @local.type)

; `rows := new(textRows)`: a pointer to the type
(short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . (call_expression function: (identifier) @_new
    arguments: (argument_list . [(type_identifier) (qualified_type) (generic_type)] @local.type .)) .)
  (#eq? @_new "new"))

; `tb := (*TB)(b)`: a conversion to a pointer type
(short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . (call_expression function: (parenthesized_expression
    (unary_expression operator: "*" operand: [(identifier) (selector_expression)])) @local.type) .))

; every parameter, whatever its type: a bare call of one (`fn(x)` with
; `fn func(int)`) calls the value passed, no definition
(parameter_declaration name: (identifier) @local.definition)
(variadic_parameter_declaration name: (identifier) @local.definition)

; `cfg, err := ParseDSN(s)`: the first of several results
((short_var_declaration left: (expression_list . (identifier) @local.definition (identifier))
  right: (expression_list . (call_expression function: [(identifier) (selector_expression)] @local.call) .))
 (#not-eq? @local.call "new"))
