#!/usr/bin/env bash
# Packs the host-side benchmarks (bench/event-loop.ts, bench/soak.ts, bench/exports.ts) for a machine without npm
# packages, such as the GPU host of docs/gpu-host.md, whose 16 idle cores give figures this 2-core build machine
# cannot: each bench bundled with esbuild into <dir>/bench/*.mjs, with dist/parse-worker.js and dist/export-worker.js
# beside it (without the export worker the service makes exports on its own thread), dist/renderer
# (the pages the browser shell serves), dist/report (the HTML report's page), and the packages left outside the
# bundles: `ws` (its client threads require it from the working folder), `bufferutil` (ws's native frame unmasking)
# with `node-gyp-build`, which loads its prebuilt binary, and for the exports bench `@napi-rs/canvas` with its
# linux-x64-gnu binary (the CLI's figures) and the four Noto Sans SC files the CLI registers
# (electron/cli/figure-fonts.ts), not the whole 76 MB font package.
# Usage: npm run build:cli && npm run build:renderer && npm run build:report && bash scripts/pack-host-bench.sh .gpu/hb
#   then on the host:  <node> <dir>/bench/event-loop.mjs --points 10000 ; <node> <dir>/bench/soak.mjs ;
#   <node> <dir>/bench/exports.mjs
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:?usage: pack-host-bench.sh <dir>}
rm -rf "$DIR" && mkdir -p "$DIR/bench" "$DIR/dist" "$DIR/node_modules"
SHIM="import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __f2p } from 'node:url'; const require = __cr(import.meta.url); const __filename = __f2p(import.meta.url); const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));"
for b in event-loop soak exports; do
  npx esbuild "bench/$b.ts" --bundle --platform=node --format=esm --outfile="$DIR/bench/$b.mjs" --log-level=error \
    --external:bufferutil --external:@napi-rs/canvas --banner:js="$SHIM"
done
cp dist/parse-worker.js dist/export-worker.js "$DIR/bench/"
cp -r dist/renderer dist/report "$DIR/dist/"
cp -r node_modules/ws node_modules/bufferutil node_modules/node-gyp-build "$DIR/node_modules/"
mkdir -p "$DIR/node_modules/@napi-rs" "$DIR/node_modules/@fontsource/noto-sans-sc/files"
cp -r node_modules/@napi-rs/canvas node_modules/@napi-rs/canvas-linux-x64-gnu "$DIR/node_modules/@napi-rs/"
cp node_modules/@fontsource/noto-sans-sc/package.json node_modules/@fontsource/noto-sans-sc/LICENSE \
  "$DIR/node_modules/@fontsource/noto-sans-sc/"
for f in latin-400 latin-700 chinese-simplified-400 chinese-simplified-700; do
  cp "node_modules/@fontsource/noto-sans-sc/files/noto-sans-sc-$f-normal.woff2" "$DIR/node_modules/@fontsource/noto-sans-sc/files/"
done
echo "packed $DIR ($(du -sh "$DIR" | cut -f1))"
