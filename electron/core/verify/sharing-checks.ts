/**
 * GPU checks of clusters as launched and of a shared GPU (docs/methods.md#clusters-as-launched,
 * docs/methods.md#a-shared-gpu): size 1 launched with the cluster attribute costs at least 4× the implicit cluster
 * per sync on the same grid; while this process holds the GPU lock a second CLI process refuses with exit 2 naming
 * this pid; and a second CLI process with `--shared` beside this one flags every point and names this process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { MeasureBackend } from '../../model/measure/backend';
import { takeGpuLock } from '../measure/gpu-lock';
import type { NativeGpuProcesses } from '../../model/native/addon-types';
import { ResultFileSchema, type Device, type Point, type ResultFile } from '../../model/results/schema';
import { IMPLICIT_CLUSTER_SERIES, clusterSeries } from '../../model/modes/cluster';
import { measure } from './chapter-checks';
import type { Check, CheckOutcome } from './checks';
import type { SanitizerHost } from './sanitizer';

/** The launched size 1 must cost at least this many times the implicit cluster (H200: 351–364 vs 52.6 cycles). */
export const LAUNCH_OF_ONE_MIN_RATIO = 4;
type Outcome = Omit<CheckOutcome, 'id' | 'title'>;

/** Per grid both size-1 series measured: clusters (= blocks) in the grid and the two per-sync medians, ns. */
export function launchOfOnePairs(
  points: readonly Point[],
): { x: number; launchedNs: number; implicitNs: number; ratio: number }[] {
  const implicit = new Map(
    points.filter((p) => p.series === IMPLICIT_CLUSTER_SERIES && p.perSyncNs).map((p) => [p.x, p]),
  );
  return points
    .filter((p) => p.series === clusterSeries(1) && p.launch.clusterAttribute && p.perSyncNs)
    .flatMap((p) => {
      const other = implicit.get(p.x);
      if (!other || other.launch.clusterAttribute || p.x === null) return [];
      const launchedNs = p.perSyncNs!.median;
      const implicitNs = other.perSyncNs!.median;
      return [{ x: p.x, launchedNs, implicitNs, ratio: launchedNs / implicitNs }];
    });
}

/** The outcome of the launch-of-one check on a `cluster` result: every shared grid at least the minimum ratio. */
export function launchOfOneOutcome(points: readonly Point[]): Outcome {
  const pairs = launchOfOnePairs(points);
  if (pairs.length === 0)
    return { ok: false, detail: 'no grid measured with both size-1 series', figures: {} };
  const low = pairs.filter((p) => !(p.ratio >= LAUNCH_OF_ONE_MIN_RATIO));
  const text = (p: (typeof pairs)[number]) =>
    `${p.x} cluster(s): ${p.launchedNs.toFixed(1)} vs ${p.implicitNs.toFixed(1)} ns (${p.ratio.toFixed(2)}×)`;
  return {
    ok: low.length === 0,
    detail:
      `cluster launch of 1 / implicit cluster per sync, at least ${LAUNCH_OF_ONE_MIN_RATIO}× on every grid: ` +
      (low.length ? `below at ${low.map(text).join('; ')}` : pairs.map(text).join('; ')),
    figures: Object.fromEntries(pairs.map((p) => [`ratio at ${p.x}`, p.ratio])),
  };
}

/** A second CLI process's end: exit code, stderr and the result file it wrote (null: none). */
export interface CliChildEnd {
  code: number | null;
  stderr: string;
  result: ResultFile | null;
}

/** What the sharing checks need from the host; fakes in unit tests. */
export interface SharingDeps {
  /** This process's pid, as a lock holder names it. */
  pid: number;
  /** Takes this GPU's product lock (gpu-lock.ts), as a measuring run does; null when it could not be taken. */
  takeLock(): Promise<{ release(): Promise<void> } | null>;
  /** Runs `syncbench run <args>` in a second process on the same GPU. */
  runCli(args: string[]): Promise<CliChildEnd>;
  /** NVML's compute processes on the GPU now (null: NVML cannot list them). */
  gpuProcesses(): Promise<NativeGpuProcesses | null>;
}

/** The short run the second process measures. */
const CHILD_RUN = ['--mode', 'fadd_check', '-q'];

/** Holding the lock, a second process with --gpu-wait 1 must refuse with exit 2 naming this pid, writing nothing. */
export async function lockRefusesOutcome(deps: SharingDeps): Promise<Outcome> {
  const lock = await deps.takeLock();
  if (!lock) return { ok: false, detail: 'the self-test could not take the GPU lock itself', figures: {} };
  let end: CliChildEnd;
  try {
    end = await deps.runCli([...CHILD_RUN, '--gpu-wait', '1']);
  } finally {
    await lock.release();
  }
  const named = end.stderr.includes(`pid ${deps.pid}`);
  return {
    ok: end.code === 2 && named && end.result === null,
    detail:
      `second process: exit ${end.code}, ${named ? 'names' : 'does not name'} pid ${deps.pid}` +
      `${end.result ? ', but wrote a result' : ''}; ${end.stderr.trim().split('\n').pop() ?? ''}`,
    figures: { exitCode: end.code, holderPid: deps.pid },
  };
}

