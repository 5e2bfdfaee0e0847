/**
 * What one compute-sanitizer run means against what was expected of its target: the correct kernel clean, the
 * planted hazard reported. The same reading as the notes a run writes (electron/core/measure/run.ts).
 */
import type { SanitizerReport } from '../results/schema';
import type { SanitizerOutcome } from '../words/report';

export type { SanitizerOutcome };

type SanitizerRun = SanitizerReport['runs'][number];

/** The outcome of one run of the tool. */
export function sanitizerOutcome(run: SanitizerRun): SanitizerOutcome {
  if (run.errors === null) {
    return {
      expected: null,
      kind: 'unreadable',
      text: 'no summary line in the tool’s output: see the excerpt',
    };
  }
  if (run.expectClean) {
    return run.errors === 0
      ? { expected: true, kind: 'clean', text: 'clean, as expected' }
      : { expected: false, kind: 'hazardsOnCorrect', text: 'REPORTED HAZARDS on the correct kernel' };
  }
  return run.errors > 0
    ? { expected: true, kind: 'detected', text: 'hazard detected, as planted' }
    : { expected: false, kind: 'missed', text: 'the planted hazard was NOT reported' };
}
