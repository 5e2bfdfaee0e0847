/**
 * One measuring process per GPU (docs/methods.md#a-shared-gpu): a lock per GPU, named by its PCI bus id, in a
 * well-known folder ($SYNCBENCH_LOCK_DIR, else $XDG_RUNTIME_DIR/syncbench-locks, else <tmpdir>/syncbench-locks),
 * taken with proper-lockfile for the whole run. A holder writes its pid beside the lock so a waiting process can
 * name it, and a waiting process writes its own (`<lock>.waiting-<pid>`) so the holder knows that the CUDA context
 * it sees there launches nothing (waitingPids). A process that dies leaves a stale lock that proper-lockfile takes
 * over after `STALE_MS`.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import * as lockfile from 'proper-lockfile';

/** A lock not refreshed for this long belongs to a dead process (proper-lockfile `stale`). */
const STALE_MS = 10_000;
/** How often a waiting process tries again. */
const POLL_MS = 250;

/** The folder of the per-GPU locks. */
export function lockDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SYNCBENCH_LOCK_DIR) return env.SYNCBENCH_LOCK_DIR;
  return path.join(env.XDG_RUNTIME_DIR || os.tmpdir(), 'syncbench-locks');
}

/** The lock's file name for a GPU: its PCI bus id (or ordinal when unknown), safe as a file name. */
export function lockName(gpu: { pciBusId: string | null; ordinal: number }): string {
  const id = gpu.pciBusId || `device-${gpu.ordinal}`;
  return `gpu-${id.toLowerCase().replace(/[^0-9a-z.-]/g, '_')}`;
}

export interface GpuLock {
  /** Time spent waiting for it, ms. */
  waitedMs: number;
  release(): Promise<void>;
}

/** The pid the current holder wrote, or null when it cannot be read. */
function holderPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(`${file}.holder`, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the GPU's lock, waiting up to `timeoutMs` while another process holds it.
 * @param onWait called about once a second while waiting, with the holder's pid (null: not yet written) and ms
 *   waited, for a progress message
 * @returns the lock, or `{ busy: holder pid }` when the wait ran out
 */
export async function takeGpuLock(
  gpu: { pciBusId: string | null; ordinal: number },
  timeoutMs: number,
  onWait: (holder: number | null, waitedMs: number) => void = () => {},
  dir = lockDir(),
): Promise<GpuLock | { busy: number | null }> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, lockName(gpu));
  const started = Date.now();
  const waiting = `${file}.waiting-${process.pid}`;
  try {
    return await lockLoop(file, waiting, started, timeoutMs, onWait);
  } finally {
    rmSync(waiting, { force: true });
  }
}

async function lockLoop(
  file: string,
  waiting: string,
  started: number,
  timeoutMs: number,
  onWait: (holder: number | null, waitedMs: number) => void,
): Promise<GpuLock | { busy: number | null }> {
  let lastSaid = -Infinity;
  let marked = false;
  for (;;) {
    try {
      const unlock = await lockfile.lock(file, { realpath: false, stale: STALE_MS, onCompromised: () => {} });
      writeFileSync(`${file}.holder`, String(process.pid));
      return {
        waitedMs: Date.now() - started,
        release: async () => {
          rmSync(`${file}.holder`, { force: true });
          await unlock().catch(() => {});
        },
      };
    } catch (err) {
      if ((err as { code?: string }).code !== 'ELOCKED') throw err;
    }
    const waited = Date.now() - started;
    if (waited >= timeoutMs) return { busy: holderPid(file) };
    if (!marked) writeFileSync(waiting, String(process.pid));
    marked = true;
    if (waited - lastSaid >= 1000) {
      onWait(holderPid(file), waited);
      lastSaid = waited;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * The pids of the product's other processes waiting for this GPU's lock right now (not this one). Such a process
 * may hold a CUDA context on the GPU (NVML then lists it as a compute process), but launches nothing until it has
 * the lock, so the holder's points are not shared with it (docs/methods.md#a-shared-gpu).
 */
export function waitingPids(gpu: { pciBusId: string | null; ordinal: number }, dir = lockDir()): number[] {
  const prefix = `${lockName(gpu)}.waiting-`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(prefix))
    .map((n) => Number(n.slice(prefix.length)))
    .filter((pid) => Number.isInteger(pid) && pid > 0 && pid !== process.pid);
}
