#!/usr/bin/env bash
# Builds the addon for sm_90 on a GPU host that has nvcc and CMake but no Node.js (docs/gpu-host.md), in about
# 20 s on 16 cores, and, when .gpu/suites/ is missing, the public suites from checkouts carried in .gpu/src/sp and
# .gpu/src/smb (scripts/crosscheck/build.sh). Expects .gpu/source-hash.txt (the native sources' SHA-256, printed
# here by scripts/native-sources.mjs) and the Node-API headers in .gpu/napi/ (node-api-headers, node-addon-api).
# .gpu/napi/node-api-headers is a copy of node_modules/node-api-headers (its include/ holds node_api.h).
# Writes .gpu/syncbench.node; logs go to $OUT (default /tmp/sb-out).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/sb-out}
mkdir -p "$OUT"
t0=$(date +%s)
cmake -S . -B /tmp/nb -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DCMAKE_CXX_FLAGS=-DBUILDING_NODE_EXTENSION -DSYNCBENCH_SOURCE_HASH="$(cat .gpu/source-hash.txt)" \
  -DCMAKE_JS_INC="$PWD/.gpu/napi/node-api-headers/include;$PWD/.gpu/napi/node-api-headers;$PWD/.gpu/napi/node-addon-api" >"$OUT/addon-build.log" 2>&1 &&
  cmake --build /tmp/nb -j 16 >>"$OUT/addon-build.log" 2>&1
echo "addon build rc=$? in $(($(date +%s) - t0)) s"
tail -3 "$OUT/addon-build.log"
cp "$(find /tmp/nb -name syncbench.node | head -1)" .gpu/syncbench.node || exit 1
if [ ! -x .gpu/suites/BenchmarkInterSM ]; then
  t0=$(date +%s)
  bash scripts/crosscheck/build.sh .gpu/src/sp .gpu/src/smb .gpu/suites >"$OUT/suites-build.log" 2>&1
  echo "suites build rc=$? in $(($(date +%s) - t0)) s"
  tail -3 "$OUT/suites-build.log"
fi
