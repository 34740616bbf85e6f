; References of Go: calls, instantiations, type uses and values.

; ---- Calls ----------------------------------------------------------------------
; Plain calls (`NewServer(addr)`, conversions such as `State(1)`, which the
; grammar cannot tell from calls, and builtins such as `append`), and selector
; calls with their operand as qualifier: `fmt` in `fmt.Println(...)`, `s.mu` in
; `s.mu.Lock()`, `s` in `s.Start()`; parenthesized callees too
; (`(s.hooks.after)()`). Explicit instantiations (`Map[int](xs)`,
; `slices.Sort[T](xs)`) call the generic function; the grammar parses the
; ones with type arguments on a plain or qualified name as conversions to a
; generic type, which are far rarer in Go than generic calls: calls too.
; Calling an element (`handlers[i](w, r)`) calls no named function: nothing.
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (selector_expression operand: (_) @qualifier field: (field_identifier) @name)) @reference.call
(call_expression function: (parenthesized_expression (identifier) @name)) @reference.call
(call_expression function: (parenthesized_expression (selector_expression operand: (_) @qualifier field: (field_identifier) @name))) @reference.call
(type_conversion_expression type: (generic_type type: (type_identifier) @name)) @reference.call
(type_conversion_expression type: (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))) @reference.call

; ---- Instantiations -------------------------------------------------------------
; A composite literal instantiates its named type: `Point{1, 2}`,
; `&Server{Addr: a}` (the `&` takes its address), `http.Client{}` (qualifier
; http), `List[int]{}`. Literals of unnamed types (`[]T{}`, `map[K]V{}`) use
; their element types, which are type references below.
(composite_literal type: (type_identifier) @name) @reference.instantiation
(composite_literal type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name)) @reference.instantiation
(composite_literal type: (generic_type type: (type_identifier) @name)) @reference.instantiation
(composite_literal type: (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))) @reference.instantiation

