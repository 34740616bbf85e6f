; Calls (instantiations included: Python does not tell them apart) and type uses.

(call function: (identifier) @name) @reference.call

(call
  function: (attribute
    object: (_) @qualifier
    attribute: (identifier) @name)) @reference.call

; Base classes.
(class_definition
  superclasses: (argument_list (identifier) @name) @reference.type)
(class_definition
  superclasses: (argument_list (attribute object: (_) @qualifier attribute: (identifier) @name)) @reference.type)

; Annotations on parameters and return types.
(typed_parameter type: (type (identifier) @name) @reference.type)
(typed_default_parameter type: (type (identifier) @name) @reference.type)
(function_definition return_type: (type (identifier) @name) @reference.type)
