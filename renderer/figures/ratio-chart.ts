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
import { isDatum, type ChartDatum, type ChartEntry } from './datum';
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

/** The bar of one cell: its ratio to run 1 and that ratio's interval (none: a gap). */
function ratioEntry(comparison: Comparison, row: number, run: number, locale: Locale): ChartEntry {
  const r = comparison.rows[row]!;
  const label = rowLabel(r, locale).text;
  const cell = r.cells[run];
  const base = r.basis ? r.cells[0]?.[r.basis] : null;
  const own = r.basis ? cell?.[r.basis] : null;
  if (!cell || cell.ratio === null || !base || !own) return { x: label, y: null, yMin: null, yMax: null };
  const interval = ratioInterval(base, own);
  const datum: ChartDatum = {
    x: label,
    y: cell.ratio,
    yMin: interval?.[0] ?? cell.ratio,
    yMax: interval?.[1] ?? cell.ratio,
    p10: interval?.[0] ?? null,
    p90: interval?.[1] ?? null,
    n: own.n,
    series: '',
    label,
    incorrect: r.incorrect,
    noisy: false,
    throttled: false,
    belowResolution: null,
  };
  return datum;
}

/** Whether `comparison` has a ratio to draw (some later run has one in some row). */
export function hasRatios(comparison: Comparison): boolean {
  return comparison.rows.some((row) => row.cells.slice(1).some((cell) => cell?.ratio != null));
}

/**
 * The Chart.js configuration of the difference view: one category per row, one bar dataset per later run (named
 * as in the overlay's legend), on a linear axis from 0 with the title saying what 1 means.
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
    const data = comparison.rows.map((_, row) => ratioEntry(comparison, row, run, spec.locale));
    return { ...barDataset(palette, label, run), data };
  });
  const text = (color: string) => ({ color });
  const tooltip = (item: TooltipItem<WorkbenchChartType>) => {
    const datum = item.raw as ChartEntry;
    if (!isDatum(datum)) return '';
    const interval =
      datum.p10 === null
        ? ''
        : ` [${formatValue(datum.p10, spec.locale)}, ${formatValue(datum.p90, spec.locale)}]`;
    return `${item.dataset.label}: × ${formatValue(datum.y, spec.locale)}${interval}`;
  };
  return {
    type: 'barWithErrorBars',
    data: { labels, datasets },
    options: {
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
          type: 'category',
          ticks: { ...text(palette.text), autoSkip: false },
          grid: { color: palette.grid },
        },
        y: {
          type: 'linear',
          beginAtZero: true,
          ticks: text(palette.text),
          grid: { color: palette.grid },
          title: { display: true, text: t('chart.ratioAxis'), color: palette.text },
        },
      },
    },
  } as WorkbenchChartConfig;
}
