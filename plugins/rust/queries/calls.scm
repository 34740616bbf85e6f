; ---- Calls ---------------------------------------------------------------------
; Plain calls, method calls (the receiver expression as qualifier: `self.items`
; in `self.items.push(x)`), path calls (`Vec::new()`: qualifier Vec), turbofish
; calls (`parse::<u8>()`, `iter.collect::<Vec<_>>()`).
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression value: (_) @qualifier field: (field_identifier) @name)) @reference.call
(call_expression function: (scoped_identifier path: (_) @qualifier name: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (field_expression value: (_) @qualifier field: (field_identifier) @name))) @reference.call
(call_expression function: (generic_function function: (scoped_identifier path: (_) @qualifier name: (identifier) @name))) @reference.call

; Macro invocations are calls named without the `!` (`println!(...)` calls
; println, `log::warn!` calls warn with qualifier log), so that they bind to
; the macro_rules! definition of that name.
(macro_invocation macro: (identifier) @name) @reference.call
(macro_invocation macro: (scoped_identifier path: (_) @qualifier name: (identifier) @name)) @reference.call

; ---- Instantiations --------------------------------------------------------------
; Struct literals instantiate their type: `Point { x, y }`, `geo::Point { .. }`,
; `Shape::Circle { r }` (qualifier Shape). Tuple structs and tuple variants
; (`Meters(3)`) are calls to the constructor function, like any other call.
((struct_expression name: (type_identifier) @name) @reference.instantiation (#not-eq? @name "Self"))
(struct_expression name: (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)) @reference.instantiation
(struct_expression name: (generic_type_with_turbofish type: (type_identifier) @name)) @reference.instantiation

; ---- Type references -------------------------------------------------------------
; Every named type in a type position: parameters, results, fields, statics and
; consts, aliases, `let` annotations, generic arguments (`Vec<Entry>`),
; references and pointers, trait bounds and `where` clauses, `dyn`/`impl`
; Trait, and both sides of an impl block (`impl Display for Entry`: Display,
; the trait implemented, is @reference.inherit; Entry a type use). `a::B` has the qualifier a. Generic parameters (`T`) and `Self` are
; left out: they name no definition.
((parameter type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((function_item return_type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((function_signature_item return_type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((function_type return_type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((closure_expression return_type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((field_declaration type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((ordered_field_declaration_list type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((type_item type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((const_item type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((static_item type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((let_declaration type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((impl_item trait: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.inherit
 (#not-match? @name "^([A-Z_]|Self)$"))
((impl_item type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((generic_type type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((type_arguments [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((type_binding type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((reference_type type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((pointer_type type: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((array_type element: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((tuple_type [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((trait_bounds [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((dynamic_type trait: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((abstract_type trait: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((bounded_type [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
((qualified_type alias: [(type_identifier) @name (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)]) @reference.type
 (#not-match? @name "^([A-Z_]|Self)$"))
