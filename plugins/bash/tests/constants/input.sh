#!/usr/bin/env bash
# Constants of the release tooling.

readonly VERSION=1.4.2
readonly RELEASE_DIR="dist" CHANNEL=stable
declare -r MAX_RETRIES=5
declare -rx REGISTRY=registry.example.com
declare -g -r BUILD_ARCH=amd64
typeset -r CHECKSUM_FILE=SHA256SUMS
declare -ra PLATFORMS=(linux darwin)
readonly PATH

release() {
  local -r tag="v$VERSION"
  declare -r started=$(date +%s)
  git tag "$tag"
}
