(namespace_definition name: (_) @name body: (declaration_list) @body) @definition.module

(class_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.class
(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
(enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum
(enumerator name: (identifier) @name) @definition.constant

; Functions and member functions; `Foo::bar` defined outside Foo is Foo's.
(function_definition
  declarator: (function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
  body: (_) @body) @definition.function
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier scope: (_) @receiver name: [(identifier) (destructor_name) (operator_name)] @name))
  body: (_) @body) @definition.function
(function_definition
  declarator: (reference_declarator (function_declarator declarator: [(identifier) (field_identifier) (operator_name)] @name))
  body: (_) @body) @definition.function
(function_definition
  declarator: (pointer_declarator (function_declarator declarator: [(identifier) (field_identifier)] @name))
  body: (_) @body) @definition.function
; Declared in the class, defined elsewhere: prototypes, as in C.
(field_declaration declarator: (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name)] @name)) @definition.prototype
(declaration declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name)) @definition.prototype

; Fields, aliases, typedefs, variables, macros.
(field_declaration declarator: [(field_identifier) @name (pointer_declarator (field_identifier) @name) (array_declarator (field_identifier) @name)]) @definition.property
(alias_declaration name: (type_identifier) @name) @definition.type
(type_definition declarator: (type_identifier) @name) @definition.type
((declaration (type_qualifier) @_const declarator: (init_declarator declarator: (identifier) @name)) @definition.constant
 (#any-of? @_const "const" "constexpr"))
(declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.variable
(declaration declarator: (identifier) @name) @definition.variable
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

; Includes and using.
((preproc_include path: (system_lib_string) @name) @import (#set! origin "system") (#strip! @name "^<|>$"))
((preproc_include path: (string_literal (string_content) @name)) @import (#set! origin "local"))
(using_declaration (qualified_identifier) @name) @import
((using_declaration "namespace" (_) @name) @import (#set! origin "namespace"))

; `public:` / `private:` / `protected:` sections.
(access_specifier) @visibility.section
