; Calls with their receiver; `X.new` instantiates X; mixins and superclasses are type uses.
((call receiver: (constant) @name method: (identifier) @_new) @reference.instantiation (#eq? @_new "new"))
((call receiver: (scope_resolution scope: (_) @qualifier name: (constant) @name) method: (identifier) @_new) @reference.instantiation
 (#eq? @_new "new"))
((call receiver: (_) @qualifier method: (identifier) @name) @reference.call (#not-eq? @name "new"))
((call !receiver method: (identifier) @name arguments: (argument_list)) @reference.call
 (#not-any-of? @name "require" "require_relative" "load" "attr_accessor" "attr_reader" "attr_writer" "include" "extend" "prepend" "private" "protected" "public"))
((call !receiver method: (identifier) @_mixin arguments: (argument_list (constant) @name)) @reference.type
 (#any-of? @_mixin "include" "extend" "prepend"))
(superclass (constant) @name) @reference.type
(superclass (scope_resolution scope: (_) @qualifier name: (constant) @name)) @reference.type
