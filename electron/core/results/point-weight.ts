/**
 * How heavy a point is to serialize: its raw samples dominate (one number per repetition in each of the twelve
 * raw arrays), so batches and replay slices are bounded by this weight as well as by a count, keeping each
 * JSON.stringify / structured clone on the host's event loop short.
 */
import type { Point } from '../../model/results/schema';

/** Raw samples a batch or slice may carry before it is cut (≈ 0.5 MB of JSON, a few ms to serialize). */
export const SAMPLE_BUDGET = 50_000;

/** Number of raw samples in `point`, plus one for the point itself. */
export function pointWeight(point: Point): number {
  let n = 1;
  for (const samples of Object.values(point.raw)) n += samples.length;
  return n;
}
