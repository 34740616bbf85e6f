; Definitions and imports shared by JavaScript and TypeScript.

; Functions: declarations, generators, and function or arrow expressions bound
; to a name (`const f = () => {}`): the declaration is the definition, so the
; signature reads `const f = (x) =>`.
(function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function
(generator_function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)])) @definition.function
(variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)])) @definition.function

; Classes, declared or bound to a name. Functions inside a class are its methods.
(class_declaration name: (_) @name body: (class_body) @body) @definition.class
(lexical_declaration
  (variable_declarator name: (identifier) @name value: (class body: (class_body) @body))) @definition.class
(method_definition
  name: [(property_identifier) (private_property_identifier) (computed_property_name)] @name
  body: (statement_block) @body) @definition.function

; Imports. `import x from 'm'`: m, aliased x. `import {a, b as c} from 'm'`:
; m.a and m.b aliased c. `import * as ns from 'm'`: m aliased ns.
; `import 'm'`: m. Relative specifiers resolve to files (plugin.c).
(import_statement
  (import_clause (identifier) @import.alias)
  source: (string (string_fragment) @name)) @import
(import_statement
  (import_clause (named_imports (import_specifier name: (_) @name alias: (identifier)? @import.alias)))
  source: (string (string_fragment) @import.module)) @import
(import_statement
  (import_clause (namespace_import (identifier) @import.alias))
  source: (string (string_fragment) @name)) @import
(import_statement "import" . source: (string (string_fragment) @name)) @import
; Re-exports: `export {a as b} from 'm'`, `export * from 'm'`.
(export_statement
  (export_clause (export_specifier name: (_) @name alias: (_)? @import.alias))
  source: (string (string_fragment) @import.module)) @import
(export_statement "*" source: (string (string_fragment) @name)) @import
; `const x = require('m')`, `const {a} = require('m')`, a bare `require('m')`.
((lexical_declaration
  (variable_declarator
    name: (identifier) @import.alias
    value: (call_expression function: (identifier) @_require arguments: (arguments . (string (string_fragment) @name))))) @import
 (#eq? @_require "require"))
((lexical_declaration
  (variable_declarator
    name: (object_pattern)
    value: (call_expression function: (identifier) @_require arguments: (arguments . (string (string_fragment) @name))))) @import
 (#eq? @_require "require"))
((expression_statement
  (call_expression function: (identifier) @_require arguments: (arguments . (string (string_fragment) @name)))) @import
 (#eq? @_require "require"))

; Variables: `const` ones are constants, `let` and `var` ones variables (the
; core drops those inside functions: locals). A declaration whose value is a
; function, a class or a require() is defined above.
((lexical_declaration
  kind: "const"
  (variable_declarator name: (identifier) @name value: (_) @_value)) @definition.constant
 (#not-match? @_value "^require[ \t]*\\("))
; Declared without a value: TypeScript's ambient `declare const X: number;`.
(lexical_declaration kind: "const" (variable_declarator name: (identifier) @name !value)) @definition.constant
(lexical_declaration kind: "let" (variable_declarator name: (identifier) @name)) @definition.variable
(variable_declaration (variable_declarator name: (identifier) @name)) @definition.variable
