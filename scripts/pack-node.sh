#!/usr/bin/env bash
# Usage: scripts/pack-node.sh DIR
# Writes DIR/node.gz: a stripped, gzipped copy of this machine's Node.js binary, for running the bundled CLI on a
# GPU host that has no Node.js (see docs/gpu-host.md). The binary needs only glibc and libstdc++, so it runs on
# hosts with an equal or newer glibc.
set -euo pipefail
dir=${1:?usage: scripts/pack-node.sh DIR}
mkdir -p "$dir"
tmp=$(mktemp)
cp "$(command -v node)" "$tmp"
strip "$tmp" 2>/dev/null || true
gzip -6 -c "$tmp" > "$dir/node.gz"
rm -f "$tmp"
echo "$dir/node.gz ($(du -h "$dir/node.gz" | cut -f1)) from $(command -v node) $(node --version)"
