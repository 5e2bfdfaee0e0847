/**
 * Messages between the app and its measuring process (electron/worker/host.ts). Plain data only: they cross
 * Node's IPC channel (`child_process.fork`, advanced serialization) or Electron's `MessagePort`
 * (`utilityProcess`), both structured clone.
 */
import type { MeasureBackend } from '../model/measure/backend';
import type { NativePointSpec, NativeRunEvent } from '../model/native/addon-types';

/** The backend methods answered by one reply (everything but `startRun`). */
export const CALL_METHODS = [
  'addonStatus',
  'queryDevices',
  'workloads',
  'occupancy',
  'maxActiveClusters',
  'gpuProcesses',
] as const;
export type CallMethod = (typeof CALL_METHODS)[number] & keyof MeasureBackend;

/** App -> measuring process. */
export type ToHost =
  | { t: 'call'; id: number; method: CallMethod; args: unknown[] }
  | { t: 'run'; id: number; points: NativePointSpec[] }
  | { t: 'cancel'; id: number };

/** An error as it crosses the process boundary (the addon's NativeError fields kept). */
export interface WireError {
  name: string;
  message: string;
  code?: string;
  sticky?: boolean;
  cudaError?: string;
  cudaErrorCode?: number;
  point?: number;
}

/** Measuring process -> app. */
export type FromHost =
  | { t: 'ready'; pid: number }
  | { t: 'reply'; id: number; ok: true; value: unknown }
  | { t: 'reply'; id: number; ok: false; error: WireError }
  | { t: 'run-event'; id: number; event: NativeRunEvent }
  | { t: 'run-done'; id: number; ok: true; value: { status: 'complete' | 'cancelled'; pointsDone: number } }
  | { t: 'run-done'; id: number; ok: false; error: WireError };

/** The fields of a thrown value that survive the trip. */
export function toWireError(err: unknown): WireError {
  if (typeof err !== 'object' || err === null) return { name: 'Error', message: String(err) };
  const e = err as Partial<WireError>;
  const out: WireError = {
    name: typeof e.name === 'string' ? e.name : 'Error',
    message: typeof e.message === 'string' ? e.message : String(err),
  };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.sticky === 'boolean') out.sticky = e.sticky;
  if (typeof e.cudaError === 'string') out.cudaError = e.cudaError;
  if (typeof e.cudaErrorCode === 'number') out.cudaErrorCode = e.cudaErrorCode;
  if (typeof e.point === 'number') out.point = e.point;
  return out;
}

/** An Error with the wire error's name, message and fields. */
export function fromWireError(wire: WireError): Error {
  const { name, message, ...fields } = wire;
  return Object.assign(new Error(message), { name }, fields);
}

/** True when `value` looks like a message from the measuring process (`t` is one of its kinds). */
export function isFromHost(value: unknown): value is FromHost {
  if (typeof value !== 'object' || value === null) return false;
  const t = (value as { t?: unknown }).t;
  return t === 'ready' || t === 'reply' || t === 'run-event' || t === 'run-done';
}
