/**
 * The self-test's checks: each one measures or inspects something and passes, fails, or is skipped with a reason.
 * `syncbench selftest --gpu` (npm run test:gpu) runs them on a GPU host and writes a JSON report.
 */
import type { ResultFile } from '../../model/results/schema';

export interface CheckOutcome {
  id: string;
  title: string;
  /** true passed, false failed, null skipped (detail says why). */
  ok: boolean | null;
  detail: string;
  /** Numbers the check looked at, for the report. */
  figures: Record<string, number | string | null | undefined>;
}

export interface CheckContext {
  /** Saves a result measured by a check (for committing as reference data). */
  keep(result: ResultFile): void;
}

export interface Check {
  id: string;
  title: string;
  run(ctx: CheckContext): Promise<Omit<CheckOutcome, 'id' | 'title'>>;
}

/** Runs the checks in order; a throwing check fails with its message (the rest still run). */
export async function runChecks(
  checks: Check[],
  ctx: CheckContext,
  onOutcome?: (o: CheckOutcome) => void,
): Promise<CheckOutcome[]> {
  const outcomes: CheckOutcome[] = [];
  for (const check of checks) {
    let outcome: CheckOutcome;
    try {
      outcome = { id: check.id, title: check.title, ...(await check.run(ctx)) };
    } catch (err) {
      outcome = {
        id: check.id,
        title: check.title,
        ok: false,
        detail: `threw: ${(err as Error).message}`,
        figures: {},
      };
    }
    outcomes.push(outcome);
    onOutcome?.(outcome);
  }
  return outcomes;
}
