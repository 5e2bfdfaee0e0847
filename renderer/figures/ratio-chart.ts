/**
 * The difference view of a comparison (docs/figures.md#compare): beside the overlay, each later run's median over
 * run 1's for every row, with an interval, as bars around 1 (1: the same). The interval of a ratio a/b is taken
 * from the 95% confidence intervals of both medians: [a.ciLow / b.ciHigh, a.ciHigh / b.ciLow] (the widest ratio
 * the two intervals allow; conservative, no independence assumed). Rows without a ratio (no basis, a median ≤ 0)
 * or without both intervals draw no bar or no error bar.
 */
import type { TooltipItem } from 'chart.js';
import type { Comparison } from '../../electron/model/compare/compare';
import { rowLabel } from '../../electron/model/compare/labels';
import type { Stats } from '../../electron/model/results/schema';
import type { WorkbenchChartConfig } from './chart-model';
import { barDataset, type WorkbenchChartType } from './datasets';
import { formatValue } from './numbers';
import type { Locale } from './locale';
import { chartPalette } from './palette';
import { translatorFor } from './translate';

/** The interval of own.median / base.median from both medians' 95% CIs, or null without both (or a CI ≤ 0). */
export function ratioInterval(
  base: Pick<Stats, 'ciLow' | 'ciHigh'>,
  own: Pick<Stats, 'ciLow' | 'ciHigh'>,
): [number, number] | null {
  const { ciLow: bLow, ciHigh: bHigh } = base;
  const { ciLow: oLow, ciHigh: oHigh } = own;
  if (bLow === null || bHigh === null || oLow === null || oHigh === null) return null;
  if (!(bLow > 0) || !(bHigh > 0) || !(oLow >= 0)) return null;
  return [oLow / bHigh, oHigh / bLow];
}

/**
 * One bar of the difference view (horizontal: the row on the y axis, the ratio along x): the ratio, the ends of its
 * interval (xMin/xMax, the error bar; the ratio itself without an interval), and the later run's sample count.
 */
export interface RatioBar {
  y: string;
  x: number | null;
  xMin: number | null;
  xMax: number | null;
  /** The interval's ends, null without one (the tooltip says so by leaving it out). */
  low: number | null;
  high: number | null;
  n: number | null;
}

/** The bar of one cell: its ratio to run 1 and that ratio's interval (none: a gap). */
function ratioBar(comparison: Comparison, row: number, run: number, label: string): RatioBar {
  const r = comparison.rows[row]!;
  const cell = r.cells[run];
  const base = r.basis ? r.cells[0]?.[r.basis] : null;
  const own = r.basis ? cell?.[r.basis] : null;
  if (!cell || cell.ratio === null || !base || !own)
    return { y: label, x: null, xMin: null, xMax: null, low: null, high: null, n: null };
  const interval = ratioInterval(base, own);
  return {
    y: label,
    x: cell.ratio,
    xMin: interval?.[0] ?? cell.ratio,
    xMax: interval?.[1] ?? cell.ratio,
    low: interval?.[0] ?? null,
    high: interval?.[1] ?? null,
    n: own.n,
  };
}

/** Rows and later runs with a ratio: the bars the difference view draws. */
export function ratioBarCount(comparison: Comparison): number {
  return comparison.rows.reduce(
    (sum, row) => sum + row.cells.slice(1).filter((c) => c?.ratio != null).length,
    0,
  );
}

/** Longest row name on the difference view's axis, in characters (the tooltip gives it whole). */
const ROW_NAME_CHARS = 48;

/** Height of the difference view's chart in CSS pixels for `rows` rows of `laterRuns` bars each: 260 at least. */
export function ratioChartHeight(rows: number, laterRuns: number): number {
  return Math.max(260, 110 + rows * (10 + 12 * laterRuns));
}

/** Whether `comparison` has a ratio to draw (some later run has one in some row). */
export function hasRatios(comparison: Comparison): boolean {
  return comparison.rows.some((row) => row.cells.slice(1).some((cell) => cell?.ratio != null));
}

/**
 * The Chart.js configuration of the difference view: horizontal bars, one row per category down the y axis (names
 * cut to ROW_NAME_CHARS, so many rows with long names stay readable: the chart grows by ratioChartHeight), one bar
 * dataset per later run (named as in the overlay's legend), along a linear x axis from 0 whose title says what 1
 * means.
 */
export function ratioChartConfig(
  comparison: Comparison,
  runLabels: readonly string[],
  spec: { theme: 'light' | 'dark'; locale: Locale },
): WorkbenchChartConfig {
  const palette = chartPalette(spec.theme);
  const t = translatorFor(spec.locale);
  const labels = comparison.rows.map((row) => rowLabel(row, spec.locale).text);
  const datasets = runLabels.slice(1).map((label, i) => {
    const run = i + 1;
    const data = comparison.rows.map((_, row) => ratioBar(comparison, row, run, labels[row]!));
    return { ...barDataset(palette, label, run), data };
  });
  const short = (name: string) =>
    name.length > ROW_NAME_CHARS ? `${name.slice(0, ROW_NAME_CHARS - 1)}…` : name;
  const text = (color: string) => ({ color });
  const tooltip = (item: TooltipItem<WorkbenchChartType>) => {
    const bar = item.raw as RatioBar;
    if (bar.x === null) return '';
    const interval =
      bar.low === null || bar.high === null
        ? ''
        : ` [${formatValue(bar.low, spec.locale)}, ${formatValue(bar.high, spec.locale)}]`;
    return `${item.dataset.label}: × ${formatValue(bar.x, spec.locale)}${interval}`;
  };
  return {
    type: 'barWithErrorBars',
    data: { labels, datasets },
    options: {
      indexAxis: 'y',
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      locale: spec.locale,
      color: palette.text,
      plugins: {
        title: {
          display: true,
          text: t('chart.ratioTitle'),
          color: palette.text,
          font: { size: 14, weight: 'bold' },
        },
        subtitle: { display: true, text: t('chart.ratioNote'), color: palette.text, font: { size: 11 } },
        legend: { labels: text(palette.text) },
        tooltip: { callbacks: { label: tooltip } },
        background: { color: palette.background },
      },
      scales: {
        x: {
          type: 'linear',
          beginAtZero: true,
          position: 'top',
          ticks: text(palette.text),
          grid: { color: palette.grid },
          title: { display: true, text: t('chart.ratioAxis'), color: palette.text },
        },
        y: {
          type: 'category',
          ticks: {
            ...text(palette.text),
            autoSkip: false,
            callback: (_value: unknown, index: number) => short(labels[index] ?? ''),
          },
          grid: { color: palette.grid },
        },
      },
    },
  } as unknown as WorkbenchChartConfig;
}
