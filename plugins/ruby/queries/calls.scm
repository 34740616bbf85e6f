; Ruby references.
;
; Calls: `recv.m(...)` and `recv.m` with the receiver as @qualifier; a call
; without a receiver when it has arguments or a block (`puts "x"`, `foo()`,
; `loop do ... end`): a bare `foo` is an identifier the grammar cannot tell
; from a local variable, so it is left out. The declarative calls that the
; tags query turns into definitions, imports or type uses (attr_*, require,
; include, private, alias_method, define_method, ...) are not calls.
;
; Instantiation: `X.new(...)` and `A::X.new(...)` are @reference.instantiation
; of X (the scope as qualifier), never a call of `new`; `klass.new` and
; `self.class.new`, whose class is not written, stay calls of `new`.
; (The forms of one node are alternatives of one pattern: compiling the
; query walks the grammar's parse table for each named node with children in
; every pattern, ~7 ms for a call, and every run that parses Ruby pays it.)
((call
   receiver: [(constant) @name (scope_resolution scope: (_)? @qualifier name: (constant) @name)]
   method: (identifier) @_new) @reference.instantiation
 (#eq? @_new "new"))
((call receiver: (_) @qualifier method: (identifier) @name) @reference.call (#not-eq? @name "new"))
((call receiver: (_) @qualifier method: (identifier) @name) @reference.call
 (#eq? @name "new") (#not-match? @qualifier "^(::)?[A-Z][A-Za-z0-9_]*(::[A-Z][A-Za-z0-9_]*)*$"))
((call receiver: (_) @qualifier method: (constant) @name arguments: (argument_list)) @reference.call)
((call !receiver method: (identifier) @name arguments: (argument_list)) @reference.call
 (#not-any-of? @name
  "require" "require_relative" "load" "autoload" "attr" "attr_accessor" "attr_reader" "attr_writer"
  "include" "extend" "prepend" "private" "protected" "public" "private_class_method" "public_class_method"
  "private_constant" "public_constant" "module_function" "alias_method" "define_method"))
((call !receiver method: (identifier) @name !arguments block: (_)) @reference.call)
; `Integer("3")`, `Array(x)`: Kernel's conversion methods.
((call !receiver method: (constant) @name arguments: (argument_list)) @reference.call)

; Inheritance (@reference.inherit): superclasses (`class A < Base`,
; `Class.new(Base)`) and mixins (`include`/`extend`/`prepend M`); a scoped
; name's scope is the qualifier.
(superclass [(constant) @name (scope_resolution scope: (_) @qualifier name: (constant) @name)]) @reference.inherit
((call !receiver method: (identifier) @_mixin
   arguments: (argument_list [(constant) @name (scope_resolution scope: (_) @qualifier name: (constant) @name)])) @reference.inherit
 (#any-of? @_mixin "include" "extend" "prepend"))
((call receiver: (constant) @_class method: (identifier) @_new
   arguments: (argument_list . [(constant) @name (scope_resolution scope: (_) @qualifier name: (constant) @name)])) @reference.inherit
 (#eq? @_class "Class") (#eq? @_new "new"))

; Type uses: rescued exception classes.
(exceptions [(constant) @name (scope_resolution scope: (_) @qualifier name: (constant) @name)]) @reference.type
