#!/usr/bin/env bash
# Manages the ledger database from the command line.
set -euo pipefail

readonly PROG=${0##*/}
VERBOSE=0

# Prints the usage and exits.
usage() {
  echo "usage: $PROG [-v] backup|restore FILE" >&2
  exit 2
}

# Logs when -v was given.
log() {
  (( VERBOSE )) && echo "$PROG: $*" >&2
  return 0
}

backup_db() {
  log "dumping to $1"
  pg_dump ledger > "$1"
}

restore_db() {
  log "restoring from $1"
  psql ledger < "$1"
}

main() {
  while getopts ":v" opt; do
    case $opt in
      v) VERBOSE=1 ;;
      *) usage ;;
    esac
  done
  shift $((OPTIND - 1))
  case ${1:-} in
    backup) backup_db "${2:?missing file}" ;;
    restore) restore_db "${2:?missing file}" ;;
    *) usage ;;
  esac
}

main "$@"
