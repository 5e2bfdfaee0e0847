#!/usr/bin/env bash
# Clusters as launched and a shared GPU (docs/methods.md#clusters-as-launched, #a-shared-gpu), on a GPU host; packs
# everything into $OUT/clusters.tgz. Layout as scripts/gpu-session.sh (docs/gpu-host.md): .gpu/node.gz, .gpu/cli.mjs,
# .gpu/worker.js, .gpu/syncbench.node. nvcc on the host builds the two reference programs of scripts/crosscheck/.
# Usage on the host:  bash scripts/gpu-session-clusters.sh      (total under 8 minutes; each step has a timeout)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/sb-out}
W=/tmp/sb-clusters
rm -rf "$W" && mkdir -p "$W/results" "$W/logs" "$W/bin"
export SYNCBENCH_LOCK_DIR="$W/locks"
gunzip -c .gpu/node.gz > .gpu/node && chmod +x .gpu/node
SB=(.gpu/node .gpu/cli.mjs)
log() { echo "== $*" | tee -a "$W/logs/session.log"; }
pack() { tar czf "$OUT/clusters.tgz" -C "$W" . ; }
run() { local name=$1 limit=$2; shift 2; log "$name: $*"; local t0=$(date +%s%N); timeout "$limit" "${SB[@]}" "$@" >"$W/logs/$name.out" 2>"$W/logs/$name.err"; local rc=$?; local t1=$(date +%s%N); echo "$name rc=$rc wall_ms=$(( (t1 - t0) / 1000000 ))" | tee -a "$W/logs/session.log"; tail -n 3 "$W/logs/$name.err"; pack; }

nvidia-smi > "$W/logs/nvidia-smi.txt" 2>&1
run device 30 device --json
# The independent references, built here.
timeout 60 nvcc -O3 -arch=sm_90 -o "$W/bin/cluster-dims-ref" scripts/crosscheck/cluster-dims-ref.cu >"$W/logs/nvcc-ref.txt" 2>&1
timeout 60 nvcc -O3 -arch=sm_90 -o "$W/bin/gpu-hog" scripts/crosscheck/gpu-hog.cu >"$W/logs/nvcc-hog.txt" 2>&1
log "reference: cluster-dims-ref"
timeout 60 "$W/bin/cluster-dims-ref" >"$W/logs/cluster-dims-ref.out" 2>&1; echo "ref rc=$?" | tee -a "$W/logs/session.log"
cat "$W/logs/cluster-dims-ref.out"; pack
# The cluster mode twice, in fresh processes (both size-1 series, every launch attribute recorded).
run cluster_a 60 run --mode cluster --name "cluster (run A)" --format json --out "$W/results/cluster_a.json"
run cluster_b 60 run --mode cluster --name "cluster (run B)" --format json --out "$W/results/cluster_b.json"
# The self-test as it stands (its size-1 and concurrency checks are not written yet: the steps above and below
# measure the same questions directly).
run selftest 120 selftest --gpu --out "$W/selftest.json" --results-dir "$W/results"
# Two product processes at once: the second waits for the first (default); then both with --shared (flagged).
log "concurrent (default: wait)"
( timeout 90 "${SB[@]}" run --mode modes --name "modes concurrent A" --format json --out "$W/results/conc_a.json" >"$W/logs/conc_a.out" 2>"$W/logs/conc_a.err"; echo "conc_a rc=$?" >>"$W/logs/session.log" ) &
( timeout 90 "${SB[@]}" run --mode modes --name "modes concurrent B" --format json --out "$W/results/conc_b.json" >"$W/logs/conc_b.out" 2>"$W/logs/conc_b.err"; echo "conc_b rc=$?" >>"$W/logs/session.log" ) &
wait; grep -h "waiting for the GPU\|SHARED GPU\|GPU not shared\|unknown" "$W/logs/conc_a.err" "$W/logs/conc_b.err" | head -n 6; pack
log "concurrent (--shared)"
( timeout 60 "${SB[@]}" run --mode modes --shared --name "modes shared A" --format json --out "$W/results/shared_a.json" >"$W/logs/shared_a.out" 2>"$W/logs/shared_a.err"; echo "shared_a rc=$?" >>"$W/logs/session.log" ) &
( timeout 60 "${SB[@]}" run --mode modes --shared --name "modes shared B" --format json --out "$W/results/shared_b.json" >"$W/logs/shared_b.out" 2>"$W/logs/shared_b.err"; echo "shared_b rc=$?" >>"$W/logs/session.log" ) &
wait; grep -h "SHARED GPU\|GPU not shared\|unknown" "$W/logs/shared_a.err" "$W/logs/shared_b.err"; pack
# A foreign CUDA process holds the GPU: a default run is flagged, --exclusive refuses (exit 2) naming it.
log "foreign process"
"$W/bin/gpu-hog" 50 >"$W/logs/gpu-hog.out" 2>&1 &
HOG=$!
sleep 3
nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv >"$W/logs/compute-apps.txt" 2>&1
run foreign 60 run --mode modes --name "modes beside gpu-hog" --format json --out "$W/results/foreign.json"
run exclusive 30 run --mode modes --exclusive --gpu-wait 10 --format json --out "$W/results/exclusive.json"
kill "$HOG" 2>/dev/null; wait "$HOG" 2>/dev/null
# The grid.sync() numbers and flags of every run, for the report.
.gpu/node -e '
const fs = require("fs"), dir = process.argv[1];
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  let r; try { r = JSON.parse(fs.readFileSync(dir + "/" + f, "utf8")); } catch { continue; }
  if (!r.points) continue;
  const grid = r.points.find((p) => p.workload === "grid_sync");
  const shared = r.points.filter((p) => p.gpuShared).length;
  console.log(f, "grid.sync ns:", grid?.perSyncNs?.median?.toFixed(1) ?? "-", "shared points:", shared + "/" + r.points.length,
    "waitedMs:", r.gpuSharing?.waitedMs ?? "-", "processes:", JSON.stringify(r.gpuSharing?.processes ?? null));
}' "$W/results" > "$W/logs/summary.txt" 2>&1
cat "$W/logs/summary.txt" "$W/logs/session.log" | tail -n 40
pack
