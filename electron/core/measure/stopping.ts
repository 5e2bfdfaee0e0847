/**
 * The stopping rule of a point (docs/methods.md, "Statistics"): its defaults and allowed ranges, in one place. The
 * native point runner takes every field as required (native/src/run_worker.cc), the Run form and the CLI help read
 * their defaults from here, and maxReps is bounded so the CI rank table sent with each point stays small.
 */
import { PlanError } from '../../model/modes/plan-error';
import type { HostText, StoppingRequest } from '../../contract';
import { word } from '../../model/words/host-text';
import type { Stopping } from '../../model/results/schema';

/** Default stopping rule: fast enough that the `modes` table finishes in a few seconds on an H200. */
export const DEFAULT_STOPPING: Stopping = {
  warmup: 2,
  minReps: 10,
  maxReps: 2000,
  minTimeMs: 20,
  maxTimeMs: 300,
  targetRelCi: 0.01,
};

/** The largest maxReps a request may ask for (the rank table holds one entry per repetition count). */
export const MAX_REPS_LIMIT = 20_000;

/** Allowed range of each field: [lowest, highest, whole numbers only]. */
export const STOPPING_LIMITS: Record<keyof Stopping, [number, number, boolean]> = {
  warmup: [0, 1000, true],
  minReps: [1, 1_000_000, true],
  maxReps: [1, MAX_REPS_LIMIT, true],
  minTimeMs: [0, 600_000, false],
  maxTimeMs: [0, 3_600_000, false],
  targetRelCi: [0.0001, 1, false],
};

/** The stopping rule of a request: defaults filled in, ranges and order checked (throws PlanError INVALID). */
export function parseStopping(req: StoppingRequest | undefined): Stopping {
  const s: Stopping = { ...DEFAULT_STOPPING };
  const errors: Record<string, HostText> = {};
  for (const [key, [lo, hi, integer]] of Object.entries(STOPPING_LIMITS) as Array<
    [keyof Stopping, [number, number, boolean]]
  >) {
    const v = req?.[key];
    if (v === undefined) continue;
    if (
      typeof v !== 'number' ||
      !Number.isFinite(v) ||
      v < lo ||
      v > hi ||
      (integer && !Number.isInteger(v))
    ) {
      const code = integer ? 'plan.stoppingWhole' : 'plan.stoppingNumber';
      errors[key] = word(code, { value: String(v), min: lo, max: hi });
    } else {
      s[key] = v;
    }
  }
  if (!errors.maxReps && !errors.minReps && s.maxReps < s.minReps) {
    errors.maxReps = word('plan.atLeast', {
      field: 'maxReps',
      value: s.maxReps,
      other: 'minReps',
      otherValue: s.minReps,
    });
  }
  if (!errors.maxTimeMs && !errors.minTimeMs && s.maxTimeMs < s.minTimeMs) {
    errors.maxTimeMs = word('plan.atLeast', {
      field: 'maxTimeMs',
      value: s.maxTimeMs,
      other: 'minTimeMs',
      otherValue: s.minTimeMs,
    });
  }
  if (Object.keys(errors).length > 0) throw PlanError.fields(errors);
  return s;
}
