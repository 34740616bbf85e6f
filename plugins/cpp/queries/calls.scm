; Calls, with the object or scope they are made on as the qualifier
; (`entries_` in `entries_.push_back(x)`, `p` in `p->run()`, `std` in
; `std::sort(...)`, the innermost scope of `a::b::f()`: `b`). `new T(...)` and
; `T{...}` are instantiations of T (@reference.instantiation; a call `T(...)`
; cannot be told from a function call and stays a call). Casts
; (`static_cast<T>(x)`) are not calls.
;
; For the time every run spends compiling this file, the forms of one node
; are alternatives of one pattern, and a qualified_identifier with a scope is
; written `(_ scope: ...)`, the only node with that field: ts_query_new walks
; the parse table for every named node with children, not for a wildcard
; (tags.scm says more). An alternative captured as a group inside another
; alternation (`[[(a) (b)] @name (c)]`) matches (a) alone: list each one.
(call_expression
  function: [
    (identifier) @name
    (field_expression argument: (_) @qualifier field: [
      (field_identifier) @name (destructor_name) @name
      (template_method name: (field_identifier) @name)
      (dependent_name (template_method name: (field_identifier) @name))])
    (_ scope: (_) @qualifier name: [(identifier) @name (template_function name: (identifier) @name)])
    (qualified_identifier name: [
      (_ scope: (_) @qualifier name: [(identifier) @name (template_function name: (identifier) @name)])
      (qualified_identifier name: [
        (_ scope: (_) @qualifier name: [(identifier) @name (template_function name: (identifier) @name)])
        (qualified_identifier name:
          (_ scope: (_) @qualifier name: [(identifier) @name (template_function name: (identifier) @name)]))])])]) @reference.call
((call_expression function: (template_function name: (identifier) @name)) @reference.call
 (#not-any-of? @name "static_cast" "dynamic_cast" "reinterpret_cast" "const_cast"))

(new_expression type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))]) @reference.instantiation
(compound_literal_expression type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])]) @reference.instantiation

; Base classes are @reference.inherit (`class B : public A`, `: std::X`).
; Type uses: parameter, return, field, variable and alias
; types, template arguments (`std::vector<Entry>`: vector and Entry), enum
; bases. Qualified names keep their scope as the qualifier (`std::string`).
(base_class_clause [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))]) @reference.inherit
(parameter_declaration type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))] declarator: (_)) @reference.type
(declaration declarator: (function_declarator parameters: (parameter_list (parameter_declaration type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))] !declarator) @reference.type)))
(field_declaration declarator: (function_declarator parameters: (parameter_list (parameter_declaration type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))] !declarator) @reference.type)))
(function_definition type: (_) declarator: (function_declarator parameters: (parameter_list (parameter_declaration type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))] !declarator) @reference.type)))
(optional_parameter_declaration type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))]) @reference.type
(field_declaration type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))]) @reference.type
(function_definition type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))]) @reference.type
(declaration type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))]) @reference.type
(type_definition type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))]) @reference.type
(type_descriptor type: [
  (type_identifier) @name (template_type name: (type_identifier) @name)
  (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  (qualified_identifier name: (_ scope: (_) @qualifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))]) @reference.type
(enum_specifier base: (type_identifier) @name) @reference.type
