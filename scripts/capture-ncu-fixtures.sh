#!/usr/bin/env bash
# Captures real Nsight Compute outputs of the examples in examples/profile/ (examples/profile/README.md) on a GPU
# host, as test fixtures for a parser of ncu's reports: for each example a .ncu-rep with a fixed set of sections
# and metrics and its CSV exports (--page raw, --page details, --page source), the programs' own output, one run
# with a kernel filter and a launch-count limit, what ncu prints for failing programs, and the metric list of the
# chip (ncu --query-metrics --chip gh100). Needs bash, nvcc and ncu (on PATH, $NCU, or /opt/nvidia/nsight-compute/);
# no Node. Every step runs under `timeout`; the whole capture stops starting new steps after DEADLINE_S.
# Usage on the host (as root, or with profiling allowed to non-admin users):  bash scripts/capture-ncu-fixtures.sh
# Writes $OUT/ncu-fixtures.tgz (OUT defaults to /tmp/sb-out); logs/steps.tsv in it lists every step, rc and time.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
OUT=${OUT:-/tmp/sb-out}
W=/tmp/sb-ncu-fixtures
DEADLINE_S=${DEADLINE_S:-300}
BIN=examples/profile/build
export PATH="$PATH:/usr/local/cuda/bin"
rm -rf "$W" && mkdir -p "$W/reports" "$W/exports" "$W/logs" "$W/sass" "$OUT"
T0=$(date +%s)
pack() { tar czf "$OUT/ncu-fixtures.tgz" -C "$W" .; }
# step NAME LIMIT_S CMD...: runs CMD with a time limit, stdout/stderr into logs/NAME.out/.err, one line in
# logs/steps.tsv (name, rc, wall ms, command); packs after every step so a hang loses nothing captured before it.
step() {
  local name=$1 limit=$2
  shift 2
  if (($(date +%s) - T0 > DEADLINE_S)); then
    printf '%s\tskipped\t0\t%s\n' "$name" "$*" >>"$W/logs/steps.tsv"
    echo "== $name: skipped (past the ${DEADLINE_S} s deadline)"
    return 0
  fi
  local t0 t1 rc
  t0=$(date +%s%N)
  timeout "$limit" "$@" >"$W/logs/$name.out" 2>"$W/logs/$name.err"
  rc=$?
  t1=$(date +%s%N)
  printf '%s\t%s\t%s\t%s\n' "$name" "$rc" "$(((t1 - t0) / 1000000))" "$*" >>"$W/logs/steps.tsv"
  echo "== $name rc=$rc wall_ms=$(((t1 - t0) / 1000000))"
  pack
  return 0
}

