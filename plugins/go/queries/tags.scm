; Definitions and imports of Go.
; Blank names (`var _ io.Reader = (*T)(nil)`, `const _ = iota`, `func _()`)
; define nothing anyone can look up: every pattern leaves them out.

; ---- The package ----------------------------------------------------------------
; The package clause, as a module. It spans only its clause: the file's
; declarations are not its children (a package spreads over many files).
(package_clause (package_identifier) @name) @definition.module

; ---- Functions and methods ------------------------------------------------------
; A function without a body is implemented elsewhere (assembly, linkname): still
; a definition, its signature the whole declaration.
; The result's type (the first of several) is the declared type: what a
; variable initialised by a call holds (`cfg, err := ParseDSN(s)`).
((function_declaration name: (identifier) @name result: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)
           (parameter_list . (parameter_declaration type: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)] @declared.type))]? @declared.type body: (block)? @body) @definition.function
 (#not-eq? @name "_"))

; Methods belong to their receiver's type: `func (s *Server) Start()`,
; `func (Server) Name()`, `func (l *List[T]) Push(v T)` are Server.Start,
; Server.Name and List.Push (the core strips `*` and type arguments), children
; of the type when it is defined in the same file.
((method_declaration
  receiver: (parameter_list (parameter_declaration type: (_) @receiver))
  name: (field_identifier) @name
  result: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)
           (parameter_list . (parameter_declaration type: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)] @declared.type))]? @declared.type
  body: (block)? @body) @definition.method
 (#not-eq? @name "_"))

; ---- Types ----------------------------------------------------------------------
; Structs, their signature `Server struct` (`List[T any] struct` with type
; parameters). An alias of a struct or interface literal
; (`type CorpusEntry = struct{...}`, `type any = interface{}`) is that struct
; or interface, its signature `CorpusEntry = struct`.
((type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list) @body)) @definition.struct
 (#not-eq? @name "_"))
((type_alias name: (type_identifier) @name type: (struct_type (field_declaration_list) @body)) @definition.struct
 (#not-eq? @name "_"))
; Interfaces: the first element is the body, so the signature is
; `Handler interface`; an empty one's body is its closing brace.
((type_spec name: (type_identifier) @name type: (interface_type . (_) @body)) @definition.interface
 (#not-eq? @name "_"))
((type_spec name: (type_identifier) @name type: (interface_type "}" @body)) @definition.interface
 (#not-eq? @name "_"))
((type_alias name: (type_identifier) @name type: (interface_type . (_) @body)) @definition.interface
 (#not-eq? @name "_"))
((type_alias name: (type_identifier) @name type: (interface_type "}" @body)) @definition.interface
 (#not-eq? @name "_"))
; Every other type declaration (`type State int`, `type HandlerFunc func(...)`,
; `type Set[T comparable] map[T]struct{}`) and aliases (`type Alias = Server`,
; `type Vec[T any] = []T`).
((type_spec name: (type_identifier) @name) @definition.type
 (#not-eq? @name "_"))
((type_alias name: (type_identifier) @name) @definition.type
 (#not-eq? @name "_"))

; ---- Fields ---------------------------------------------------------------------
; Fields of named structs (`X, Y int` are two properties), embedded fields named
; by their type (`sync.Mutex` is Mutex, `*List[T]` is List), and the fields of
; an anonymous struct that is itself a field's type (`Server struct { Port int }`
; inside Config: Config.Server.Port). Fields of anonymous structs elsewhere (a
; test table inside a function) are not the program's data model, and the
; fields of a blank type (`type _ struct{...}`) have no type to belong to:
; both left out.
([(type_spec name: (type_identifier) @_type type: (struct_type (field_declaration_list
   (field_declaration name: (field_identifier) @name type: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)]? @declared.type) @definition.property)))
  (type_alias name: (type_identifier) @_type type: (struct_type (field_declaration_list
   (field_declaration name: (field_identifier) @name type: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)]? @declared.type) @definition.property)))]
 (#not-eq? @_type "_")
 (#not-eq? @name "_"))
([(type_spec name: (type_identifier) @_type type: (struct_type (field_declaration_list
    (field_declaration !name type: [
        (type_identifier) @name
        (qualified_type name: (type_identifier) @name)
        (generic_type type: [(type_identifier) @name (qualified_type name: (type_identifier) @name)])
        (pointer_type [
          (type_identifier) @name
          (qualified_type name: (type_identifier) @name)
          (generic_type type: [(type_identifier) @name (qualified_type name: (type_identifier) @name)])])]) @definition.property)))
  (type_alias name: (type_identifier) @_type type: (struct_type (field_declaration_list
    (field_declaration !name type: [
        (type_identifier) @name
        (qualified_type name: (type_identifier) @name)
        (generic_type type: [(type_identifier) @name (qualified_type name: (type_identifier) @name)])
        (pointer_type [
          (type_identifier) @name
          (qualified_type name: (type_identifier) @name)
          (generic_type type: [(type_identifier) @name (qualified_type name: (type_identifier) @name)])])]) @definition.property)))]
 (#not-eq? @_type "_"))
((field_declaration type: [
   (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.property))
   (pointer_type (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.property)))
   (slice_type element: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.property)))
   (map_type value: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.property)))])
 (#not-eq? @name "_"))

; ---- Interface methods ----------------------------------------------------------
; The method specs of a named interface are its methods (`Handler.Serve`); the
; signature is the whole spec. Embedded interfaces and constraint unions
; (`io.Reader`, `~int | ~string`) are type references (calls.scm).
([(type_spec name: (type_identifier) @_type type: (interface_type (method_elem name: (field_identifier) @name result: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)
           (parameter_list . (parameter_declaration type: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)] @declared.type))]? @declared.type) @definition.method))
  (type_alias name: (type_identifier) @_type type: (interface_type (method_elem name: (field_identifier) @name result: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)
           (parameter_list . (parameter_declaration type: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)] @declared.type))]? @declared.type) @definition.method))]
 (#not-eq? @_type "_")
 (#not-eq? @name "_"))

; ---- Constants and variables ----------------------------------------------------
; A variable made by `make([]T, n)` or `new(T)` has the type given to them.
; One definition per name, grouped blocks and iota enumerations included
; (`const ( KindA Kind = iota; KindB )`), at package level only: those in a
; function body are locals (the core would drop them in a function, but not in
; a blank function `func _()`, which is no definition, nor in a function literal
; that initializes a package variable). A const spec's names are matched
; without their field: the grammar puts the commas between them in the field,
; and a field pattern then matches only the first (`KB, MB = ...` would lose MB).
; Its declared type, or the call that gives its value (`mathPackage =
; protogen.GoImportPath("math")`), is what a call on it is a call on.
((source_file (const_declaration (const_spec (identifier) @name
    type: [(type_identifier) (qualified_type)]? @declared.type
    value: (expression_list . (call_expression function: [(identifier) (selector_expression)] @declared.call))?) @definition.constant))
 (#not-eq? @name "_"))
((source_file (var_declaration (var_spec name: (identifier) @name type: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)]? @declared.type value: (expression_list . [(call_expression function: [(identifier) (selector_expression)] @declared.call)
      (call_expression function: (identifier) @_alloc arguments: (argument_list . [(type_identifier) (qualified_type) (generic_type) (slice_type)] @declared.type))
      (composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @declared.type)
      (unary_expression operand: (composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @declared.type))])?) @definition.variable))
 (#not-eq? @name "_")
 (#not-any-of? @declared.call "make" "new")
 (#any-of? @_alloc "make" "new"))
((source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name type: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type)]? @declared.type value: (expression_list . [(call_expression function: [(identifier) (selector_expression)] @declared.call)
      (call_expression function: (identifier) @_alloc arguments: (argument_list . [(type_identifier) (qualified_type) (generic_type) (slice_type)] @declared.type))
      (composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @declared.type)
      (unary_expression operand: (composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @declared.type))])?) @definition.variable)))
 (#not-eq? @name "_")
 (#not-any-of? @declared.call "make" "new")
 (#any-of? @_alloc "make" "new"))

; ---- Imports --------------------------------------------------------------------
; Each import spec is one import, named by its path; its name is the alias
; (`nethttp "net/http"`, `_ "embed"`, `. "math"`). The origin says where the
; package comes from: "cgo" for the pseudo-package C, "stdlib" for a path whose
; first element has no dot (`fmt`, `net/http`: the go command reserves those
; for the standard library), none for a module path (`github.com/x/y`).
; The three patterns exclude each other: with two import matches of one spec,
; the core's drop_import_paths would meet the path's string twice and crash
; on the second (rather than relying on the first pattern winning).
((import_spec name: (_)? @import.alias path: (_) @name) @import
 (#eq? @name "\"C\"")
 (#set! origin "cgo"))
((import_spec name: (_)? @import.alias path: (_) @name) @import
 (#match? @name "^.[^./\"`]*[/\"`]")
 (#not-eq? @name "\"C\"")
 (#set! origin "stdlib"))
((import_spec name: (_)? @import.alias path: (_) @name) @import
 (#not-match? @name "^.[^./\"`]*[/\"`]"))
