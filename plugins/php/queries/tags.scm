; Namespaces: braced ones enclose their declarations; `namespace A;` spans its line.
(namespace_definition name: (namespace_name) @name body: (compound_statement)? @body) @definition.module

(class_declaration (visibility_modifier)? @visibility name: (name) @name body: (declaration_list) @body) @definition.class
(interface_declaration name: (name) @name body: (declaration_list) @body) @definition.interface
(trait_declaration name: (name) @name body: (declaration_list) @body) @definition.trait
(enum_declaration name: (name) @name body: (enum_declaration_list) @body) @definition.enum
(enum_case name: (name) @name) @definition.constant

(method_declaration (visibility_modifier)? @visibility name: (name) @name body: (compound_statement)? @body) @definition.method
(function_definition name: (name) @name body: (compound_statement) @body) @definition.function
((property_declaration (visibility_modifier)? @visibility (property_element name: (variable_name (name) @name))) @definition.property)
(const_declaration (visibility_modifier)? @visibility (const_element (name) @name)) @definition.constant
((function_call_expression function: (name) @_define arguments: (arguments . (argument (string (string_content) @name)))) @definition.constant
 (#eq? @_define "define"))

; use A\B; use A\B as C; use function A\f; grouped use A\{B, C as D}.
(namespace_use_declaration (namespace_use_clause . [(name) (qualified_name)] @name alias: (name)? @import.alias)) @import
((namespace_use_declaration (namespace_name) @import.module
   body: (namespace_use_group (namespace_use_clause . [(name) (qualified_name)] @name alias: (name)? @import.alias))) @import
 (#set! separator "\\"))
; require/include with a literal path: a file, resolved by the plugin.
([(require_expression [(string (string_content) @name) (encapsed_string (string_content) @name)])
  (require_once_expression [(string (string_content) @name) (encapsed_string (string_content) @name)])
  (include_expression [(string (string_content) @name) (encapsed_string (string_content) @name)])
  (include_once_expression [(string (string_content) @name) (encapsed_string (string_content) @name)])] @import
 (#set! origin "file"))
