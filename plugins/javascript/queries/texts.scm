; Comments (JSDoc included: the core attaches the block ending on the line
; above a definition as its doc and removes the /** * */ gutter) and strings
; where values go: arguments, initial values, assignments, object values,
; returns, array items, operands; the core keeps the prose-like ones. A
; template literal is one text, its ${} substitutions included (`Hello
; ${name}, you have ${count} items`); a tagged one (css``, sql``) is not
; prose. Import sources, require('m') and import('m') are imports, not texts.
(comment) @text.comment
((call_expression
  function: (_) @_function
  arguments: (arguments [(string (string_fragment) @text.string) (template_string) @text.string]))
 (#not-any-of? @_function "require" "import"))
(new_expression arguments: (arguments [(string (string_fragment) @text.string) (template_string) @text.string]))
(variable_declarator value: [(string (string_fragment) @text.string) (template_string) @text.string])
(assignment_expression right: [(string (string_fragment) @text.string) (template_string) @text.string])
(pair value: [(string (string_fragment) @text.string) (template_string) @text.string])
(return_statement [(string (string_fragment) @text.string) (template_string) @text.string])
(array [(string (string_fragment) @text.string) (template_string) @text.string])
(binary_expression [(string (string_fragment) @text.string) (template_string) @text.string])
(ternary_expression [(string (string_fragment) @text.string) (template_string) @text.string])
(arrow_function body: [(string (string_fragment) @text.string) (template_string) @text.string])
(throw_statement [(string (string_fragment) @text.string) (template_string) @text.string])
