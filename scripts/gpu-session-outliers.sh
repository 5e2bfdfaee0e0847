#!/usr/bin/env bash
# Measures the causes of the outliers `syncbench fleet merge` found among the H200 result files of earlier days
# (docs/results/fleet-H200.md), and repeats the host soak benchmark, in one GPU call:
#   - fences: the cross-check's plan (threads 1,32; 1 block) and the default plan (threads 1..1024; 1 block and one
#     per SM) alternated A, B, A, B in fresh processes: does the plan move the 1-thread __threadfence_block() point?
#   - sweep_grid at 1, 4 and 8 warps, as the cross-check runs it, twice: is the first cross-check session's
#     1-block grid.sync() (+20 %) the odd one?
#   - bench/soak.ts three times, and once without the stuck clients (--stuck 0): is a p99 over 1 s the rule?
# Layout: .gpu/ as docs/gpu-host.md (node.gz, cli.mjs, worker.js, syncbench.node) and .gpu/hb.tgz
# (scripts/pack-host-bench.sh .gpu/hb, then tar czf .gpu/hb.tgz -C .gpu hb). Writes $OUT/outliers.tgz.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/sb-out}
W=/tmp/sb-outliers
rm -rf "$W" && mkdir -p "$W/results" "$W/logs" "$OUT"
[ -x .gpu/node ] || { gunzip -c .gpu/node.gz >.gpu/node && chmod +x .gpu/node; }
SB=(.gpu/node .gpu/cli.mjs)
pack() { tar czf "$OUT/outliers.tgz" -C "$W" .; }
# step NAME LIMIT_S CMD...: one command with a time limit, its output in logs/, a line in logs/session.log.
step() {
  local name=$1 limit=$2 t0 rc
  shift 2
  t0=$(date +%s%N)
  timeout "$limit" "$@" >"$W/logs/$name.out" 2>"$W/logs/$name.err"
  rc=$?
  echo "$name rc=$rc wall_ms=$((($(date +%s%N) - t0) / 1000000))" | tee -a "$W/logs/session.log"
  pack
}
nvidia-smi -q -d CLOCK,PERFORMANCE,POWER >"$W/logs/nvidia-smi-before.txt" 2>&1
q=(--quiet --format json)
for r in 1 2; do
  step "fences_xcheck_$r" 120 "${SB[@]}" run --mode fences --threads-list 1,32 --blocks-list 1 --definitions 0,1,2,3 \
    "${q[@]}" --name "fences, cross-check plan (run $r)" --out "$W/results/fences_xcheck_$r.json"
  step "fences_default_$r" 180 "${SB[@]}" run --mode fences "${q[@]}" --name "fences, default plan (run $r)" \
    --out "$W/results/fences_default_$r.json"
done
for r in 1 2; do
  for w in 1 4 8; do
    step "sweep_grid_w${w}_$r" 120 "${SB[@]}" run --mode sweep_grid --nwarps "$w" "${q[@]}" \
      --name "sweep_grid, $w warps (run $r)" --out "$W/results/sweep_grid_w${w}_$r.json"
  done
done
nvidia-smi -q -d CLOCK,PERFORMANCE,POWER >"$W/logs/nvidia-smi-after.txt" 2>&1
if [ -f .gpu/hb.tgz ]; then
  tar xzf .gpu/hb.tgz -C .gpu
  for r in 1 2 3; do (cd .gpu/hb && step "soak_$r" 90 ../node bench/soak.mjs); done
  (cd .gpu/hb && step soak_no_stuck 90 ../node bench/soak.mjs --stuck 0)
fi
pack
echo "wrote $OUT/outliers.tgz"
