; Definitions and imports. `pub` (in any form) is the visibility text; the
; plugin's refine hook turns `pub` into "public" and no modifier into
; "private" (pub(crate), pub(super), pub(in path) stay as written).

; ---- Functions ---------------------------------------------------------------
; `fn`, with any of `async`, `const`, `unsafe`, `extern "C"` (function_modifiers).
; A function directly inside an impl or a trait is a method (the core's rule).

; Methods of `impl Trait for Type` have no visibility of their own: they are as
; visible as the trait (the hook drops the "trait" marker set here).
(impl_item
  trait: (_)
  body: (declaration_list
    (function_item name: (identifier) @name body: (block) @body) @definition.function)
  (#set! visibility "trait"))
(impl_item
  trait: (_)
  body: (declaration_list
    (const_item name: (identifier) @name) @definition.constant)
  (#set! visibility "trait"))
(impl_item
  trait: (_)
  body: (declaration_list
    (type_item name: (type_identifier) @name) @definition.type)
  (#set! visibility "trait"))

(function_item (visibility_modifier)? @visibility name: (identifier) @name body: (block) @body) @definition.function
; A trait's required methods and the functions of an `extern "C" { }` block.
(function_signature_item (visibility_modifier)? @visibility name: (identifier) @name) @definition.function

; ---- Types -------------------------------------------------------------------
; Named, tuple (`struct P(i32);`) and unit (`struct U;`) structs.
(struct_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (_) @body) @definition.struct
(struct_item (visibility_modifier)? @visibility name: (type_identifier) @name !body) @definition.struct
(field_declaration (visibility_modifier)? @visibility name: (field_identifier) @name) @definition.property
(union_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (_) @body) @definition.union
(enum_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (enum_variant_list) @body) @definition.enum
; Variants are the enum's constants (`Shape.Circle`); the fields of a struct-like
; variant are its properties (`Shape.Circle.radius`).
(enum_variant name: (identifier) @name) @definition.constant
; Traits are interfaces: their method signatures and default methods are its
; methods, their associated types (`type Item;`) and consts its members.
(trait_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (declaration_list) @body) @definition.interface
(associated_type name: (type_identifier) @name) @definition.type

; impl blocks are named after the type they implement, so the functions inside
; are `Type.method`. `impl Display for Point` is named Point too (the trait is
; a type reference, in calls.scm), and `impl<T> Stack<T>` is Stack.
(impl_item type: (type_identifier) @name body: (declaration_list) @body) @definition.impl
(impl_item type: (generic_type type: (type_identifier) @name) body: (declaration_list) @body) @definition.impl
(impl_item type: (generic_type type: (scoped_type_identifier name: (type_identifier) @name)) body: (declaration_list) @body) @definition.impl
(impl_item type: (scoped_type_identifier name: (type_identifier) @name) body: (declaration_list) @body) @definition.impl
; `impl Trait for &T`, `for &'a mut Vec<T>`: named after the type referred to
; (T, Vec).
(impl_item
  type: [(reference_type type: [(type_identifier) @name
                                (generic_type type: (type_identifier) @name)
                                (scoped_type_identifier name: (type_identifier) @name)
                                (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
                                (primitive_type) @name])]
  body: (declaration_list) @body) @definition.impl
; `impl dyn Any { }`, `impl dyn Error + Send { }`: named after the trait.
(impl_item
  type: [(dynamic_type trait: [(type_identifier) @name (generic_type type: (type_identifier) @name)
                                (scoped_type_identifier name: (type_identifier) @name)])
         (bounded_type . (dynamic_type trait: [(type_identifier) @name (generic_type type: (type_identifier) @name)
                                (scoped_type_identifier name: (type_identifier) @name)]))]
  body: (declaration_list) @body) @definition.impl
; Any other type is the name as written: `impl u8`, `impl<T> [T]`, `impl<T>
; *const T`, `impl PartialEq for ()`, `impl Display for !`, `for &[u8]` ([u8]),
; `for (A, B)`.
; (Patterns on one node that give different names would all count: these are
; exclusive of the ones above.)
(impl_item
  type: [(reference_type type: [(array_type) (tuple_type) (unit_type) (never_type) (function_type)
                                (dynamic_type) (bounded_type) (reference_type) (pointer_type)] @name)
         (primitive_type) @name (pointer_type) @name (array_type) @name (tuple_type) @name (unit_type) @name (never_type) @name
         (function_type) @name (abstract_type) @name]
  body: (declaration_list) @body) @definition.impl

; ---- Aliases, constants, statics ----------------------------------------------
(type_item (visibility_modifier)? @visibility name: (type_identifier) @name) @definition.type
(const_item (visibility_modifier)? @visibility name: (identifier) @name) @definition.constant
(static_item (visibility_modifier)? @visibility name: (identifier) @name) @definition.variable

; ---- Modules and macros ---------------------------------------------------------
(mod_item (visibility_modifier)? @visibility name: (identifier) @name body: (declaration_list) @body) @definition.module
; `mod name;` declares a module whose body is another file: a module here, and
; an import the plugin resolves to that file (name.rs or name/mod.rs).
(mod_item (visibility_modifier)? @visibility name: (identifier) @name !body) @definition.module
((mod_item name: (identifier) @name !body) @import (#set! origin "module"))

; macro_rules! under #[macro_export] (possibly with other attributes or doc
; comments between) is exported from the crate: public. Others are private.
((attribute_item (attribute (identifier) @_export))
 .
 [(attribute_item) (line_comment) (block_comment)]*
 .
 (macro_definition name: (identifier) @name) @definition.macro
 (#eq? @_export "macro_export")
 (#set! visibility "pub"))
(macro_definition name: (identifier) @name) @definition.macro

; ---- Imports ---------------------------------------------------------------------
; `use` trees: each leaf its own import, its path joined with `::`:
; `use a::b::{c, d as e, self}` imports a::b::c, a::b::d (alias e) and a::b.
((use_declaration argument: [(identifier) (scoped_identifier) (crate) (super) (self)] @name) @import
 (#set! separator "::"))
((use_declaration argument: (use_as_clause path: (_) @name alias: (identifier) @import.alias)) @import
 (#set! separator "::"))
((use_declaration argument: (use_wildcard) @name) @import (#set! separator "::"))
; `use {a, b::c};`
((use_declaration argument: (use_list [(identifier) (scoped_identifier) (crate) (super) (use_wildcard)] @name)) @import
 (#set! separator "::"))
((use_declaration argument: (use_list (use_as_clause path: (_) @name alias: (identifier) @import.alias))) @import
 (#set! separator "::"))

; `use a::b::{...}`: the leaves of the top-level list.
((use_declaration argument: (scoped_use_list path: (_) @import.module
   list: (use_list [(identifier) (scoped_identifier) (crate) (super) (use_wildcard)] @name))) @import
 (#set! separator "::"))
((use_declaration argument: (scoped_use_list path: (_) @name list: (use_list (self)))) @import
 (#set! separator "::"))
((use_declaration argument: (scoped_use_list path: (_) @import.module
   list: (use_list (use_as_clause path: [(identifier) (scoped_identifier) (crate) (super)] @name
                                  alias: (identifier) @import.alias)))) @import
 (#set! separator "::"))
((use_declaration argument: (scoped_use_list path: (_) @name
   list: (use_list (use_as_clause path: (self) alias: (identifier) @import.alias)))) @import
 (#set! separator "::"))

; A list nested in a list (`use std::{io::{self, Read}}`): every level's path
; is an @import.module, joined outermost first (`std::io::Read`, `std::io`),
; on the line of the innermost list. Two levels below the top list are
; covered; deeper nesting is not written in practice.
((use_declaration argument: (scoped_use_list path: (_) @import.module
   list: (use_list (scoped_use_list path: (_) @import.module
     list: (use_list [(identifier) (scoped_identifier) (crate) (super) (use_wildcard)] @name)) @import)))
 (#set! separator "::"))
((use_declaration argument: (scoped_use_list path: (_) @import.module
   list: (use_list (scoped_use_list path: (_) @name list: (use_list (self))) @import)))
 (#set! separator "::"))
((use_declaration argument: (scoped_use_list path: (_) @import.module
   list: (use_list (scoped_use_list path: (_) @import.module
     list: (use_list (use_as_clause path: [(identifier) (scoped_identifier) (crate) (super)] @name
                                    alias: (identifier) @import.alias))) @import)))
 (#set! separator "::"))
((use_declaration argument: (scoped_use_list path: (_) @import.module
   list: (use_list (scoped_use_list path: (_) @name
     list: (use_list (use_as_clause path: (self) alias: (identifier) @import.alias))) @import)))
 (#set! separator "::"))
((use_declaration argument: (scoped_use_list path: (_) @import.module
   list: (use_list (scoped_use_list path: (_) @import.module
     list: (use_list (scoped_use_list path: (_) @import.module
       list: (use_list [(identifier) (scoped_identifier) (crate) (super) (use_wildcard)] @name)) @import)))))
 (#set! separator "::"))
((use_declaration argument: (scoped_use_list path: (_) @import.module
   list: (use_list (scoped_use_list path: (_) @import.module
     list: (use_list (scoped_use_list path: (_) @name list: (use_list (self))) @import)))))
 (#set! separator "::"))
; `use {a::{b, self}}`: a list without a path holding one with a path.
((use_declaration argument: (use_list (scoped_use_list path: (_) @import.module
   list: (use_list [(identifier) (scoped_identifier) (crate) (super) (use_wildcard)] @name)) @import))
 (#set! separator "::"))
((use_declaration argument: (use_list (scoped_use_list path: (_) @name list: (use_list (self))) @import))
 (#set! separator "::"))

; `extern crate alloc;`, `extern crate serde as sd;`
(extern_crate_declaration name: (identifier) @name alias: (identifier)? @import.alias) @import
