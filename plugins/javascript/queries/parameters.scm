; JavaScript's parameters, names a function's scope declares (TypeScript's
; are typed_locals.scm's): a bare call of one (`fn()` with a parameter `fn`)
; calls the value passed, never a same-named definition elsewhere.
(formal_parameters (identifier) @local.definition)
(formal_parameters (assignment_pattern left: (identifier) @local.definition))
