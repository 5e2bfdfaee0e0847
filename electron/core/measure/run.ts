/**
 * Runs a mode on the GPU: resolve the device, validate the request, plan the points, measure them through a
 * MeasureBackend, and assemble the result file. Also the device status and cooperative-limit queries the shells
 * show. Nothing here imports Electron.
 */
import { randomUUID } from 'node:crypto';

import type { CoopLimit, CoopLimitRequest, DeviceStatus, RunRequest } from '../../contract';
import { getMode } from '../modes';
import { coResidentLimit } from '../modes/points';
import { parseParams } from '../modes/params';
import type { ModeDefinition, ParamValues, PlannedPoint } from '../modes/types';
import type { NativeDeviceQuery, NativeError, NativePointSpec } from '../native/addon-types';
import { RESULT_FORMAT, RESULT_UNITS, RESULT_VERSION } from '../results/schema';
import type { Device, Plan, Point, Provenance, ResultFile, Stopping } from '../results/schema';
import type { MeasureBackend } from './backend';
import { PlanError } from './plan-error';
import { sanitizerOutcome } from '../methods/sanitizer-outcome';
import { topologyOf } from '../multi-gpu';
import { provenance, toDevice } from './provenance';
import { runSanitizerTarget, sanitizerVersion, type SanitizerHost } from '../verify/sanitizer';
import { SANITIZER_TARGETS, type SanitizerTool } from '../verify/sanitizer-targets';
import { parseStopping } from './stopping';
import { medianCiRankTable } from './stats';
import { toPoint } from './to-point';

export { DEFAULT_STOPPING, parseStopping } from './stopping';

/** Points whose running clock is below this fraction of the peak SM clock are flagged throttled. */
export const DEFAULT_THROTTLE_THRESHOLD = 0.85;

/** The GPU a request runs on, or PlanError NO_ADDON / NO_GPU / INVALID (device ordinal out of range). */
export async function resolveDevice(
  backend: MeasureBackend,
  ordinal: number,
): Promise<{ device: Device; query: Extract<NativeDeviceQuery, { available: true }> }> {
  const status = await backend.addonStatus();
  if (!status.loaded) throw new PlanError('NO_ADDON', status.reason ?? 'the native addon is not loaded');
  const query = await backend.queryDevices();
  if (!query) throw new PlanError('NO_ADDON', 'the native addon is not loaded');
  if (!query.available) throw new PlanError('NO_GPU', query.reason);
  const native = query.devices[ordinal];
  if (!Number.isInteger(ordinal) || !native) {
    throw PlanError.fields({
      device: `device ${ordinal} does not exist; this machine has devices 0..${query.devices.length - 1}`,
    });
  }
  return { device: toDevice(native), query };
}

/**
 * Checks everything of a request that needs no GPU (the mode, each parameter, the rules between parameters, the
 * stopping rule), so a machine without a GPU refuses a bad request as INVALID before it says "no GPU".
 * @throws PlanError INVALID with one message per field.
 */
export function checkRequestWithoutDevice(req: RunRequest): {
  mode: ModeDefinition;
  params: ParamValues;
  stopping: Stopping;
} {
  const mode = getMode(req.mode);
  const params = parseParams(mode.info.params, req.params ?? {});
  mode.checkParams?.(params);
  return { mode, params, stopping: parseStopping(req.stopping) };
}

export interface PlannedRun {
  mode: ModeDefinition;
  plan: Plan;
  points: PlannedPoint[];
  device: Device;
  query: Extract<NativeDeviceQuery, { available: true }>;
  /** What the plan left out and why, for the result's notes (e.g. a GPU pair without peer access). */
  notes: string[];
}

/**
 * Validates a request and plans its points. Parameter errors are reported before device errors, so a request can
 * be checked on a machine without a GPU. Throws PlanError.
 */
