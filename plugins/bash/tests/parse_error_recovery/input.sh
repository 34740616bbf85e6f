#!/usr/bin/env bash
# Completion for the `styles` command. The backquoted sed expression ending
# in `$/` below is valid shell that tree-sitter-bash fails to parse: the
# function is still found by its name.

# Completes the -S option with the style names.
_styles()
{
    local cur=${COMP_WORDS[COMP_CWORD]}
    case "$3" in
        -S)
            STYLES=`list_styles | cut -c3- | sed s/:$//`
            COMPREPLY=( $( compgen -W "$STYLES" -- "$cur" ) )
            return 0
            ;;
    esac
}

complete -F _styles styles
