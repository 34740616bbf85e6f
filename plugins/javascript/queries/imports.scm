; Imports, shared by JavaScript, TypeScript and TSX. Each imported binding is
; its own import record:
;   import x from 'm'                m, aliased x
;   import {a, b as c} from 'm'      m.a; m.b aliased c
;   import * as ns from 'm'          m, aliased ns
;   import 'm'   import('m')         m
;   export {a as b} from 'm'         m.a aliased b (a re-export imports what it exports)
;   export * from 'm'                m
;   export * as ns from 'm'          m, aliased ns
;   const x = require('m')           m, aliased x
;   const {a, b: c} = require('m')   m.a; m.b aliased c
;   const b = require('m').a         m.a, aliased b when b is not a
;   require('m') anywhere else       m (`module.exports = require('m')`,
;                                    `require('debug')('app')`, `require('m').x`)
; A relative specifier (`./x`, `../y/z.js`, `.`, `..`) has origin "relative"
; and resolves to repository files (imports.c). Each pattern comes twice:
; first for relative specifiers, with the origin, then for any; where both
; match, the first wins. Sources are captured as whole strings (the core
; removes the quotes of an import's name): cheaper for tree-sitter to compile
; than their string_fragment.

; ES imports.
((import_statement
  (import_clause (identifier) @import.alias)
  source: (string) @name) @import
 (#match? @name "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
(import_statement
  (import_clause (identifier) @import.alias)
  source: (string) @name) @import

((import_statement
  (import_clause (named_imports (import_specifier name: _ @name alias: (identifier)? @import.alias)))
  source: (string) @import.module) @import
 (#match? @import.module "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
(import_statement
  (import_clause (named_imports (import_specifier name: _ @name alias: (identifier)? @import.alias)))
  source: (string) @import.module) @import

((import_statement
  (import_clause (namespace_import (identifier) @import.alias))
  source: (string) @name) @import
 (#match? @name "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
(import_statement
  (import_clause (namespace_import (identifier) @import.alias))
  source: (string) @name) @import

((import_statement "import" . source: (string) @name) @import
 (#match? @name "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
(import_statement "import" . source: (string) @name) @import

; Re-exports.
((export_statement
  (export_clause (export_specifier name: _ @name alias: (_)? @import.alias))
  source: (string) @import.module) @import
 (#match? @import.module "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
(export_statement
  (export_clause (export_specifier name: _ @name alias: (_)? @import.alias))
  source: (string) @import.module) @import

((export_statement "*" . source: (string) @name) @import
 (#match? @name "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
(export_statement "*" . source: (string) @name) @import

((export_statement
  (namespace_export (identifier) @import.alias)
  source: (string) @name) @import
 (#match? @name "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
(export_statement
  (namespace_export (identifier) @import.alias)
  source: (string) @name) @import

; `import('m')`, wherever it is (not `import(`./${name}`)`: no one module).
((call_expression
  function: (import)
  arguments: (arguments . [(string) (template_string)] @name)) @import
 (#not-match? @name "\\$\\{") (#match? @name "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
((call_expression
  function: (import)
  arguments: (arguments . [(string) (template_string)] @name)) @import
 (#not-match? @name "\\$\\{"))

; require(): destructured, a member of it (`require('m').x`), bound to a name.
; `(_ function: ... arguments: ...)` is a call_expression: no other node has
; both fields (instantiation_expression has no arguments), and a wildcard
; costs nothing when the query compiles, where each named node with children
; costs a walk of the grammar's parse table (~1.5 ms for a call_expression).
((variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @name)
  value: (_ function: (identifier) @_require arguments: (arguments . (string) @import.module)) @import)
 (#eq? @_require "require") (#match? @import.module "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
((variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @name)
  value: (_ function: (identifier) @_require arguments: (arguments . (string) @import.module)) @import)
 (#eq? @_require "require"))

((variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @name value: (identifier) @import.alias))
  value: (_ function: (identifier) @_require arguments: (arguments . (string) @import.module)) @import)
 (#eq? @_require "require") (#match? @import.module "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
((variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @name value: (identifier) @import.alias))
  value: (_ function: (identifier) @_require arguments: (arguments . (string) @import.module)) @import)
 (#eq? @_require "require"))

((variable_declarator
  name: (identifier) @_binding
  value: (_ object: (_ function: (identifier) @_require arguments: (arguments . (string) @import.module)) @import property: (property_identifier) @name))
 (#eq? @_require "require") (#eq? @_binding @name) (#match? @import.module "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
((variable_declarator
  name: (identifier) @_binding
  value: (_ object: (_ function: (identifier) @_require arguments: (arguments . (string) @import.module)) @import property: (property_identifier) @name))
 (#eq? @_require "require") (#eq? @_binding @name))

((variable_declarator
  name: (identifier) @import.alias
  value: (_ object: (_ function: (identifier) @_require arguments: (arguments . (string) @import.module)) @import property: (property_identifier) @name))
 (#eq? @_require "require") (#not-eq? @import.alias @name) (#match? @import.module "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
((variable_declarator
  name: (identifier) @import.alias
  value: (_ object: (_ function: (identifier) @_require arguments: (arguments . (string) @import.module)) @import property: (property_identifier) @name))
 (#eq? @_require "require") (#not-eq? @import.alias @name))

((variable_declarator
  name: (identifier) @import.alias
  value: (_ function: (identifier) @_require arguments: (arguments . (string) @name)) @import)
 (#eq? @_require "require") (#match? @name "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
((variable_declarator
  name: (identifier) @import.alias
  value: (_ function: (identifier) @_require arguments: (arguments . (string) @name)) @import)
 (#eq? @_require "require"))

; require() as an array's element (`[require('./a'), require('./b')]`): the
; rule below leaves out a parent that starts with a bracket (a destructuring).
((array (call_expression function: (identifier) @_require arguments: (arguments . (string) @name)) @import)
 (#eq? @_require "require") (#match? @name "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
((array (call_expression function: (identifier) @_require arguments: (arguments . (string) @name)) @import)
 (#eq? @_require "require"))

; require() anywhere else. Where a declaration's value is a require()
; call the declaration is the import (above): not one whose binding is
; destructured (`{a} = require('m')`) or a member of it (`b = require('m').a`),
; and one bound to a name is the same import (the same node and name).
((_ (call_expression function: (identifier) @_require arguments: (arguments . (string) @name)) @import) @_parent
 (#eq? @_require "require") (#not-match? @_parent "^([{[]|require[[:space:]]*\\([^()]*\\)[[:space:]]*\\??\\.)") (#match? @name "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
((_ (call_expression function: (identifier) @_require arguments: (arguments . (string) @name)) @import) @_parent
 (#eq? @_require "require") (#not-match? @_parent "^([{[]|require[[:space:]]*\\([^()]*\\)[[:space:]]*\\??\\.)"))

((_ (member_expression object: (call_expression function: (identifier) @_require arguments: (arguments . (string) @name)) @import)) @_outer
 (#eq? @_require "require") (#not-match? @_outer "^[A-Za-z_$][A-Za-z0-9_$]*[[:space:]]*=[[:space:]]*require") (#match? @name "^[\"\'`]\\.\\.?(/|[\"\'`])") (#set! origin "relative"))
((_ (member_expression object: (call_expression function: (identifier) @_require arguments: (arguments . (string) @name)) @import)) @_outer
 (#eq? @_require "require") (#not-match? @_outer "^[A-Za-z_$][A-Za-z0-9_$]*[[:space:]]*=[[:space:]]*require"))
