; Functions.
(function_definition name: (word) @name body: (_) @body) @definition.function

; Variables: readonly/declare -r ones are constants, the rest variables.
((declaration_command (variable_assignment name: (variable_name) @name)) @definition.constant
 (#match? @definition.constant "^(readonly|declare[ \t]+-[a-zA-Z]*r|typeset[ \t]+-[a-zA-Z]*r)"))
(declaration_command (variable_assignment name: (variable_name) @name)) @definition.variable
(program (variable_assignment name: (variable_name) @name) @definition.variable)

; source FILE and . FILE: imports.
((command name: (command_name (word) @_source) argument: [(word) (string (string_content)) (raw_string)] @name) @import
 (#any-of? @_source "source" "."))
