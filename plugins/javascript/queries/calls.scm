; Calls and instantiations, shared by JavaScript, TypeScript and TSX.
; `f()` is a call of f; `a.b.f()` a call of f qualified by its receiver
; `a.b` (`this.items` in `this.items.push(x)`). A receiver that is not a
; plain path (`fetch(url).then()`, `(a || b).f()`, `xs[0].f()`) is left out:
; the call is recorded unqualified. `new X()` and `new ns.X()` are
; instantiations (kind `instantiation`); JSX components are too (jsx.scm).
; require() is an import (tags.scm), not a call.
; `(_ object: ... property: ...)` is a member_expression (see
; plugins/javascript/queries/tags.scm).
((call_expression function: (identifier) @name) @reference.call
 (#not-eq? @name "require"))
((call_expression
  function: (_ object: (_) @qualifier property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
 (#match? @qualifier "^[A-Za-z_$#][A-Za-z0-9_$#]*([[:space:]]*\\??\\.[[:space:]]*[A-Za-z_$#][A-Za-z0-9_$#]*)*$"))
((call_expression
  function: (_ object: (_) @_receiver property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
 (#not-match? @_receiver "^[A-Za-z_$#][A-Za-z0-9_$#]*([[:space:]]*\\??\\.[[:space:]]*[A-Za-z_$#][A-Za-z0-9_$#]*)*$"))
; TypeScript parses `await api.get<T>(url)` as a call of `await api.get`.
(call_expression function: (await_expression (identifier) @name)) @reference.call
((call_expression
  function: (await_expression
    (_ object: (_) @qualifier property: [(property_identifier) (private_property_identifier)] @name))) @reference.call
 (#match? @qualifier "^[A-Za-z_$#][A-Za-z0-9_$#]*([[:space:]]*\\??\\.[[:space:]]*[A-Za-z_$#][A-Za-z0-9_$#]*)*$"))
(new_expression constructor: (identifier) @name) @reference.instantiation
((new_expression
  constructor: (_ object: (_) @qualifier property: (property_identifier) @name)) @reference.instantiation
 (#match? @qualifier "^[A-Za-z_$][A-Za-z0-9_$]*([[:space:]]*\\.[[:space:]]*[A-Za-z_$][A-Za-z0-9_$]*)*$"))
; Decorators without arguments (`@Injectable`); `@Component({...})` is a call above.
(decorator (identifier) @name) @reference.call
((decorator (_ object: (_) @qualifier property: (property_identifier) @name)) @reference.call
 (#match? @qualifier "^[A-Za-z_$][A-Za-z0-9_$.]*$"))

; ---- Locals -------------------------------------------------------------------
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
