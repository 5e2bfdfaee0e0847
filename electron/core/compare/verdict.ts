/**
 * The verdict of one row of a comparison: is run B faster than, slower than or the same as run A, given the noise
 * of both? Uses the 95% confidence interval of each median (order statistics, measure/stats.ts).
 */
import type { Stats } from '../results/schema';

export type Verdict = 'same' | 'faster' | 'slower' | 'unclear';

/** Relative difference of medians under which two runs can be called the same (and over which they differ). */
export const SAME_THRESHOLD = 0.03;
/** Without a confidence interval (published values, n < 6), the relative difference needed for faster/slower. */
export const LARGE_THRESHOLD = 0.25;

/**
 * The rule's words with its thresholds as `{same}` and `{large}` (percent): the renderer's English message is this
 * text (renderer/i18n/messages/en.ts), so a translation fills in the same thresholds.
 */
export const VERDICT_RULE_TEMPLATE =
  'Each run is compared with the first on the row’s figure (per-sync ns when every run has it, else ' +
  'whole-kernel ms), using each median’s 95% confidence interval. Faster or slower: the intervals do not ' +
  'overlap and the medians differ by more than {same}%. Same: even the farthest ends of the two ' +
  'intervals differ by at most {same}% of the first run’s median. Unclear: anything else (too ' +
  'noisy to tell). Without an interval (published values, fewer than 6 samples) only a difference of more than ' +
  '{large}% gives faster or slower; anything smaller is unclear.';

/** VERDICT_RULE_TEMPLATE in Simplified Chinese, the same `{same}` and `{large}` (the zh-CN messages use it). */
export const VERDICT_RULE_TEMPLATE_ZH_CN =
  '每个运行都与第一个运行比较该行的指标（所有运行都有每次同步 ns 时用它，否则用整个内核的 ms），并使用各中位数的 95% 置信区间。更快或更慢：两个区间不重叠，且中位数相差超过 {same}%。相同：两个区间最远的两端相差也不超过第一个运行中位数的 {same}%。不确定：其他情况（噪声太大，无法判断）。没有区间时（已发表数据、样本少于 6 个），只有相差超过 {large}% 才判为更快或更慢；更小的差异一律为不确定。';

/** The thresholds of the rule in percent, the parameters of VERDICT_RULE_TEMPLATE. */
export const VERDICT_RULE_PARAMS = { same: SAME_THRESHOLD * 100, large: LARGE_THRESHOLD * 100 };

/** The rule, for people (shown in every exported comparison). */
export const VERDICT_RULE = VERDICT_RULE_TEMPLATE.replace(/\{(same|large)\}/g, (_, name: 'same' | 'large') =>
  String(VERDICT_RULE_PARAMS[name]),
);

/** The verdict for `b` against `a` (lower is faster). See VERDICT_RULE. */
export function verdictOf(a: Stats, b: Stats): Verdict {
  const rel = a.median > 0 ? (b.median - a.median) / a.median : null;
  if (a.ciLow === null || a.ciHigh === null || b.ciLow === null || b.ciHigh === null) {
    if (rel !== null && Math.abs(rel) > LARGE_THRESHOLD) return rel < 0 ? 'faster' : 'slower';
    return 'unclear';
  }
  // The interval of b - a that both confidence intervals allow.
  const low = b.ciLow - a.ciHigh;
  const high = b.ciHigh - a.ciLow;
  const margin = SAME_THRESHOLD * Math.abs(a.median);
  if (low >= -margin && high <= margin && margin > 0) return 'same';
  const beyondThreshold = rel === null || Math.abs(rel) > SAME_THRESHOLD;
  if (high < 0 && beyondThreshold) return 'faster';
  if (low > 0 && beyondThreshold) return 'slower';
  return 'unclear';
}
