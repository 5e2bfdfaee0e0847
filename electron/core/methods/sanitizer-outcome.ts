/**
 * What one compute-sanitizer run means against what was expected of its target: the correct kernel clean, the
 * planted hazard reported. The same reading as the notes a run writes (electron/core/measure/run.ts).
 */
import type { SanitizerReport } from '../results/schema';

type SanitizerRun = SanitizerReport['runs'][number];

/** How a run turned out: as expected, against expectation, or unreadable (no summary line). */
export interface SanitizerOutcome {
  expected: boolean | null;
  text: string;
}

/** The outcome of one run of the tool. */
export function sanitizerOutcome(run: SanitizerRun): SanitizerOutcome {
  if (run.errors === null) {
    return { expected: null, text: 'no summary line in the tool’s output: see the excerpt' };
  }
  if (run.expectClean) {
    return run.errors === 0
      ? { expected: true, text: 'clean, as expected' }
      : { expected: false, text: 'REPORTED HAZARDS on the correct kernel' };
  }
  return run.errors > 0
    ? { expected: true, text: 'hazard detected, as planted' }
    : { expected: false, text: 'the planted hazard was NOT reported' };
}
