#!/usr/bin/env bash
# Runs every GPU measurement of one session on a GPU host and packs the results into $OUT/gpu-session.tgz.
# Layout expected (see docs/gpu-host.md): .gpu/node.gz (portable Node), .gpu/cli.mjs, .gpu/worker.js and
# .gpu/drive-serve.mjs (`node scripts/bundle.mjs gpu`), .gpu/syncbench.node (the built addon), and optionally
# .gpu/suites/ (the public suites built by scripts/crosscheck/build.sh) for the cross-check.
# Usage on the host:  bash scripts/gpu-session.sh
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/sb-out}
W=/tmp/sb-session
rm -rf "$W" && mkdir -p "$W/results" "$W/logs"
gunzip -c .gpu/node.gz > .gpu/node && chmod +x .gpu/node
SB=(.gpu/node .gpu/cli.mjs)
log() { echo "== $*" | tee -a "$W/logs/session.log"; }
pack() { tar czf "$OUT/gpu-session.tgz" -C "$W" . ; }
# run NAME TIMEOUT_S ARGS...: one CLI call with a time limit; results are packed after every step, so a step that
# hangs loses nothing measured before it.
run() { local name=$1 limit=$2; shift 2; log "$name: $*"; local t0=$(date +%s%N); timeout "$limit" "${SB[@]}" "$@" >"$W/logs/$name.out" 2>"$W/logs/$name.err"; local rc=$?; local t1=$(date +%s%N); echo "$name rc=$rc wall_ms=$(( (t1 - t0) / 1000000 ))" | tee -a "$W/logs/session.log"; tail -n 3 "$W/logs/$name.err"; pack; }

nvidia-smi > "$W/logs/nvidia-smi.txt" 2>&1
nvidia-smi -q -d CLOCK,PERFORMANCE,POWER > "$W/logs/nvidia-smi-clocks.txt" 2>&1
which cuobjdump compute-sanitizer >> "$W/logs/session.log" 2>&1
timeout 60 cuobjdump --dump-sass --gpu-architecture sm_90 .gpu/syncbench.node 2>&1 | gzip > "$W/logs/sass-sm90.txt.gz"
pack
run device 30 device --json
# The cross-check: the public suites and the product's matching modes, in this session, before anything else heats the GPU.
if [ -d .gpu/suites ]; then
  log "crosscheck: scripts/crosscheck/run.sh"
  timeout 420 bash scripts/crosscheck/run.sh .gpu/suites "$W/crosscheck" "${SB[@]}" >"$W/logs/crosscheck.out" 2>&1
  echo "crosscheck rc=$?" | tee -a "$W/logs/session.log"; tail -n 3 "$W/logs/crosscheck.out"; pack
fi
# The GPU's name, for the names of the repeated runs below.
GPU=$(.gpu/node -e 'const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(d.devices?.[0]?.name ?? "this GPU")' "$W/logs/device.out")
# The self-test keeps the result of every mode it measures (chapter, scopes, method) in $W/results.
run selftest 240 selftest --gpu --out "$W/selftest.json" --results-dir "$W/results"
for flag in spin yield blocking-sync; do
  run "host_completion_$flag" 30 run --mode host_completion --schedule "$flag" --name "host_completion ($flag) on $GPU" --format json --out "$W/results/host_completion_$flag.json"
done
# Benchmark targets: the modes table twice in fresh processes, wall time including CUDA start-up.
run modes_a 30 run --mode modes --name "modes on $GPU (agreement run A)" --format json --out "$W/results/modes_a.json"
run modes_b 30 run --mode modes --name "modes on $GPU (agreement run B)" --format json --out "$W/results/modes_b.json"
run overlap 60 run --mode overlap --name "overlap on $GPU" --format json --out "$W/results/overlap.json"
run sweep_a 60 run --mode sweep --name "sweep on $GPU (agreement run A)" --format json --out "$W/results/sweep_a.json"
run sweep_b 60 run --mode sweep --name "sweep on $GPU (agreement run B)" --format json --out "$W/results/sweep_b.json"
run sweep_grid_timed 30 run --mode sweep_grid --name "sweep_grid on $GPU (timed run)" --format json --out "$W/results/sweep_grid_timed.json"
# Hopper's own synchronization (docs/methods.md#hoppers-own-synchronization-sm_90), twice each in fresh processes (run-to-run agreement).
for m in pdl pipeline cluster_arrive; do
  run "${m}_a" 60 run --mode "$m" --name "$m on $GPU (agreement run A)" --format json --out "$W/results/${m}_a.json"
  run "${m}_b" 60 run --mode "$m" --name "$m on $GPU (agreement run B)" --format json --out "$W/results/${m}_b.json"
done
timeout 60 cuobjdump --dump-sass --gpu-architecture sm_90 .gpu/syncbench.node 2>/dev/null |
  grep -oE "ACQBULK|PREEXIT|UBLKCP[.A-Z0-9]*|SYNCS\.[.A-Z0-9]*|ARRIVES\.[.A-Z0-9]*|LDGSTS[.A-Z0-9]*|UCGABAR[_A-Z]*" |
  sort | uniq -c >"$W/logs/sass-mnemonics-hopper.txt"
# The multi-GPU family on one GPU: the pair topology says "one GPU: no pairs" and multi_gpu refuses before launching (exit 2).
run multi_gpu_refusal 30 run --mode multi_gpu
# The browser shell against the real addon, driven through its WebSocket API like a browser would.
log "serve_sweep: drive-serve --mode sweep"
timeout 60 .gpu/node .gpu/drive-serve.mjs --cli .gpu/cli.mjs --mode sweep --out "$W/results" >"$W/logs/serve_sweep.out" 2>&1
echo "serve_sweep rc=$?" | tee -a "$W/logs/session.log"; tail -n 2 "$W/logs/serve_sweep.out"; pack
nvidia-smi -q -d CLOCK,PERFORMANCE > "$W/logs/nvidia-smi-clocks-after.txt" 2>&1
# The correctness mode with compute-sanitizer's report in its result file.
run correctness_sanitizer 150 run --mode correctness --sanitizer both --name "correctness on $GPU (with compute-sanitizer)" --format json --out "$W/results/correctness_sanitizer.json"
cat "$W/logs/session.log"
