/**
 * Changes of one results folder from two processes at once (two servers, or a server and the CLI, sharing it):
 * each runs its own ResultsLibrary in test/fixtures/library-worker.ts, and both start on the same signal.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, beforeEach, expect, it } from 'vitest';

import { ResultsLibrary } from '../../../electron/core/results/library';
import { syntheticResult } from '../../fixtures/synthetic-result';

const worker = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/library-worker.ts');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'syncbench-race-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Outcome {
  ok: boolean;
  id?: string;
  code?: string;
  message?: string;
  value?: { id: string; status?: string; storedAs?: string; name?: string; undoToken?: string };
}

/** Starts a worker and resolves when it is ready; `outcomes` resolves to its JSON line once it is told "go". */
async function start(
  args: string[],
): Promise<{ child: ChildProcessWithoutNullStreams; outcomes: Promise<Outcome[]> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', worker, dir, ...args]);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let ready: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const outcomes = new Promise<Outcome[]>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.startsWith('ready\n')) ready();
    });
    child.on('exit', (code) => {
      const line = stdout.split('\n')[1];
      if (code === 0 && line) resolve(JSON.parse(line) as Outcome[]);
      else reject(new Error(`worker ${args.join(' ')} exited ${code}: ${stderr}`));
    });
  });
  await Promise.race([isReady, outcomes]);
  return { child, outcomes };
}

/** Starts workers for `argsEach`, then tells them all "go" together. */
async function race(...argsEach: string[][]): Promise<Outcome[][]> {
  const workers = await Promise.all(argsEach.map(start));
  for (const { child } of workers) child.stdin.write('go\n');
  return Promise.all(workers.map((w) => w.outcomes));
}

it('60 imports of the same ids with other content in two processes at once: none lost, each added or given a new id', async () => {
  const [a, b] = await race(['import', '1', '60'], ['import', '2', '60']);
  const outcomes = [...a!, ...b!];
  expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  const library = new ResultsLibrary(dir);
  const { results, problems } = await library.scan();
  expect(problems).toEqual([]);
  expect(results).toHaveLength(120);
  for (let i = 0; i < 60; i += 1) {
    const pair = outcomes.filter((o) => o.value?.id === `race-id-${i}`).map((o) => o.value!);
    // One of the two took the id, the other was stored under a new id: never both "added", never one overwritten.
    expect(pair.map((p) => p.status).sort()).toEqual(['added', 'added-with-new-id']);
    const added = pair.find((p) => p.status === 'added')!;
    const moved = pair.find((p) => p.status === 'added-with-new-id')!;
    expect(added.storedAs).toBe(`race-id-${i}`);
    expect(moved.storedAs).not.toBe(`race-id-${i}`);
    const names = [(await library.get(added.storedAs!)).name, (await library.get(moved.storedAs!)).name];
    expect(names.sort()).toEqual([`variant 1 race-id-${i}`, `variant 2 race-id-${i}`]);
  }
}, 60_000);

it('delete in one process and rename in another at once: a deleted result never comes back', async () => {
  const seed = new ResultsLibrary(dir);
  for (let i = 0; i < 40; i += 1)
    await seed.save(syntheticResult({ seed: i, id: `race-id-${i}`, name: `race ${i}` }));
  const [deleted, renamed] = await race(['delete', '40'], ['rename', '40']);
  expect(deleted!.filter((o) => !o.ok)).toEqual([]);
  // A rename either came first (and the rename's file was then deleted) or found the result gone.
  for (const o of renamed!) if (!o.ok) expect(o.code).toBe('NOT_FOUND');
  const { results, problems } = await new ResultsLibrary(dir).scan();
  expect(problems).toEqual([]);
  expect(results.map((r) => r.id)).toEqual([]);
}, 60_000);
