#!/usr/bin/env bash
# On the GPU host: builds examples/profile/, runs `syncbench profile` on each example (bundled CLI, node and addon
# under .gpu/ as docs/gpu-host.md describes; or dist/cli.js with the system node) AND ncu's own report of the same
# program (--print-summary per-kernel, and --csv --page details) so both can be compared side by side; packs
# everything into ONE archive, $OUT/profile-session.tgz. Needs nvcc and ncu (PATH, $NCU, /usr/local/cuda/bin).
# Usage:  OUT=/tmp/sb-out bash scripts/gpu-session-profile.sh
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
OUT=${OUT:-/tmp/sb-out}
W=/tmp/sb-profile-session
export PATH="$PATH:/usr/local/cuda/bin"
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
NODE=node
CLI=dist/cli.js
if [ -f .gpu/node.gz ] && [ -f .gpu/cli.mjs ]; then
  gunzip -c .gpu/node.gz >.gpu/node && chmod +x .gpu/node
  NODE=.gpu/node
  CLI=.gpu/cli.mjs
fi
rm -rf "$W" && mkdir -p "$W/syncbench" "$W/ncu" "$W/logs" "$W/results" "$OUT"
pack() { tar czf "$OUT/profile-session.tgz" -C "$W" .; }
step() { # step NAME LIMIT_S CMD...: stdout/stderr to logs/NAME.out/.err, one line in logs/steps.tsv
  local name=$1 limit=$2 t0 rc
  shift 2
  t0=$(date +%s%N)
  timeout "$limit" "$@" >"$W/logs/$name.out" 2>"$W/logs/$name.err"
  rc=$?
  printf '%s\t%s\t%s\t%s\n' "$name" "$rc" "$((($(date +%s%N) - t0) / 1000000))" "$*" >>"$W/logs/steps.tsv"
  echo "== $name rc=$rc"
  pack
}
printf 'name\trc\twall_ms\tcommand\n' >"$W/logs/steps.tsv"
{ echo "commit: $(git rev-parse HEAD 2>/dev/null)"; echo "node: $NODE"; echo "cli: $CLI"; echo "ncu: $NCU"; } >"$W/logs/host.txt"
step ncu_version 30 "$NCU" --version
step build 300 bash scripts/build-profile-examples.sh
BIN=examples/profile/build
# name program args...
run_pair() {
  local name=$1
  shift
  step "syncbench_$name" 300 env SYNCBENCH_RESULTS_DIR="$W/results" "$NODE" "$CLI" profile --ncu "$NCU" \
    --name "$name" -f json -o "$W/syncbench/$name.json" -- "$BIN/$@"
  step "syncbench_md_$name" 300 env SYNCBENCH_RESULTS_DIR="$W/results" "$NODE" "$CLI" profile --ncu "$NCU" \
    --no-save -o "$W/syncbench/$name.md" -- "$BIN/$@"
  step "ncu_summary_$name" 300 "$NCU" --section LaunchStats --section WarpStateStats --section InstructionStats \
    --print-summary per-kernel "$BIN/$@"
  step "ncu_details_$name" 300 "$NCU" --section LaunchStats --section WarpStateStats --section InstructionStats \
    --metrics smsp__warp_issue_stalled_barrier_per_warp_active.pct,smsp__warp_issue_stalled_membar_per_warp_active.pct,gpu__time_duration.sum \
    --csv --page details --print-units base "$BIN/$@"
  mv "$W/logs/ncu_details_$name.out" "$W/ncu/$name.details.csv" 2>/dev/null
  mv "$W/logs/ncu_summary_$name.out" "$W/ncu/$name.summary.txt" 2>/dev/null
}
run_pair block_reduce block_reduce
run_pair phases_coop phases --variant coop
run_pair phases_kernels phases --variant kernels
run_pair flag_handoff_fenced flag_handoff --variant fenced
run_pair cluster_sync cluster_sync
run_pair async_barrier async_barrier
run_pair warp_exchange warp_exchange
step syncbench_filtered 300 env SYNCBENCH_RESULTS_DIR="$W/results" "$NODE" "$CLI" profile --ncu "$NCU" --no-save \
  -k phase2 -c 3 -f json -o "$W/syncbench/phases_filtered.json" -- "$BIN/phases" --variant both
step syncbench_failing 120 env SYNCBENCH_RESULTS_DIR="$W/results" "$NODE" "$CLI" profile --ncu "$NCU" -- \
  "$BIN/block_reduce" --corrupt-result
pack
cat "$W/logs/steps.tsv"
echo "wrote $OUT/profile-session.tgz"
