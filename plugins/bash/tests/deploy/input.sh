#!/usr/bin/env bash
# Deploys the ledger service.
set -euo pipefail

source ./lib/common.sh
. "$HOME/.config/ledger.env"

readonly TARGET_DIR=/srv/ledger
export LEDGER_PORT=8080
retries=3

# Copies the build to the target and restarts the service.
deploy() {
  local version=$1
  log_info "deploying version $version to the ledger hosts"
  copy_build "$version"
  restart_service ledger
}

function rollback {
  echo "rolling back"
  restart_service ledger
}

deploy "${1:-latest}"
