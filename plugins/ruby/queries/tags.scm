; Modules and classes (a module is a `module`; its methods are functions of it).
; `class A::B` is B (in A).
(module name: [(constant) @name (scope_resolution name: (constant) @name)] body: (body_statement)? @body) @definition.module
(class name: [(constant) @name (scope_resolution name: (constant) @name)] superclass: (superclass)? body: (body_statement)? @body) @definition.class

; Methods; `def self.x` is the class's x.
(method name: (_) @name body: (_)? @body) @definition.function
(singleton_method object: (self) name: (_) @name body: (_)? @body) @definition.function
(singleton_method object: (constant) @receiver name: (_) @name body: (_)? @body) @definition.function

; attr_accessor :a, :b — each symbol a property.
((call method: (identifier) @_attr arguments: (argument_list (simple_symbol) @name)) @definition.property
 (#any-of? @_attr "attr_accessor" "attr_reader" "attr_writer")
 (#strip! @name "^:"))

; `alias new old` and `alias_method :new, :old` define a method.
(alias name: (_) @name) @definition.function
((call method: (identifier) @_alias arguments: (argument_list . (simple_symbol) @name)) @definition.function
 (#eq? @_alias "alias_method") (#strip! @name "^:"))

; Constants: NAME = value.
(assignment left: (constant) @name) @definition.constant

; Imports.
((call method: (identifier) @_req arguments: (argument_list . (string (string_content) @name))) @import
 (#any-of? @_req "require" "load"))
((call method: (identifier) @_req arguments: (argument_list . (string (string_content) @name))) @import
 (#eq? @_req "require_relative") (#set! origin "relative"))

; A bare `private` / `protected` / `public` line: the methods after it take it.
((body_statement (identifier) @visibility.section) (#any-of? @visibility.section "private" "protected" "public"))
