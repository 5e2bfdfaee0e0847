/**
 * The verdict of one row of a comparison: is run B faster than, slower than or the same as run A, given the noise
 * of both and what the instrument can resolve (docs/methods.md#comparing-runs)? Uses the 95% confidence interval of
 * each median (order statistics, measure/stats.ts) and a floor under which no difference counts.
 */
import type { Stats } from '../results/schema';
import { COMPARE_EN } from '../words/en/compare';
import type { Verdict } from '../words/compare';

export type { Verdict };

/** The figures a row can be judged on: per-sync ns or SM cycles, or the whole kernel in ms. */
export type VerdictBasis = 'perSyncNs' | 'perSyncCycles' | 'wholeKernelMs';

/** The relative floor: a difference of medians of at most this share of run 1's median is never a difference. */
export const RELATIVE_FLOOR = 0.02;
/** Without a confidence interval (published values, n < 6), the relative difference needed for faster/slower. */
export const LARGE_THRESHOLD = 0.25;
/** The instrument's floor for cycles: one SM cycle (clock64 counts whole cycles). */
export const CYCLE_FLOOR = 1;

/** Which limit sets a row's floor: the timer's resolution (one SM cycle, in ns or cycles) or the relative floor. */
export type FloorKind = 'resolution' | 'relative';

/** The floor a row's difference must clear, in the row's unit (ns, cycles or ms), and what set it. */
export interface VerdictFloor {
  value: number;
  kind: FloorKind;
}

/**
 * The floor of a row: the larger of the instrument's resolution and RELATIVE_FLOOR × |run 1's median|.
 * @param basis the row's figure
 * @param baseMedian run 1's median on that figure
 * @param resolution the timer's resolution in the row's unit (ns: one SM cycle at the larger of the two runs'
 *   conversion clocks' cycle times, measure/resolution.ts; cycles: CYCLE_FLOOR), or null when none applies (a
 *   host-timed point, the whole-kernel figure): then the relative floor alone.
 */
export function verdictFloor(
  basis: VerdictBasis,
  baseMedian: number,
  resolution: number | null,
): VerdictFloor {
  const relative = RELATIVE_FLOOR * Math.abs(baseMedian);
  const instrument = basis === 'perSyncCycles' ? CYCLE_FLOOR : basis === 'perSyncNs' ? resolution : null;
  return instrument !== null && instrument > relative
    ? { value: instrument, kind: 'resolution' }
    : { value: relative, kind: 'relative' };
}

/** The thresholds of the rule in percent, the parameters of the rule's words (`verdictRule`, words/compare.ts). */
export const VERDICT_RULE_PARAMS = { relative: RELATIVE_FLOOR * 100, large: LARGE_THRESHOLD * 100 };

/** Fills a locale's `verdictRule` (words/{en,zh-CN}/compare.ts) with VERDICT_RULE_PARAMS. */
export function verdictRuleText(template: string): string {
  return template.replace(/\{(relative|large)\}/g, (_, name: 'relative' | 'large') =>
    String(VERDICT_RULE_PARAMS[name]),
  );
}

/** The rule, for people (shown in every exported comparison). */
export const VERDICT_RULE = verdictRuleText(COMPARE_EN.verdictRule);

/**
 * The verdict for `b` against `a` (lower is faster) with `floor` in their unit (verdictFloor). See VERDICT_RULE.
 * Without a floor only the relative floor of `a`'s median applies.
 */
export function verdictOf(a: Stats, b: Stats, floor: number = RELATIVE_FLOOR * Math.abs(a.median)): Verdict {
  const diff = b.median - a.median;
  const clearsFloor = Math.abs(diff) > floor;
  if (a.ciLow === null || a.ciHigh === null || b.ciLow === null || b.ciHigh === null) {
    const rel = a.median > 0 ? diff / a.median : null;
    if (rel !== null && Math.abs(rel) > LARGE_THRESHOLD && clearsFloor) return rel < 0 ? 'faster' : 'slower';
    return 'unclear';
  }
  if (clearsFloor && b.ciHigh < a.ciLow && diff < 0) return 'faster';
  if (clearsFloor && b.ciLow > a.ciHigh && diff > 0) return 'slower';
  return 'same';
}
