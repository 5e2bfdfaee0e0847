#!/usr/bin/env bash
# Runs the public suites (built by build.sh) and the product's matching modes on one GPU, in one session, and
# writes their raw outputs into OUT_DIR for scripts/crosscheck/table.ts (docs/results/crosscheck.md says what is
# compared with what). Every step has a time limit and its output is kept even when a step fails.
# Usage: scripts/crosscheck/run.sh SUITES_BIN_DIR OUT_DIR CLI...   (CLI: how to run syncbench, e.g. node dist/cli.js)
set -uo pipefail
bin=${1:?usage: run.sh SUITES_BIN_DIR OUT_DIR CLI...}
out=${2:?usage: run.sh SUITES_BIN_DIR OUT_DIR CLI...}
shift 2
[ $# -gt 0 ] || { echo "run.sh: give the command that runs syncbench" >&2; exit 2; }
mkdir -p "$out/syncperformance" "$out/syncmicrobenchmark" "$out/product"
step() { local limit=$1 file=$2; shift 2; echo "== $*" >>"$out/run.log"; timeout "$limit" "$@" >"$file" 2>&1; echo "rc=$? $*" >>"$out/run.log"; }

nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv >"$out/gpu.csv" 2>&1
# SyncPerformance: type 0 (int), threads, blocks, n_iter (run_tests.py uses 1000), and arr_step 1 for the fences.
for t in 32 64 128 256 512 1024; do
  for b in 1 132; do step 60 "$out/syncperformance/syncthreads_t${t}_b${b}.txt" "$bin/cuda_syncthreads" 0 "$t" "$b" 1000; done
done
step 60 "$out/syncperformance/syncwarp_t32_b1.txt" "$bin/cuda_syncwarp" 0 32 1 1000
for f in threadfence_block_array threadfence_array threadfence_system_array; do
  for t in 1 32; do step 60 "$out/syncperformance/${f}_t${t}_b1.txt" "$bin/cuda_$f" 0 "$t" 1 1000 1; done
done
# SyncMicrobenchmark: grid.sync across SMs (1..32 blocks/SM x 32..1024 threads) and block sync inside one SM.
step 240 "$out/syncmicrobenchmark/intersm.tsv" "$bin/BenchmarkInterSM"
step 240 "$out/syncmicrobenchmark/intrasm.tsv" "$bin/BenchmarkIntraSM"
# The product, same GPU, same session: the matching shapes.
q=(--quiet --format json)
step 120 "$out/product/sweep_b1.log" "$@" run --mode sweep --nblocks 1 --nwarps-list 1,2,4,8,16,32 "${q[@]}" \
  --name "crosscheck: sweep, 1 block" --out "$out/product/sweep_b1.json"
step 120 "$out/product/sweep_b132.log" "$@" run --mode sweep --nblocks 132 --nwarps-list 1,2,4,8,16,32 "${q[@]}" \
  --name "crosscheck: sweep, 132 blocks" --out "$out/product/sweep_b132.json"
for w in 1 4 8; do
  step 120 "$out/product/sweep_grid_w$w.log" "$@" run --mode sweep_grid --nwarps "$w" "${q[@]}" \
    --name "crosscheck: sweep_grid, $w warps" --out "$out/product/sweep_grid_w$w.json"
done
step 120 "$out/product/fences.log" "$@" run --mode fences --threads-list 1,32 --blocks-list 1 --definitions 0,1,2,3 "${q[@]}" \
  --name "crosscheck: fences, 1 block" --out "$out/product/fences.json"
# The suite times 1000 x 100 fences per kernel; the same count here (Δ = 100,000) shows whether the count matters.
step 180 "$out/product/fences_long.log" "$@" run --mode fences --threads-list 1,32 --blocks-list 1 --definitions 2 \
  --delta-iters 100000 "${q[@]}" --name "crosscheck: fences, 1 block, 100,000 per kernel" \
  --out "$out/product/fences_long.json"
cat "$out/run.log"
