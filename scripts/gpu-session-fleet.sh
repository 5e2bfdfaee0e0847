#!/usr/bin/env bash
# The fleet on the H200 host (docs/fleet.md#on-the-gpu-host): there is no scheduler there, so the task body that
# `syncbench fleet slurm` generates is run directly, twice (two fresh processes), for a small suite; then
# `syncbench fleet merge` merges it with the H200 result files committed on earlier days (resources/reference/h200-*.json
# and docs/results/**/*.json, copied as they are). Everything goes into ONE archive, $OUT/gpu-session-fleet.tgz
# (OUT defaults to /tmp/sb-out), packed after every step.
# Layout expected (docs/gpu-host.md): .gpu/node.gz, .gpu/cli.mjs, .gpu/worker.js (`node scripts/bundle.mjs gpu`) and
# .gpu/syncbench.node (the addon, e.g. built on the host by scripts/gpu-host-build.sh).
# Usage on the host:  bash scripts/gpu-session-fleet.sh
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/sb-out}
W=/tmp/sb-fleet
rm -rf "$W" && mkdir -p "$W/results/today" "$W/results/earlier" "$W/logs" "$OUT"
gunzip -c .gpu/node.gz > .gpu/node && chmod +x .gpu/node
SB=(.gpu/node .gpu/cli.mjs)
log() { echo "== $*" | tee -a "$W/logs/session.log"; }
pack() { tar czf "$OUT/gpu-session-fleet.tgz" -C "$W" . ; }
step() { local name=$1 limit=$2; shift 2; log "$name: $*"; local t0=$(date +%s%N); timeout "$limit" "$@" >"$W/logs/$name.out" 2>"$W/logs/$name.err"; local rc=$?; local t1=$(date +%s%N); echo "$name rc=$rc wall_ms=$(( (t1 - t0) / 1000000 ))" | tee -a "$W/logs/session.log"; tail -n 3 "$W/logs/$name.err"; pack; }

nvidia-smi > "$W/logs/nvidia-smi.txt" 2>&1
nvidia-smi --query-gpu=uuid,pci.bus_id,name,driver_version,vbios_version,ecc.mode.current,clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv > "$W/logs/nvidia-smi-query.csv" 2>&1
# A small suite: the chapter's three layers and its summary table (the modes the earlier days measured most).
cat > "$W/suite.json" <<'JSON'
{ "name": "h200-small", "entries": [{ "mode": "warp" }, { "mode": "block" }, { "mode": "grid" }, { "mode": "modes" }] }
JSON
# The recipes as a user would get them; the Slurm script's srun line is the task body run below.
step slurm_recipe 30 "${SB[@]}" fleet slurm --suite "$W/suite.json" --results "$W/results/today" --nodes 1 --gpus-per-node 1 --cli "${SB[*]}" --out "$W/job.sbatch"
step k8s_recipe 30 "${SB[@]}" fleet k8s --suite "$W/suite.json" --volume fleet-results --image syncbench:local --gpus 1 --out "$W/job.json"
TASK=$(grep '^srun ' "$W/job.sbatch" | sed 's/^srun .*--kill-on-bad-exit=0 //')
echo "$TASK" > "$W/task-body.txt"
step task_a 900 bash -c "$TASK"
step task_b 900 bash -c "$TASK"
# The H200 results committed on earlier days, as they are.
cp resources/reference/h200-*.json "$W/results/earlier/" 2>/dev/null
(cd docs/results && find . -name '*.json' -print0 | xargs -0 -I{} cp --parents {} "$W/results/earlier/")
step merge 300 "${SB[@]}" fleet merge "$W/results" --out "$W/fleet.json" --summary "$W/fleet-summary.md"
step merge_today 120 "${SB[@]}" fleet merge "$W/results/today" --out "$W/fleet-today.json" --summary "$W/fleet-today.md" --fail-on-outliers
step check 60 "${SB[@]}" fleet check "$W/fleet.json"
nvidia-smi -q -d CLOCK,PERFORMANCE,POWER > "$W/logs/nvidia-smi-after.txt" 2>&1
pack
log "done: $OUT/gpu-session-fleet.tgz"
