; The package: a module spanning its declaration only.
(package_declaration [(identifier) (scoped_identifier)] @name) @definition.module

; Types and their members.
(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(interface_declaration name: (identifier) @name body: (interface_body) @body) @definition.interface
(annotation_type_declaration name: (identifier) @name body: (annotation_type_body) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(enum_constant name: (identifier) @name) @definition.constant
(record_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(record_declaration parameters: (formal_parameters (formal_parameter name: (identifier) @name) @definition.property))
(method_declaration name: (identifier) @name body: (block) @body) @definition.method
(method_declaration name: (identifier) @name !body) @definition.method
(constructor_declaration name: (identifier) @name body: (constructor_body) @body) @definition.method
(compact_constructor_declaration name: (identifier) @name body: (block) @body) @definition.method
(annotation_type_element_declaration name: (identifier) @name) @definition.method
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.property
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant

; Imports: the dotted path; static and wildcard imports say so in their origin.
((import_declaration "static" [(identifier) (scoped_identifier)] @name (asterisk)) @import (#set! origin "static wildcard"))
((import_declaration "static" [(identifier) (scoped_identifier)] @name) @import (#set! origin "static"))
((import_declaration [(identifier) (scoped_identifier)] @name (asterisk)) @import (#set! origin "wildcard"))
(import_declaration [(identifier) (scoped_identifier)] @name) @import
