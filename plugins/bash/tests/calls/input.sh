#!/usr/bin/env bash
set -euo pipefail

# Builds and publishes the site.
build() {
  echo "building"
  npm ci
  npm run build | tee build.log
  minify_assets "public"
  result=$(render_sitemap public)
  [[ -n "$result" ]] || die "no sitemap"
  if ! check_links; then
    warn "broken links"
  fi
}

publish() {
  build
  local target
  target=$(select_target "$1")
  aws s3 sync public "s3://$target" --delete
  "$NOTIFY_CMD" "published"
  ./scripts/purge-cache.sh
  sudo systemctl reload nginx
}

trap cleanup EXIT
trap 'rm -rf "$TMPDIR"' INT

publish "$@"
