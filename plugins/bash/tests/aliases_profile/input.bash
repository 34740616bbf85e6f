# ~/.bashrc: interactive shell settings.

[ -z "$PS1" ] && return

HISTSIZE=5000
export EDITOR=vim

# Short forms of the git commands used most.
alias gs='git status'
alias gl="git log --oneline --graph"
alias ..=cd\ ..
alias -p

# Makes a directory and enters it.
mkcd() {
  mkdir -p "$1" && cd "$1" || return
}

[ -f ~/.bash_aliases ] && . ~/.bash_aliases
if [ -d "$HOME/.bashrc.d" ]; then
  for rc in "$HOME"/.bashrc.d/*.sh; do
    . "$rc"
  done
fi
