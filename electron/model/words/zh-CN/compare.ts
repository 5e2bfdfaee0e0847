/** A comparison's words in Simplified Chinese, one for one with words/en/compare.ts. */
import type { CompareWords } from '../compare';

export const COMPARE_ZH_CN: CompareWords = {
  verdictRule:
    '每个运行都与第一个运行比较该行的指标（所有运行都有每次同步 ns 时用它，否则用整个内核），并使用各中位数的 95% 置信区间和一个下限。下限取计时器分辨率（一个 SM 周期：按运行实测时钟换算的 ns，或 1 个周期）与第一个运行中位数的 {relative}% 中较大者；每行都显示其下限。更快或更慢：两个区间不重叠，且中位数之差超过下限。相同：其他情况。没有区间时（已发表数据、样本少于 6 个），只有相差超过 {large}%（且超过下限）才判为更快或更慢；更小的差异一律为不确定。',
};
