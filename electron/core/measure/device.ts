/**
 * The GPU a request runs on, and what the Device view and `syncbench device` show: addon state, devices and their
 * topology, the cooperative co-resident limit. Nothing here launches a kernel.
 */
import type { CoopLimit, CoopLimitRequest, DeviceStatus } from '../../contract';
import { coResidentLimit } from '../../model/modes/points';
import type { NativeDeviceQuery } from '../../model/native/addon-types';
import type { Device } from '../../model/results/schema';
import { topologyOf } from '../../model/multi-gpu';
import type { MeasureBackend } from '../../model/measure/backend';
import { word } from '../../model/words/host-text';
import { PlanError } from '../../model/modes/plan-error';
import { noGpuReasonText } from '../../model/native/gpu-reasons';
import { toDevice } from './provenance';

/** The GPU a request runs on, or PlanError NO_ADDON / NO_GPU / INVALID (device ordinal out of range). */
export async function resolveDevice(
  backend: MeasureBackend,
  ordinal: number,
): Promise<{ device: Device; query: Extract<NativeDeviceQuery, { available: true }> }> {
  const status = await backend.addonStatus();
  if (!status.loaded) {
    const error = new PlanError('NO_ADDON', status.reason ?? 'the native addon is not loaded');
    // The reason's code travels with the refusal (service/failure.ts), so the page words it in its language.
    throw status.reason && status.reasonText ? Object.assign(error, { text: status.reasonText }) : error;
  }
  const query = await backend.queryDevices();
  if (!query) throw new PlanError('NO_ADDON', 'the native addon is not loaded');
  if (!query.available) {
    const error = new PlanError('NO_GPU', query.reason);
    const text = noGpuReasonText(query.reason);
    throw text ? Object.assign(error, { text }) : error;
  }
  const native = query.devices[ordinal];
  if (!Number.isInteger(ordinal) || !native) {
    throw PlanError.fields({
      device: word('plan.noDevice', { ordinal, last: query.devices.length - 1 }),
    });
  }
  return { device: toDevice(native), query };
}

/** The driver as a person knows it: the NVML release (e.g. "580.159.04") and the CUDA version it supports. */
export function driverText(query: Extract<NativeDeviceQuery, { available: true }>): string {
  return query.nvmlDriverVersion
    ? `${query.nvmlDriverVersion} (supports CUDA ${query.driverVersion})`
    : `supports CUDA ${query.driverVersion}`;
}

/** A version the addon reports, or null where it says "none" (no driver: native/src/device_query.cc). */
function knownVersion(version: string): string | null {
  return version === 'none' ? null : version;
}

/** What the Device view shows: addon state, devices, or why there is no GPU. Never throws. */
export async function deviceStatus(backend: MeasureBackend): Promise<DeviceStatus> {
  const addon = await backend.addonStatus();
  const base = { addon, driverVersion: null, runtimeVersion: null, devices: [], topology: null };
  if (!addon.loaded) {
    return {
      ...base,
      available: false,
      reason: addon.reason,
      ...(addon.reasonText ? { reasonText: addon.reasonText } : {}),
    };
  }
  const query = await backend.queryDevices();
  if (!query) return { ...base, available: false, reason: addon.reason };
  if (!query.available) {
    const reasonText = noGpuReasonText(query.reason);
    return {
      ...base,
      available: false,
      reason: query.reason,
      ...(reasonText ? { reasonText } : {}),
      driverVersion: knownVersion(query.driverVersion),
      runtimeVersion: knownVersion(query.runtimeVersion),
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
      threadsPerBlock: word('plan.threadsPerBlock', {
        value: String(req.threadsPerBlock),
        max: device.maxThreadsPerBlock,
      }),
    });
  }
  return coResidentLimit({ device, backend }, req.workload ?? 'grid_sync', req.threadsPerBlock);
}
