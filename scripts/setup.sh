#!/usr/bin/env bash
# Sets up a fresh machine for Sync Workbench: npm packages, Electron's binary for the desktop app (downloaded within a
# time limit; when that fails setup goes on without it and says so: scripts/install-electron.mjs), Debian's chromium
# for the end-to-end tests, Debian's slurm-wlm and munge for the fleet's Slurm test (SYNCBENCH_SKIP_SLURM=1 leaves
# them out), and the native addon when nvcc is present (for this machine's GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }
debian_packages=()
if ! command -v chromium >/dev/null 2>&1 && [ "${SYNCBENCH_SKIP_CHROMIUM:-0}" != 1 ]; then
  debian_packages+=(chromium) # the end-to-end tests
fi
if ! command -v slurmctld >/dev/null 2>&1 && [ "${SYNCBENCH_SKIP_SLURM:-0}" != 1 ]; then
  debian_packages+=(slurm-wlm munge) # the fleet's Slurm integration test (test/unit/fleet/slurm-integration.test.ts)
fi
if [ ${#debian_packages[@]} -gt 0 ] && command -v apt-get >/dev/null; then
  echo "setup: installing Debian's ${debian_packages[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${debian_packages[@]}" >/dev/null
fi
# npm ci never downloads Electron's binary itself, so a machine without access to it still installs every package.
ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci --no-audit --no-fund
node scripts/install-electron.mjs
npm run build
