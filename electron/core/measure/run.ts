/**
 * Runs a mode on the GPU: plan it (plan-run.ts), measure the points through a MeasureBackend, and assemble the
 * result file with its notes (run-notes.ts) and, when asked, compute-sanitizer's report (through the
 * AttachSanitizer port: electron/core/verify/attach-sanitizer.ts).
 * Nothing here imports Electron.
 */
import { randomUUID } from 'node:crypto';

import type { RunRequest } from '../../contract';
import type { NativeError, NativePointResult, NativePointSpec } from '../../model/native/addon-types';
import { RESULT_FORMAT, RESULT_UNITS, RESULT_VERSION } from '../../model/results/schema';
import type { Plan, Point, Provenance, ResultFile } from '../../model/results/schema';
import type { SanitizerTool } from '../../model/modes/sanitizer-targets';
import type { AddonStatus, MeasureBackend } from '../../model/measure/backend';
import { driverText } from './device';
import { takeGpu, type GpuHold, type GpuWait } from './gpu-access';
import { sharingOf, withoutWaiters } from './gpu-sharing';
import { planRun, type PlannedRun } from './plan-run';
import { provenance } from './provenance';
import { notesOf } from './run-notes';
import { medianCiRankTable } from '../../model/measure/stats';
import { toPoint } from './to-point';

export interface RunCallbacks {
  /** The run waits for the GPU (another product process, or --exclusive's other processes), about once a second. */
  onGpuWait?(wait: GpuWait): void;
  onStarted?(plan: Plan, totalPoints: number): void;
  onPoint?(point: Point, done: number, total: number): void;
}

/**
 * Runs compute-sanitizer for `tools` on a complete result and puts its report and notes on it (the shell's port:
 * verify/attach-sanitizer.ts `sanitizerAttacher`, for a shell that can start its CLI in a child process).
 */
export type AttachSanitizer = (result: ResultFile, tools: SanitizerTool[]) => Promise<void>;

/** How a run is started: the CUDA scheduling flag, compute-sanitizer's port, the folder of the per-GPU locks. */
export interface RunOptions {
  scheduleFlag?: Provenance['scheduleFlag'];
  /** Absent: a run that asks for compute-sanitizer gets a note that this shell cannot start it. */
  attachSanitizer?: AttachSanitizer;
  lockDir?: string;
}

export interface MeasuredRun {
  cancel(): void;
  /** Resolves when the run ends; `sticky`: the CUDA context broke and the measuring process must restart. */
  done: Promise<{ result: ResultFile; sticky: boolean }>;
}

/**
 * Starts a measured run. Rejects with PlanError before anything is launched; afterwards `done` always resolves,
 * with status complete, cancelled (points measured so far) or failed (error set, finished points kept).
 */
export async function startMeasuredRun(
  req: RunRequest,
  backend: MeasureBackend,
  cb: RunCallbacks = {},
  opts: RunOptions = {},
): Promise<MeasuredRun> {
  const planned = await planRun(req, backend);
  const { device } = planned;
  const hold = await takeGpu(req, backend, device, cb.onGpuWait, opts.lockDir);
  try {
    const addon = await backend.addonStatus();
    const unrollOf = new Map((await backend.workloads()).map((w) => [w.id, w.unroll]));
    return measure(req, backend, cb, opts, { planned, hold, addon, unrollOf });
  } catch (err) {
    await hold.release();
    throw err;
  }
}

/** A planned run holding its GPU, with what the result's provenance and points need of the addon. */
interface HeldRun {
  planned: PlannedRun;
  hold: GpuHold;
  addon: AddonStatus;
  unrollOf: Map<string, number>;
}

/** What the run has measured so far: its points, each point's GPU processes, the product's processes that waited. */
interface Measured {
  points: Point[];
  processLists: NativePointResult['gpuProcesses'][];
  waited: Set<number>;
}

