; TypeScript's own definitions and type references (TypeScript and TSX; the
; definitions, imports, calls and texts JavaScript shares are in
; plugins/javascript/queries). Listed before tags.scm: where both capture a
; node, the pattern here (with the accessibility modifier) wins.
; `(_ object: ... property: ...)` is a member_expression (see
; plugins/javascript/queries/tags.scm).

; ---- Classes and their members ---------------------------------------------

(abstract_class_declaration name: (type_identifier) @name body: (class_body) @body) @definition.class

; `public`/`private`/`protected` members: the modifier is the visibility
; (`#private` names are private too: plugin.c). Methods, fields, abstract
; methods, and overload signatures (`over(a: string): void;`).
(method_definition
  (accessibility_modifier) @visibility
  name: [(property_identifier) (private_property_identifier) (computed_property_name) (number)] @name
  body: (statement_block) @body) @definition.function
(method_definition
  (accessibility_modifier) @visibility
  name: (string (string_fragment) @name)
  body: (statement_block) @body) @definition.function
; A field holding a function (`onClick = () => {...}`) is a method.
(public_field_definition
  (accessibility_modifier) @visibility
  name: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.function
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.function
(public_field_definition
  (accessibility_modifier) @visibility
  name: [(property_identifier) (private_property_identifier) (computed_property_name) (number)] @name) @definition.property
(public_field_definition
  name: [(property_identifier) (private_property_identifier) (computed_property_name) (number)] @name) @definition.property
(public_field_definition name: (string (string_fragment) @name)) @definition.property
(abstract_method_signature
  (accessibility_modifier) @visibility
  name: [(property_identifier) (private_property_identifier) (computed_property_name)] @name) @definition.method
(abstract_method_signature
  name: [(property_identifier) (private_property_identifier) (computed_property_name)] @name) @definition.method
; An overload signature of a method the class implements
; (`subscribe(observer): Subscription;` before `subscribe(...) {...}`) is a
; prototype of that implementation, not a second definition: a call binds to
; the implementation, as the compiler does.
((class_body
  (method_signature
    (accessibility_modifier) @visibility
    name: [(property_identifier) (private_property_identifier)] @name) @definition.prototype
  (method_definition name: [(property_identifier) (private_property_identifier)] @_impl))
 (#eq? @name @_impl))
((class_body
  (method_signature
    name: [(property_identifier) (private_property_identifier)] @name) @definition.prototype
  (method_definition name: [(property_identifier) (private_property_identifier)] @_impl))
 (#eq? @name @_impl))
(class_body
  (method_signature
    (accessibility_modifier) @visibility
    name: [(property_identifier) (private_property_identifier) (computed_property_name)] @name) @definition.method)
(class_body
  (method_signature
    name: [(property_identifier) (private_property_identifier) (computed_property_name)] @name) @definition.method)

; ---- Interfaces, type aliases, enums, namespaces ---------------------------

; Interfaces and their property and method signatures; the members of an
; object type written in a property's type (`opts: { retries: number }`) are
; that property's. Index and call signatures are unnamed.
(interface_declaration name: (type_identifier) @name body: (interface_body) @body) @definition.interface
(interface_body
  (property_signature name: [(property_identifier) (private_property_identifier) (computed_property_name) (number)] @name) @definition.property)
(interface_body
  (property_signature name: (string (string_fragment) @name)) @definition.property)
(interface_body
  (method_signature name: [(property_identifier) (private_property_identifier) (computed_property_name) (number)] @name) @definition.method)
(interface_body
  (method_signature name: (string (string_fragment) @name)) @definition.method)

; Construct signatures (`new (message: string): AppError;`, how lib.d.ts
; declares constructors) are methods named `new`.
(interface_body (construct_signature "new" @name) @definition.method)

; Type aliases. An object type alias (`type Options = { port: number }`,
; also when intersected: `= Base & { ... }`) has its members as an
; interface has; object types elsewhere (a parameter's) are not definitions.
(type_alias_declaration name: (type_identifier) @name value: (_) @body) @definition.type
(type_alias_declaration
  value: [(object_type (property_signature name: [(property_identifier) (computed_property_name)] @name) @definition.property)
          (intersection_type (object_type (property_signature name: [(property_identifier) (computed_property_name)] @name) @definition.property))
          (object_type (property_signature name: (string (string_fragment) @name)) @definition.property)])
(type_alias_declaration
  value: [(object_type (method_signature name: [(property_identifier) (computed_property_name)] @name) @definition.method)
          (intersection_type (object_type (method_signature name: [(property_identifier) (computed_property_name)] @name) @definition.method))])
(property_signature
  type: (type_annotation
    (object_type (property_signature name: [(property_identifier) (computed_property_name)] @name) @definition.property)))
(property_signature
  type: (type_annotation
    (object_type (method_signature name: [(property_identifier) (computed_property_name)] @name) @definition.method)))

; Enums (`enum`, `const enum`, `declare enum`) and their members, constants.
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(enum_body (property_identifier) @name @definition.constant)
(enum_body (enum_assignment name: (property_identifier) @name) @definition.constant)
(enum_body (string (string_fragment) @name) @definition.constant)
(enum_body (enum_assignment name: (string (string_fragment) @name)) @definition.constant)

; Namespaces and modules: `namespace A.B {}`, `module Legacy {}`,
; `declare module 'express' {}` (named after the module it declares).
(internal_module name: [(identifier) (nested_identifier)] @name body: (statement_block) @body) @definition.module
(module name: [(identifier) (nested_identifier)] @name body: (statement_block) @body) @definition.module
(module name: (string (string_fragment) @name) body: (statement_block) @body) @definition.module
(internal_module name: (string (string_fragment) @name) body: (statement_block) @body) @definition.module

; Declarations without a body: `declare function f(): void;`, overloads.
(function_signature name: (identifier) @name) @definition.function

; ---- Imports ---------------------------------------------------------------

; `import fs = require('fs')`: fs, aliased fs (relative ones: see imports.scm).
((import_statement
  (import_require_clause (identifier) @import.alias source: (string) @name)) @import
 (#match? @name "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
(import_statement
  (import_require_clause (identifier) @import.alias source: (string) @name)) @import

; ---- Type references -------------------------------------------------------
; Every type name used where a type is written: annotations of parameters,
; returns, variables and fields; generic arguments and constraints; unions,
; intersections, arrays, tuples, conditional, mapped and indexed types; `as` and `satisfies`; the right side of a type alias.
; Type parameters (one capital letter, optionally a digit: T, K, V2) and
; `bigint` (a type name to the grammar, built in to the language) are left
; out. A qualified name (`ns.Options`) is Options, qualified by ns.
(([(type_annotation (type_identifier) @name)
   (opting_type_annotation (type_identifier) @name)
   (omitting_type_annotation (type_identifier) @name)
   (adding_type_annotation (type_identifier) @name)
   (generic_type name: (type_identifier) @name)
   (type_arguments (type_identifier) @name)
   (array_type (type_identifier) @name)
   (tuple_type (type_identifier) @name)
   (union_type (type_identifier) @name)
   (intersection_type (type_identifier) @name)
   (parenthesized_type (type_identifier) @name)
   (optional_type (type_identifier) @name)
   (rest_type (type_identifier) @name)
   (readonly_type (type_identifier) @name)
   (index_type_query (type_identifier) @name)
   (lookup_type (type_identifier) @name)
   (conditional_type (type_identifier) @name)
   (constraint (type_identifier) @name)
   (default_type (type_identifier) @name)
   (function_type return_type: (type_identifier) @name)
   (constructor_type type: (type_identifier) @name)
   (type_predicate type: (type_identifier) @name)
   (mapped_type_clause type: (type_identifier) @name)
   (type_alias_declaration value: (type_identifier) @name)
   (as_expression (type_identifier) @name)
   (satisfies_expression (type_identifier) @name)]) @reference.type
 (#not-match? @name "^[A-Z][0-9]?$")
 (#not-eq? @name "bigint"))
(nested_type_identifier module: (_) @qualifier name: (type_identifier) @name) @reference.type
; What a class extends and implements and what an interface extends
; (@reference.inherit): a class, a qualified one. A generic base
; (`implements Repo<User>`) or a qualified interface (`implements ns.Repo`)
; stays a type reference: its node is the generic's or the qualified name's
; wherever it is written.
(extends_clause value: (identifier) @name) @reference.inherit
((extends_clause value: (_ object: (_) @qualifier property: (property_identifier) @name)) @reference.inherit
 (#match? @qualifier "^[A-Za-z_$][A-Za-z0-9_$.]*$"))
((implements_clause (type_identifier) @name) @reference.inherit
 (#not-match? @name "^[A-Z][0-9]?$"))
((extends_type_clause type: (type_identifier) @name) @reference.inherit
 (#not-match? @name "^[A-Z][0-9]?$"))
((implements_clause (generic_type name: (type_identifier) @name)) @reference.inherit
 (#not-match? @name "^[A-Z][0-9]?$"))
((extends_type_clause type: (generic_type name: (type_identifier) @name)) @reference.inherit
 (#not-match? @name "^[A-Z][0-9]?$"))

; ---- Typed locals -------------------------------------------------------------
; TypeScript's declared types (beside JavaScript's locals.scm): a parameter,
; variable or class field annotated with a named type (`subscriber:
; Subscriber<T>`, `x: ns.Thing`) is a value of that type; a field's scope is
; its class, so `this.destination.next()` follows the field's type.

(required_parameter pattern: (identifier) @local.definition
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
(optional_parameter pattern: (identifier) @local.definition
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
(required_parameter pattern: (identifier) @local.definition)
(optional_parameter pattern: (identifier) @local.definition)
(variable_declarator name: (identifier) @local.definition
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
(public_field_definition name: (property_identifier) @local.definition
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
; a parameter property: `constructor(private readonly store: Store)`
(required_parameter (accessibility_modifier) pattern: (identifier) @local.definition
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
; A named type or nothing (`window: Subject<T> | null`, `source?: Observable<T>
; | undefined`): a call on it can only be on a value of that type.
(required_parameter pattern: (identifier) @local.definition
  type: (type_annotation (union_type [(type_identifier) (generic_type) (nested_type_identifier)] @local.type (literal_type [(null) (undefined)]))))
(optional_parameter pattern: (identifier) @local.definition
  type: (type_annotation (union_type [(type_identifier) (generic_type) (nested_type_identifier)] @local.type (literal_type [(null) (undefined)]))))
(variable_declarator name: (identifier) @local.definition
  type: (type_annotation (union_type [(type_identifier) (generic_type) (nested_type_identifier)] @local.type (literal_type [(null) (undefined)]))))
(public_field_definition name: (property_identifier) @local.definition
  type: (type_annotation (union_type [(type_identifier) (generic_type) (nested_type_identifier)] @local.type (literal_type [(null) (undefined)]))))
(required_parameter (accessibility_modifier) pattern: (identifier) @local.definition
  type: (type_annotation (union_type [(type_identifier) (generic_type) (nested_type_identifier)] @local.type (literal_type [(null) (undefined)]))))

; ---- Contextually typed parameters ---------------------------------------------
; A function or method whose parameter has a function type written in place
; (`init: (source: Observable<T>, subscriber: Subscriber<R>) => void`)
; declares the types of the parameters of the function passed there. Each
; such parameter is captured whole (its text is no name a reference
; carries) with its type: derive.c counts its place in the two parameter
; lists and gives the function (a constructor's: its class, hence
; @local.range there) the list of them as its declared callback types.
(function_declaration parameters: (formal_parameters
  [(required_parameter type: (type_annotation (function_type parameters: (formal_parameters
     [(required_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
      (optional_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))] @local.definition))))
   (optional_parameter type: (type_annotation (function_type parameters: (formal_parameters
     [(required_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
      (optional_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))] @local.definition))))]))
((method_definition name: (property_identifier) @_name parameters: (formal_parameters
  [(required_parameter type: (type_annotation (function_type parameters: (formal_parameters
     [(required_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
      (optional_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))] @local.definition))))
   (optional_parameter type: (type_annotation (function_type parameters: (formal_parameters
     [(required_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
      (optional_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))] @local.definition))))]))
 (#not-eq? @_name "constructor"))
((method_definition name: (property_identifier) @_name parameters: (formal_parameters
  [(required_parameter type: (type_annotation (function_type parameters: (formal_parameters
     [(required_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.range))
      (optional_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.range))] @local.definition))))
   (optional_parameter type: (type_annotation (function_type parameters: (formal_parameters
     [(required_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.range))
      (optional_parameter pattern: (identifier) type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.range))] @local.definition))))]))
 (#eq? @_name "constructor"))
; The function passed first to a call or a `new` of a plain name
; (`operate((source, subscriber) => ...)`, `new Observable((subscriber) =>
; ...)`): an untyped parameter of it is, as the callee declares, a value of
; the type derive.c spells `operate(0,1)` (the callee's text captured here).
(call_expression function: (identifier) @local.value
  arguments: (arguments . [(arrow_function parameter: (identifier) @local.definition)
                           (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @local.definition !type)))]))
(new_expression constructor: (identifier) @local.value
  arguments: (arguments . [(arrow_function parameter: (identifier) @local.definition)
                           (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @local.definition !type)))]))
; `super.next(v)` in a class that extends Subject: a call on the base class.
; The extends clause is captured whole with the base's name (the class's
; base, to derive.c), and `super` as a local holding itself, which derive.c
; types as that base.
(class_heritage (extends_clause value: [(identifier) (member_expression)] @local.type) @local.definition)
(member_expression object: (super) @local.definition @local.value)
; `window!.next(v)`: the call on `window`, asserted not null or undefined (the
; receiver pattern of calls.scm records it unqualified too: derive.c keeps
; the qualified one).
((call_expression
  function: (member_expression object: (non_null_expression (_) @qualifier) property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
 (#match? @qualifier "^[A-Za-z_$#][A-Za-z0-9_$#]*([[:space:]]*\\??\\.[[:space:]]*[A-Za-z_$#][A-Za-z0-9_$#]*)*$"))
; `const out = this._output`, `const p = c.parent`: the value of a path of
; fields (derive.c follows it from the enclosing class, or the head local's
; type).
((variable_declarator name: (identifier) @local.definition value: (member_expression) @local.value)
 (#match? @local.value "^[A-Za-z_$#][A-Za-z0-9_$#]*([[:space:]]*\\.[[:space:]]*[A-Za-z_$#][A-Za-z0-9_$#]*)+$"))
