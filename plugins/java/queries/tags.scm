; Definitions and imports of Java.
;
; The package is a module spanning its declaration only, so the types of the
; file keep their short names (`Ledger`, `Ledger.add`). Classes, records
; (classes, their components properties), interfaces and annotation types
; (interfaces), enums (their constants constants); methods, constructors
; (methods named after the class) and annotation elements (methods); fields
; (properties; the plugin's refine hook makes `static final` ones constants)
; and interface and annotation constants. Nested, local and enum-constant-body
; types are found wherever they are; anonymous classes have no name, and their
; methods are children of the method that creates them. Local variables are
; never captured. Visibility comes from the modifiers (plugin.c).

(package_declaration [(identifier) (scoped_identifier)] @name) @definition.module

; ---- Types -------------------------------------------------------------------
(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(record_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(interface_declaration name: (identifier) @name body: (interface_body) @body) @definition.interface
(annotation_type_declaration name: (identifier) @name body: (annotation_type_body) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum

; Enum constants are public, as are a record's components (their accessors).
((enum_constant name: (identifier) @name) @definition.constant (#set! visibility "public"))
((record_declaration
  parameters: (formal_parameters (formal_parameter name: (identifier) @name) @definition.property))
 (#set! visibility "public"))

; ---- Methods -----------------------------------------------------------------
(method_declaration name: (identifier) @name body: (block) @body) @definition.method
(method_declaration name: (identifier) @name !body) @definition.method
(constructor_declaration name: (identifier) @name body: (constructor_body) @body) @definition.method
(compact_constructor_declaration name: (identifier) @name body: (block) @body) @definition.method
(annotation_type_element_declaration name: (identifier) @name) @definition.method

; ---- Fields --------------------------------------------------------------------
; `int a, b;` declares two fields, each its own symbol spanning the declaration.
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.property
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant

; ---- Imports ---------------------------------------------------------------------
; The dotted path; static and wildcard imports say so in their origin
; (`import java.util.*;` is `java.util`, origin "wildcard").
((import_declaration "static" [(identifier) (scoped_identifier)] @name (asterisk)) @import (#set! origin "static wildcard"))
((import_declaration "static" [(identifier) (scoped_identifier)] @name) @import (#set! origin "static"))
((import_declaration [(identifier) (scoped_identifier)] @name (asterisk)) @import (#set! origin "wildcard"))
(import_declaration [(identifier) (scoped_identifier)] @name) @import
