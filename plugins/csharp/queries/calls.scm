; References of C#: calls, instantiations and type uses.

; ---- Calls ---------------------------------------------------------------------
; `Save(x)`, `Parse<int>(s)`, and member calls with their receiver as
; qualifier: `entries.Add(x)` (entries), `this.Save()` (this), `base.Dispose()`
; (base), `Console.Out.WriteLine()` (Console.Out), `user?.Save()` (user).
; `nameof(x)` is an operator, not a call.
((invocation_expression function: (identifier) @name) @reference.call
 (#not-eq? @name "nameof"))
(invocation_expression function: (generic_name (identifier) @name)) @reference.call
(invocation_expression function: (member_access_expression expression: _ @qualifier name: [(identifier) @name (generic_name (identifier) @name)])) @reference.call
(invocation_expression function: (conditional_access_expression condition: (_) @qualifier . (member_binding_expression name: [(identifier) @name (generic_name (identifier) @name)]) .)) @reference.call
; A constructor chaining to another: `: base(x)`, `: this(x, 0)` (named so).
(constructor_initializer ["base" "this"] @name) @reference.call

; ---- Instantiations --------------------------------------------------------------
; `new Entry(...)`, `new List<Entry>()`, `new Models.Entry()` (qualifier
; Models), `new Point { X = 1 }`: @reference.instantiation, never calls,
; named after the type. Target-typed `new()` names no type.
(object_creation_expression type: [
  (identifier) @name
  (generic_name (identifier) @name)
  (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
  (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])]) @reference.instantiation

; ---- Type references ----------------------------------------------------------------
; Every named type in a type position: base lists (classes, records, structs,
; interfaces, enums), generic arguments (`Dictionary<string, List<Entry>>`,
; also inside `new`), arrays and nullables (`Entry[]`, `Entry?`), parameters,
; returns, properties, indexers, events, fields and locals, delegates and
; operators, casts, `as`, `is` and patterns, catch, foreach, `out Entry e`,
; `default(T)`, `typeof(T)`, tuples, constraints (`where T : IEntry`),
; explicit interface implementations (`IDisposable.Dispose`), attributes.
; `A.B.Entry` has the qualifier A.B. Type parameters are left out by their
; conventional names: one capital letter, maybe a digit (T, K, V, T1), or T
; and a capitalized word (TKey, TResult); built-in types (`int`, `string`)
; and `var` are not identifiers.
([(base_list [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (type_argument_list [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (array_type type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (nullable_type type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (ref_type type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (pointer_type type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (parameter type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (property_declaration type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (indexer_declaration type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (event_declaration type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (variable_declaration type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (method_declaration returns: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (local_function_statement type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (delegate_declaration type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (operator_declaration type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (conversion_operator_declaration type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (cast_expression type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (as_expression right: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (is_expression right: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (declaration_pattern type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (recursive_pattern type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (type_pattern type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (catch_declaration type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (foreach_statement type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (declaration_expression type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (default_expression type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (typeof_expression type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (sizeof_expression type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (tuple_element type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (type_parameter_constraint type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (primary_constructor_base_type type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (explicit_interface_specifier [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])
  (lambda_expression type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name qualifier: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])
    (alias_qualified_name alias: (_) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])])] @reference.type
 (#not-match? @name "^([A-Z][0-9]?|T[A-Z][A-Za-z0-9]*)$"))

; Attributes are uses of their attribute class: `[Serializable]`,
; `[JsonProperty("id")]`, `[System.Obsolete]` (qualifier System).
(attribute name: [
  (identifier) @name
  (generic_name (identifier) @name)
  (qualified_name qualifier: (_) @qualifier name: (identifier) @name)]) @reference.type
