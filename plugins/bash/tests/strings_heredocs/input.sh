#!/usr/bin/env bash

usage() {
  cat <<EOF2
Usage: $(basename "$0") [-v] FILE
Converts the report in FILE to PDF.
EOF2
}

convert() {
  local name="report"
  echo "Converting the report to PDF, please wait"
  printf '%s\n' "done"
  printf $'Finished in %d seconds\n' "$SECONDS"
  pandoc "$1" -o "${1%.md}.pdf" --template "$HOME/.pandoc/report.latex"
  mail -s "Your report is ready" "$RECIPIENT" <<< "see the attachment"
}
