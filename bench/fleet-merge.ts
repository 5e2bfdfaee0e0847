/**
 * Fleet merge benchmark (docs/fleet.md#fleet-merge): a SYNTHETIC fleet of 64 nodes × 8 GPUs × 10 modes (5,120
 * result files and 512 task records, made by test/fixtures/synthetic-fleet.ts and marked synthetic in their task
 * records and provenance: not measurements) is merged by the built CLI (`node dist/cli.js fleet merge`, after
 * `npm run build:cli`) in a fresh process; the wall time and that process's peak resident memory are printed.
 *
 *   npx tsx bench/fleet-merge.ts [--nodes 64] [--gpus 8] [--modes 10] [--reps 30]
 *
 * Targets: under TARGET_S seconds and TARGET_MIB MiB. Exits 1 when one is missed. The outlier injected on one GPU
 * must be the only one found (a merge that is fast because it reads nothing fails).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { FleetFileSchema } from '../electron/model/fleet/fleet-schema';
import { syntheticGpu, writeSyntheticFleet } from '../test/fixtures/synthetic-fleet';

const TARGET_S = 10;
const TARGET_MIB = 500;

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '64' },
    gpus: { type: 'string', default: '8' },
    modes: { type: 'string', default: '10' },
    reps: { type: 'string', default: '30' },
  },
});
const [nodes, gpus, modes, reps] = [values.nodes, values.gpus, values.modes, values.reps].map(
  Number,
) as number[];
if (!existsSync('dist/cli.js')) {
  console.error('bench/fleet-merge: dist/cli.js is missing; run `npm run build:cli` first');
  process.exit(2);
}
const root = mkdtempSync(path.join(os.tmpdir(), 'sb-fleet-bench-'));
try {
  const fleetDir = path.join(root, 'results');
  const written = await writeSyntheticFleet(fleetDir, {
    nodes: nodes!,
    gpusPerNode: gpus!,
    modes: modes!,
    reps,
    outlier: { node: 0, gpu: 1, factor: 1.5 },
  });
  const out = path.join(root, 'fleet.json');
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      './bench/max-rss.mjs',
      'dist/cli.js',
      'fleet',
      'merge',
      fleetDir,
      '--out',
      out,
      '--summary',
      path.join(root, 'summary.md'),
    ],
    { encoding: 'utf8' },
  );
  const seconds = (performance.now() - started) / 1000;
  const rssMiB = Number(/max-rss-kib (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024;
  const cpuS = Number(/cpu-us (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1e6;
  if (r.status !== 0) {
    console.error(r.stderr);
    process.exit(1);
  }
  const fleet = FleetFileSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
  const outlierGpus = [...new Set(fleet.outliers.map((o) => o.gpu))];
  console.log(
    `SYNTHETIC fleet (not a measurement): ${nodes} nodes × ${gpus} GPUs × ${modes} modes, ${reps} samples per point`,
  );
  console.log(
    `  ${written} result files + ${fleet.counts.tasks} task records merged: ${fleet.runs.length} runs, ${fleet.points.length} points`,
  );
  console.log(
    `  wall time ${seconds.toFixed(2)} s (target < ${TARGET_S} s; CPU ${cpuS.toFixed(2)} s; load average ${os.loadavg()[0]?.toFixed(1)}), peak RSS ${rssMiB.toFixed(0)} MiB (target < ${TARGET_MIB} MiB)`,
  );
  console.log(`  outliers on: ${outlierGpus.join(', ') || 'none'}`);
  const ok =
    seconds < TARGET_S &&
    rssMiB < TARGET_MIB &&
    fleet.runs.length === written &&
    fleet.failures.length === 0 &&
    outlierGpus.length === 1 &&
    outlierGpus[0] === syntheticGpu(0, 1);
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
