; Definitions and imports shared by JavaScript, TypeScript and TSX (every
; pattern here compiles on the three grammars; TypeScript's own are in
; plugins/typescript/queries/types.scm, JavaScript's own in fields.scm).
;
; Inside a pattern, `(_ object: ... property: ...)` is a member_expression,
; written as a wildcard for the time every run spends compiling the queries:
; ts_query_new walks the grammar's parse table for each named node with
; children (~1.7 ms for a member_expression) and for no wildcard. In the
; three grammars' node-types.json the only other node with both fields,
; TypeScript's nested_identifier, occurs in module names and type paths
; only, never where these patterns look. Not at a pattern's root, where
; tree-sitter skips a wildcard and starts from its child.
;
; Kinds: functions (declared, or a function, arrow or generator expression
; bound to a name) are `function`, and `method` inside a class (the core's
; rule); classes `class`; a module-level `const` is a `constant` whatever its
; value (a literal, a call, an object), `let` and `var` are `variable`s (the
; core drops those inside functions: locals). A declaration whose value is a
; function or a class is that function or class, named after the variable; one
; whose value is require() is an import (imports.scm).

; ---- Functions --------------------------------------------------------------

; `export default function clamp() {}`, `export default class View {}`: the
; module's default export, which `import c from './m'` binds whatever its
; local name; marked so (visibility "default"), before the patterns below
; take the same nodes unmarked.
((export_statement "default" declaration: (function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function)
 (#set! visibility "default"))
((export_statement "default" declaration: (class_declaration name: (_) @name body: (class_body) @body) @definition.class)
 (#set! visibility "default"))

(function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function
(generator_function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function

; `const f = (x) => ...`, `let g = function () {}`, `var h = function* () {}`:
; the declaration is the definition, so the signature reads `const f = (x) =>`.
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)])) @definition.function
(variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)])) @definition.function

; `export default function () {}`, `export default () => ...`: the module's
; default export, named `default` (what `import x from './m'` binds).
(export_statement
  "default" @name
  value: [(function_expression !name body: (_) @body) (arrow_function body: (_) @body) (generator_function !name body: (_) @body)]) @definition.function

; A named function expression that is not bound to a variable: returned
; (`return function jsonParser(req) {}`) or passed (`on('end', function onEnd() {})`).
(return_statement
  [(function_expression name: (identifier) @name body: (_) @body)
   (generator_function name: (identifier) @name body: (_) @body)] @definition.function)
(arguments
  [(function_expression name: (identifier) @name body: (_) @body)
   (generator_function name: (identifier) @name body: (_) @body)] @definition.function)

; CommonJS. `exports.f = function () {}`, `module.exports.f = () => {}`: the
; exported function f (and `window.f = ...`, a global function f). `Foo.prototype.bar = function () {}`: the method
; Foo.bar. `app.use = function use() {}`: the method app.use (the object is
; its receiver, as a class is a method's). `module.exports = function f() {}`:
; f. Listed in this order: where two match one node, the first wins.
((assignment_expression
  left: (_ object: (identifier) @_exports property: (property_identifier) @name)
  right: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)]) @definition.function
 (#any-of? @_exports "exports" "window" "globalThis" "self" "global"))
((assignment_expression
  left: (_
    object: (_ object: (identifier) @_module property: (property_identifier) @_exports)
    property: (property_identifier) @name)
  right: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)]) @definition.function
 (#eq? @_module "module") (#eq? @_exports "exports"))
((assignment_expression
  left: (_
    object: (_ object: (identifier) @receiver property: (property_identifier) @_prototype)
    property: (property_identifier) @name)
  right: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)]) @definition.method
 (#eq? @_prototype "prototype"))
((assignment_expression
  left: (_ object: (identifier) @receiver property: (property_identifier) @name)
  right: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)]) @definition.method
 (#not-any-of? @receiver "module" "exports" "window" "globalThis" "self" "global"))
; A chain (`res.set = res.header = function header() {}`,
; `A.prototype.a = A.prototype.b = function () {}`): the first name is a
; method as well, whose body is the function's; it holds none of the others
; (the calls inside are the last one's).
((assignment_expression
  left: (_
    object: (_ object: (identifier) @receiver property: (property_identifier) @_prototype)
    property: (property_identifier) @name)
  right: (assignment_expression
    right: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)])) @definition.method
 (#eq? @_prototype "prototype")
 (#set! container "no"))
((assignment_expression
  left: (_ object: (identifier) @receiver property: (property_identifier) @name)
  right: (assignment_expression
    right: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)])) @definition.method
 (#not-any-of? @receiver "module" "exports" "window" "globalThis" "self" "global")
 (#set! container "no"))
((assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
  right: [(function_expression name: (identifier) @name body: (_) @body)
          (generator_function name: (identifier) @name body: (_) @body)]) @definition.function
 (#eq? @_module "module") (#eq? @_exports "exports"))
((assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
  right: (class name: (_) @name body: (class_body) @body)) @definition.class
 (#eq? @_module "module") (#eq? @_exports "exports"))

; ---- Classes and their members ---------------------------------------------

; Declared, or bound to a name (`const Foo = class {}`, `var Foo = class extends Bar {}`).
(class_declaration name: (_) @name body: (class_body) @body) @definition.class
(lexical_declaration
  (variable_declarator name: (identifier) @name value: (class body: (class_body) @body))) @definition.class
(variable_declaration
  (variable_declarator name: (identifier) @name value: (class body: (class_body) @body))) @definition.class
(export_statement "default" @name value: (class !name body: (class_body) @body)) @definition.class

; Methods: plain, static, async, generator, `get`/`set` accessors, `#private`
; ones (private: plugin.c), computed (`[Symbol.iterator]`) and quoted names.
; In an object literal (`const api = { get() {} }`) they are methods of the
; object's constant, as the compiler has them: reached through the object
; (`api.get()`), never by a bare name.
(method_definition
  name: [(property_identifier) (private_property_identifier) (computed_property_name) (number)] @name
  body: (statement_block) @body) @definition.method
(method_definition
  name: (string (string_fragment) @name)
  body: (statement_block) @body) @definition.method

; An object literal's function-valued keys (`stop: () => {}`, `'on-load': function () {}`): methods too.
(pair
  key: [(property_identifier) @name (string (string_fragment) @name)]
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)]) @definition.method

; ---- Constants and variables -----------------------------------------------
; After functions and classes: a declaration captured above keeps its kind.
; A value that is just require('m') (or require('m').x) is an import
; (imports.scm), not a constant.
((lexical_declaration
  kind: "const"
  (variable_declarator name: (identifier) @name value: (_) @_value)) @definition.constant
 (#not-match? @_value "^require[[:space:]]*\\([^()]*\\)(\\.[A-Za-z_$][A-Za-z0-9_$]*)?$"))
; Declared without a value: TypeScript's ambient `declare const X: number;`.
(lexical_declaration kind: "const" (variable_declarator name: (identifier) @name !value)) @definition.constant
((lexical_declaration
  kind: "let"
  (variable_declarator name: (identifier) @name value: (_)? @_value)) @definition.variable
 (#not-match? @_value "^require[[:space:]]*\\([^()]*\\)(\\.[A-Za-z_$][A-Za-z0-9_$]*)?$"))
((variable_declaration
  (variable_declarator name: (identifier) @name value: (_)? @_value)) @definition.variable
 (#not-match? @_value "^require[[:space:]]*\\([^()]*\\)(\\.[A-Za-z_$][A-Za-z0-9_$]*)?$"))

; CommonJS exports of values (`exports.limit = 10`, `module.exports.schema =
; {...}`) are variables; those of functions and classes are defined above.
; Re-exports of a name (`exports.parse = parse`) and TypeScript's
; `exports.x = void 0` placeholders define nothing new; `exports.x =
; require('m')` is an import of m.
((assignment_expression
  left: (_ object: (identifier) @_exports property: (property_identifier) @name)
  right: [(object) (array) (string) (template_string) (number) (true) (false) (regex) (new_expression) (call_expression) (binary_expression)] @_value) @definition.variable
 (#eq? @_exports "exports") (#not-match? @_value "^require[[:space:]]*\\("))
((assignment_expression
  left: (_
    object: (_ object: (identifier) @_module property: (property_identifier) @_exports)
    property: (property_identifier) @name)
  right: [(object) (array) (string) (template_string) (number) (true) (false) (regex) (new_expression) (call_expression) (binary_expression)] @_value) @definition.variable
 (#eq? @_module "module") (#eq? @_exports "exports") (#not-match? @_value "^require[[:space:]]*\\("))

; Destructuring at module level: each name it binds (`const {a, b: c = 1} =
; x` defines a and c; `let [first, ...rest] = xs` first and rest).
((lexical_declaration
  kind: "const"
  (variable_declarator
    name: [(object_pattern (shorthand_property_identifier_pattern) @name)
           (object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @name))
           (object_pattern (pair_pattern value: (identifier) @name))
           (object_pattern (pair_pattern value: (assignment_pattern left: (identifier) @name)))
           (object_pattern (rest_pattern (identifier) @name))
           (array_pattern (identifier) @name)
           (array_pattern (assignment_pattern left: (identifier) @name))
           (array_pattern (rest_pattern (identifier) @name))]
    value: (_) @_value)) @definition.constant
 (#not-match? @_value "^require[[:space:]]*\\([^()]*\\)(\\.[A-Za-z_$][A-Za-z0-9_$]*)?$"))
((lexical_declaration
  kind: "let"
  (variable_declarator
    name: [(object_pattern (shorthand_property_identifier_pattern) @name)
           (object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @name))
           (object_pattern (pair_pattern value: (identifier) @name))
           (object_pattern (pair_pattern value: (assignment_pattern left: (identifier) @name)))
           (object_pattern (rest_pattern (identifier) @name))
           (array_pattern (identifier) @name)
           (array_pattern (assignment_pattern left: (identifier) @name))
           (array_pattern (rest_pattern (identifier) @name))]
    value: (_) @_value)) @definition.variable
 (#not-match? @_value "^require[[:space:]]*\\([^()]*\\)(\\.[A-Za-z_$][A-Za-z0-9_$]*)?$"))
((variable_declaration
  (variable_declarator
    name: [(object_pattern (shorthand_property_identifier_pattern) @name)
           (object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @name))
           (object_pattern (pair_pattern value: (identifier) @name))
           (object_pattern (pair_pattern value: (assignment_pattern left: (identifier) @name)))
           (object_pattern (rest_pattern (identifier) @name))
           (array_pattern (identifier) @name)
           (array_pattern (assignment_pattern left: (identifier) @name))
           (array_pattern (rest_pattern (identifier) @name))]
    value: (_) @_value)) @definition.variable
 (#not-match? @_value "^require[[:space:]]*\\([^()]*\\)(\\.[A-Za-z_$][A-Za-z0-9_$]*)?$"))
