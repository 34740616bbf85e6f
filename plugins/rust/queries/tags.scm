; Definitions and imports. `pub` (in any form) is the visibility text.

(function_item (visibility_modifier)? @visibility name: (identifier) @name body: (block) @body) @definition.function
(function_signature_item (visibility_modifier)? @visibility name: (identifier) @name) @definition.function

(struct_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (_) @body) @definition.struct
(struct_item (visibility_modifier)? @visibility name: (type_identifier) @name !body) @definition.struct
(field_declaration (visibility_modifier)? @visibility name: (field_identifier) @name) @definition.property
(union_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (_) @body) @definition.union
(enum_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (enum_variant_list) @body) @definition.enum
(enum_variant name: (identifier) @name) @definition.constant
(trait_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (declaration_list) @body) @definition.interface

; impl blocks are named after the type they implement (`impl Display for
; Point` too: its methods are Point's).
(impl_item type: (type_identifier) @name body: (declaration_list) @body) @definition.impl
(impl_item type: (generic_type type: (type_identifier) @name) body: (declaration_list) @body) @definition.impl
(impl_item type: (scoped_type_identifier name: (type_identifier) @name) body: (declaration_list) @body) @definition.impl

(type_item (visibility_modifier)? @visibility name: (type_identifier) @name) @definition.type
(const_item (visibility_modifier)? @visibility name: (identifier) @name) @definition.constant
(static_item (visibility_modifier)? @visibility name: (identifier) @name) @definition.variable
(mod_item (visibility_modifier)? @visibility name: (identifier) @name body: (declaration_list) @body) @definition.module
(macro_definition name: (identifier) @name) @definition.macro

; `mod name;` declares a module whose body is another file: a module here,
; and an import the plugin resolves to that file.
(mod_item (visibility_modifier)? @visibility name: (identifier) @name !body) @definition.module
((mod_item name: (identifier) @name !body) @import (#set! origin "module"))

; `use` trees: each leaf its own import, joined with `::`.
((use_declaration argument: [(identifier) (scoped_identifier)] @name) @import (#set! separator "::"))
((use_declaration argument: (use_as_clause path: (_) @name alias: (identifier) @import.alias)) @import (#set! separator "::"))
((use_declaration argument: (use_wildcard) @name) @import (#set! separator "::"))
((use_declaration
  argument: (scoped_use_list path: (_) @import.module list: (use_list [(identifier) (self)] @name))) @import
 (#set! separator "::"))
((use_declaration
  argument: (scoped_use_list path: (_) @import.module
    list: (use_list (use_as_clause path: (_) @name alias: (identifier) @import.alias)))) @import
 (#set! separator "::"))
((use_declaration
  argument: (scoped_use_list path: (_) @import.module list: (use_list (scoped_identifier) @name))) @import
 (#set! separator "::"))
((use_declaration argument: (use_list [(identifier) (scoped_identifier)] @name)) @import (#set! separator "::"))
(extern_crate_declaration name: (identifier) @name alias: (identifier)? @import.alias) @import
