#!/bin/bash
# Settings of the sync job.

SOURCE_DIR=/var/www
TARGET_HOST="mirror.example.com"
export RSYNC_RSH="ssh -o BatchMode=yes"
export LANG LC_ALL
declare -a EXCLUDES=(cache tmp logs)
declare -A RETRIES
typeset count=0
EXCLUDES+=(node_modules)
EXCLUDES[3]=vendor

if [[ -n "${DRY_RUN:-}" ]]; then
  RSYNC_FLAGS="-an"
else
  RSYNC_FLAGS="-a"
fi

case "$(uname -s)" in
  Darwin) STAT_FMT="-f %m" ;;
  *) STAT_FMT="-c %Y" ;;
esac

[[ -z "${LOG_FILE:-}" ]] && LOG_FILE=/tmp/sync.log

sync_dir() {
  local src=$1
  started=$(date +%s)
  LC_ALL=C rsync $RSYNC_FLAGS "$src" "$TARGET_HOST:$src"
}

for dir in "$SOURCE_DIR"/*; do
  sync_dir "$dir"
done
