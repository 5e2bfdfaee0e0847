/**
 * Validation before launch for the sm_90 modes (pdl, pipeline, cluster_arrive): each rule names what was asked, the
 * rule, and the limit with where it comes from, so a refusal can be acted on.
 */
import type { HostText } from '../../contract';
import { PlanError } from './plan-error';
import type { Device } from '../results/schema';
import { word } from '../words/host-text';

/** Compute capability × 10 ("9.0" → 90). */
export function ccOf(device: Device): number {
  return Math.round(Number(device.computeCapability) * 10);
}

/**
 * Refuses a device below compute capability 9.0 for `what` (a coded phrase, e.g. `plan.sm90Pdl`: "programmatic
 * dependent launch (…)"): the kernels' sm_90 instructions are compiled only for sm_90+ (kernels/hopper.cuh) and
 * trap elsewhere.
 */
export function requireSm90(device: Device, what: HostText, field = 'mode'): void {
  if (ccOf(device) < 90) {
    throw PlanError.fields({
      [field]: word('plan.needsSm90', { what, device: device.name, cc: device.computeCapability }),
    });
  }
}

/** Bytes of one TMA bulk copy and of every 16-byte vector copy: a multiple of this (PTX ISA, cp.async.bulk). */
export const TMA_SIZE_MULTIPLE_BYTES = 16;
/** The kernels' largest stage payload (the param packs payload / 16 in 13 bits; kernels/pipeline.cu). */
export const MAX_STAGE_PAYLOAD_BYTES = 65536;
/** Static shared memory of the pipeline kernels besides the stages: 4 full + 4 empty mbarriers of 8 bytes. */
export const PIPELINE_STATIC_SMEM_BYTES = 64;

/**
 * The problem with a stage payload, or null: a multiple of 16 bytes (cp.async.bulk copies whole 16-byte units from
 * and to 16-byte-aligned addresses; stage k starts at k × payload, so every stage is aligned only if the payload is
 * a multiple of 16) and at most MAX_STAGE_PAYLOAD_BYTES.
 */
export function payloadProblem(bytes: number): HostText | null {
  if (bytes % TMA_SIZE_MULTIPLE_BYTES !== 0) {
    return word('plan.payloadMultiple', { bytes, multiple: TMA_SIZE_MULTIPLE_BYTES });
  }
  if (bytes > MAX_STAGE_PAYLOAD_BYTES) {
    return word('plan.payloadTooLarge', { bytes, max: MAX_STAGE_PAYLOAD_BYTES });
  }
  return null;
}

/**
 * The problem with `stages` stages of `payloadBytes` each on this device, or null: the dynamic shared memory
 * stages × payload plus the static barriers must fit the opt-in limit per block
 * (cudaDevAttrMaxSharedMemoryPerBlockOptin, cudaDeviceProp.sharedMemPerBlockOptin; CUDA Programming Guide,
 * "Shared Memory").
 */
export function stageSmemProblem(device: Device, stages: number, payloadBytes: number): HostText | null {
  const limit = device.sharedMemPerBlockOptinBytes ?? device.sharedMemPerBlockBytes;
  const need = stages * payloadBytes + PIPELINE_STATIC_SMEM_BYTES;
  if (limit !== null && need > limit) {
    return word('plan.stageSmem', {
      stages,
      bytes: payloadBytes,
      barriers: PIPELINE_STATIC_SMEM_BYTES,
      need,
      device: device.name,
      limit,
    });
  }
  return null;
}
