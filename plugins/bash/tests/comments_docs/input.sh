#!/usr/bin/env bash
#
# Rotates the application logs.
# Meant to run from cron once a day.

# Where the logs live.
LOG_DIR=/var/log/app

# Compresses one log file.
#
# Arguments:
#   $1 - the file to compress
compress() {
  gzip -9 "$1" # keeps nothing but the .gz
}

# This one is separated by a blank line.

rotate() {
  for f in "$LOG_DIR"/*.log; do
    compress "$f"
  done
}

##
## Removes archives older than a week.
##
prune() {
  find "$LOG_DIR" -name '*.gz' -mtime +7 -delete
}

rotate
prune
