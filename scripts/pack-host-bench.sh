#!/usr/bin/env bash
# Packs the host-side benchmarks (bench/event-loop.ts, bench/soak.ts) for a machine without npm packages, such as
# the GPU host of docs/gpu-host.md, whose 16 idle cores give figures this 2-core build machine cannot: each bench
# bundled with esbuild into <dir>/bench/*.mjs, with dist/parse-worker.js beside it, dist/renderer (the pages the
# browser shell serves), and the packages left outside the bundles: `ws` (its client threads require it from the
# working folder) and `bufferutil` (ws's native frame unmasking) with `node-gyp-build`, which loads its prebuilt binary.
# Usage: npm run build:cli && npm run build:renderer && bash scripts/pack-host-bench.sh .gpu/hb
#   then on the host:  <node> <dir>/bench/event-loop.mjs --points 10000 ; <node> <dir>/bench/soak.mjs
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:?usage: pack-host-bench.sh <dir>}
rm -rf "$DIR" && mkdir -p "$DIR/bench" "$DIR/dist" "$DIR/node_modules"
SHIM="import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __f2p } from 'node:url'; const require = __cr(import.meta.url); const __filename = __f2p(import.meta.url); const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));"
for b in event-loop soak; do
  npx esbuild "bench/$b.ts" --bundle --platform=node --format=esm --outfile="$DIR/bench/$b.mjs" --log-level=error --external:bufferutil --banner:js="$SHIM"
done
cp dist/parse-worker.js "$DIR/bench/"
cp -r dist/renderer "$DIR/dist/"
cp -r node_modules/ws node_modules/bufferutil node_modules/node-gyp-build "$DIR/node_modules/"
echo "packed $DIR ($(du -sh "$DIR" | cut -f1))"
