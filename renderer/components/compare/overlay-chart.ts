/**
 * The chart of a comparison: every run's points in one chart (renderer/charts), one colour per run. Bars: one
 * dataset per run, grouped by point label. Lines: one line per run and series, the run's colour, a different dash
 * per series. The figure is the one every run has: per-sync when each run's points carry it, else whole-kernel.
 */
import type { Point, ResultFile } from '../../../electron/core/results/schema';
import { buildChartModel, type ChartModel, type ChartSpec } from '../../charts/config';
import { barDataset, isOverlay, lineDataset } from '../../charts/datasets';
import { chartPalette, seriesColor } from '../../charts/palette';

/** Dash patterns of a run's second, third, … series (its first is solid). */
const DASHES: number[][] = [[], [6, 4], [2, 3], [10, 3, 2, 3]];

export interface OverlayChart {
  model: ChartModel;
  /** The colour of each run, in run order. */
  runColors: string[];
  /** For each dataset that is not an overlay of flagged points: its label and run index. */
  datasets: Array<{ label: string; run: number }>;
}

/** Whether every run's every point has a per-sync figure (else the chart shows the whole-kernel figure). */
function everyRunPerSync(results: readonly ResultFile[]): boolean {
  return results.every((r) => r.points.every((p) => p.perSyncNs !== null));
}

/** The comparison chart of `results` labelled `runLabels` (e.g. "Run 1"), drawn with `spec` (kind, units, theme). */
export function overlayChart(
  results: readonly ResultFile[],
  runLabels: readonly string[],
  spec: Omit<ChartSpec, 'xAxis'>,
): OverlayChart {
  const perSync = everyRunPerSync(results);
  const runOf = new Map<string, number>();
  const seriesOf = new Map<string, number>();
  const points: Point[] = results.flatMap((result, run) => {
    const ownSeries = [...new Set(result.points.map((p) => p.series))];
    return result.points.map((p) => {
      const series =
        spec.kind === 'bars' ? (runLabels[run] ?? `Run ${run + 1}`) : `${runLabels[run]} · ${p.series}`;
      runOf.set(series, run);
      seriesOf.set(series, ownSeries.indexOf(p.series));
      const figure = perSync ? {} : { perSyncNs: null, perSyncCycles: null };
      return { ...p, ...figure, series };
    });
  });
  const xAxis = spec.kind === 'line' ? (results[0]?.plan.xAxis ?? null) : null;
  const model = buildChartModel({ ...spec, xAxis }, points);
  const palette = chartPalette(spec.theme);
  const datasets: OverlayChart['datasets'] = [];
  model.config.data.datasets = model.config.data.datasets.map((dataset) => {
    const label = dataset.label ?? '';
    const run = runOf.get(label);
    if (isOverlay(dataset) || run === undefined) return dataset;
    datasets.push({ label, run });
    if (spec.kind === 'bars') return { ...barDataset(palette, label, run), data: dataset.data };
    const dash = DASHES[(seriesOf.get(label) ?? 0) % DASHES.length] ?? [];
    return { ...lineDataset(palette, label, run), borderDash: dash, data: dataset.data };
  });
  return { model, runColors: results.map((_, run) => seriesColor(palette, run)), datasets };
}
