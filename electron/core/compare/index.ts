/** Comparison of runs: matching, verdicts with noise, notes on what differs, and its export formats. */
export { compareResults } from './compare';
export type { ComparedRun, Comparison, ComparisonCell, ComparisonRow } from './compare';
export type { Difference } from './differences';
export { formatComparison, COMPARISON_FORMATS } from './format';
export type { ComparisonFormat } from './format';
export { verdictOf, verdictFloor, VERDICT_RULE, RELATIVE_FLOOR, LARGE_THRESHOLD } from './verdict';
export type { Verdict } from './verdict';