NCU=${NCU:-$(command -v ncu || true)}
if [ -z "$NCU" ]; then
  # The newest Nsight Compute under /opt first, then the toolkit's.
  NCU=$({ echo /usr/local/cuda/bin/ncu; printf '%s\n' /opt/nvidia/nsight-compute/*/ncu | sort -V; } | while read -r c; do
    [ -x "$c" ] && echo "$c"
  done | tail -1)
fi
if [ -z "$NCU" ] || [ ! -x "$NCU" ]; then
  echo "capture-ncu-fixtures: ncu not found (put it on PATH or set NCU=/path/to/ncu)" >&2
  exit 2
fi
printf 'name\trc\twall_ms\tcommand\n' >"$W/logs/steps.tsv"
{
  echo "ncu: $NCU"
  echo "commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  uname -a
} >"$W/logs/host.txt"
step ncu_version 30 "$NCU" --version
step nvidia_smi 30 nvidia-smi
step nvcc_version 30 nvcc --version
step build 300 bash scripts/build-profile-examples.sh
step list_sections 30 "$NCU" --list-sections
step query_metrics_base 60 "$NCU" --query-metrics --chip gh100
step query_metrics_all 60 "$NCU" --query-metrics --chip gh100 --query-metrics-mode all

# The fixed sections and metrics (docs: the Nsight Compute profiling guide, "Metrics Reference" and "Sections").
SECTIONS=(LaunchStats WarpStateStats InstructionStats SourceCounters SpeedOfLight)
WANTED=(
  smsp__average_warp_latency_issue_stalled_barrier smsp__average_warp_latency_issue_stalled_membar
  smsp__average_warp_latency_issue_stalled_sleeping smsp__average_warp_latency_issue_stalled_misc
  smsp__average_warp_latency_issue_stalled_branch_resolving
  smsp__warp_issue_stalled_barrier_per_warp_active.pct smsp__warp_issue_stalled_membar_per_warp_active.pct
  smsp__warp_issue_stalled_sleeping_per_warp_active.pct smsp__warp_issue_stalled_misc_per_warp_active.pct
  smsp__pcsamp_warps_issue_stalled_barrier smsp__pcsamp_warps_issue_stalled_membar
  smsp__pcsamp_warps_issue_stalled_sleeping smsp__pcsamp_warps_issue_stalled_misc
  smsp__average_warp_latency_per_inst_issued.ratio smsp__cycles_active.avg smsp__inst_executed.sum
  gpu__time_duration.sum
  launch__grid_size launch__block_size launch__grid_dim_x launch__grid_dim_y launch__grid_dim_z
  launch__block_dim_x launch__block_dim_y launch__block_dim_z
  launch__cluster_dim_x launch__cluster_dim_y launch__cluster_dim_z
  sass__inst_executed_per_opcode smsp__inst_executed_op_barrier.sum smsp__inst_executed_op_membar.sum
)
# Keeps the metrics the chip's list names (one unknown name makes ncu refuse the whole run); the sections still
# bring what they define. The dropped ones are listed in logs/metrics-dropped.txt.
METRICS=()
known=()
for f in "$W/logs/query_metrics_base.out" "$W/logs/query_metrics_all.out"; do [ -s "$f" ] && known+=("$f"); done
for m in "${WANTED[@]}"; do
  if [ ${#known[@]} -eq 0 ] || grep -qFw -- "${m%%.*}" "${known[@]}"; then
    METRICS+=("$m")
  else
    echo "$m" >>"$W/logs/metrics-dropped.txt"
  fi
done
METRIC_LIST=$(IFS=,; echo "${METRICS[*]}")
echo "$METRIC_LIST" | tr ',' '\n' >"$W/logs/metrics-requested.txt"
SECTION_ARGS=()
for s in "${SECTIONS[@]}"; do SECTION_ARGS+=(--section "$s"); done
PROFILE=("$NCU" "${SECTION_ARGS[@]}" --metrics "$METRIC_LIST" --import-source yes -f)

# export NAME: the CSV pages of reports/NAME.ncu-rep.
export_report() {
  local name=$1 rep="$W/reports/$1.ncu-rep"
  [ -f "$rep" ] || return 0
  step "${name}_raw" 60 "$NCU" --import "$rep" --csv --page raw --print-units base
  # the instruction mix alone with its per-opcode instances: syncbench profile's opcode page (docs/profile.md#speed)
  step "${name}_opcodes" 60 "$NCU" --import "$rep" --csv --page raw --print-units base \
    --metrics sass__inst_executed_per_opcode_with_modifier_all --print-metric-instances details
  step "${name}_raw_instances" 60 "$NCU" --import "$rep" --csv --page raw --print-units base --print-metric-instances details
  step "${name}_details" 60 "$NCU" --import "$rep" --csv --page details --print-units base
  step "${name}_source_sass" 60 "$NCU" --import "$rep" --csv --page source --print-source sass
  step "${name}_source_cuda" 60 "$NCU" --import "$rep" --csv --page source --print-source cuda
  step "${name}_source_cuda_sass" 60 "$NCU" --import "$rep" --csv --page source --print-source cuda,sass
  local s
  for s in raw opcodes raw_instances details source_sass source_cuda source_cuda_sass; do
    mv "$W/logs/${name}_$s.out" "$W/exports/$name.$s.csv" 2>/dev/null
  done
}
# profile NAME PROGRAM ARGS...: the program alone (its own output and exit status), then under ncu, then exports.
profile() {
  local name=$1
  shift
  step "${name}_plain" 30 "$BIN/$1" "${@:2}"
  step "${name}_ncu" 120 "${PROFILE[@]}" -o "$W/reports/$name" "$BIN/$1" "${@:2}"
  # Should ncu refuse a metric name, the sections alone still give a fixture (logs/NAME_ncu.err says which).
  [ -f "$W/reports/$name.ncu-rep" ] ||
    step "${name}_ncu_sections_only" 120 "$NCU" "${SECTION_ARGS[@]}" --import-source yes -f -o "$W/reports/$name" "$BIN/$1" "${@:2}"
  export_report "$name"
}

for p in phases block_reduce flag_handoff cluster_sync async_barrier warp_exchange; do
  [ -x "$BIN/$p" ] && step "sass_$p" 30 cuobjdump --dump-sass "$BIN/$p" && mv "$W/logs/sass_$p.out" "$W/sass/$p.sass"
done
profile block_reduce block_reduce
profile phases_coop phases --variant coop
profile phases_kernels phases --variant kernels
profile flag_handoff_fenced flag_handoff --variant fenced
profile flag_handoff_racy flag_handoff --variant racy
profile cluster_sync cluster_sync
profile async_barrier async_barrier
profile warp_exchange warp_exchange
# A kernel filter and a launch-count limit: only phase2_kernel, at most 3 of its 8 launches.
step phases_filtered_ncu 120 "${PROFILE[@]}" -k regex:phase2 -c 3 -o "$W/reports/phases_filtered" "$BIN/phases" --variant both
export_report phases_filtered
# The metrics alone, without sections (a lean collection).
step block_reduce_metrics_only_ncu 120 "$NCU" --metrics "$METRIC_LIST" -f -o "$W/reports/block_reduce_metrics_only" "$BIN/block_reduce"
export_report block_reduce_metrics_only
# Failing programs: one that runs its kernel and then reports FAIL (exit 1), one that refuses its arguments before
# any kernel (exit 2), and a filter that matches no kernel.
step fail_after_kernel_ncu 120 "${PROFILE[@]}" -o "$W/reports/fail_after_kernel" "$BIN/block_reduce" --variant syncthreads --corrupt-result
export_report fail_after_kernel
step fail_before_kernel_ncu 60 "${PROFILE[@]}" -o "$W/reports/fail_before_kernel" "$BIN/phases" --variant bogus
step no_kernel_matched_ncu 60 "${PROFILE[@]}" -k regex:no_such_kernel -o "$W/reports/no_kernel_matched" "$BIN/warp_exchange"
step missing_program_ncu 60 "${PROFILE[@]}" -o "$W/reports/missing_program" "$BIN/no_such_program"
echo "total $(($(date +%s) - T0)) s" | tee -a "$W/logs/host.txt"
pack
cat "$W/logs/steps.tsv"
echo "wrote $OUT/ncu-fixtures.tgz"
