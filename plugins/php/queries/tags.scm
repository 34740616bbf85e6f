; PHP definitions and imports. The core derives parents, qualified names,
; methods and signatures from nesting and @body.

; Namespaces are modules. A braced `namespace A { ... }` encloses its
; declarations; `namespace A;` governs the file up to the next `namespace`
; statement, which is what an outline entry does (#set! level): it extends to
; the next one or to the end of the file. A file mixes no braced and
; unbraced namespaces, and the global `namespace { }` has no name.
(namespace_definition name: (namespace_name) @name body: (compound_statement) @body) @definition.module
((namespace_definition name: (namespace_name) @name !body) @definition.module
 (#set! level "1"))

; Types. Traits keep the core's `trait` kind (a type container, so their
; functions are methods): they are neither interfaces (they have bodies) nor
; classes (they are never instantiated), and `use T;` in a class is a type use.
(class_declaration name: (name) @name body: (declaration_list) @body) @definition.class
(interface_declaration name: (name) @name body: (declaration_list) @body) @definition.interface
(trait_declaration name: (name) @name body: (declaration_list) @body) @definition.trait
(enum_declaration name: (name) @name body: (enum_declaration_list) @body) @definition.enum
(enum_case name: (name) @name) @definition.constant

; Functions and methods (abstract and interface methods have no body). The
; visibility modifier is the symbol's visibility; the plugin makes the others
; public.
(method_declaration (visibility_modifier)? @visibility name: (name) @name body: (compound_statement)? @body) @definition.method
(function_definition name: (name) @name body: (compound_statement) @body) @definition.function

; Properties, one per element (`public $a, $b;`), named without the `$`.
(property_declaration (visibility_modifier)? @visibility
  (property_element name: (variable_name (name) @name))) @definition.property
; Promoted constructor parameters (`public function __construct(private
; string $file)`) declare properties too. They lie inside the constructor, so
; the core names them after it (`Ledger.__construct.file`, parent
; `Ledger.__construct`): it has no way to put a definition in a scope other
; than the one enclosing it.
(property_promotion_parameter visibility: (visibility_modifier)? @visibility
  name: (variable_name (name) @name)) @definition.property

; Constants: class and interface constants, namespace-level `const A = 1, B = 2;`
; and define('NAME', value) with a literal name (one inside a function body is
; dropped by the core as a local, though PHP makes it global).
(const_declaration (visibility_modifier)? @visibility (const_element (name) @name)) @definition.constant
((function_call_expression
   function: [(name) @_define (qualified_name (name) @_define .)]
   arguments: (arguments . (argument [(string (string_content) @name .) (encapsed_string . (string_content) @name .)]))) @definition.constant
 (#eq? @_define "define"))

; Global variables: `$name = ...` statements at the top level of a script or
; of a namespace block (assignments in functions are locals, not indexed). A
; closure assigned there (`$setup = function () {...}`) is a function, the
; caller of the calls in it.
(program (expression_statement (assignment_expression left: (variable_name (name) @name)
  right: [(anonymous_function body: (_) @body) (arrow_function body: (_) @body)])) @definition.function)
(namespace_definition body: (compound_statement
  (expression_statement (assignment_expression left: (variable_name (name) @name)
    right: [(anonymous_function body: (_) @body) (arrow_function body: (_) @body)])) @definition.function))
(program (expression_statement (assignment_expression left: (variable_name (name) @name))) @definition.variable)
(namespace_definition body: (compound_statement
  (expression_statement (assignment_expression left: (variable_name (name) @name))) @definition.variable))

; `use` imports: one record per clause, named by the full path without a
; leading `\` (the namespace part joined to the last segment with `\`), with
; its alias. `use function` and `use const` say so in their origin; grouped
; `use A\{B, C as D}` (and `use A\{function f}`) joins the group's prefix to
; each clause. Typed patterns come first: the first pattern capturing a node wins.
((namespace_use_declaration (namespace_use_clause type: "function" . (qualified_name (namespace_name) @import.module (name) @name) alias: (name)? @import.alias) @import)
 (#set! separator "\\") (#set! origin "function"))
((namespace_use_declaration (namespace_use_clause type: "function" . [(name) @name (qualified_name . (name) @name .)] alias: (name)? @import.alias) @import) (#set! origin "function"))
((namespace_use_declaration (namespace_use_clause type: "const" . (qualified_name (namespace_name) @import.module (name) @name) alias: (name)? @import.alias) @import)
 (#set! separator "\\") (#set! origin "const"))
((namespace_use_declaration (namespace_use_clause type: "const" . [(name) @name (qualified_name . (name) @name .)] alias: (name)? @import.alias) @import) (#set! origin "const"))
((namespace_use_declaration type: "function" (namespace_name) @import.module
   body: (namespace_use_group (namespace_use_clause . [(name) (qualified_name)] @name alias: (name)? @import.alias) @import))
 (#set! separator "\\") (#set! origin "function"))
((namespace_use_declaration type: "const" (namespace_name) @import.module
   body: (namespace_use_group (namespace_use_clause . [(name) (qualified_name)] @name alias: (name)? @import.alias) @import))
 (#set! separator "\\") (#set! origin "const"))
((namespace_use_declaration (namespace_name) @import.module
   body: (namespace_use_group (namespace_use_clause type: "function" . [(name) (qualified_name)] @name alias: (name)? @import.alias) @import))
 (#set! separator "\\") (#set! origin "function"))
((namespace_use_declaration (namespace_name) @import.module
   body: (namespace_use_group (namespace_use_clause type: "const" . [(name) (qualified_name)] @name alias: (name)? @import.alias) @import))
 (#set! separator "\\") (#set! origin "const"))
((namespace_use_declaration (namespace_name) @import.module
   body: (namespace_use_group (namespace_use_clause . [(name) (qualified_name)] @name alias: (name)? @import.alias) @import))
 (#set! separator "\\"))
((namespace_use_declaration (namespace_use_clause . (qualified_name (namespace_name) @import.module (name) @name) alias: (name)? @import.alias) @import)
 (#set! separator "\\"))
(namespace_use_declaration (namespace_use_clause . [(name) @name (qualified_name . (name) @name .)] alias: (name)? @import.alias) @import)

; require/include(_once) of a literal path, bare or in parentheses: a file,
; looked for beside the requiring file, then from the root (origin
; "relative"); an absolute path is outside the repository (origin
; "absolute"). `__DIR__ . '/x.php'` and `dirname(__FILE__) . '/x.php'` are
; beside the file: their name keeps the leading `/` (#strip! does not apply to
; import names). Paths built from variables or other constants are not
; imports. The name is the whole string: the core removes its quotes, and
; the path is then not also a prose string.
([(require_expression [(string) @name (encapsed_string . (string_content) .) @name (parenthesized_expression [(string) (encapsed_string . (string_content) .)] @name)])
  (require_once_expression [(string) @name (encapsed_string . (string_content) .) @name (parenthesized_expression [(string) (encapsed_string . (string_content) .)] @name)])
  (include_expression [(string) @name (encapsed_string . (string_content) .) @name (parenthesized_expression [(string) (encapsed_string . (string_content) .)] @name)])
  (include_once_expression [(string) @name (encapsed_string . (string_content) .) @name (parenthesized_expression [(string) (encapsed_string . (string_content) .)] @name)])] @import
 (#match? @name "^.?/") (#set! origin "absolute"))
([(require_expression [(string) @name (encapsed_string . (string_content) .) @name (parenthesized_expression [(string) (encapsed_string . (string_content) .)] @name)])
  (require_once_expression [(string) @name (encapsed_string . (string_content) .) @name (parenthesized_expression [(string) (encapsed_string . (string_content) .)] @name)])
  (include_expression [(string) @name (encapsed_string . (string_content) .) @name (parenthesized_expression [(string) (encapsed_string . (string_content) .)] @name)])
  (include_once_expression [(string) @name (encapsed_string . (string_content) .) @name (parenthesized_expression [(string) (encapsed_string . (string_content) .)] @name)])] @import
 (#not-match? @name "^.?/") (#set! origin "relative"))
([(require_expression (binary_expression left: (_) @_dir operator: "." right: [(string) @name (encapsed_string . (string_content) .) @name]))
  (require_once_expression (binary_expression left: (_) @_dir operator: "." right: [(string) @name (encapsed_string . (string_content) .) @name]))
  (include_expression (binary_expression left: (_) @_dir operator: "." right: [(string) @name (encapsed_string . (string_content) .) @name]))
  (include_once_expression (binary_expression left: (_) @_dir operator: "." right: [(string) @name (encapsed_string . (string_content) .) @name]))] @import
 (#match? @_dir "^(__DIR__|dirname[(] *__FILE__ *[)])$")
 (#set! origin "relative"))
