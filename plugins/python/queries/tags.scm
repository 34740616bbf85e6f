; Python definitions and imports. The core derives parents, qualified names
; and methods (a function directly inside a class) from nesting.

(class_definition
  name: (identifier) @name
  body: (block) @body) @definition.class

(function_definition
  name: (identifier) @name
  body: (block) @body) @definition.function

; `type Alias = ...` (Python 3.12), plain or generic (`type Pair[T] = ...`).
(type_alias_statement left: (type (identifier) @name)) @definition.type
(type_alias_statement left: (type (generic_type (identifier) @name))) @definition.type

; Docstrings: a lone string as the first statement of a module, class or function.
(module . (comment)* . (expression_statement . (string) @doc .))
(class_definition body: (block . (expression_statement . (string) @doc .)))
(function_definition body: (block . (expression_statement . (string) @doc .)))

; Assignments. Every name a statement binds takes the whole assignment's span
; (`a, b = 1, 2`, and `x = y = 0` where `y` would otherwise nest inside `x`),
; so the names come out as siblings.

; Class attributes. They come before the module-level patterns, whose
; wildcards also reach a class body: when two patterns capture the same node,
; the first one wins.
(class_definition
  body: (block (expression_statement
    [(assignment left: (identifier) @name)
     (assignment right: (assignment left: (identifier) @name))
     (assignment right: (assignment right: (assignment left: (identifier) @name)))
     (assignment left: (pattern_list (identifier) @name))
     (assignment left: (tuple_pattern (identifier) @name))] @definition.property)))

; Module-level names: ALL_CAPS ones are constants, others variables. Besides
; the top level they may sit one or two blocks down (if/elif/else,
; try/except/finally, for, while, with), where they still bind module names;
; the core drops the ones that land in a function body (locals).
(module
  (expression_statement
    [(assignment left: (identifier) @name)
     (assignment right: (assignment left: (identifier) @name))
     (assignment right: (assignment right: (assignment left: (identifier) @name)))
     (assignment left: (pattern_list (identifier) @name))
     (assignment left: (tuple_pattern (identifier) @name))] @definition.constant)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module
  (_ (block (expression_statement
    [(assignment left: (identifier) @name)
     (assignment right: (assignment left: (identifier) @name))
     (assignment right: (assignment right: (assignment left: (identifier) @name)))
     (assignment left: (pattern_list (identifier) @name))
     (assignment left: (tuple_pattern (identifier) @name))] @definition.constant)))
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module
  (_ (_ (block (expression_statement
    [(assignment left: (identifier) @name)
     (assignment right: (assignment left: (identifier) @name))
     (assignment right: (assignment right: (assignment left: (identifier) @name)))
     (assignment left: (pattern_list (identifier) @name))
     (assignment left: (tuple_pattern (identifier) @name))] @definition.constant))))
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module
  (expression_statement
    [(assignment left: (identifier) @name)
     (assignment right: (assignment left: (identifier) @name))
     (assignment right: (assignment right: (assignment left: (identifier) @name)))
     (assignment left: (pattern_list (identifier) @name))
     (assignment left: (tuple_pattern (identifier) @name))] @definition.variable)
  (#not-match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module
  (_ (block (expression_statement
    [(assignment left: (identifier) @name)
     (assignment right: (assignment left: (identifier) @name))
     (assignment right: (assignment right: (assignment left: (identifier) @name)))
     (assignment left: (pattern_list (identifier) @name))
     (assignment left: (tuple_pattern (identifier) @name))] @definition.variable)))
  (#not-match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module
  (_ (_ (block (expression_statement
    [(assignment left: (identifier) @name)
     (assignment right: (assignment left: (identifier) @name))
     (assignment right: (assignment right: (assignment left: (identifier) @name)))
     (assignment left: (pattern_list (identifier) @name))
     (assignment left: (tuple_pattern (identifier) @name))] @definition.variable))))
  (#not-match? @name "^_*[A-Z][A-Z0-9_]*$"))

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
 (#set! origin "relative") (#set! alias "*"))

(import_statement name: (dotted_name) @name) @import
(import_statement
  name: (aliased_import name: (dotted_name) @name alias: (identifier) @import.alias)) @import
(import_from_statement
  module_name: (dotted_name) @import.module
  name: (dotted_name) @name) @import
(import_from_statement
  module_name: (dotted_name) @import.module
  name: (aliased_import name: (dotted_name) @name alias: (identifier) @import.alias)) @import
((import_from_statement
  module_name: (dotted_name) @import.module
  (wildcard_import) @name) @import
 (#set! alias "*"))
; `from __future__ import x`: the module is a keyword token in this grammar.
(future_import_statement "__future__" @import.module name: (dotted_name) @name) @import
(future_import_statement
  "__future__" @import.module
  name: (aliased_import name: (dotted_name) @name alias: (identifier) @import.alias)) @import
