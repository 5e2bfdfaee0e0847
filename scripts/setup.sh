#!/usr/bin/env bash
# Sets up a fresh machine for Sync Workbench: npm packages (Electron's binary is optional and skipped when it
# cannot be downloaded), Debian's chromium for the end-to-end tests, and the native addon when nvcc is present.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }
if ! command -v chromium >/dev/null 2>&1 && [ "${SYNCBENCH_SKIP_CHROMIUM:-0}" != 1 ] && command -v apt-get >/dev/null; then
  echo "setup: installing Debian's chromium for the end-to-end tests"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
export ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-1}"
npm ci --no-audit --no-fund
npm run build
