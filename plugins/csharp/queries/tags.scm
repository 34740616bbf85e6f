; Definitions and imports of C#.

; ---- Namespaces -----------------------------------------------------------------
; A block namespace encloses its declarations (`A.B.Ledger`, nested
; namespaces joined with dots). A file-scoped one (`namespace A.B;`) applies
; to the rest of the file: its @body is the whole compilation unit, which
; starts before it, so the module extends to the end of the file (and has no
; signature) and the types after it are named `A.B.Ledger` too.
(namespace_declaration name: (_) @name body: (declaration_list) @body) @definition.module
(compilation_unit (file_scoped_namespace_declaration name: (_) @name) @definition.module) @body

; ---- Types --------------------------------------------------------------------------
; `record struct` is a struct, `record` and `record class` classes. A type
; without a body (`record Point(int X, int Y);`, a delegate) has the text
; before its `;` as signature. Positional record parameters are public
; properties.
(class_declaration name: (identifier) @name body: (declaration_list) @body) @definition.class
(class_declaration name: (identifier) @name ";" @body) @definition.class
(record_declaration "struct" name: (identifier) @name body: (declaration_list) @body) @definition.struct
(record_declaration "struct" name: (identifier) @name ";" @body) @definition.struct
(record_declaration name: (identifier) @name body: (declaration_list) @body) @definition.class
(record_declaration name: (identifier) @name ";" @body) @definition.class
((record_declaration (parameter_list (parameter name: (identifier) @name) @definition.property))
 (#set! visibility "public"))
(struct_declaration name: (identifier) @name body: (declaration_list) @body) @definition.struct
(struct_declaration name: (identifier) @name ";" @body) @definition.struct
(interface_declaration name: (identifier) @name body: (declaration_list) @body) @definition.interface
(interface_declaration name: (identifier) @name ";" @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_member_declaration_list) @body) @definition.enum
((enum_member_declaration name: (identifier) @name) @definition.constant (#set! visibility "public"))
(delegate_declaration name: (identifier) @name ";" @body) @definition.type

; ---- Methods ----------------------------------------------------------------------------
; Methods (abstract, interface and extern ones have no body), constructors
; (named after the type), destructors (`~Ledger`), local functions (functions
; inside their method). Explicit interface implementations (`void
; IDisposable.Dispose()`) are public: reachable through the interface.
((method_declaration (explicit_interface_specifier) name: (identifier) @name body: (_) @body) @definition.method
 (#set! visibility "public"))
((method_declaration (explicit_interface_specifier) name: (identifier) @name !body) @definition.method
 (#set! visibility "public"))
(method_declaration name: (identifier) @name body: (_) @body) @definition.method
(method_declaration name: (identifier) @name !body) @definition.method
(constructor_declaration name: (identifier) @name body: (_) @body) @definition.method
(constructor_declaration name: (identifier) @name !body) @definition.method
((destructor_declaration body: (_) @body) @definition.method @name
 (#strip! @name " *\\(.*$"))
(local_function_statement name: (identifier) @name body: (_) @body) @definition.function

; ---- Properties, fields, events ------------------------------------------------------------
; Properties (signature: the text before the accessors or `=>`), indexers
; (properties named `this`), fields (each declarator its own property; the
; refine hook makes `const` ones constants), events (field-like or with
; add/remove accessors).
(property_declaration name: (identifier) @name accessors: (accessor_list) @body) @definition.property
(property_declaration name: (identifier) @name value: (arrow_expression_clause) @body) @definition.property
(indexer_declaration "this" @name accessors: (accessor_list) @body) @definition.property
(indexer_declaration "this" @name value: (arrow_expression_clause) @body) @definition.property
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.property
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.property
(event_declaration name: (identifier) @name accessors: (accessor_list) @body) @definition.property
(event_declaration name: (identifier) @name !accessors) @definition.property

; Accessors with a body (`get { ... }`, `set => field = value;`, an event's
; `add`/`remove`) are methods of their property, named by their keyword
; (`Ledger.Balance.set`): the calls in them have them as caller, not the
; class (a property is data to the core, which skips data when it looks for
; a call's caller). Bodiless ones (`{ get; set; }`) are not definitions.
(accessor_declaration name: _ @name body: (_) @body) @definition.method

; ---- using directives ----------------------------------------------------------------------
; Each its own import, named by the namespace or type: `using A.B;`,
; `using static A.B;` (origin "static"), `using X = A.B;` (alias X),
; `global using A.B;` (origin "global", "global static").
((using_directive "global" "static" (_) @name) @import (#set! origin "global static"))
((using_directive "global" name: (identifier) @import.alias (_) @name) @import (#set! origin "global"))
((using_directive "global" !name (_) @name) @import (#set! origin "global"))
((using_directive "static" (_) @name) @import (#set! origin "static"))
(using_directive name: (identifier) @import.alias (_) @name) @import
(using_directive !name (_) @name) @import