; ---- Type references ------------------------------------------------------------
; Every named type in a type position: parameters (receivers included),
; results, fields, var and const types, the underlying type
; of a declaration, pointers, slices, arrays, maps,
; channels, generic arguments (`List[Entry]`), constraints (`[T Number]`,
; `~int | Celsius`), type assertions and type switch
; cases, conversions and `new(T)`/`make(T)`. `pkg.T` has the qualifier pkg.
; Predeclared types (`int`, `string`, `error`, `any`, ...) name no definition
; and a one-letter name (`T`, `K`, `V`, `T1`) is a type parameter (or a
; variable the grammar took for a type in `s.hooks[i](x)`): both
; left out when unqualified.
; (Type switch cases and const names are matched without their field: the
; grammar puts the separating commas in the field, and a field pattern then
; matches only the first.)
((parameter_declaration type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(parameter_declaration type: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((variadic_parameter_declaration type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(variadic_parameter_declaration type: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((function_declaration result: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(function_declaration result: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((method_declaration result: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(method_declaration result: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((method_elem result: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(method_elem result: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((func_literal result: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(func_literal result: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((function_type result: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(function_type result: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((field_declaration name: (_) . type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(field_declaration name: (_) . type: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
; An embedded field (`Base`, `*Base`, `pkg.Base`; it has no name) embeds its
; type: @reference.inherit.
((field_declaration !name type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.inherit
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(field_declaration !name type: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.inherit
((var_spec type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(var_spec type: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((const_spec type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(const_spec type: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((type_spec type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(type_spec type: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
; The target of an alias (`type Message = protoreflect.ProtoMessage`) is the
; alias itself, members and all: @reference.inherit, so that a call on the
; alias's value (`m.ProtoReflect()`, `m proto.Message`) finds the target's.
((type_alias type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.inherit
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(type_alias type: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.inherit
((pointer_type [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(pointer_type [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((slice_type element: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(slice_type element: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((array_type element: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(array_type element: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((implicit_length_array_type element: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(implicit_length_array_type element: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((map_type key: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(map_type key: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((map_type value: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(map_type value: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((channel_type value: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(channel_type value: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((parenthesized_type [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(parenthesized_type [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((negated_type [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(negated_type [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
; An interface's element of one type (`io.Reader`, `Stringer`) embeds it:
; @reference.inherit. A generic argument of one type, and each member of a
; union (`int | Celsius`: the first one, then each one after another) are
; type uses.
((interface_type (type_elem . [(type_identifier) @name (generic_type type: (type_identifier) @name)] .) @reference.inherit)
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(interface_type (type_elem . [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))] .) @reference.inherit)
((type_arguments (type_elem . [(type_identifier) @name (generic_type type: (type_identifier) @name)] .) @reference.type)
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(type_arguments (type_elem . [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))] .) @reference.type)
((type_elem . [(type_identifier) @name (generic_type type: (type_identifier) @name)] . (_)) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(type_elem . [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))] . (_)) @reference.type
((type_elem (_) . [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(type_elem (_) . [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((type_constraint [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(type_constraint [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((type_assertion_expression type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(type_assertion_expression type: [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((type_case [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(type_case [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type
((type_conversion_expression type: (type_identifier) @name) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(type_conversion_expression type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name)) @reference.type
((argument_list [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.type
 (#not-any-of? @name "bool" "byte" "complex64" "complex128" "error" "float32" "float64" "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr" "any" "comparable")
 (#not-match? @name "^[A-Za-z][0-9]?$"))
(argument_list [(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))]) @reference.type

; ---- Values -------------------------------------------------------------------
; A function or method named where it is passed or stored (@reference.value,
; never a call): an argument (`f.getFlagType(name, "bool", boolConv)`,
; `sort.Slice(xs, s.less)`), a composite literal's element
; (`template.FuncMap{"rpad": rpad}`, `[]func(){setup, run}`), the right side of
; an assignment or declaration (`c.hook = onExit`, `var handler = serve`), a
; returned value (`return handle`). Only names the file defines or imports
; are kept (core/extract/values.c); one-letter names are left out.
((argument_list (identifier) @name) @reference.value
 (#not-match? @name "^[A-Za-z_][0-9]?$"))
(argument_list (selector_expression operand: (_) @qualifier field: (field_identifier) @name)) @reference.value
((literal_element (identifier) @name) @reference.value
 (#not-match? @name "^[A-Za-z_][0-9]?$"))
(literal_element (selector_expression operand: (_) @qualifier field: (field_identifier) @name)) @reference.value
((expression_list (identifier) @name) @reference.value
 (#not-match? @name "^[A-Za-z_][0-9]?$"))
(expression_list (selector_expression operand: (_) @qualifier field: (field_identifier) @name)) @reference.value

; ---- Locals -------------------------------------------------------------------
; Names a scope declares with the type syntax gives them: a call on one
; (`c.Execute()`) is a call on that type's method. The scope is the
; innermost definition holding the declaration (a function or method: its
; receiver and parameters are inside it), the file for package variables.
; Types of any other shape (`[]T`, `map[K]V`, `func(...)`) name no type
; with members: left out. A name declared without a type the syntax shows
; (`x := f()`) is not captured.

; receivers and parameters: `func (c *Command) Run(args []string, out io.Writer)`
; (a slice, an array or a map, `*map[K]V` too: elements of its element type)
(parameter_declaration name: (identifier) @local.definition
  type: [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))
         (generic_type) (pointer_type (generic_type)) (slice_type) (array_type) (map_type) (pointer_type (map_type))] @local.type)

; `var c Command`, `var c *Command = ...`, `var c = Command{}`, `var ts [4]T`
(var_spec name: (identifier) @local.definition
  type: [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))
         (generic_type) (pointer_type (generic_type)) (slice_type) (array_type) (map_type)] @local.type)
(var_spec . name: (identifier) @local.definition . value: (expression_list . [(composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @local.type)
  (unary_expression operator: "&" operand: (composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @local.type))] .))

; `c := Command{...}`, `c := &Command{...}`, `c := x.(*Command)`
(short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . [(composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @local.type)
    (unary_expression operator: "&" operand: (composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @local.type))] .)) @local.after
(short_var_declaration left: (expression_list . (identifier) @local.definition)
  right: (expression_list . (type_assertion_expression type: [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))] @local.type) .)) @local.after
; `x, ok := v.(interface{ M() })`: a type no definition names (its method is
; the literal's own), so a call on x binds to no method of the same name
(short_var_declaration left: (expression_list . (identifier) @local.definition)
  right: (expression_list . (type_assertion_expression type: (interface_type) @local.type) .)) @local.after

; `c := NewCommand(...)`, `t := Token(x)`, `c := cobra.Command(x)`: what the
; call returns (a conversion's type; a function's result, unknown here)
((short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . (call_expression function: [(identifier) (selector_expression)] @local.call) .)) @local.after
 (#not-any-of? @local.call "new" "make"))
((var_spec . name: (identifier) @local.definition . value: (expression_list . (call_expression function: [(identifier) (selector_expression)] @local.call) .))
 (#not-any-of? @local.call "new" "make"))

; struct fields, in the struct's scope: `c.out.Write()` with `out io.Writer`;
; in scope within the struct only (an anonymous struct's, `tests :=
; []struct{ m proto.Message }{...}`, names no local of the function)
(struct_type (field_declaration_list (field_declaration name: (field_identifier) @local.definition
  type: [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))
         (generic_type) (pointer_type (generic_type))] @local.type))) @local.scope

; `tests := []struct{ ... }{...}`: a slice of that struct, its fields as above
(short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . (composite_literal type: (slice_type element: (struct_type)) @local.type) .)) @local.after
(var_spec . name: (identifier) @local.definition . value: (expression_list . (composite_literal type: (slice_type element: (struct_type)) @local.type) .))

; `rows := new(textRows)`: a pointer to the type
(short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . (call_expression function: (identifier) @_new
    arguments: (argument_list . [(type_identifier) (qualified_type) (generic_type)] @local.type .)) .)
  (#eq? @_new "new")) @local.after

; `xs := make([]*T, n)`, `m := make(map[K][]*T)`: the slice or map made
(short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . (call_expression function: (identifier) @_make
    arguments: (argument_list . [(slice_type) (map_type)] @local.type)) .)
  (#eq? @_make "make")) @local.after

; `fd := &fds.List[i]`: a pointer to the element, or to the field
(short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . (unary_expression operator: "&" operand: [(index_expression) (selector_expression)] @local.value) .)) @local.after

; `tb := (*TB)(b)`: a conversion to a pointer type
(short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . (call_expression function: (parenthesized_expression
    (unary_expression operator: "*" operand: [(identifier) (selector_expression)])) @local.type) .)) @local.after

; every parameter, whatever its type: a bare call of one (`fn(x)` with
; `fn func(int)`) calls the value passed, no definition
(parameter_declaration name: (identifier) @local.definition)
(variadic_parameter_declaration name: (identifier) @local.definition)

; `cmds ...*Command`: a slice of Command (the `...` marks it)
(variadic_parameter_declaration name: (identifier) @local.definition
  type: [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))] @local.type)

; `cfg, err := ParseDSN(s)`: the first of several results
((short_var_declaration left: (expression_list . (identifier) @local.definition (identifier))
  right: (expression_list . (call_expression function: [(identifier) (selector_expression)] @local.call) .)) @local.after
 (#not-any-of? @local.call "new" "make"))

; `for _, c := range cmd.Commands()`: an element of what the loop ranges over
; (`range xs[1:]`, `range byTarget[t]` too)
(for_statement (range_clause left: (expression_list . (_) . (identifier) @local.definition .)
  right: [(identifier) (selector_expression) (call_expression) (slice_expression) (index_expression)
          (unary_expression operator: "*" operand: (identifier))
          (composite_literal type: (slice_type element: [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))]))] @local.range) @local.after)

; `p := c`, `tt := tt`: the value of another name (the outer one, declared
; before: a name is in scope only after its declaration)
(short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . (identifier) @local.value .)) @local.after

; `a, b := x.A(), y.B()`, `for i, list := 0, v.List(); ...`: each of two
; names the value at its place
(short_var_declaration left: (expression_list . (identifier) @local.definition . (identifier) .)
  right: (expression_list . [(identifier) (selector_expression) (call_expression) (index_expression)] @local.value . (_) .)) @local.after
(short_var_declaration left: (expression_list . (identifier) . (identifier) @local.definition .)
  right: (expression_list . (_) . [(identifier) (selector_expression) (call_expression) (index_expression)] @local.value .)) @local.after

; `p := c.parent`: the value of a path of fields
(short_var_declaration left: (expression_list . (identifier) @local.definition .)
  right: (expression_list . (selector_expression) @local.value .)) @local.after

; `d := m.Descriptor().Fields()`, `x := xs[i]`, `fd, ok := fds.Get(i).(T)`:
; the value of a longer path (calls through calls, an index). Callees
; whose operand is a name are `@local.call` above.
(short_var_declaration left: (expression_list . (identifier) @local.definition)
  right: (expression_list . [(call_expression function: (selector_expression
      operand: [(call_expression) (selector_expression) (index_expression) (parenthesized_expression) (composite_literal)]))
    (index_expression)] @local.value .)) @local.after

; `switch v := x.(type) { case *T: v.M() }`: in the statements of a clause of
; one type, v holds that type (in a clause of several, and in default, it
; holds x's type: not known here)
(type_switch_statement alias: (expression_list . (identifier) @local.definition .)
  (type_case . [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))] @local.type
    . (statement_list) @local.scope))

; Every other name a function declares (`a, ok := f()`, `i := 0`, the key
; of a range loop, a type switch's variable, `var n int`): its type is not
; known here, but it hides a package variable of the same name all the same.
(short_var_declaration left: (expression_list (identifier) @local.definition)) @local.after
(range_clause left: (expression_list (identifier) @local.definition)) @local.after
; (the switch's variable is in scope after the switched expression only:
; `switch v := v.(type)` switches on the outer v)
(type_switch_statement alias: (expression_list (identifier) @local.definition) value: (_) @local.after)
(var_spec name: (identifier) @local.definition)
