; Calls: f(), M.f() and obj:m() with the table or object as qualifier.
(function_call
  name: (identifier) @name) @reference.call
(function_call
  name: (dot_index_expression table: (_) @qualifier field: (identifier) @name)) @reference.call
(function_call
  name: (method_index_expression table: (_) @qualifier method: (identifier) @name)) @reference.call
