; JavaScript class fields (`count = 0`, `static #cache`), and what a class extends.
(field_definition property: [(property_identifier) (private_property_identifier)] @name) @definition.property
(class_heritage (identifier) @name) @reference.type
(class_heritage (member_expression object: (_) @qualifier property: (property_identifier) @name)) @reference.type
