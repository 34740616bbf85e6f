; Commands are calls, apart from builtins and common utilities.
((command name: (command_name (word) @name)) @reference.call
 (#not-any-of? @name "echo" "printf" "cd" "test" "[" "[[" "set" "unset" "export" "local" "read" "return" "exit" "shift"
  "source" "." "eval" "exec" "true" "false" "cat" "grep" "sed" "awk" "rm" "mkdir" "cp" "mv" "ls" "sleep" "trap" "wait"
  "command" "type" "declare" "readonly" "let" "getopts" "break" "continue" "pwd" "head" "tail" "sort" "tr" "cut" "wc"
  "find" "xargs" "chmod" "touch" "date" "basename" "dirname" "kill" ":"))
