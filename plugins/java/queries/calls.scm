; References of Java: calls, instantiations and type uses.

; ---- Calls ---------------------------------------------------------------------
; `run()`, and `entries.add(x)`, `this.go()`, `super.close()`,
; `Collections.<T>emptyList()` with their object as qualifier.
(method_invocation !object name: (identifier) @name) @reference.call
(method_invocation object: (_) @qualifier name: (identifier) @name) @reference.call
; Explicit constructor calls `this(...)` and `super(...)` (named so: the
; constructor of this class, of the superclass), `outer.super(...)` qualified.
(explicit_constructor_invocation !object constructor: [(this) (super)] @name) @reference.call
(explicit_constructor_invocation object: (_) @qualifier constructor: [(this) (super)] @name) @reference.call
; Method references call the method they name: `Integer::parseInt`,
; `this::run` (qualifier Integer, this).
(method_reference . (_) @qualifier . (identifier) @name .) @reference.call

; ---- Instantiations ---------------------------------------------------------------
; `new X(...)` (anonymous subclasses too), `new X<>()`, `new a.b.X()` (qualifier
; a.b), `new Outer.Inner()`, and constructor references `X::new`: all
; @reference.instantiation, never calls, named after the class.
(object_creation_expression type: (type_identifier) @name) @reference.instantiation
(object_creation_expression type: (generic_type . (type_identifier) @name)) @reference.instantiation
(object_creation_expression type: (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)) @reference.instantiation
(object_creation_expression type: (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))) @reference.instantiation
((method_reference . [(identifier) (type_identifier)] @name .) @reference.instantiation
 (#match? @reference.instantiation "::[ \t\n]*new$"))
((method_reference . (generic_type . (type_identifier) @name) .) @reference.instantiation
 (#match? @reference.instantiation "::[ \t\n]*new$"))

; ---- Inheritance ------------------------------------------------------------------
; What a class extends and implements and what an interface extends:
; @reference.inherit, the named type (its generic arguments are type uses).
([(superclass [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (super_interfaces (type_list [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))]))
  (extends_interfaces (type_list [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))]))] @reference.inherit
 (#not-match? @name "^[A-Z][0-9]?$"))

; ---- Type references ----------------------------------------------------------------
; Every named type in a type position: permits lists, throws, parameters (record components, varargs),
; results, fields, constants, locals, for-each and try-with-resources
; variables, catch types, casts, instanceof and patterns, `X[]` creation,
; `X.class`, generic arguments (`Map<String, List<Entry>>`, also inside
; `new`), wildcard and type-parameter bounds, annotated types. `Map.Entry`
; and `a.b.X` have their scope as qualifier. Type parameters (one capital
; letter, maybe a digit: T, K, V, E1) and `var` are left out; primitive types
; are not type identifiers.
([(permits (type_list [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))]))
  (throws [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (type_arguments [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (wildcard [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (type_bound [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (catch_type [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (spread_parameter [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (type_pattern [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (class_literal [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (annotated_type [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (receiver_parameter [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (record_pattern_component [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (array_type element: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (formal_parameter type: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (method_declaration type: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (field_declaration type: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (local_variable_declaration type: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (constant_declaration type: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (annotation_type_element_declaration type: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (cast_expression type: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (enhanced_for_statement type: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (resource type: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (array_creation_expression type: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])
  (instanceof_expression right: [
    (type_identifier) @name
    (generic_type . (type_identifier) @name)
    (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)
    (generic_type . (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))])] @reference.type
 (#not-match? @name "^[A-Z][0-9]?$")
 (#not-eq? @name "var"))

; Record patterns name their record: `case Point(int x, int y)`.
(record_pattern . [(identifier) @name (generic_type . (type_identifier) @name)]) @reference.type

; Annotations are uses of their annotation type: `@Override`, `@Retention(...)`,
; `@javax.annotation.Nonnull` (qualifier javax.annotation).
(marker_annotation name: (identifier) @name) @reference.type
(annotation name: (identifier) @name) @reference.type
(marker_annotation name: (scoped_identifier scope: (_) @qualifier name: (identifier) @name)) @reference.type
(annotation name: (scoped_identifier scope: (_) @qualifier name: (identifier) @name)) @reference.type
