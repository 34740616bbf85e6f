; Ruby definitions and imports. When several patterns capture the same node,
; the first one wins: the specific forms (`private def`, singleton methods)
; come before the general ones. The forms of one node are alternatives of
; one pattern where they cannot both match it, for the compile time below.
;
; A call inside a pattern is written `(_ receiver: ...)` or `(_ method: ...)`:
; only a call has those fields (tree-sitter-ruby's node-types.json), and every
; run compiles this file, where ts_query_new walks the grammar's parse table
; for each named node with children (~11 ms for a call) and for no wildcard.
; Not at a pattern's root: tree-sitter skips a root wildcard, with its
; negated fields (`!receiver`), and starts from the child.

; ---- Modules and classes ---------------------------------------------------
; `module A` / `class A < B`. `class A::B` is B, named A.B through @receiver
; (the child of A when A is defined in the same file); `class A::B::C` is
; B.C; `class ::A` is A.
(module
  name: [
    (constant) @name
    (scope_resolution
      scope: [(constant) @receiver (scope_resolution name: (constant) @receiver)]
      name: (constant) @name)
    (scope_resolution !scope name: (constant) @name)]
  body: (body_statement)? @body) @definition.module

(class
  name: [
    (constant) @name
    (scope_resolution
      scope: [(constant) @receiver (scope_resolution name: (constant) @receiver)]
      name: (constant) @name)
    (scope_resolution !scope name: (constant) @name)]
  body: (body_statement)? @body) @definition.class

; `Point = Struct.new(:x, :y) do ... end`, `Error = Class.new(StandardError)`,
; `Coord = Data.define(:lat, :lng)`: classes (the block's defs are their methods).
((assignment
   left: (constant) @name
   right: (_ receiver: (constant) @_maker method: (identifier) @_new block: (_)? @body)) @definition.class
 (#any-of? @_maker "Struct" "Class" "Data") (#any-of? @_new "new" "define"))

; ---- Methods ---------------------------------------------------------------
; `private def x` / `protected def x` / `public def x`: the modifier's visibility.
((call
   !receiver
   method: (identifier) @visibility
   arguments: (argument_list . (method name: (_) @name body: (_)? @body) @definition.function .))
 (#any-of? @visibility "private" "protected" "public"))

; `private_class_method def self.x`: a private singleton method.
((call
   !receiver
   method: (identifier) @_modifier
   arguments: (argument_list . (singleton_method name: (_) @name body: (_)? @body) @definition.function .))
 (#eq? @_modifier "private_class_method") (#set! visibility "private"))

; Inside `class << self`, a bare `private` before a def makes it private; the
; other defs there are public (a section marker there does not reach the
; methods of the class after the `class << self` block).
((singleton_class
   body: (body_statement
     (identifier) @visibility
     (method name: (_) @name body: (_)? @body) @definition.function))
 (#any-of? @visibility "private" "protected" "public"))
((singleton_class body: (body_statement (method name: (_) @name body: (_)? @body) @definition.function))
 (#set! visibility "public"))

; `def self.x` is the class's (or module's) x: `Ledger.x`. A class's `private`
; section does not apply to singleton methods: they are public.
((singleton_method object: (self) name: (_) @name body: (_)? @body) @definition.function
 (#set! visibility "public"))
; `def Ledger.x` at the top level: a method of Ledger (its child when Ledger
; is in the file); inside a class or module, the class's own x.
(program
  ((singleton_method object: (constant) @receiver name: (_) @name body: (_)? @body) @definition.function
   (#set! visibility "public")))
((singleton_method name: (_) @name body: (_)? @body) @definition.function
 (#set! visibility "public"))

; `def x`: public unless a bare `private`/`protected` line above it in the
; class says otherwise (the section marker below; the plugin's refine hook
; makes the rest public).
(method name: (_) @name body: (_)? @body) @definition.function

; `define_method(:name) { ... }` defines a method at run time: its name is
; known when it is a plain symbol.
((call
   !receiver
   method: (identifier) @_define
   arguments: (argument_list . (simple_symbol) @name)
   block: (_)? @body) @definition.function
 (#eq? @_define "define_method") (#strip! @name "^:"))

; `alias new old` and `alias_method :new, :old` define a method; `alias $NEW
; $old` a global variable.
((alias name: (global_variable) @name) @definition.variable)
((alias name: (_) @name) @definition.function (#strip! @name "^:"))
((call
   !receiver
   method: (identifier) @_alias
   arguments: (argument_list . [(simple_symbol) @name (string . (string_content) @name .)])) @definition.function
 (#eq? @_alias "alias_method") (#strip! @name "^:"))

; ---- Properties ------------------------------------------------------------
; attr_accessor :a, :b — each symbol a property (the symbol is its span);
; `private attr_reader :a` takes the modifier's visibility.
((call
   !receiver
   method: (identifier) @visibility
   arguments: (argument_list
     (_
       !receiver
       method: (identifier) @_attr
       arguments: (argument_list (simple_symbol) @name @definition.property))))
 (#any-of? @visibility "private" "protected" "public")
 (#any-of? @_attr "attr_accessor" "attr_reader" "attr_writer" "attr")
 (#strip! @name "^:"))
((call
   !receiver
   method: (identifier) @_attr
   arguments: (argument_list (simple_symbol) @name @definition.property))
 (#any-of? @_attr "attr_accessor" "attr_reader" "attr_writer" "attr")
 (#strip! @name "^:"))

; ---- Constants -------------------------------------------------------------
; NAME = value, NAME ||= value, A, B = 1, 2, and Outer::NAME = value (named
; Outer.NAME, the child of Outer when Outer is in the file).
(assignment
  left: [
    (constant) @name
    (left_assignment_list (constant) @name)
    (scope_resolution
      scope: [(constant) @receiver (scope_resolution name: (constant) @receiver)]
      name: (constant) @name)]) @definition.constant
(operator_assignment left: (constant) @name) @definition.constant
; Any other scope: kept apart, after the form above (which wins its node).
(assignment left: (scope_resolution name: (constant) @name)) @definition.constant

; ---- Imports ---------------------------------------------------------------
; require 'x', load 'x.rb', autoload :X, 'x' (a literal path: an interpolated
; one names no file); require_relative 'x' is x.rb beside the file.
((call
   !receiver
   method: (identifier) @_req
   arguments: (argument_list . (string . (string_content) .) @name)) @import
 (#any-of? @_req "require" "load"))
((call
   !receiver
   method: (identifier) @_req
   arguments: (argument_list . (simple_symbol) . (string . (string_content) .) @name)) @import
 (#eq? @_req "autoload"))
((call
   !receiver
   method: (identifier) @_req
   arguments: (argument_list . (string . (string_content) .) @name)) @import
 (#eq? @_req "require_relative") (#set! origin "relative"))

; ---- Visibility sections ---------------------------------------------------
; A bare `private` / `protected` / `public` line in a class or module body:
; the methods after it take it (until the next one).
((class body: (body_statement (identifier) @visibility.section))
 (#any-of? @visibility.section "private" "protected" "public"))
((module body: (body_statement (identifier) @visibility.section))
 (#any-of? @visibility.section "private" "protected" "public"))
((assignment
   left: (constant)
   right: (_
     receiver: (constant) @_maker
     block: [(do_block body: (body_statement (identifier) @visibility.section))
             (block body: (block_body (identifier) @visibility.section))]))
 (#any-of? @_maker "Struct" "Class" "Data")
 (#any-of? @visibility.section "private" "protected" "public"))