/** Starts the native run of a planned, GPU-holding run (synchronously, so no point finishes before it returns). */
function measure(
  req: RunRequest,
  backend: MeasureBackend,
  cb: RunCallbacks,
  opts: RunOptions,
  run: HeldRun,
): MeasuredRun {
  const { planned, hold, unrollOf } = run;
  const { plan, points: plannedPoints, device } = planned;
  const startedAt = new Date();
  const specs = pointSpecs(planned);
  const measured: Measured = { points: [], processLists: [], waited: new Set<number>() };
  cb.onStarted?.(plan, specs.length);
  const handle = backend.startRun(specs, (event) => {
    if (event.type !== 'point') return;
    const planned = plannedPoints[event.index];
    if (!planned) return;
    // The product's processes waiting for this GPU's lock hold a context and launch nothing: not a sharer.
    const judged = withoutWaiters(event.result.gpuProcesses, hold.waiters());
    for (const pid of judged.waited) measured.waited.add(pid);
    const result = { ...event.result, gpuProcesses: judged.list };
    const point = toPoint(
      event.index,
      planned,
      result,
      device,
      plan.throttleThreshold,
      unrollOf.get(planned.spec.workload) ?? 0,
    );
    measured.points.push(point);
    measured.processLists.push(judged.list);
    cb.onPoint?.(point, measured.points.length, specs.length);
  });
  const finish = (status: ResultFile['status'], error: ResultFile['error']): ResultFile =>
    resultOf(req, opts, run, measured, { startedAt, status, error });
  const tools = planned.mode.sanitizerTools?.(plan.params) ?? [];
  const done = handle.done
    .then(
      async (r) => {
        const result = finish(r.status, null);
        if (r.status === 'complete' && tools.length > 0) {
          if (opts.attachSanitizer) await opts.attachSanitizer(result, tools);
          else result.notes.push(sanitizerNotRunNote(tools));
        }
        return { result, sticky: false };
      },
      (err: NativeError) => ({
        result: finish('failed', {
          code: err.code ?? 'INTERNAL',
          message:
            err.point !== undefined && plannedPoints[err.point]
              ? `${plannedPoints[err.point]!.label}: ${err.message}`
              : err.message,
        }),
        sticky: err.sticky === true,
      }),
    )
    .finally(() => hold.release());
  return { cancel: () => handle.cancel(), done };
}

/** The addon's specs of the planned points: on the run's device (or the point's pair), with the stopping rule. */
function pointSpecs(planned: PlannedRun): NativePointSpec[] {
  const { plan, device } = planned;
  const ciLoRanks = medianCiRankTable(plan.stopping.maxReps);
  return planned.points.map((p) => ({
    ...p.spec,
    device: p.devices?.device ?? device.ordinal,
    ...(p.devices ? { peerDevice: p.devices.peerDevice } : {}),
    ...plan.stopping,
    ciLoRanks,
    allowUnsafe: false,
  }));
}

/** The result file of a run that ended with `status` (and `error` when it failed), of the points measured so far. */
function resultOf(
  req: RunRequest,
  opts: RunOptions,
  { planned, hold, addon }: HeldRun,
  measured: Measured,
  end: { startedAt: Date; status: ResultFile['status']; error: ResultFile['error'] },
): ResultFile {
  const { plan, device, query } = planned;
  const points = measured.points;
  return {
    format: RESULT_FORMAT,
    version: RESULT_VERSION,
    id: randomUUID(),
    name: req.name ?? `${plan.mode} on ${device.name}`,
    createdAt: new Date().toISOString(),
    units: RESULT_UNITS,
    source: { kind: 'measured', citation: null, note: null },
    provenance: provenance({
      device,
      driverVersion: driverText(query),
      runtimeVersion: query.runtimeVersion,
      addon,
      scheduleFlag: opts.scheduleFlag ?? 'auto',
      startedAt: end.startedAt,
      finishedAt: new Date(),
    }),
    plan,
    status: end.status,
    error: end.error,
    points,
    ratios: planned.mode.ratios(points),
    notes: [...planned.notes, ...notesOf(points), ...waitedNotes(measured.waited)],
    sanitizer: null,
    gpuSharing: sharingOf(hold.access, measured.processLists, hold.waitedMs),
  };
}

/** The note of a run that asked for compute-sanitizer in a shell that cannot start the CLI for it. */
function sanitizerNotRunNote(tools: SanitizerTool[]): string {
  return `compute-sanitizer ${tools.join(' and ')} was asked for but not run: this shell cannot start the CLI for it.`;
}

/** A note naming the product's processes that waited for this GPU during the run (not counted as sharing it). */
function waitedNotes(waited: ReadonlySet<number>): string[] {
  if (waited.size === 0) return [];
  const pids = [...waited].sort((a, b) => a - b).join(', ');
  return [
    `Another Sync Workbench process (pid ${pids}) waited for this GPU during the run: it held a CUDA context but ` +
      'launched nothing until this run released the GPU, so the points are not flagged as shared.',
  ];
}
