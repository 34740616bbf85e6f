; Names a scope declares: a call on one made by `new` (`const v = new
; View(name)`; `v.render()`) is a call on that class's method. The scope
; is the innermost definition holding the declaration, the module for
; top-level names. Any other declaration hides an outer one's type, and a
; bare call of a parameter or variable (`fn()` with a parameter `fn`)
; calls the value, never a same-named definition elsewhere.

(variable_declarator name: (identifier) @local.definition
  value: (new_expression constructor: [(identifier) (member_expression)] @local.type))
(variable_declarator name: (identifier) @local.definition)
(arrow_function parameter: (identifier) @local.definition)