export async function planRun(req: RunRequest, backend: MeasureBackend): Promise<PlannedRun> {
  const { mode, params, stopping } = checkRequestWithoutDevice(req);
  const { device, query } = await resolveDevice(backend, req.device ?? 0);
  if (mode.info.minCc > 0 && Number(device.computeCapability) * 10 < mode.info.minCc) {
    throw PlanError.fields({
      mode: `${mode.info.id} needs compute capability ${mode.info.minCc / 10} or newer; ${device.name} is ${device.computeCapability}`,
    });
  }
  const notes: string[] = [];
  const points = await mode.plan(params, { device, backend, notes });
  const plan: Plan = {
    mode: mode.info.id,
    device: device.ordinal,
    params,
    stopping,
    throttleThreshold: DEFAULT_THROTTLE_THRESHOLD,
    xAxis: mode.xAxis,
  };
  return { mode, plan, points, device, query, notes };
}

/** Checks a request without running it; resolves the number of points. Throws PlanError. */
export async function validateRunRequest(
  req: RunRequest,
  backend: MeasureBackend,
): Promise<{ points: number }> {
  const planned = await planRun(req, backend);
  return { points: planned.points.length };
}

export interface RunCallbacks {
  onStarted?(plan: Plan, totalPoints: number): void;
  onPoint?(point: Point, done: number, total: number): void;
}

export interface MeasuredRun {
  cancel(): void;
  /** Resolves when the run ends; `sticky`: the CUDA context broke and the measuring process must restart. */
  done: Promise<{ result: ResultFile; sticky: boolean }>;
}

function notesOf(points: Point[]): string[] {
  const notes: string[] = [];
  const count = (pred: (p: Point) => boolean) => points.filter(pred).length;
  const noisy = count((p) => p.noisy);
  if (noisy) notes.push(`${noisy} point(s) stopped before reaching the noise target (marked noisy, kept).`);
  const throttled = count((p) => p.clock.throttled);
  if (throttled) notes.push(`${throttled} point(s) ran below the throttle threshold of the peak SM clock.`);
  const failed = count((p) => p.verification !== null && !p.verification.ok);
  if (failed) notes.push(`${failed} point(s) FAILED verification: their outputs did not match.`);
  const subCycle = points
    .filter((p) => p.perSyncCycles && Math.abs(p.perSyncCycles.median) < 1)
    .map((p) => p.label);
  if (subCycle.length) {
    notes.push(
      `Less than one SM cycle per unit (no instruction was emitted for it, or it hides behind the loop; see the SASS), ` +
        `so no per-sync ratio uses it: ${subCycle.join('; ')}.`,
    );
  }
  const incorrect = count((p) => p.incorrect);
  if (incorrect) {
    notes.push(
      `${incorrect} point(s) measure an incorrect protocol (e.g. a volatile flag): shown for cost only, never ranked.`,
    );
  }
  return notes;
}

/**
 * Starts a measured run. Rejects with PlanError before anything is launched; afterwards `done` always resolves,
 * with status complete, cancelled (points measured so far) or failed (error set, finished points kept).
 */
export async function startMeasuredRun(
  req: RunRequest,
  backend: MeasureBackend,
  cb: RunCallbacks = {},
  opts: { scheduleFlag?: Provenance['scheduleFlag']; sanitizerHost?: SanitizerHost } = {},
): Promise<MeasuredRun> {
  const planned = await planRun(req, backend);
  const { plan, points: plannedPoints, device, query } = planned;
  const addon = await backend.addonStatus();
  const startedAt = new Date();
  const ciLoRanks = medianCiRankTable(plan.stopping.maxReps);
  const unrollOf = new Map((await backend.workloads()).map((w) => [w.id, w.unroll]));
  const specs: NativePointSpec[] = plannedPoints.map((p) => ({
    ...p.spec,
    device: p.devices?.device ?? device.ordinal,
    ...(p.devices ? { peerDevice: p.devices.peerDevice } : {}),
    ...plan.stopping,
    ciLoRanks,
    allowUnsafe: false,
  }));
  const measured: Point[] = [];
  cb.onStarted?.(plan, specs.length);
  const handle = backend.startRun(specs, (event) => {
    if (event.type !== 'point') return;
    const planned = plannedPoints[event.index];
    if (!planned) return;
    const point = toPoint(
      event.index,
      planned,
      event.result,
      device,
      plan.throttleThreshold,
      unrollOf.get(planned.spec.workload) ?? 0,
    );
    measured.push(point);
    cb.onPoint?.(point, measured.length, specs.length);
  });
  const finish = (status: ResultFile['status'], error: ResultFile['error']): ResultFile => ({
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
      startedAt,
      finishedAt: new Date(),
    }),
    plan,
    status,
    error,
    points: measured,
    ratios: planned.mode.ratios(measured),
    notes: [...planned.notes, ...notesOf(measured)],
    sanitizer: null,
  });
  const tools = planned.mode.sanitizerTools?.(plan.params) ?? [];
  const done = handle.done.then(
    async (r) => {
      const result = finish(r.status, null);
      if (r.status === 'complete' && tools.length > 0)
        await attachSanitizer(result, tools, opts.sanitizerHost);
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
  );
  return { cancel: () => handle.cancel(), done };
}

