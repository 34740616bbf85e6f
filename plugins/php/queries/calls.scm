; Calls: f(), $obj->m(), Cls::m(); `new X` instantiates X; extends, implements and trait use are type uses.
(function_call_expression function: [(name) (qualified_name)] @name) @reference.call
(member_call_expression object: (_) @qualifier name: (name) @name) @reference.call
(nullsafe_member_call_expression object: (_) @qualifier name: (name) @name) @reference.call
(scoped_call_expression scope: (_) @qualifier name: (name) @name) @reference.call
(object_creation_expression [(name) (qualified_name)] @name) @reference.instantiation
(base_clause [(name) (qualified_name)] @name) @reference.type
(class_interface_clause [(name) (qualified_name)] @name) @reference.type
(use_declaration [(name) (qualified_name)] @name) @reference.type
