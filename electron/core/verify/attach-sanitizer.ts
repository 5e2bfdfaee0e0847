/** compute-sanitizer's report on a finished result (the `--sanitizer` option of the correctness mode). */
import { sanitizerOutcome } from '../../model/methods/sanitizer-outcome';
import { SANITIZER_TARGETS } from '../../model/modes/sanitizer-targets';
import type { AttachSanitizer } from '../measure/run';
import { runSanitizerTarget, sanitizerVersion, type SanitizerHost } from './sanitizer';

/**
 * The port startMeasuredRun takes (`opts.attachSanitizer`) for a shell that can start its CLI (`host`): runs
 * compute-sanitizer's targets for the run's tools, one child process each, and puts the report (or why there is
 * none: the tool is not on the PATH) and one note per target on the result.
 */
export function sanitizerAttacher(host: SanitizerHost): AttachSanitizer {
  return async (result, tools) => {
    const version = sanitizerVersion();
    if (!version) {
      result.notes.push(
        `compute-sanitizer ${tools.join(' and ')} was asked for but not run: compute-sanitizer is not on the PATH.`,
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
  };
}
