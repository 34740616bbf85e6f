; References of C#: calls, instantiations and type uses.
;
; Three node types are written as wildcards that their children identify
; (tree-sitter-c-sharp's node-types.json): `(_ qualifier: ...)` is a
; qualified_name and `(_ alias: ...)` an alias_qualified_name, the only nodes
; with those fields; `(_ (identifier) (type_argument_list))` is a generic_name,
; the only node with type arguments. Every run compiles this file, and
; ts_query_new walks the grammar's parse table for each named node with
; children in every pattern (~0.8 ms for each of the 106 generic names, ~3 ms
; for each of the 35 qualified ones), and for no wildcard.

; ---- Calls ---------------------------------------------------------------------
; `Save(x)`, `Parse<int>(s)`, and member calls with their receiver as
; qualifier: `entries.Add(x)` (entries), `this.Save()` (this), `base.Dispose()`
; (base), `Console.Out.WriteLine()` (Console.Out), `user?.Save()` (user).
; `nameof(x)` is an operator, not a call.
((invocation_expression function: (identifier) @name) @reference.call
 (#not-eq? @name "nameof"))
(invocation_expression function: (_ (identifier) @name (type_argument_list))) @reference.call
(invocation_expression function: (member_access_expression expression: _ @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])) @reference.call
(invocation_expression function: (conditional_access_expression condition: (_) @qualifier . (member_binding_expression name: [(identifier) @name (_ (identifier) @name (type_argument_list))]) .)) @reference.call
; A constructor chaining to another: `: base(x)`, `: this(x, 0)` (named so).
(constructor_initializer ["base" "this"] @name) @reference.call

; ---- Instantiations --------------------------------------------------------------
; `new Entry(...)`, `new List<Entry>()`, `new Models.Entry()` (qualifier
; Models), `new Point { X = 1 }`: @reference.instantiation, never calls,
; named after the type. Target-typed `new()` names no type.
(object_creation_expression type: [
  (identifier) @name
  (_ (identifier) @name (type_argument_list))
  (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
  (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])]) @reference.instantiation

; ---- Inheritance ------------------------------------------------------------------
; The base lists of classes, records, structs and interfaces, and a record's
; primary constructor base (`record R(int X) : Base(X)`): @reference.inherit,
; the named type (its generic arguments are type uses).
([(base_list [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (primary_constructor_base_type type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])] @reference.inherit
 (#not-match? @name "^([A-Z][0-9]?|T[A-Z][A-Za-z0-9]*)$"))

; ---- Type references ----------------------------------------------------------------
; Every named type in a type position: generic arguments (`Dictionary<string, List<Entry>>`,
; also inside `new`), arrays and nullables (`Entry[]`, `Entry?`), parameters,
; returns, properties, indexers, events, fields and locals, delegates and
; operators, casts, `as`, `is` and patterns, catch, foreach, `out Entry e`,
; `default(T)`, `typeof(T)`, tuples, constraints (`where T : IEntry`),
; explicit interface implementations (`IDisposable.Dispose`), attributes.
; `A.B.Entry` has the qualifier A.B. Type parameters are left out by their
; conventional names: one capital letter, maybe a digit (T, K, V, T1), or T
; and a capitalized word (TKey, TResult); built-in types (`int`, `string`)
; and `var` are not identifiers.
([(type_argument_list [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (array_type type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (nullable_type type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (ref_type type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (pointer_type type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (parameter type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (property_declaration type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (indexer_declaration type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (event_declaration type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (variable_declaration type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (method_declaration returns: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (local_function_statement type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (delegate_declaration type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (operator_declaration type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (conversion_operator_declaration type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (cast_expression type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (as_expression right: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (is_expression right: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (declaration_pattern type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (recursive_pattern type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (type_pattern type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (catch_declaration type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (foreach_statement type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (declaration_expression type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (default_expression type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (typeof_expression type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (sizeof_expression type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (tuple_element type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (type_parameter_constraint type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (explicit_interface_specifier [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])
  (lambda_expression type: [
    (identifier) @name
    (_ (identifier) @name (type_argument_list))
    (_ qualifier: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])
    (_ alias: (_) @qualifier name: [(identifier) @name (_ (identifier) @name (type_argument_list))])])] @reference.type
 (#not-match? @name "^([A-Z][0-9]?|T[A-Z][A-Za-z0-9]*)$"))

; Attributes are uses of their attribute class: `[Serializable]`,
; `[JsonProperty("id")]`, `[System.Obsolete]` (qualifier System).
(attribute name: [
  (identifier) @name
  (_ (identifier) @name (type_argument_list))
  (_ qualifier: (_) @qualifier name: (identifier) @name)]) @reference.type
