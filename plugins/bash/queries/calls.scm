; Bash references: commands are calls (by the command's name, with no
; qualifier; the core makes the enclosing function the caller).
;
; Shell builtins and the most common coreutils are left out: they are never
; the script's own functions, and would bury the calls between functions
; (what the call graph is for) under `echo` and `[`. Other external programs
; (`git`, `make`, `./configure`) are kept: they are what a script runs.
; A command whose name is computed (`"$CC"`, `$cmd`) names nothing.
((command name: (command_name (word) @name)) @reference.call
 (#not-any-of? @name
  ; builtins and keywords-as-commands
  "." ":" "[" "[[" "alias" "bg" "bind" "break" "builtin" "caller" "cd" "command" "compgen" "complete"
  "compopt" "continue" "declare" "dirs" "disown" "echo" "enable" "eval" "exec" "exit" "export" "false"
  "fc" "fg" "getopts" "hash" "help" "history" "jobs" "kill" "let" "local" "logout" "mapfile" "popd"
  "printf" "pushd" "pwd" "read" "readarray" "readonly" "return" "set" "shift" "shopt" "source"
  "suspend" "test" "times" "trap" "true" "type" "typeset" "ulimit" "umask" "unalias" "unset" "wait"
  ; common utilities
  "awk" "basename" "cat" "chmod" "chown" "cp" "cut" "date" "dirname" "env" "find" "grep" "head" "ln"
  "ls" "mkdir" "mktemp" "mv" "readlink" "realpath" "rm" "rmdir" "sed" "sleep" "sort" "tail" "tee"
  "touch" "tr" "uniq" "wc" "xargs"))

; `trap cleanup EXIT`: the handler is called (a plain function name; a quoted
; command line is left alone).
((command
   name: (command_name (word) @_trap)
   .
   argument: [(word) @name (string . (string_content) @name .)]) @reference.call
 (#eq? @_trap "trap")
 (#match? @name "^[A-Za-z_][A-Za-z0-9_:.-]*$"))
