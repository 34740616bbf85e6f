; Python definitions and imports. The core derives parents, qualified names
; and methods (a function directly inside a class) from nesting.

(class_definition
  name: (identifier) @name
  body: (block) @body) @definition.class

(function_definition
  name: (identifier) @name
  body: (block) @body) @definition.function

; Docstrings: a lone string as the first statement of a module, class or function.
(module . (comment)* . (expression_statement . (string) @doc .))
(class_definition body: (block . (expression_statement . (string) @doc .)))
(function_definition body: (block . (expression_statement . (string) @doc .)))

; Module-level assignments: ALL_CAPS names are constants, others variables.
(module (expression_statement (assignment left: (identifier) @name) @definition.constant)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module (expression_statement (assignment left: (identifier) @name) @definition.variable)
  (#not-match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module (expression_statement (assignment left: (pattern_list (identifier) @name)) @definition.variable))
(module (expression_statement (assignment left: (tuple_pattern (identifier) @name)) @definition.variable))

; Class attributes.
(class_definition
  body: (block (expression_statement (assignment left: (identifier) @name) @definition.property)))

; Imports. Relative ones first so they win the origin label.
((import_from_statement
   module_name: (relative_import) @import.module
   name: (dotted_name) @name) @import
 (#set! origin "relative"))
((import_from_statement
   module_name: (relative_import) @import.module
   name: (aliased_import name: (dotted_name) @name alias: (identifier) @import.alias)) @import
 (#set! origin "relative"))
((import_from_statement
   module_name: (relative_import) @import.module
   (wildcard_import) @name) @import
 (#set! origin "relative"))

(import_statement name: (dotted_name) @name) @import
(import_statement
  name: (aliased_import name: (dotted_name) @name alias: (identifier) @import.alias)) @import
(import_from_statement
  module_name: (dotted_name) @import.module
  name: (dotted_name) @name) @import
(import_from_statement
  module_name: (dotted_name) @import.module
  name: (aliased_import name: (dotted_name) @name alias: (identifier) @import.alias)) @import
(import_from_statement
  module_name: (dotted_name) @import.module
  (wildcard_import) @name) @import
(future_import_statement name: (dotted_name) @name) @import
