/**
 * The fleet task (docs/fleet.md#the-task): one process on one GPU runs every mode of the suite, each as its own
 * `syncbench run` child process (a CUDA error in one mode cannot take the others with it), into its own folder
 * below the shared results folder, and writes the task record beside the result files — also when it could not
 * measure at all (no GPU, no addon), with the reason.
 */
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';

import { terminalSafe } from '../../contract/names';
import {
  TASK_FILE_NAME,
  TASK_FORMAT,
  TASK_VERSION,
  type Suite,
  type TaskRecord,
} from '../../model/fleet/task-schema';
import { APP_COMMIT, APP_NAME, APP_VERSION } from '../app-info';
import { writeFileDurably } from '../files/durable-write';
import type { SanitizerHost } from '../verify/sanitizer';
import { readGpuSnapshot } from './gpu-snapshot';
import { jobIdentity, taskFolderName } from './job-identity';
import { runFlags } from './suite';

/** `syncbench run`'s exit code for "no usable GPU, or no addon" (README: exit codes). */
const EXIT_NO_GPU = 3;

/** What a child run left: its exit code and, when it failed, the CLI's last message as one line. */
interface ChildOutcome {
  exitCode: number;
  reason: string | null;
}

/** The last `syncbench: ...` line of a child's stderr, safe to show and on one line. */
export function reasonOf(stderr: string, exitCode: number): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const said = [...lines].reverse().find((l) => /^syncbench(?: [a-z]+)?: /.test(l)) ?? lines.at(-1);
  const text = said
    ? said.replace(/^syncbench(?: [a-z]+)?: /, '')
    : `exit code ${exitCode}, nothing on stderr`;
  return terminalSafe(text).replace(/\s+/g, ' ').slice(0, 2000);
}

function runChild(self: SanitizerHost, args: string[]): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const child = spawn(self.execPath, [...(self.cliArgs ?? [self.cliPath]), ...args], {
      env: { ...process.env, ...self.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-16_384);
    });
    child.on('error', (err) =>
      resolve({ exitCode: 1, reason: `could not start ${self.execPath}: ${err.message}` }),
    );
    child.on('close', (code, signal) => {
      const exitCode = code ?? 128;
      resolve({
        exitCode,
        reason: exitCode === 0 ? null : signal ? `killed by ${signal}` : reasonOf(stderr, exitCode),
      });
    });
  });
}

/** What runTask needs: the suite, the shared results folder, how to start this CLI, the CUDA device ordinal. */
export interface TaskOptions {
  suite: Suite;
  resultsDir: string;
  self: SanitizerHost;
  ordinal: number;
  /** Extra `syncbench run` flags for every mode (e.g. stopping rule). */
  runArgs?: string[];
}

/**
 * Runs the task and writes its record; resolves to the record, its path and the exit code (0 every mode measured,
 * else the first failing mode's: 3 no GPU, 4 a failed run, ...).
 */
export async function runTask(
  options: TaskOptions,
): Promise<{ record: TaskRecord; path: string; exitCode: number }> {
  const startedAt = new Date();
  const hostname = os.hostname();
  const job = jobIdentity();
  const folder = join(options.resultsDir, taskFolderName(hostname, job, startedAt));
  await mkdir(folder, { recursive: true });
  const before = await readGpuSnapshot(options.ordinal);
  const runs: TaskRecord['runs'] = [];
  let noGpu: string | null = null;
  for (const [i, entry] of options.suite.entries.entries()) {
    if (noGpu !== null) {
      runs.push({ mode: entry.mode, file: null, exitCode: EXIT_NO_GPU, reason: `not run: ${noGpu}` });
      continue;
    }
    const file = `${String(i).padStart(2, '0')}-${entry.mode}.json`;
    const args = [
      'run',
      ...runFlags(entry),
      '--device',
      String(options.ordinal),
      '--quiet',
      '--out',
      join(folder, file),
    ];
    const outcome = await runChild(options.self, [...args, ...(options.runArgs ?? [])]);
    runs.push({ mode: entry.mode, file: outcome.exitCode === 0 ? file : null, ...outcome });
    if (outcome.exitCode === EXIT_NO_GPU) noGpu = outcome.reason;
  }
  const after = await readGpuSnapshot(options.ordinal);
  const measured = runs.filter((r) => r.exitCode === 0).length;
  const record: TaskRecord = {
    format: TASK_FORMAT,
    version: TASK_VERSION,
    synthetic: false,
    app: { name: APP_NAME, version: APP_VERSION, commit: APP_COMMIT },
    job,
    hostname,
    gpuOrdinal: options.ordinal,
    gpuBefore: before.snapshot,
    gpuAfter: after.snapshot,
    gpuReadProblem: before.problem ?? after.problem,
    suite: options.suite,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    status: measured === runs.length ? 'measured' : measured === 0 ? 'failed' : 'partial',
    reason: measured === 0 ? (noGpu ?? runs[0]?.reason ?? null) : null,
    runs,
  };
  const path = join(folder, TASK_FILE_NAME);
  await writeFileDurably(path, `${JSON.stringify(record, null, 2)}\n`, { label: `task record ${path}` });
  const failed = runs.find((r) => r.exitCode !== 0);
  return { record, path, exitCode: failed ? failed.exitCode : 0 };
}
