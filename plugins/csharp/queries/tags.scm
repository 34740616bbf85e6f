; Namespaces: a block one encloses its types; a file-scoped one spans its line.
(namespace_declaration name: (_) @name body: (declaration_list) @body) @definition.module
(file_scoped_namespace_declaration name: (_) @name) @definition.module

(class_declaration name: (identifier) @name body: (declaration_list) @body) @definition.class
(record_declaration name: (identifier) @name body: (declaration_list)? @body) @definition.class
(struct_declaration name: (identifier) @name body: (declaration_list) @body) @definition.struct
(interface_declaration name: (identifier) @name body: (declaration_list) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_member_declaration_list) @body) @definition.enum
(enum_member_declaration name: (identifier) @name) @definition.constant
(delegate_declaration name: (identifier) @name) @definition.type

(method_declaration name: (identifier) @name body: (_) @body) @definition.method
(method_declaration name: (identifier) @name !body) @definition.method
(constructor_declaration name: (identifier) @name body: (_) @body) @definition.method
(property_declaration name: (identifier) @name) @definition.property
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.property
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.property

; using directives: `using A.B;`, `using static A.B;`, `using X = A.B;`.
((using_directive "static" (_) @name) @import (#set! origin "static"))
(using_directive name: (identifier) @import.alias (_) @name) @import
(using_directive !name [(identifier) (qualified_name)] @name) @import
