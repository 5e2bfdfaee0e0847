/**
 * Telling runs of one name apart (several "modes on NVIDIA H200"): a run whose name another run of the same list
 * carries is shown with its date and the first 8 characters of its id. The Results table and Compare's run picker
 * and run list use these, so a run looks the same in both.
 */
import type { ResultSummary } from '../../electron/contract';
import { runLine as coreRunLine, shortRunId, type NamedRun } from '../../electron/model/format/run-line';
import { formatDate } from '../figures/numbers';

type Named = Pick<ResultSummary, 'name'>;

/** The names that more than one of `runs` carries. */
export function sharedNames(runs: readonly Named[]): Set<string> {
  const seen = new Map<string, number>();
  for (const run of runs) seen.set(run.name, (seen.get(run.name) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([name]) => name));
}

/** What tells `run` apart from others of its name: its date (in the UI's locale) and short id, "… · 57ac4d37". */
export function runSuffix(run: Pick<ResultSummary, 'id' | 'createdAt'>): string {
  return `${formatDate(run.createdAt)} · ${shortRunId(run.id)}`;
}

/** A result as a list line, "name (date · short id) · mode · device", its date in the UI's locale. */
export function runLine(run: NamedRun, unknownDevice: string): string {
  return coreRunLine(run, formatDate, unknownDevice);
}
