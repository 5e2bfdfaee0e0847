/**
 * Fault injection: a process replacing a result file through the one writer (test/fixtures/kill-writer.ts) is
 * killed with SIGKILL at a random moment, 200 times. After each kill the library holds the old or the new file,
 * whole, never a fragment, and a library starting on the folder removes the dead writer's temporary.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { writeFileDurably } from '../../../electron/core/files/durable-write';
import { serializeResultFile } from '../../../electron/core/results/io';
import { ResultsLibrary } from '../../../electron/core/results/library';
import { syntheticResult } from '../../fixtures/synthetic-result';

const source = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/kill-writer.ts');
const KILLS = 200;
const TEMPORARY = /\.tmp$/;

let root: string;
let writer: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'syncbench-fault-'));
  // Bundled once, so each of the 200 children starts in tens of milliseconds (no TypeScript loader).
  writer = join(root, 'kill-writer.mjs');
  await build({ entryPoints: [source], outfile: writer, bundle: true, platform: 'node', format: 'esm' });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Runs the writer, kills it `delayMs` after it is ready; resolves once it is gone. */
function killAfter(target: string, files: [string, string], delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writer, target, ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`writer ended by itself: ${stderr}`)),
    );
  });
}

/** What one lane of kills found: how often a temporary was there (the kill came mid-write), versions seen. */
async function lane(dir: string, files: [string, string], versions: string[], kills: number) {
  await mkdir(dir);
  const target = join(dir, 'fault-result.json');
  await writeFileDurably(target, versions[0]!);
  let caughtMidWrite = 0;
  const seen = new Set<string>();
  for (let kill = 0; kill < kills; kill += 1) {
    await killAfter(target, files, Math.floor(Math.random() * 25));
    const text = await readFile(target, 'utf8');
    expect(versions.includes(text), `after kill ${kill}: a fragment of ${text.length} bytes`).toBe(true);
    seen.add(text === versions[0] ? 'old' : 'new');
    if ((await readdir(dir)).some((n) => TEMPORARY.test(n))) caughtMidWrite += 1;
    const { results, problems } = await new ResultsLibrary(dir).scan();
    expect(problems).toEqual([]);
    expect(results.map((r) => r.id)).toEqual(['fault-result']);
    expect((await readdir(dir)).filter((n) => TEMPORARY.test(n))).toEqual([]);
  }
  return { caughtMidWrite, seen };
}

it(`a writer killed at random points ${KILLS} times: always the old or the new file, temporaries cleaned`, async () => {
  const points = Array.from({ length: 40 }, (_, i) => ({
    series: 'block',
    x: i,
    perSyncNs: 10 + i,
    reps: 200,
  }));
  const versions = ['old', 'new'].map((name, seed) =>
    serializeResultFile(syntheticResult({ seed, points, id: 'fault-result', name })),
  );
  const files: [string, string] = [join(root, 'old.json'), join(root, 'new.json')];
  await writeFile(files[0], versions[0]!);
  await writeFile(files[1], versions[1]!);
  // Two folders at once (one per core), half the kills each: most of a kill's time is the child's start.
  const lanes = await Promise.all(
    [0, 1].map((n) => lane(join(root, `library-${n}`), files, versions, KILLS / 2)),
  );
  // The kills landed inside writes (a temporary was there), and both versions were seen in place.
  expect(lanes.reduce((sum, l) => sum + l.caughtMidWrite, 0)).toBeGreaterThan(KILLS / 10);
  expect([...new Set(lanes.flatMap((l) => [...l.seen]))].sort()).toEqual(['new', 'old']);
}, 120_000);
