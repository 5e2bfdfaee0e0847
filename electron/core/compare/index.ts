/** Comparison of runs: matching, verdicts with noise, notes on what differs, and its export formats. */
export { compareResults } from '../../model/compare/compare';
export type { ComparedRun, Comparison, ComparisonCell, ComparisonRow } from '../../model/compare/compare';
export type { Difference } from '../../model/compare/differences';
export { formatComparison, COMPARISON_FORMATS } from './format';
export type { ComparisonFormat } from './format';
export {
  verdictOf,
  verdictFloor,
  VERDICT_RULE,
  RELATIVE_FLOOR,
  LARGE_THRESHOLD,
} from '../../model/compare/verdict';
export type { Verdict } from '../../model/compare/verdict';
