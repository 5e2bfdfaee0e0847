import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { afterEach, beforeEach, expect, it } from 'vitest';

import { ResultsLibrary } from '../../../electron/core/results/library';
import { syntheticResult } from '../../fixtures/synthetic-result';

const writer = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/crash-writer.ts');
const TEMP_FILE = /\.json\.\d+\.[0-9a-f]{8}\.tmp$/;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'syncbench-crash-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('a writer killed with SIGKILL mid-write: start-up leaves a consistent library with its temporaries gone', async () => {
  const earlier = [1, 2, 3].map((seed) =>
    syntheticResult({ seed, id: `earlier-${seed}`, name: `earlier ${seed}` }),
  );
  const library = new ResultsLibrary(dir);
  for (const result of earlier) await library.save(result);

  const child = spawn(process.execPath, ['--import', 'tsx', writer, dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );

  // Let one large save complete, then kill the writer while the next one's temporary file exists.
  let killedMidWrite = false;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (stdout.includes('done crash-writer-0') && (await readdir(dir)).some((n) => TEMP_FILE.test(n))) {
      child.kill('SIGKILL');
      killedMidWrite = true;
      break;
    }
    await sleep(1);
  }
  if (!killedMidWrite) child.kill('SIGKILL');
  expect(await exited, stderr).toBe('SIGKILL');
  expect(killedMidWrite, `the writer was never caught mid-write; stderr: ${stderr}`).toBe(true);

  const completed = [...stdout.matchAll(/^done (\S+)$/gm)].map((m) => m[1]);
  const reopened = new ResultsLibrary(dir);
  const { results, problems } = await reopened.scan();
  const ids = results.map((r) => r.id);

  for (const result of earlier) expect(await reopened.get(result.id)).toEqual(result);
  for (const id of completed) expect(ids).toContain(id);
  // Whatever is listed reads back whole: the interrupted write either never happened or completed.
  for (const id of ids) await expect(reopened.get(id)).resolves.toMatchObject({ id });
  expect(ids.length).toBeLessThanOrEqual(earlier.length + completed.length + 1);
  // Start-up removed the temporary of the interrupted write (if the kill came before the rename); nothing is left
  // to report, and the folder holds only whole result files.
  expect(problems).toEqual([]);
  const left = await readdir(dir);
  expect(left.filter((n) => TEMP_FILE.test(n))).toEqual([]);
  expect(left.filter((n) => !n.startsWith('.')).sort()).toEqual(ids.map((id) => `${id}.json`).sort());
});