/** Runs compute-sanitizer's targets for `tools` and puts the report (or why there is none) on the result. */
async function attachSanitizer(
  result: ResultFile,
  tools: SanitizerTool[],
  host: SanitizerHost | undefined,
): Promise<void> {
  const version = sanitizerVersion();
  if (!version || !host) {
    result.notes.push(
      `compute-sanitizer ${tools.join(' and ')} was asked for but not run: ${version ? 'this shell cannot start the CLI for it' : 'compute-sanitizer is not on the PATH'}.`,
    );
    return;
  }
  const runs = [];
  for (const target of SANITIZER_TARGETS.filter(([tool]) => tools.includes(tool))) {
    runs.push(await runSanitizerTarget(host, target));
  }
  result.sanitizer = { version, runs };
  for (const r of runs) {
    result.notes.push(
      `compute-sanitizer ${r.tool} on ${r.what}: ${r.summary} (${sanitizerOutcome(r).text}).`,
    );
  }
}

/** The driver as a person knows it: the NVML release (e.g. "580.159.04") and the CUDA version it supports. */
function driverText(query: Extract<NativeDeviceQuery, { available: true }>): string {
  return query.nvmlDriverVersion
    ? `${query.nvmlDriverVersion} (supports CUDA ${query.driverVersion})`
    : `supports CUDA ${query.driverVersion}`;
}

/** What the Device view shows: addon state, devices, or why there is no GPU. Never throws. */
export async function deviceStatus(backend: MeasureBackend): Promise<DeviceStatus> {
  const addon = await backend.addonStatus();
  const base = { addon, driverVersion: null, runtimeVersion: null, devices: [], topology: null };
  if (!addon.loaded) return { ...base, available: false, reason: addon.reason };
  const query = await backend.queryDevices();
  if (!query) return { ...base, available: false, reason: addon.reason };
  if (!query.available) {
    return {
      ...base,
      available: false,
      reason: query.reason,
      driverVersion: query.driverVersion,
      runtimeVersion: query.runtimeVersion,
    };
  }
  return {
    addon,
    available: true,
    reason: null,
    driverVersion: driverText(query),
    runtimeVersion: query.runtimeVersion,
    devices: query.devices.map(toDevice),
    topology: topologyOf(query),
  };
}

/** The cooperative co-resident limit for a block size, with how it was computed. Throws PlanError. */
export async function coopLimit(req: CoopLimitRequest, backend: MeasureBackend): Promise<CoopLimit> {
  const { device } = await resolveDevice(backend, req.device);
  if (
    !Number.isInteger(req.threadsPerBlock) ||
    req.threadsPerBlock < 1 ||
    req.threadsPerBlock > device.maxThreadsPerBlock
  ) {
    throw PlanError.fields({
      threadsPerBlock: `${req.threadsPerBlock} is not allowed; use 1 to ${device.maxThreadsPerBlock}`,
    });
  }
  return coResidentLimit({ device, backend }, req.workload ?? 'grid_sync', req.threadsPerBlock);
}
