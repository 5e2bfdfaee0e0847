/**
 * Validates a run request and plans its points: what needs no GPU first (mode, parameters, stopping rule), then
 * the device and the mode's plan. Throws PlanError; launches nothing.
 */
import type { RunRequest } from '../../contract';
import { getMode } from '../../model/modes';
import { parseParams } from '../../model/modes/params';
import type { ModeDefinition, ParamValues, PlannedPoint } from '../../model/modes/types';
import type { NativeDeviceQuery } from '../../model/native/addon-types';
import type { Device, Plan, Stopping } from '../../model/results/schema';
import type { MeasureBackend } from '../../model/measure/backend';
import { resolveDevice } from './device';
import { word } from '../../model/words/host-text';
import { PlanError } from '../../model/modes/plan-error';
import { parseStopping } from './stopping';

/** Points whose running clock is below this fraction of the peak SM clock are flagged throttled. */
export const DEFAULT_THROTTLE_THRESHOLD = 0.85;

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
      mode: word('plan.modeNeedsCc', {
        mode: mode.info.id,
        cc: mode.info.minCc / 10,
        device: device.name,
        deviceCc: device.computeCapability,
      }),
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
