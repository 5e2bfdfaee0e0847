/**
 * The verdict of one row of a comparison: is run B faster than, slower than or the same as run A, given the noise
 * of both and what the instrument can resolve (docs/methods.md#comparing-runs)? Uses the 95% confidence interval of
 * each median (order statistics, measure/stats.ts) and a floor under which no difference counts.
 */
import type { Stats } from '../results/schema';

export type Verdict = 'same' | 'faster' | 'slower' | 'unclear';

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

/**
 * The rule's words with `{relative}` and `{large}` (percent): the renderer's English message is this text
 * (electron/model/words/en/ui.ts), so a translation fills in the same thresholds. The units are the table's: per-sync
 * ns, whole-kernel µs in the app (the CSV and JSON keep ms, as their column names say).
 */
export const VERDICT_RULE_TEMPLATE =
  'Each run is compared with the first on the row’s figure (per-sync ns when every run has it, else the ' +
  'whole kernel), using each median’s 95% confidence interval and a floor. The floor is the larger of the ' +
  'timer’s resolution (one SM cycle: in ns at the run’s measured clock, or 1 cycle) and {relative}% of the first ' +
  'run’s median; each row shows its floor. Faster or slower: the two intervals do not overlap and the medians ' +
  'differ by more than the floor. Same: anything else. Without an interval (published values, fewer than 6 ' +
  'samples) only a difference of more than {large}% (and more than the floor) gives faster or slower; anything ' +
  'smaller is unclear.';

/** VERDICT_RULE_TEMPLATE in Simplified Chinese, the same `{relative}` and `{large}` (the zh-CN messages use it). */
export const VERDICT_RULE_TEMPLATE_ZH_CN =
  '每个运行都与第一个运行比较该行的指标（所有运行都有每次同步 ns 时用它，否则用整个内核），并使用各中位数的 95% 置信区间和一个下限。下限取计时器分辨率（一个 SM 周期：按运行实测时钟换算的 ns，或 1 个周期）与第一个运行中位数的 {relative}% 中较大者；每行都显示其下限。更快或更慢：两个区间不重叠，且中位数之差超过下限。相同：其他情况。没有区间时（已发表数据、样本少于 6 个），只有相差超过 {large}%（且超过下限）才判为更快或更慢；更小的差异一律为不确定。';

/** The thresholds of the rule in percent, the parameters of VERDICT_RULE_TEMPLATE. */
export const VERDICT_RULE_PARAMS = { relative: RELATIVE_FLOOR * 100, large: LARGE_THRESHOLD * 100 };

/** Fills VERDICT_RULE_TEMPLATE (or its translation) with VERDICT_RULE_PARAMS. */
export function verdictRuleText(template: string): string {
  return template.replace(/\{(relative|large)\}/g, (_, name: 'relative' | 'large') =>
    String(VERDICT_RULE_PARAMS[name]),
  );
}

/** The rule, for people (shown in every exported comparison). */
export const VERDICT_RULE = verdictRuleText(VERDICT_RULE_TEMPLATE);

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
