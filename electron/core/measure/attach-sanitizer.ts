/** compute-sanitizer's report on a finished result (the `--sanitizer` option of the correctness mode). */
import { sanitizerOutcome } from '../../model/methods/sanitizer-outcome';
import type { ResultFile } from '../../model/results/schema';
import { runSanitizerTarget, sanitizerVersion, type SanitizerHost } from '../verify/sanitizer';
import { SANITIZER_TARGETS, type SanitizerTool } from '../../model/modes/sanitizer-targets';

export /** Runs compute-sanitizer's targets for `tools` and puts the report (or why there is none) on the result. */
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
