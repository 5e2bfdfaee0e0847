/**
 * Starts the browser shell (`serveCommand`, as `syncbench serve` does: measuring process, service, server over the
 * built renderer in dist/renderer) on a free port with a temporary results folder seeded with replayable results.
 * The measuring process runs electron/worker/host.ts through tsx, so no CLI bundle is needed.
 *
 * The replayed sweep is the project's measured sweep when `resources/reference/` has one (unless
 * SYNCBENCH_E2E_SYNTHETIC=1); until then it is a SYNTHETIC result from test/fixtures/synthetic-result.ts, named as
 * such wherever it shows.
 *
 * Usage: node --import tsx test/e2e/serve-fixture.ts [--sweep-points N] [--point-ms MS] [--synthetic]
 * (--synthetic: replay the synthetic sweep even when a measured one exists, e.g. for the renderer benchmark, which
 * needs thousands of points where a measured sweep has a dozen)
 * Prints one JSON line (FixtureInfo) on stdout once listening; SIGTERM/SIGINT stop it and remove the folder.
 */
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { MAX_RESULT_FILE_BYTES } from '../../electron/contract';
import type { ResultFile } from '../../electron/model/results/schema';
import { serveCommand } from '../../electron/serve/command';
import { nodeForkWorker } from '../../electron/worker/worker-process';
import { syntheticResult, type SyntheticPoint } from '../fixtures/synthetic-result';
import type { FixtureInfo } from './fixture-info';
import { seedFleets, seedProfile } from './seed-views';

const root = path.resolve(import.meta.dirname, '..', '..');

/** A synthetic block-vs-warp sweep of `n` points, each taking `pointMs` to replay at the recorded pace. */
function syntheticSweep(n: number, pointMs: number): ResultFile {
  const specs: SyntheticPoint[] = Array.from({ length: n }, (_, i) => {
    const series = i % 2 === 0 ? 'block' : 'warp';
    const nwarps = Math.floor(i / 2) + 1;
    const perSyncNs = series === 'block' ? 14 + 0.9 * nwarps : 5.5;
    // Two flagged points, so the screenshots show how noisy and throttled points are marked.
    return {
      series,
      label: `${series}, ${nwarps} warps`,
      x: nwarps,
      perSyncNs,
      noisy: i === 20,
      throttled: i === 41,
    };
  });
  const result = syntheticResult({
    id: `synthetic-sweep-${n}`,
    name: `SYNTHETIC sweep, ${n} points (test fixture, not a measurement)`,
    mode: 'sweep',
    seed: 7,
    points: specs,
  });
  return {
    ...result,
    plan: { ...result.plan, xAxis: { key: 'nwarps', label: 'warps per block', log: true } },
    points: result.points.map((p) => ({ ...p, wallMs: pointMs })),
  };
}

/** The project's measured sweep under resources/reference, if one has been committed. */
async function measuredSweep(): Promise<ResultFile | null> {
  const dir = path.join(root, 'resources', 'reference');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  for (const name of names) {
    const file = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as ResultFile;
    if (file.plan?.mode === 'sweep' && file.source?.kind === 'measured') return file;
  }
  return null;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'sweep-points': { type: 'string', default: '64' },
      'point-ms': { type: 'string', default: '80' },
      synthetic: { type: 'boolean', default: false },
    },
  });
  const sweepPoints = Number(values['sweep-points']);
  const resultsDir = await mkdtemp(path.join(os.tmpdir(), 'syncbench-e2e-'));
  const importDir = await mkdtemp(path.join(os.tmpdir(), 'syncbench-e2e-import-'));
  const synthetic = syntheticSweep(sweepPoints, Number(values['point-ms']));
  const modes = syntheticResult({
    id: 'synthetic-modes',
    name: 'SYNTHETIC modes table (test fixture, not a measurement)',
  });
  for (const file of [synthetic, modes]) {
    await writeFile(path.join(resultsDir, `${file.id}.json`), JSON.stringify(file, null, 2));
  }
  // Two files the library cannot read, there before the server starts: a result cut off mid-write and one over
  // the size limit (sparse: its size is all that is checked, nothing of it is read).
  const corrupt = path.join(resultsDir, 'planted-corrupt.json');
  await writeFile(corrupt, JSON.stringify(modes, null, 2).slice(0, 300));
  const oversize = path.join(resultsDir, 'planted-oversize.json');
  await writeFile(oversize, '{');
  await truncate(oversize, MAX_RESULT_FILE_BYTES + 1024 * 1024);
  const importable = syntheticResult({
    id: 'synthetic-import',
    seed: 3,
    name: 'SYNTHETIC imported run (test fixture, not a measurement)',
    createdAt: '2001-01-01T00:00:00.000Z',
  });
  const importablePath = path.join(importDir, 'synthetic-import.json');
  await writeFile(importablePath, JSON.stringify(importable, null, 2));
  const profile = await seedProfile(resultsDir);
  const fleetDir = await mkdtemp(path.join(os.tmpdir(), 'syncbench-e2e-fleet-'));
  const fleet = await seedFleets(fleetDir);
  const syntheticOnly = values.synthetic || process.env.SYNCBENCH_E2E_SYNTHETIC === '1';
  const measured = syntheticOnly ? null : await measuredSweep();
  const sweep = measured ?? synthetic;

  const server = await serveCommand({
    port: 0,
    results: resultsDir,
    forkWorker: nodeForkWorker(path.join(root, 'electron', 'worker', 'host.ts'), {
      execArgv: ['--import', 'tsx'],
    }),
    print: (line) => process.stderr.write(`serve-fixture: ${line}\n`),
    handleSignals: false,
  });
  const status = await server.service.device();

  const info: FixtureInfo = {
    url: server.url,
    resultsDir,
    gpuAvailable: status.ok && status.value.available,
    addonLoaded: status.ok && status.value.addon.loaded,
    sweep: {
      id: sweep.id,
      name: sweep.name,
      points: sweep.points.length,
      series: new Set(sweep.points.map((p) => p.series)).size,
      replayMs: sweep.points.reduce((sum, p) => sum + p.wallMs, 0),
      synthetic: measured === null,
    },
    modes: { id: modes.id, name: modes.name },
    importable: { path: importablePath, name: importable.name },
    malformed: path.join(root, 'test', 'fixtures', 'malformed', 'wrong-units.txt'),
    unreadable: { corrupt, oversize },
    profile,
    fleet,
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);

  const stop = async () => {
    await server.close();
    await rm(resultsDir, { recursive: true, force: true });
    await rm(importDir, { recursive: true, force: true });
    await rm(fleetDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`serve-fixture: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
