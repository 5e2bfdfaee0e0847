/**
 * The words of a comparison of runs (docs/methods.md#comparing-runs): the verdict ids and the rule that makes them,
 * for people. The thresholds are the logic's (electron/model/compare/verdict.ts VERDICT_RULE_PARAMS): the rule's
 * words hold `{relative}` and `{large}` (percent), so every locale says the same thresholds.
 */

/** The verdict of one row of a comparison: run B against run A. */
export type Verdict = 'same' | 'faster' | 'slower' | 'unclear';

export interface CompareWords {
  /**
   * How verdicts are made, with `{relative}` and `{large}` (percent). The units are the table's: per-sync ns,
   * whole-kernel µs in the app (the CSV and JSON keep ms, as their column names say).
   */
  verdictRule: string;
}
