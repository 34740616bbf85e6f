; C++ definitions, includes and using-declarations.
;
; Templates: `template <...>` wraps the declaration it templates, and the
; wrapper is the definition's node (its lines, its signature, and the line a
; doc comment above it must end on). A plain pattern must then not match the
; declaration inside the wrapper, or it would be a second definition nested
; in the first. Queries cannot say "whose parent is not X" (a negated field
; on a wildcard parent is ignored), so each plain pattern comes twice: X as
; the first child of its parent, `(_ . X)`, which a template's never is (its
; parameter list comes first), and X right after a sibling that is not a
; template's parameter list, `([(_) (ERROR)] @_prev . X)`. A wildcard does
; not match an ERROR node, hence the alternation: a macro the grammar could
; not read (`JSON_HEDLEY_NON_NULL(1)`) often precedes a definition. (The
; sibling form costs a third of a wildcard parent with an optional sibling.)
; The template patterns take X only right after the parameter list; with a
; requires clause, a comment or a macro in between, the plain pattern takes
; it alone (the definition starts after the `template <...>` line).
; When two patterns capture the same node, the first wins: the specific
; patterns (anonymous namespaces, constants) come before the general ones.
;
; Three node types are written as wildcards, for the time every run spends
; compiling this file: ts_query_new walks the grammar's parse table for each
; named node of a pattern that has children (4.5 ms for a function_definition,
; 2.4 ms for a function_declarator, 1.6 ms for a qualified_identifier; sixteen,
; sixty and forty of them here), and for no wildcard. The fields say which node
; it is (tree-sitter-cpp's node-types.json):
;   (_ !right declarator: D body: B)  a function_definition (of the other
;       nodes with both fields, a for_range_loop has a right, and a
;       lambda_expression's declarator is abstract, never one of the D here);
;   (_ declarator: D parameters: (parameter_list))  a function_declarator (the
;       only other node with both fields, abstract_function_declarator, has
;       only abstract declarators in D);
;   (_ scope: S name: N)  a qualified_identifier, the only node with a scope.
; Never at a pattern's root: tree-sitter skips a root wildcard, with its
; negated fields, and starts from the child.

; ---- Namespaces ---------------------------------------------------------------
; `namespace a { }`, `namespace a::b { }` (one module named `a::b`), `inline
; namespace v1 { }`. An anonymous namespace is no definition: its members
; belong to the enclosing scope, file-private (below).
(namespace_definition name: (_) @name body: (declaration_list) @body) @definition.module

; Members of an anonymous namespace have internal linkage: private.
((namespace_definition !name body: (declaration_list
   (_ !right
     declarator: [
       (_ declarator: [(identifier) (operator_name)] @name parameters: (parameter_list))
       (pointer_declarator declarator: (_ declarator: (identifier) @name parameters: (parameter_list)))
       (reference_declarator (_ declarator: (identifier) @name parameters: (parameter_list)))
     ]
     body: (_) @body) @definition.function))
 (#set! visibility "private"))
((namespace_definition !name body: (declaration_list
   (template_declaration
     parameters: (_) .
     (_ !right
       declarator: (_ declarator: (identifier) @name parameters: (parameter_list))
       body: (_) @body)) @definition.function))
 (#set! visibility "private"))
((namespace_definition !name body: (declaration_list
   (class_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.class))
 (#set! visibility "private"))
((namespace_definition !name body: (declaration_list
   (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct))
 (#set! visibility "private"))
((namespace_definition !name body: (declaration_list
   (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum))
 (#set! visibility "private"))
((namespace_definition !name body: (declaration_list
   (declaration (type_qualifier) @_const
     declarator: (init_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])) @definition.constant))
 (#any-of? @_const "const" "constexpr")
 (#set! visibility "private")
 (#set! container "no"))
((namespace_definition !name body: (declaration_list
   (declaration
     declarator: [
       (identifier) @name
       (init_declarator declarator: (identifier) @name)
       (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))
       (init_declarator declarator: (array_declarator declarator: (identifier) @name))
       (pointer_declarator declarator: (identifier) @name)
       (array_declarator declarator: (identifier) @name)
     ]) @definition.variable))
 (#set! visibility "private")
 (#set! container "no"))

; A macro line before a namespace (`NLOHMANN_JSON_NAMESPACE_BEGIN` then
; `namespace detail {`) reads as a function named `namespace`: still the
; namespace detail.
((function_definition
   type: (type_identifier)
   declarator: (identifier) @_keyword
   (ERROR (identifier) @name)
   body: (compound_statement) @body) @definition.module
 (#eq? @_keyword "namespace"))

; ---- Classes, structs, unions, enums --------------------------------------------
; `class Box`, `template <class T> class Box`, a partial or full
; specialization `template <> struct hash<Key>` (named `hash`).
(_ .
  (class_specifier
    name: [(type_identifier) @name (template_type name: (type_identifier) @name)
           (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])]
    body: (field_declaration_list) @body) @definition.class)
(([(_) (ERROR)] @_prev .
  (class_specifier
    name: [(type_identifier) @name (template_type name: (type_identifier) @name)
           (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])]
    body: (field_declaration_list) @body) @definition.class)
 (#not-match? @_prev "^<"))
(template_declaration
  parameters: (_) .
  (class_specifier
    name: [(type_identifier) @name (template_type name: (type_identifier) @name)
           (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])]
    body: (field_declaration_list) @body)) @definition.class
(_ .
  (struct_specifier
    name: [(type_identifier) @name (template_type name: (type_identifier) @name)
           (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])]
    body: (field_declaration_list) @body) @definition.struct)
(([(_) (ERROR)] @_prev .
  (struct_specifier
    name: [(type_identifier) @name (template_type name: (type_identifier) @name)
           (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])]
    body: (field_declaration_list) @body) @definition.struct)
 (#not-match? @_prev "^<"))
(template_declaration
  parameters: (_) .
  (struct_specifier
    name: [(type_identifier) @name (template_type name: (type_identifier) @name)
           (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])]
    body: (field_declaration_list) @body)) @definition.struct
(_ .
  (union_specifier
    name: [(type_identifier) @name (template_type name: (type_identifier) @name)]
    body: (field_declaration_list) @body) @definition.union)
(([(_) (ERROR)] @_prev .
  (union_specifier
    name: [(type_identifier) @name (template_type name: (type_identifier) @name)]
    body: (field_declaration_list) @body) @definition.union)
 (#not-match? @_prev "^<"))
(template_declaration
  parameters: (_) .
  (union_specifier
    name: [(type_identifier) @name (template_type name: (type_identifier) @name)]
    body: (field_declaration_list) @body)) @definition.union
(enum_specifier
  name: [(type_identifier) @name (qualified_identifier name: (type_identifier) @name)]
  body: (enumerator_list) @body) @definition.enum
(enumerator name: (identifier) @name) @definition.constant

; An export macro between the keyword and the name (`class GTEST_API_ Foo :
; public Bar {`) defeats the grammar: the macro becomes the class's name and
; the rest a function definition named Foo, its members statements. The
; class is still Foo, spanning that body; its members are found as far as
; they parse (plugin.c makes variables in a class its properties).
((function_definition
   type: (class_specifier name: (type_identifier) @_macro !body)
   declarator: (identifier) @name
   body: (compound_statement) @body) @definition.class
 (#match? @_macro "^[A-Z][A-Z0-9_]*$"))
((function_definition
   type: (struct_specifier name: (type_identifier) @_macro !body)
   declarator: (identifier) @name
   body: (compound_statement) @body) @definition.struct
 (#match? @_macro "^[A-Z][A-Z0-9_]*$"))
; Their `public:` lines parse as labels.
((labeled_statement label: (statement_identifier) @visibility.section)
 (#any-of? @visibility.section "public" "private" "protected"))

; ---- Functions ------------------------------------------------------------------
; Test and definition macros: `TEST(Suite, Name) { ... }` (TEST_F, TEST_P,
; TYPED_TEST, ...) is the test Suite.Name (a method of the fixture class
; when that is in the file), `ACTION_P(Name, p) { ... }` and other ALL_CAPS
; macros with a body and an underscore in their name (not a constructor of a
; class `URL`) are named after their first argument, as C's SYSCALL_DEFINE
; (ctags names them all after the macro). A lock annotation
; (`ABSL_LOCKS_EXCLUDED(mu)`) is none of these: see below.
((function_definition
   !type
   declarator: (_
     declarator: (identifier) @_macro
     parameters: (parameter_list
       . (parameter_declaration type: (type_identifier) @receiver !declarator)
       . (parameter_declaration type: (type_identifier) @name !declarator) .))
   body: (compound_statement) @body) @definition.function
 (#match? @_macro "^[A-Z0-9_]*TEST[A-Z0-9_]*$"))
((function_definition
   !type
   declarator: (_
     declarator: (identifier) @_macro
     parameters: (parameter_list . (parameter_declaration type: (type_identifier) @name !declarator)))
   body: (compound_statement) @body) @definition.function
 (#match? @_macro "^([A-Z][A-Z0-9]*_[A-Z0-9_]*|ACTION|MATCHER|BENCHMARK)$")
 (#not-match? @_macro "TEST|LOCK|REQUIRE|EXCLUDE|ACQUIRE|RELEASE|GUARDED|CAPABILITY|THREAD_SAFETY"))
; A definition with an annotation macro after its parameters
; (`void Mock::Clear() GTEST_LOCK_EXCLUDED_(mu) { ... }`) parses as a
; declaration missing its `;`, then a function named after the macro: it is
; the declared function, with the macro's body.
((declaration
   declarator: (_ declarator: [
     (identifier) @name (field_identifier) @name (destructor_name) @name (operator_name) @name
     (_ scope: (_) @receiver name: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
     (qualified_identifier name: (_ scope: (_) @receiver name: [(identifier) (destructor_name) (operator_name)] @name))
   ] parameters: (parameter_list))
   ";" @_semi) @definition.function
 .
 (_ !right
   !type
   declarator: (_ declarator: (identifier) @_macro parameters: (parameter_list))
   body: (compound_statement) @body)
 (#eq? @_semi "")
 (#match? @_macro "^[A-Z][A-Z0-9_]*$"))
((declaration
   declarator: [
     (pointer_declarator declarator: (_ declarator: [
       (identifier) @name (field_identifier) @name
       (_ scope: (_) @receiver name: (identifier) @name)] parameters: (parameter_list)))
     (reference_declarator (_ declarator: [
       (identifier) @name (field_identifier) @name (operator_name) @name
       (_ scope: (_) @receiver name: [(identifier) (operator_name)] @name)] parameters: (parameter_list)))
   ]
   ";" @_semi) @definition.function
 .
 (_ !right
   !type
   declarator: (_ declarator: (identifier) @_macro parameters: (parameter_list))
   body: (compound_statement) @body)
 (#eq? @_semi "")
 (#match? @_macro "^[A-Z][A-Z0-9_]*$"))

; Without parameters, the head reads as a variable constructed with `()`.
((declaration
   declarator: (init_declarator
     declarator: [
       (identifier) @name
       (_ scope: (_) @receiver name: [(identifier) (destructor_name) (operator_name)] @name)
       (qualified_identifier name: (_ scope: (_) @receiver name: [(identifier) (destructor_name) (operator_name)] @name))
     ]
     value: (argument_list))
   ";" @_semi) @definition.function
 .
 (_ !right
   !type
   declarator: (_ declarator: (identifier) @_macro parameters: (parameter_list))
   body: (compound_statement) @body)
 (#eq? @_semi "")
 (#match? @_macro "^[A-Z][A-Z0-9_]*$"))

; An annotation macro with arguments before a definition
; (`JSON_HEDLEY_NON_NULL(2) void write(const char *s)`) reads as its return
; type, the function's name in parentheses.
((function_definition
   type: (type_identifier) @_macro
   declarator: (parenthesized_declarator (_ declarator: [(identifier) (field_identifier)] @name parameters: (parameter_list)))
   body: (compound_statement) @body) @definition.function
 (#match? @_macro "^[A-Z][A-Z0-9_]*$"))

; Free functions, member functions in their class, and `void Foo::bar()`
; defined outside Foo: the innermost scope is the receiver, so it is the
; method Foo.bar (Box.get for `Box<T>::get`). Constructors, destructors
; (`~Foo`), operators (`operator==`), specializations (`max<int>`: max).
(_ .
  (_ !right
    declarator: [
      (_ declarator: [
        (field_identifier) @name (destructor_name) @name (operator_name) @name
        (template_function name: (identifier) @name)
        (_ scope: (_) @receiver name: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
        (_ scope: (_) @receiver name: (template_function name: (identifier) @name))
        (qualified_identifier name: [
          (_ scope: (_) @receiver name: [(identifier) (destructor_name) (operator_name)] @name)
          (qualified_identifier name: [
            (_ scope: (_) @receiver name: [(identifier) (destructor_name) (operator_name)] @name)
            (qualified_identifier name: (_ scope: (_) @receiver name: [(identifier) (destructor_name) (operator_name)] @name))])])
      ] parameters: (parameter_list))
      (pointer_declarator declarator: (_ declarator: [
        (identifier) @name (field_identifier) @name (operator_name) @name
        (_ scope: (_) @receiver name: [(identifier) (operator_name)] @name)
        (qualified_identifier name: (_ scope: (_) @receiver name: [(identifier) (operator_name)] @name))
      ] parameters: (parameter_list)))
      (pointer_declarator declarator: (pointer_declarator declarator: (_ declarator: [
        (identifier) @name (field_identifier) @name
        (_ scope: (_) @receiver name: (identifier) @name)
      ] parameters: (parameter_list))))
      (reference_declarator (_ declarator: [
        (identifier) @name (field_identifier) @name (operator_name) @name
        (_ scope: (_) @receiver name: [(identifier) (operator_name)] @name)
        (qualified_identifier name: (_ scope: (_) @receiver name: [(identifier) (operator_name)] @name))
      ] parameters: (parameter_list)))
    ]
    body: (_) @body) @definition.function)
(([(_) (ERROR)] @_prev .
  (_ !right
    declarator: [
      (_ declarator: [
        (field_identifier) @name (destructor_name) @name (operator_name) @name
        (template_function name: (identifier) @name)
        (_ scope: (_) @receiver name: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
        (_ scope: (_) @receiver name: (template_function name: (identifier) @name))
        (qualified_identifier name: [
          (_ scope: (_) @receiver name: [(identifier) (destructor_name) (operator_name)] @name)
          (qualified_identifier name: [
            (_ scope: (_) @receiver name: [(identifier) (destructor_name) (operator_name)] @name)
            (qualified_identifier name: (_ scope: (_) @receiver name: [(identifier) (destructor_name) (operator_name)] @name))])])
      ] parameters: (parameter_list))
      (pointer_declarator declarator: (_ declarator: [
        (identifier) @name (field_identifier) @name (operator_name) @name
        (_ scope: (_) @receiver name: [(identifier) (operator_name)] @name)
        (qualified_identifier name: (_ scope: (_) @receiver name: [(identifier) (operator_name)] @name))
      ] parameters: (parameter_list)))
      (pointer_declarator declarator: (pointer_declarator declarator: (_ declarator: [
        (identifier) @name (field_identifier) @name
        (_ scope: (_) @receiver name: (identifier) @name)
      ] parameters: (parameter_list))))
      (reference_declarator (_ declarator: [
        (identifier) @name (field_identifier) @name (operator_name) @name
        (_ scope: (_) @receiver name: [(identifier) (operator_name)] @name)
        (qualified_identifier name: (_ scope: (_) @receiver name: [(identifier) (operator_name)] @name))
      ] parameters: (parameter_list)))
    ]
    body: (_) @body) @definition.function)
 (#not-match? @_prev "^<"))
; A plain name: with a return type; without one, a constructor in its class
; (or an old `main()`); an ALL_CAPS one outside a class is a macro (above).
(_ .
  (_ !right
    type: (_)
    declarator: (_ declarator: (identifier) @name parameters: (parameter_list))
    body: (_) @body) @definition.function)
(([(_) (ERROR)] @_prev .
  (_ !right
    type: (_)
    declarator: (_ declarator: (identifier) @name parameters: (parameter_list))
    body: (_) @body) @definition.function)
 (#not-match? @_prev "^<"))
(field_declaration_list
  (_ !right
    !type
    declarator: (_ declarator: (identifier) @name parameters: (parameter_list))
    body: (_) @body) @definition.function)
((_ .
  (_ !right
    !type
    declarator: (_ declarator: (identifier) @name parameters: (parameter_list))
    body: (_) @body) @definition.function)
 (#not-match? @name "^[A-Z][A-Z0-9_]*$"))
(([(_) (ERROR)] @_prev .
  (_ !right
    !type
    declarator: (_ declarator: (identifier) @name parameters: (parameter_list))
    body: (_) @body) @definition.function)
 (#not-match? @name "^[A-Z][A-Z0-9_]*$")
 (#not-match? @_prev "^<"))
(template_declaration
  parameters: (_) .
  (_ !right
    declarator: [
      (_ declarator: [
        (identifier) @name (field_identifier) @name (destructor_name) @name (operator_name) @name
        (template_function name: (identifier) @name)
        (_ scope: (_) @receiver name: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
        (_ scope: (_) @receiver name: (template_function name: (identifier) @name))
        (qualified_identifier name: (_ scope: (_) @receiver name: [(identifier) (destructor_name) (operator_name)] @name))
      ] parameters: (parameter_list))
      (pointer_declarator declarator: (_ declarator: [
        (identifier) @name (field_identifier) @name (operator_name) @name
        (template_function name: (identifier) @name)
        (_ scope: (_) @receiver name: [(identifier) (operator_name)] @name)
      ] parameters: (parameter_list)))
      (reference_declarator (_ declarator: [
        (identifier) @name (field_identifier) @name (operator_name) @name
        (template_function name: (identifier) @name)
        (_ scope: (_) @receiver name: [(identifier) (operator_name)] @name)
      ] parameters: (parameter_list)))
    ]
    body: (_) @body)) @definition.function
; Conversion operators: `operator bool() const` is named `operator bool`.
((_ .
   (_ !right
     declarator: [(operator_cast) @name (_ scope: (_) @receiver name: (operator_cast) @name)]
     body: (_) @body) @definition.function)
 (#strip! @name "[[:space:]]*[(].*$"))
(([(_) (ERROR)] @_prev .
   (_ !right
     declarator: [(operator_cast) @name (_ scope: (_) @receiver name: (operator_cast) @name)]
     body: (_) @body) @definition.function)
 (#strip! @name "[[:space:]]*[(].*$")
 (#not-match? @_prev "^<"))
((template_declaration
   parameters: (_) .
   (_ !right
     declarator: [(operator_cast) @name (_ scope: (_) @receiver name: (operator_cast) @name)]
     body: (_) @body)) @definition.function
 (#strip! @name "[[:space:]]*[(].*$"))

; ---- Prototypes -----------------------------------------------------------------
; Declared without a body, as in C: member functions declared in their class
; (defined elsewhere, pure virtual `= 0`, `= default`, `= delete`) and free
; function declarations. A prototype is not a second definition. A
; declaration missing its `;` is the head of an annotated definition (above).
(function_definition
  !body
  declarator: [
    (_ declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name parameters: (parameter_list))
    (reference_declarator (_ declarator: [(identifier) (field_identifier) (operator_name)] @name parameters: (parameter_list)))
    (pointer_declarator (_ declarator: [(identifier) (field_identifier) (operator_name)] @name parameters: (parameter_list)))
  ]) @definition.prototype
(field_declaration
  declarator: [
    (_ declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name parameters: (parameter_list))
    (_ declarator: (template_function name: (identifier) @name) parameters: (parameter_list))
    (pointer_declarator declarator: [
      (_ declarator: [(identifier) (field_identifier) (operator_name)] @name parameters: (parameter_list))
      (pointer_declarator declarator: (_ declarator: [(identifier) (field_identifier)] @name parameters: (parameter_list)))])
    (reference_declarator (_ declarator: [(identifier) (field_identifier) (operator_name)] @name parameters: (parameter_list)))
  ]) @definition.prototype
((field_declaration declarator: (operator_cast) @name) @definition.prototype
 (#strip! @name "[[:space:]]*[(].*$"))
((_ .
  (declaration
    declarator: [
      (_ declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name parameters: (parameter_list))
      (_ declarator: (template_function name: (identifier) @name) parameters: (parameter_list))
      (pointer_declarator declarator: (_ declarator: [(identifier) (field_identifier) (operator_name)] @name parameters: (parameter_list)))
      (pointer_declarator declarator: (pointer_declarator declarator: (_ declarator: [(identifier) (field_identifier)] @name parameters: (parameter_list))))
      (reference_declarator (_ declarator: [(identifier) (field_identifier) (operator_name)] @name parameters: (parameter_list)))
    ]
    ";" @_semi) @definition.prototype)
 (#eq? @_semi ";"))
(([(_) (ERROR)] @_prev .
  (declaration
    declarator: [
      (_ declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name parameters: (parameter_list))
      (_ declarator: (template_function name: (identifier) @name) parameters: (parameter_list))
      (pointer_declarator declarator: (_ declarator: [(identifier) (field_identifier) (operator_name)] @name parameters: (parameter_list)))
      (pointer_declarator declarator: (pointer_declarator declarator: (_ declarator: [(identifier) (field_identifier)] @name parameters: (parameter_list))))
      (reference_declarator (_ declarator: [(identifier) (field_identifier) (operator_name)] @name parameters: (parameter_list)))
    ]
    ";" @_semi) @definition.prototype)
 (#eq? @_semi ";")
 (#not-match? @_prev "^<"))
((template_declaration
  parameters: (_) .
  (declaration
    declarator: [
      (_ declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name parameters: (parameter_list))
      (_ declarator: (template_function name: (identifier) @name) parameters: (parameter_list))
      (pointer_declarator declarator: (_ declarator: [(identifier) (field_identifier) (operator_name)] @name parameters: (parameter_list)))
      (reference_declarator (_ declarator: [(identifier) (field_identifier) (operator_name)] @name parameters: (parameter_list)))
    ]
    ";" @_semi)) @definition.prototype
 (#eq? @_semi ";"))

; ---- Fields ---------------------------------------------------------------------
; `static constexpr int kMax = 4;` and `static const int kMax = 4;` are
; constants; other data members properties (their visibility: plugin.c).
((field_declaration (type_qualifier) @_q declarator: [(field_identifier) @name (array_declarator declarator: (field_identifier) @name)]) @definition.constant
 (#eq? @_q "constexpr"))
((field_declaration (storage_class_specifier) @_s (type_qualifier) @_q declarator: [(field_identifier) @name (array_declarator declarator: (field_identifier) @name)]) @definition.constant
 (#eq? @_s "static") (#eq? @_q "const"))
; A named class declared with its member (`struct Node { ... } head;`) is
; the class's member too, beside `head`; an anonymous one's fields are head's.
((field_declaration
   type: [(struct_specifier name: (_)) (class_specifier name: (_)) (union_specifier name: (_)) (enum_specifier name: (_))]
   declarator: [
     (field_identifier) @name
     (pointer_declarator declarator: (field_identifier) @name)
     (array_declarator declarator: (field_identifier) @name)
   ]) @definition.property
 (#set! container "no"))
(field_declaration
  declarator: [
    (field_identifier) @name
    (pointer_declarator declarator: [
      (field_identifier) @name
      (pointer_declarator declarator: (field_identifier) @name)
      (array_declarator declarator: (field_identifier) @name)])
    (reference_declarator (field_identifier) @name)
    (array_declarator declarator: [
      (field_identifier) @name
      (array_declarator declarator: (field_identifier) @name)])
    (_ declarator: (parenthesized_declarator (pointer_declarator declarator: [
      (field_identifier) @name
      (qualified_identifier name: (field_identifier) @name)])) parameters: (parameter_list))
  ]) @definition.property
; `int Counter::instances = 0;`: a static member defined outside its class
; (`T *Pool<T>::free_ = nullptr;`: Pool's).
((declaration
   declarator: [
     (_ scope: (_) @receiver "::" @_colons name: (identifier) @name)
     (init_declarator declarator: (_ scope: (_) @receiver "::" @_colons name: (identifier) @name))
     (init_declarator declarator: (pointer_declarator declarator: (_ scope: (_) @receiver "::" @_colons name: (identifier) @name)))
     (init_declarator declarator: (pointer_declarator declarator: (pointer_declarator declarator: (_ scope: (_) @receiver "::" @_colons name: (identifier) @name))))
     (init_declarator declarator: (reference_declarator (_ scope: (_) @receiver "::" @_colons name: (identifier) @name)))
     (init_declarator declarator: (array_declarator declarator: (_ scope: (_) @receiver "::" @_colons name: (identifier) @name)))
     (pointer_declarator declarator: (_ scope: (_) @receiver "::" @_colons name: (identifier) @name))
     (array_declarator declarator: (_ scope: (_) @receiver "::" @_colons name: (identifier) @name))
   ]
   ";" @_semi) @definition.property
 (#eq? @_semi ";")
 (#eq? @_colons "::")
 (#set! container "no"))

; ---- Type aliases ---------------------------------------------------------------
; `using Fn = void (*)(int);`, `template <class T> using Vec = std::vector<T>;`,
; typedefs (a typedef of a named aggregate does not enclose it, as in C), and
; C++20 concepts.
(_ . (alias_declaration name: (type_identifier) @name) @definition.type)
(([(_) (ERROR)] @_prev . (alias_declaration name: (type_identifier) @name) @definition.type)
 (#not-match? @_prev "^<"))
(template_declaration parameters: (_) . (alias_declaration name: (type_identifier) @name)) @definition.type
(template_declaration parameters: (_) . (concept_definition name: (identifier) @name)) @definition.type
; `typedef struct X {...} X;` (or `typedef struct X X;`) names the struct
; again: one entity, whose definition is the struct (as in C's tags.scm).
((type_definition
   type: [(struct_specifier name: (_) @_tag) (union_specifier name: (_) @_tag) (enum_specifier name: (_) @_tag)
          (class_specifier name: (_) @_tag)]
   declarator: [(type_identifier) @name (pointer_declarator declarator: (type_identifier) @name)]) @definition.type
 (#not-eq? @name @_tag)
 (#set! container "no"))
((type_definition
  type: [(struct_specifier name: (_) @_tag) (union_specifier name: (_) @_tag) (enum_specifier name: (_) @_tag)
         (class_specifier name: (_) @_tag)]?
  declarator: [
    (type_identifier) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (array_declarator declarator: (type_identifier) @name)
    (_ declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)) parameters: (parameter_list))
    (_ declarator: (parenthesized_declarator (type_identifier) @name) parameters: (parameter_list))
    (_ declarator: (type_identifier) @name parameters: (parameter_list))
    (pointer_declarator declarator: (_ declarator: (type_identifier) @name parameters: (parameter_list)))
  ]) @definition.type
 (#not-eq? @name @_tag))

; ---- Variables and constants ----------------------------------------------------
; At namespace scope (the core drops those inside functions: locals). `const`
; and `constexpr` ones are constants, unless only what a pointer points to is
; const (`const char *p`); `const char *const p` is a constant. A named
; class declared with a variable (`struct S { ... } s;`) is not the
; variable's. A lambda bound to a name is a function: `auto less = [](int a,
; int b) { ... };`.
(declaration
  declarator: (init_declarator
    declarator: (identifier) @name
    value: (lambda_expression body: (compound_statement) @body))) @definition.function
((declaration (type_qualifier) @_const
   declarator: (init_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name) (reference_declarator (identifier) @name)])) @definition.constant
 (#any-of? @_const "const" "constexpr")
 (#set! container "no"))
((declaration (type_qualifier) @_const
   declarator: (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))) @definition.constant
 (#eq? @_const "constexpr")
 (#set! container "no"))
((declaration
   declarator: (init_declarator declarator: (pointer_declarator (type_qualifier) @_const declarator: (identifier) @name))) @definition.constant
 (#eq? @_const "const")
 (#set! container "no"))
((declaration
   type: [(struct_specifier name: (_) body: (_)) (class_specifier name: (_) body: (_)) (union_specifier name: (_) body: (_)) (enum_specifier name: (_) body: (_))]
   declarator: [
     (identifier) @name
     (init_declarator declarator: (identifier) @name)
     (pointer_declarator declarator: (identifier) @name)
     (array_declarator declarator: (identifier) @name)
   ]) @definition.variable
 (#set! container "no"))
(declaration
   declarator: [
     (identifier) @name
     (pointer_declarator declarator: [
       (identifier) @name
       (pointer_declarator declarator: (identifier) @name)
       (array_declarator declarator: (identifier) @name)])
     (array_declarator declarator: (identifier) @name)
     (_ declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)) parameters: (parameter_list))
     (init_declarator declarator: [
       (identifier) @name
       (pointer_declarator declarator: [
         (identifier) @name
         (pointer_declarator declarator: (identifier) @name)
         (array_declarator declarator: (identifier) @name)])
       (reference_declarator (identifier) @name)
       (array_declarator declarator: (identifier) @name)
       (_ declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)) parameters: (parameter_list))])
   ]) @definition.variable

; ---- Macros ---------------------------------------------------------------------
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name value: (_) @body) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

; ---- Imports --------------------------------------------------------------------
; #include <system> and "local" (resolved by plugin.c); `using namespace
; std;` and `namespace fs = std::filesystem;` (aliased fs) import a
; namespace; `using std::string;` imports one name.
; An include brings every name of the file it names: alias "*".
((preproc_include path: (system_lib_string) @name) @import (#set! origin "system") (#set! alias "*"))
((preproc_include path: (string_literal) @name) @import (#set! origin "local") (#set! alias "*"))
((using_declaration "namespace" [(identifier) (qualified_identifier)] @name) @import (#set! origin "namespace"))
((using_declaration [(identifier) (qualified_identifier)] @name) @import (#set! origin "using"))
((namespace_alias_definition
   name: (namespace_identifier) @import.alias
   [(namespace_identifier) (nested_namespace_specifier) (qualified_identifier)] @name) @import
 (#set! origin "namespace"))

; ---- Visibility -----------------------------------------------------------------
; `public:` / `private:` / `protected:` set the visibility of the members
; after them; plugin.c gives the rest the default (private in a class,
; public in a struct or union).
(field_declaration_list (access_specifier) @visibility.section)
