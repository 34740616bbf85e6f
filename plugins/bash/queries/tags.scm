; Bash definitions and imports. When several patterns capture the same node,
; the first one wins.

; ---- Functions -------------------------------------------------------------
; `name() { ... }`, `function name { ... }`, `function name() { ... }`; the
; body may be any compound command (`f() ( subshell )`, `f() [[ ... ]]`).
(function_definition name: (word) @name body: (_) @body) @definition.function

; `alias ll='ls -la'`: a command name defined like a function (its signature
; is the whole definition, `ll='ls -la'`).
((command
   name: (command_name (word) @_alias)
   argument: [(concatenation . (word) @name) (word) @name] @definition.function)
 (#eq? @_alias "alias")
 (#match? @name "^[^-=][^=]*=")
 (#strip! @name "=.*$"))

; ---- Variables and constants -----------------------------------------------
; The core drops the ones inside a function body (locals, and the globals a
; function sets: the top-level assignment is the definition to index).
;
; Each NAME=value of a declaration is its own definition (`readonly A=1 B=2`).
; readonly NAME=..., declare -r / typeset -r (any flag group holding r): constants.
((declaration_command (variable_assignment name: (variable_name) @name) @definition.constant) @_declaration
 (#match? @_declaration "^(readonly|(declare|typeset)([ \t]+[-+][a-zA-Z]+)*[ \t]+-[a-zA-Z]*r[a-zA-Z]*)[ \t]"))
; export NAME=..., declare NAME=..., declare -A NAME (a declaration without a
; value; `export NAME` and `readonly NAME` only mark an existing variable).
; `local` is always a function's (also in a function the grammar failed to
; parse, whose body the core cannot see).
((declaration_command (variable_assignment name: (variable_name) @name) @definition.variable) @_declaration
 (#not-match? @_declaration "^local[ \t]"))
((declaration_command (variable_name) @name @definition.variable) @_declaration
 (#match? @_declaration "^(declare|typeset)[ \t]"))
; NAME=value at the top level, in a top-level if/elif/else or case branch,
; and in `[[ -z $X ]] && X=default`. Not `NAME+=...` (an append) nor
; `NAME[i]=...` (an element), nor a `NAME=value cmd` prefix (the command's
; environment).
((program (variable_assignment name: (variable_name) @name) @definition.variable)
 (#not-match? @definition.variable "^[A-Za-z_][A-Za-z0-9_]*\\+="))
((program (if_statement (variable_assignment name: (variable_name) @name) @definition.variable))
 (#not-match? @definition.variable "^[A-Za-z_][A-Za-z0-9_]*\\+="))
((program (if_statement (elif_clause (variable_assignment name: (variable_name) @name) @definition.variable)))
 (#not-match? @definition.variable "^[A-Za-z_][A-Za-z0-9_]*\\+="))
((program (if_statement (else_clause (variable_assignment name: (variable_name) @name) @definition.variable)))
 (#not-match? @definition.variable "^[A-Za-z_][A-Za-z0-9_]*\\+="))
((program (case_statement (case_item (variable_assignment name: (variable_name) @name) @definition.variable)))
 (#not-match? @definition.variable "^[A-Za-z_][A-Za-z0-9_]*\\+="))
((program (list (variable_assignment name: (variable_name) @name) @definition.variable))
 (#not-match? @definition.variable "^[A-Za-z_][A-Za-z0-9_]*\\+="))

; ---- Imports ---------------------------------------------------------------
; `source FILE` and `. FILE` (the first argument; the rest are the script's
; arguments). A literal relative path has origin "relative": the plugin looks
; it up beside the sourcing script, then from the root; a path built from a
; variable (`"$DIR/lib.sh"`, `$(dirname "$0")/lib.sh`) has no origin and is
; looked up the same way without its leading expansion; an absolute or `~`
; path names no repository file.
((command
   name: (command_name (word) @_source)
   .
   argument: [(word) (string) (raw_string) (concatenation)] @name) @import
 (#any-of? @_source "source" ".")
 (#match? @name "^[\"']?[^\"'/$~`]")
 (#set! origin "relative"))
((command
   name: (command_name (word) @_source)
   .
   argument: [(word) (string) (raw_string) (concatenation)] @name) @import
 (#any-of? @_source "source" "."))

; ---- Recovery --------------------------------------------------------------
; Where tree-sitter-bash fails to parse a function (some backquoted or case
; constructs confuse its scanner), the function's `name()` is left as a word
; and two parentheses inside an ERROR node: the name and its line are still
; worth finding (the span and the signature are the name alone; the calls in
; the body have no caller).
((ERROR (word) @name @definition.function . "(" . ")")
 (#match? @name "^[A-Za-z_][A-Za-z0-9_:.@-]*$"))
