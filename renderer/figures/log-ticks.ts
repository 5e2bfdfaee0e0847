/**
 * Where log axes have ticks and how they are labelled. The x axis of a sweep ticks at the data's x
 * values (warps, blocks: the values the user chose); a log y axis ticks at 1, 2 and 5 × 10ⁿ. Labels use the
 * locale's thousands separator ("1,000", "20,000") and as many decimals as the tick needs ("0.05"), never a fixed
 * three ("30.000").
 */
import type { Scale } from 'chart.js';
import type { Locale } from './locale';
import { numberFormat } from './numbers';
import { isDatum, type ChartEntry } from './datum';

/** Least room between two tick labels of a log x axis, in CSS pixels. */
const X_TICK_SPACING_PX = 44;
/** Least room between two tick labels of a log y axis, in CSS pixels. */
const Y_TICK_SPACING_PX = 22;

/**
 * Where a log x axis has ticks: at the data's x values, or, when there are more of them than fit in `maxTicks`, at
 * the powers of 2 (whole-number data) or 10 between them. Ticks closer than 1/(maxTicks − 1) of the axis (on the
 * log scale) to the one before are left out, so labels never overlap; the first and the last value keep theirs.
 */
export function logAxisTicks(xs: readonly number[], maxTicks: number): number[] {
  const values = [...new Set(xs.filter((v) => Number.isFinite(v) && v > 0))].sort((a, b) => a - b);
  if (values.length <= 2) return values;
  const first = values[0]!;
  const last = values[values.length - 1]!;
  let candidates = values;
  if (values.length > maxTicks) {
    const base = values.every((v) => Number.isInteger(v)) ? 2 : 10;
    const powers: number[] = [];
    const lo = Math.ceil(Math.log(first) / Math.log(base) - 1e-9);
    const hi = Math.floor(Math.log(last) / Math.log(base) + 1e-9);
    for (let e = lo; e <= hi; e += 1) powers.push(base ** e);
    candidates = [...new Set([first, ...powers.filter((p) => p > first && p < last), last])];
  }
  const gap = (Math.log10(last) - Math.log10(first)) / Math.max(1, maxTicks - 1);
  const kept: number[] = [];
  for (const value of candidates) {
    const previous = kept[kept.length - 1];
    if (previous === undefined || Math.log10(value) - Math.log10(previous) >= gap * 0.999) kept.push(value);
  }
  if (kept[kept.length - 1] !== last) {
    if (kept.length > 1 && Math.log10(last) - Math.log10(kept[kept.length - 1]!) < gap) kept.pop();
    kept.push(last);
  }
  return kept;
}

/**
 * The ticks of a log value axis from `min` to `max` (> 0): 1, 2 and 5 × 10ⁿ; only 1 × 10ⁿ when those would be more
 * than `maxTicks`; every second or third power of ten when even those are too many.
 */
export function decadeTicks(min: number, max: number, maxTicks: number): number[] {
  if (!(min > 0) || !(max >= min)) return [];
  const lo = Math.floor(Math.log10(min));
  const hi = Math.ceil(Math.log10(max));
  const within = (v: number) => v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9);
  const at = (mantissas: number[], every = 1) => {
    const ticks: number[] = [];
    for (let e = lo; e <= hi; e += 1) {
      if ((e - lo) % every !== 0) continue;
      for (const m of mantissas) {
        // Built from the decimal text so 0.1 × 2 is 0.2, not 0.20000000000000004.
        const value = Number(`${m}e${e}`);
        if (within(value)) ticks.push(value);
      }
    }
    return ticks;
  };
  const fine = at([1, 2, 5]);
  if (fine.length <= maxTicks) return fine;
  for (let every = 1; ; every += 1) {
    const coarse = at([1], every);
    if (coarse.length <= maxTicks || coarse.length <= 2) return coarse;
  }
}

/**
 * The label of a tick value: whole numbers with the locale's thousands separator ("1,024", "20,000"), others with
 * up to 3 significant digits ("0.05", "0.00758").
 */
export function logTickLabel(value: number, locale?: Locale): string {
  const options: Intl.NumberFormatOptions = Number.isInteger(value) ? {} : { maximumSignificantDigits: 3 };
  return numberFormat(options, locale).format(value);
}

/** Replaces Chart.js's ticks of a log x axis (1, 2, … 9, 10, 20, … labelled "1.10" or overlapping) with ours. */
export function placeXLogTicks(scale: Scale): void {
  const xs = scale.chart.data.datasets.flatMap((d) =>
    (d.data as ChartEntry[]).filter(isDatum).map((datum) => Number(datum.x)),
  );
  const maxTicks = Math.max(2, Math.floor((scale.width || 600) / X_TICK_SPACING_PX));
  scale.ticks = logAxisTicks(xs, maxTicks)
    .filter((v) => v >= scale.min && v <= scale.max)
    .map((value) => ({ value }));
}

/** Replaces Chart.js's ticks of a log y axis (every 1…9 × 10ⁿ) with 1, 2, 5 × 10ⁿ that fit its height. */
export function placeYLogTicks(scale: Scale): void {
  const maxTicks = Math.max(2, Math.floor((scale.height || 300) / Y_TICK_SPACING_PX));
  scale.ticks = decadeTicks(scale.min, scale.max, maxTicks).map((value) => ({ value }));
}