/** The pid NVML lists for this process (in another pid namespace: any listed one), or null when none is listed. */
function ownListed(list: NativeGpuProcesses): number | null {
  if (list.ownPidSeen) return list.processes.some((p) => p.pid === list.ownPid) ? list.ownPid : null;
  return list.processes[0]?.pid ?? null;
}

/** Beside this process's CUDA context, a second process with --shared flags every point and names this process. */
export async function sharedFlaggedOutcome(deps: SharingDeps): Promise<Outcome> {
  const list = await deps.gpuProcesses();
  if (!list) return { ok: null, detail: 'NVML cannot list the compute processes here: skipped', figures: {} };
  const own = ownListed(list);
  if (own === null) {
    return { ok: null, detail: 'NVML lists no CUDA context of this process: skipped', figures: {} };
  }
  const end = await deps.runCli([...CHILD_RUN, '--shared']);
  const points = end.result?.points ?? [];
  const flagged = points.filter((p) => p.gpuShared === true).length;
  const named = end.result?.gpuSharing?.processes.some((p) => p.pid === own) ?? false;
  return {
    ok: end.code === 0 && points.length > 0 && flagged === points.length && named,
    detail:
      `second process (--shared): exit ${end.code}, ${flagged} of ${points.length} point(s) flagged, ` +
      `${named ? 'names' : 'does not name'} this process (NVML pid ${own})` +
      (end.code === 0 ? '' : `; ${end.stderr.trim().split('\n').pop() ?? ''}`),
    figures: { exitCode: end.code, flagged, points: points.length, nvmlPid: own },
  };
}

/** Starts the CLI like compute-sanitizer's targets do (`host`) and reads the JSON result it wrote. */
function cliRunner(host: SanitizerHost, timeoutMs = 120_000): SharingDeps['runCli'] {
  return (args) =>
    new Promise((resolve) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'syncbench-selftest-'));
      const out = path.join(dir, 'result.json');
      const cli = host.cliArgs ?? [host.cliPath];
      const child = spawn(host.execPath, [...cli, 'run', ...args, '--format', 'json', '--out', out], {
        env: { ...process.env, ...host.env },
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: timeoutMs,
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
      const finish = (code: number | null) => {
        let result: ResultFile | null = null;
        try {
          result = ResultFileSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
        } catch {
          result = null;
        }
        rmSync(dir, { recursive: true, force: true });
        resolve({ code, stderr, result });
      };
      child.on('error', (err) => {
        stderr += err.message;
        finish(null);
      });
      child.on('close', finish);
    });
}

/** The checks; `host` starts the CLI (null: the two-process checks are skipped). */
export function sharingChecks(backend: MeasureBackend, device: Device, host: SanitizerHost | null): Check[] {
  const checks: Check[] = [];
  if (Number(device.computeCapability) * 10 >= 90) {
    checks.push({
      id: 'cluster-launch-of-one',
      title: `cluster: size 1 launched with the cluster attribute costs ≥ ${LAUNCH_OF_ONE_MIN_RATIO}× the implicit cluster per sync (same grid)`,
      run: async (ctx) => {
        const r = await measure(backend, 'cluster', { clusterSizes: '1' });
        ctx.keep(r);
        return launchOfOneOutcome(r.points);
      },
    });
  }
  const deps: SharingDeps = {
    pid: process.pid,
    takeLock: async () => {
      const lock = await takeGpuLock(device, 60_000);
      return 'busy' in lock ? null : lock;
    },
    runCli: host ? cliRunner(host) : async () => ({ code: null, stderr: 'no CLI to start', result: null }),
    gpuProcesses: async () => (device.pciBusId ? backend.gpuProcesses(device.pciBusId) : null),
  };
  const skipped = async (): Promise<Outcome> => ({
    ok: null,
    detail: 'no CLI to start: skipped',
    figures: {},
  });
  checks.push(
    {
      id: 'gpu-lock-refuses',
      title: 'a second product process refuses (exit 2, naming the holder) while this one holds the GPU',
      run: () => (host ? lockRefusesOutcome(deps) : skipped()),
    },
    {
      id: 'gpu-shared-flagged',
      title:
        'a second product process with --shared beside this one flags every point and names this process',
      run: () => (host ? sharedFlaggedOutcome(deps) : skipped()),
    },
  );
  return checks;
}
