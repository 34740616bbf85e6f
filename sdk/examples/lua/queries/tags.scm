; Definitions and imports.

; function f() ... end   and   local function f() ... end
(function_declaration
  name: (identifier) @name
  body: (block) @body) @definition.function
(function_declaration
  name: (identifier) @name
  !body) @definition.function

; function M.f() / function Account:deposit(): methods of the table before the dot or colon.
(function_declaration
  name: (dot_index_expression table: (identifier) @receiver field: (identifier) @name)
  body: (block)? @body) @definition.function
(function_declaration
  name: (method_index_expression table: (identifier) @receiver method: (identifier) @name)
  body: (block)? @body) @definition.function

; M.f = function(...) ... end
(assignment_statement
  (variable_list . name: (dot_index_expression table: (identifier) @receiver field: (identifier) @name))
  (expression_list . value: (function_definition body: (block)? @body))) @definition.function

; local f = function(...) ... end
(variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: (function_definition body: (block)? @body)))) @definition.function

; Imports: local x = require("a.b") (or require "a.b": the grammar wraps both
; in `arguments`), and a require("a.b") statement of its own.
(variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) @import.alias)
    (expression_list . value: (function_call
      name: (identifier) @_require
      arguments: (arguments . (string content: (string_content) @name)))))
  (#eq? @_require "require")) @import
(chunk
  (function_call
    name: (identifier) @_require
    arguments: (arguments . (string content: (string_content) @name))) @import
  (#eq? @_require "require"))

; Module-level variables: local x = ..., X = ..., and fields M.x = ... of a
; module table. A call's result is a variable unless the call is `require`
; (an import, above); functions are definitions of their own, above.
(chunk (variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: (function_call name: (identifier) @_f)))) @definition.variable
  (#not-eq? @_f "require"))
(chunk (variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: [(string) (number) (true) (false) (nil) (table_constructor) (identifier)
                               (binary_expression) (unary_expression) (dot_index_expression)
                               (function_call name: [(dot_index_expression) (method_index_expression)])]))) @definition.variable)
(chunk (variable_declaration
  (variable_list . name: (identifier) @name)) @definition.variable)
(chunk (assignment_statement
  (variable_list . name: (identifier) @name)
  (expression_list . value: [(string) (number) (true) (false) (nil) (table_constructor) (identifier)
                             (binary_expression) (unary_expression) (dot_index_expression) (function_call)])) @definition.variable)
(chunk (assignment_statement
  (variable_list . name: (dot_index_expression table: (identifier) @receiver field: (identifier) @name))
  (expression_list . value: [(string) (number) (true) (false) (nil) (table_constructor) (identifier)
                             (binary_expression) (unary_expression) (dot_index_expression) (function_call)])) @definition.property)
