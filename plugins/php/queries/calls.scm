; References. A qualified name (`\App\Util\fmt`, `Foo\Bar`) is referred to by
; its last segment, with the namespace as the qualifier.

; Calls: f(), \ns\f(), $obj->m() and $obj?->m() (qualifier: the receiver, as
; `$this`), Cls::m(), self::m(), parent::m() (qualifier: the class as written).
(function_call_expression function: (name) @name) @reference.call
(function_call_expression function: [(qualified_name (namespace_name)? @qualifier (name) @name .)
                                     (relative_name (name) @name .)]) @reference.call
(member_call_expression object: (_) @qualifier name: (name) @name) @reference.call
(nullsafe_member_call_expression object: (_) @qualifier name: (name) @name) @reference.call
(scoped_call_expression scope: (_) @qualifier name: (name) @name) @reference.call

; `new X(...)` is an instantiation of X (consistently @reference.instantiation,
; not a call); `new static` / `new self` / `new parent` name no class.
((object_creation_expression (name) @name) @reference.instantiation
 (#not-any-of? @name "static" "self" "parent"))
(object_creation_expression (qualified_name (namespace_name)? @qualifier (name) @name .)) @reference.instantiation

; Inheritance (@reference.inherit): extends, implements, and a trait's `use`
; inside a class.
(base_clause [(name) @name (qualified_name (namespace_name)? @qualifier (name) @name .)]) @reference.inherit
(class_interface_clause [(name) @name (qualified_name (namespace_name)? @qualifier (name) @name .)]) @reference.inherit
(use_declaration [(name) @name (qualified_name (namespace_name)? @qualifier (name) @name .) (relative_name (name) @name .)]) @reference.inherit

; Type uses: parameter, return, property and constant types (named_type, also inside ?T, A|B, A&B), catch types,
; instanceof, attributes, and the class of Cls::CONST, Cls::class, Cls::$prop.
((named_type (name) @name) @reference.type
 (#not-any-of? @name "self" "static" "parent"))
(named_type (qualified_name (namespace_name)? @qualifier (name) @name .)) @reference.type
((binary_expression operator: "instanceof" right: (name) @name) @reference.type
 (#not-any-of? @name "self" "static" "parent"))
(binary_expression operator: "instanceof" right: (qualified_name (namespace_name)? @qualifier (name) @name .)) @reference.type
(attribute [(name) @name (qualified_name (namespace_name)? @qualifier (name) @name .)]) @reference.type
((class_constant_access_expression . (name) @name) @reference.type
 (#not-any-of? @name "self" "static" "parent"))
(class_constant_access_expression . (qualified_name (namespace_name)? @qualifier (name) @name .)) @reference.type
((scoped_property_access_expression scope: (name) @name) @reference.type
 (#not-any-of? @name "self" "static" "parent"))
(scoped_property_access_expression scope: (qualified_name (namespace_name)? @qualifier (name) @name .)) @reference.type
