; The package, as a module. It spans only its clause: declarations are not its children.
(package_clause (package_identifier) @name) @definition.module

; Functions, and methods with their receiver's type (`*T`, `T[K]` are T).
(function_declaration name: (identifier) @name body: (block) @body) @definition.function
(function_declaration name: (identifier) @name !body) @definition.function
(method_declaration
  receiver: (parameter_list (parameter_declaration type: (_) @receiver))
  name: (field_identifier) @name
  body: (block)? @body) @definition.method

; Types: structs and their fields (embedded ones named by their type),
; interfaces and their methods, everything else a type; aliases too.
(type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list) @body)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type) @body) @definition.interface
(type_spec name: (type_identifier) @name type: [(_) ] @_t) @definition.type
(type_alias name: (type_identifier) @name) @definition.type
(field_declaration name: (field_identifier) @name) @definition.property
(field_declaration !name type: [(type_identifier) @name (pointer_type (type_identifier) @name) (qualified_type name: (type_identifier) @name)]) @definition.property
(method_elem name: (field_identifier) @name) @definition.method

; Constants and variables (those inside functions are locals, dropped).
(const_spec name: (identifier) @name) @definition.constant
(var_spec name: (identifier) @name) @definition.variable

; Imports: the path, with its name (`f "fmt"`, `_ "embed"`, `. "math"`) as alias.
(import_spec name: (_)? @import.alias path: (interpreted_string_literal (interpreted_string_literal_content) @name)) @import
(import_spec name: (_)? @import.alias path: (raw_string_literal (raw_string_literal_content) @name)) @import
