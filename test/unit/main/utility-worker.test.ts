/**
 * The desktop's utility-process adapter (electron/main/utility-worker.ts) driven by the real supervisor against a
 * real child process behind the utilityProcess interface (child-utility-process.ts), running the real host
 * plumbing over the fake backend of test/unit/worker/fixtures/fake-host.ts.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electron-fake'));

import type { SupervisedBackend } from '../../../electron/core/service/ports';
import {
  LOG_FILE_NAME,
  LOG_ROTATE_BYTES,
  utilityForkWorker,
  type UtilityFork,
} from '../../../electron/main/utility-worker';
import { createWorkerBackend } from '../../../electron/worker/worker-backend';
import type { WorkerExit } from '../../../electron/worker/worker-process';
import { childUtilityFork } from './child-utility-process';

const FAKE_HOST = fileURLToPath(new URL('../worker/fixtures/fake-host.ts', import.meta.url));
const TSX = ['--import', 'tsx'];

let open: SupervisedBackend[] = [];
afterEach(async () => {
  await Promise.all(open.map((b) => b.dispose()));
  open = [];
});

function adapter(env: Record<string, string>, logDir: string | null = null) {
  return utilityForkWorker({
    script: FAKE_HOST,
    env: { ...process.env, ...env },
    logDir,
    execArgv: TSX,
    fork: childUtilityFork,
  });
}

function exitOf(proc: ReturnType<ReturnType<typeof adapter>>): Promise<WorkerExit> {
  return new Promise((resolve) => proc.onExit(resolve));
}

describe('utility-process adapter over a real child', () => {
  it('carries calls and run events for the supervisor', async () => {
    const backend = createWorkerBackend({ fork: adapter({ FAKE_HOST_MODE: 'ok' }) });
    open.push(backend);
    expect(await backend.addonStatus()).toMatchObject({ loaded: true, cudaRuntimeBuild: '13.0' });
    const run = backend.startRun([{ maxTimeMs: 10 }, { maxTimeMs: 10 }] as never, () => undefined);
    expect(await run.done).toEqual({ status: 'complete', pointsDone: 2 });
  });

  it('kills with SIGKILL (a process that ignores SIGTERM still ends) and reports that signal', async () => {
    const proc = adapter({ FAKE_HOST_IGNORE_TERM: '1' })();
    const ready = new Promise((resolve) => proc.onMessage(resolve));
    await ready;
    const exit = exitOf(proc);
    const started = Date.now();
    proc.kill();
    expect(await exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("reports a crash's exit code (no signal it did not send)", async () => {
    const backend = createWorkerBackend({
      fork: (() => {
        let n = 0;
        return () => adapter({ FAKE_HOST_MODE: n++ === 0 ? 'crash-run' : 'ok' })();
      })(),
    });
    open.push(backend);
    const run = backend.startRun(
      [{ maxTimeMs: 10 }, { maxTimeMs: 10 }, { maxTimeMs: 10 }] as never,
      () => undefined,
    );
    await expect(run.done).rejects.toMatchObject({
      code: 'WORKER_CRASHED',
      message: expect.stringContaining('exited unexpectedly (code 3); it was restarted'),
    });
  });

  it("writes the process's output and its start and exit to the app's log folder", async () => {
    const logDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'sb-logs-')), 'logs');
    const proc = adapter({ FAKE_HOST_SAY: 'hello from the measuring process' }, logDir)();
    await new Promise((resolve) => proc.onMessage(resolve));
    const exit = exitOf(proc);
    proc.kill();
    await exit;
    const file = path.join(logDir, LOG_FILE_NAME);
    await vi.waitFor(() =>
      expect(readFileSync(file, 'utf8')).toMatch(/exited \(code none, signal SIGKILL\)/),
    );
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/\] started .*fake-host\.ts \(pid \d+\)/);
    expect(text).toContain('stdout: hello from the measuring process');
    expect(text).toContain('stderr: hello from the measuring process');
  });

  it('rotates a log past its size limit before the next start', async () => {
    const logDir = mkdtempSync(path.join(os.tmpdir(), 'sb-logs-'));
    const file = path.join(logDir, LOG_FILE_NAME);
    writeFileSync(file, Buffer.alloc(LOG_ROTATE_BYTES + 1, 0x61));
    const proc = adapter({}, logDir)();
    const exit = exitOf(proc);
    proc.kill();
    await exit;
    expect(statSync(`${file}.1`).size).toBe(LOG_ROTATE_BYTES + 1);
    // The new log is opened asynchronously; it holds this start's lines only.
    await vi.waitFor(() => expect(readFileSync(file, 'utf8')).toMatch(/exited/));
    expect(statSync(file).size).toBeLessThan(1_000);
  });

  it('logs a fatal error event, and a process that cannot be forked exits with no code', async () => {
    const logDir = mkdtempSync(path.join(os.tmpdir(), 'sb-logs-'));
    let emitError: (() => void) | null = null;
    const failing: UtilityFork = (modulePath, args, options) => {
      const child = childUtilityFork(modulePath, args, options);
      emitError = () =>
        void (child as unknown as NodeJS.EventEmitter).emit('error', 'FatalError', 'v8', 'OOM');
      return child;
    };
    const proc = utilityForkWorker({
      script: FAKE_HOST,
      env: process.env,
      logDir,
      execArgv: TSX,
      fork: failing,
    })();
    emitError!();
    const exit = exitOf(proc);
    proc.kill();
    await exit;
    await vi.waitFor(() =>
      expect(readFileSync(path.join(logDir, LOG_FILE_NAME), 'utf8')).toContain(
        'fatal error FatalError at v8: OOM',
      ),
    );

    const cannot = utilityForkWorker({
      script: FAKE_HOST,
      env: process.env,
      logDir: null,
      fork: () => {
        throw new Error('utilityProcess is not ready');
      },
    })();
    expect(await exitOf(cannot)).toEqual({ code: null, signal: null });
  });
});
