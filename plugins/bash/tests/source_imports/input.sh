#!/usr/bin/env bash
# Loads the helpers the installer needs.

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

source ./lib/log.sh
source lib/os.sh
. "$SCRIPT_DIR/lib/net.sh"
. "$(dirname "$0")/lib/fs.sh"
source "${BASH_SOURCE%/*}/lib/pkg.sh" --quiet
source ../shared/colors.sh
source /etc/os-release
. ~/.installer.env
source "$CONFIG_FILE"

install_all() {
  source ./lib/late.sh
  log_info "installing"
}
