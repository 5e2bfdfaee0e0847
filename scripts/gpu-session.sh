#!/usr/bin/env bash
# Runs every GPU measurement of one session on a GPU host and packs the results into $OUT/gpu-session.tgz.
# Layout expected (see docs/gpu-host.md): .gpu/node.gz (portable Node), .gpu/cli.mjs, .gpu/worker.js and
# .gpu/drive-serve.mjs (`node scripts/bundle.mjs gpu`), .gpu/syncbench.node (the built addon).
# Usage on the host:  bash scripts/gpu-session.sh [quick]
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/sb-out}
W=/tmp/sb-session
rm -rf "$W" && mkdir -p "$W/results" "$W/logs"
gunzip -c .gpu/node.gz > .gpu/node && chmod +x .gpu/node
SB=(.gpu/node .gpu/cli.mjs)
log() { echo "== $*" | tee -a "$W/logs/session.log"; }
run() { local name=$1; shift; log "$name: $*"; local t0=$(date +%s%N); "${SB[@]}" "$@" >"$W/logs/$name.out" 2>"$W/logs/$name.err"; local rc=$?; local t1=$(date +%s%N); echo "$name rc=$rc wall_ms=$(( (t1 - t0) / 1000000 ))" | tee -a "$W/logs/session.log"; tail -n 3 "$W/logs/$name.err"; }

nvidia-smi > "$W/logs/nvidia-smi.txt" 2>&1
nvidia-smi -q -d CLOCK,PERFORMANCE,POWER > "$W/logs/nvidia-smi-clocks.txt" 2>&1
which cuobjdump compute-sanitizer >> "$W/logs/session.log" 2>&1
cuobjdump --dump-sass --gpu-architecture sm_90 .gpu/syncbench.node 2>&1 | gzip > "$W/logs/sass-sm90.txt.gz"
run device device --json
run selftest selftest --gpu --out "$W/selftest.json" --results-dir "$W/results"
# The self-test keeps the result of every mode it measures (chapter, scopes, method) in $W/results.
run correctness_sanitizer run --mode correctness --sanitizer both --format json --out "$W/results/correctness_sanitizer.json"
for flag in spin yield blocking-sync; do
  run "host_completion_$flag" run --mode host_completion --schedule "$flag" --format json --out "$W/results/host_completion_$flag.json"
done
# Benchmark targets (issue 2, 7): the modes table twice in fresh processes, wall time including CUDA start-up.
run modes_a run --mode modes --format json --out "$W/results/modes_a.json"
run modes_b run --mode modes --format json --out "$W/results/modes_b.json"
run sweep_grid_timed run --mode sweep_grid --format json --out "$W/results/sweep_grid_timed.json"
# Issue 3: the browser shell against the real addon, driven through its WebSocket API like a browser would.
log "serve_sweep: drive-serve --mode sweep"
.gpu/node .gpu/drive-serve.mjs --cli .gpu/cli.mjs --mode sweep --out "$W/results" >"$W/logs/serve_sweep.out" 2>&1
echo "serve_sweep rc=$?" | tee -a "$W/logs/session.log"; tail -n 2 "$W/logs/serve_sweep.out"
nvidia-smi -q -d CLOCK,PERFORMANCE > "$W/logs/nvidia-smi-clocks-after.txt" 2>&1
tar czf "$OUT/gpu-session.tgz" -C "$W" .
cat "$W/logs/session.log"
