/**
 * The Fleet view's figure (docs/fleet.md): every GPU's per-sync median at one point as a strip plot (or a box plot
 * with its outliers still drawn), one column per GPU model and node, each model's median marked, the outliers drawn
 * as triangles in the "incorrect" colour and named beside them, and the fleet's provenance — SYNTHETIC in capitals
 * for a fleet made by a test or a benchmark — in the footer, so the exported picture says it too. The same
 * configuration is drawn on screen and by the PNG/SVG export (components/export/ChartExport.vue).
 */
import type { Chart, Plugin, TooltipItem } from 'chart.js';
import type { GpuGroup, GpuValue } from '../../electron/model/fleet/gpu-groups';
import type { WorkbenchChartConfig } from './chart-model';
import type { Locale } from './locale';
import { formatValue } from './numbers';
import { chartPalette, seriesColor, type ChartPalette } from './palette';
import { FIGURE_FONT } from './plugins';
import { translatorFor, type Translate } from './translate';

export interface FleetChartSpec {
  title: string;
  groups: readonly GpuGroup[];
  plot: 'strip' | 'box';
  theme: 'light' | 'dark';
  locale: Locale;
  /** Footer lines: where the fleet comes from (fleetProvenance). */
  provenance: string[];
}

/** A GPU as the chart holds it: its place and its value. */
export interface FleetDatum extends GpuValue {
  x: number;
  y: number;
  yMin: number;
  yMax: number;
}

/** Dataset order: the GPUs that are not outliers, the outliers, the models' medians. */
export const FLEET_DATASETS = { gpus: 0, outliers: 1, medians: 2 } as const;

/** A spread of GPUs across ±0.3 of their column, the same on every draw (golden-ratio steps, no randomness). */
function jitter(k: number): number {
  return (((k * 0.6180339887) % 1) - 0.5) * 0.6;
}

/** The chart's data: every GPU placed in its group's column, and each group's median as a mark. */
export function fleetData(groups: readonly GpuGroup[]): { gpus: FleetDatum[]; outliers: FleetDatum[] } {
  const gpus: FleetDatum[] = [];
  const outliers: FleetDatum[] = [];
  groups.forEach((g, column) => {
    g.values.forEach((v, k) => {
      const y = v.perSyncNs;
      (v.outlier ? outliers : gpus).push({ ...v, x: column + jitter(k), y, yMin: y, yMax: y });
    });
  });
  return { gpus, outliers };
}

/** A column's name: its node, with its GPU model in front ("H200 · node01") when the columns have several. */
export function columnName(g: Pick<GpuGroup, 'model' | 'node'>, all: readonly GpuGroup[]): string {
  return all.some((other) => other.model !== g.model) ? `${g.model} · ${g.node}` : g.node;
}

/** Draws each group's box (quartiles, median line, whiskers) under the points, in box mode. */
function boxPlugin(groups: readonly GpuGroup[], palette: ChartPalette): Plugin {
  return {
    id: 'fleetBoxes',
    beforeDatasetsDraw(chart: Chart) {
      const { ctx, scales } = chart;
      const x = scales.x!;
      const y = scales.y!;
      ctx.save();
      ctx.strokeStyle = palette.text;
      ctx.fillStyle = `${seriesColor(palette, 0)}33`;
      groups.forEach((g, column) => {
        const left = x.getPixelForValue(column - 0.3);
        const right = x.getPixelForValue(column + 0.3);
        const mid = x.getPixelForValue(column);
        const [q1, q3, median, low, high] = [g.box.q1, g.box.q3, g.box.median, g.box.low, g.box.high].map(
          (v) => y.getPixelForValue(v),
        ) as [number, number, number, number, number];
        ctx.fillRect(left, q3, right - left, q1 - q3);
        ctx.strokeRect(left, q3, right - left, q1 - q3);
        ctx.beginPath();
        ctx.moveTo(left, median);
        ctx.lineTo(right, median);
        ctx.moveTo(mid, q3);
        ctx.lineTo(mid, high);
        ctx.moveTo(mid, q1);
        ctx.lineTo(mid, low);
        ctx.stroke();
      });
      ctx.restore();
    },
  };
}

/** Writes each outlier's GPU name to the right of its triangle (one that would overlap a name written is left). */
function outlierNamesPlugin(palette: ChartPalette): Plugin {
  return {
    id: 'fleetOutlierNames',
    afterDatasetsDraw(chart: Chart) {
      const meta = chart.getDatasetMeta(FLEET_DATASETS.outliers);
      const data = chart.data.datasets[FLEET_DATASETS.outliers]?.data as unknown as FleetDatum[] | undefined;
      if (!data || meta.hidden) return;
      const { ctx } = chart;
      const written: { x: number; y: number; width: number }[] = [];
      ctx.save();
      ctx.font = `11px ${FIGURE_FONT}`;
      ctx.fillStyle = palette.incorrect;
      ctx.textBaseline = 'middle';
      meta.data.forEach((element, i) => {
        const name = data[i]?.gpu;
        if (!name) return;
        const box = { x: element.x + 8, y: element.y, width: ctx.measureText(name).width };
        const clash = written.some(
          (w) => Math.abs(w.y - box.y) < 12 && w.x < box.x + box.width && box.x < w.x + w.width,
        );
        if (clash) return;
        written.push(box);
        ctx.fillText(name, box.x, box.y);
      });
      ctx.restore();
    },
  };
}

function tooltipLine(item: TooltipItem<'lineWithErrorBars'>, locale: Locale): string {
  const d = item.raw as FleetDatum;
  const z = d.robustZ === null ? '—' : formatValue(d.robustZ, locale);
  return `${d.gpu} (${d.node}, ${d.driver}): ${formatValue(d.perSyncNs, locale)} ns, z ${z}`;
}

/** The three datasets (FLEET_DATASETS): GPUs, outliers, medians. */
function fleetDatasets(spec: FleetChartSpec, palette: ChartPalette, t: Translate) {
  const { gpus, outliers } = fleetData(spec.groups);
  const medians = spec.groups.map((g, column) => ({
    x: column,
    y: g.medianNs,
    yMin: g.medianNs,
    yMax: g.medianNs,
  }));
  const box = spec.plot === 'box';
  const gpuColor = seriesColor(palette, 0);
  // A GPU's value is one median, drawn as a point by the plain line controller (no line): its entries are already
  // {x, y}, so Chart.js is told not to parse them again (`parsing: false`), and no error-bar controller computes
  // bars no one sees. The first, largest part of opening a 512-GPU fleet is this chart (docs/fleet.md).
  const asGiven = { parsing: false };
  return [
    {
      label: t('fleetView.chart.gpus'),
      data: gpus,
      ...asGiven,
      showLine: false,
      borderColor: gpuColor,
      backgroundColor: box ? 'transparent' : gpuColor,
      radius: box ? 0 : 3,
      hitRadius: 5,
    },
    {
      label: t('fleetView.chart.outliers'),
      data: outliers,
      ...asGiven,
      showLine: false,
      pointStyle: 'triangle',
      order: -1,
      borderColor: palette.incorrect,
      backgroundColor: palette.incorrect,
      radius: 9,
      hitRadius: 10,
    },
    {
      label: t('fleetView.chart.median'),
      data: medians,
      ...asGiven,
      showLine: false,
      pointStyle: 'line',
      borderColor: palette.text,
      borderWidth: 2,
      radius: 14,
      hitRadius: 0,
    },
  ];
}

/** "node (all NVIDIA H200)" when the columns share one model, else "GPU model · node". */
function xTitle(groups: readonly GpuGroup[], t: Translate): string {
  const models = new Set(groups.map((g) => g.model));
  return models.size === 1
    ? t('fleetView.chart.xNodes', { model: [...models][0] })
    : t('fleetView.chart.xModels');
}

/** One column per group on a linear x axis named by its groups; the per-sync median in ns on y. */
function fleetScales(spec: FleetChartSpec, palette: ChartPalette, t: Translate) {
  return {
    x: {
      type: 'linear',
      min: -0.5,
      max: Math.max(0.5, spec.groups.length - 0.5),
      grid: { color: palette.grid },
      title: { display: spec.groups.length > 0, text: xTitle(spec.groups, t), color: palette.text },
      // One tick per column, at its centre (a linear axis from -0.5 would put them between the columns).
      afterBuildTicks: (axis: { ticks: { value: number }[] }) => {
        axis.ticks = spec.groups.map((_, value) => ({ value }));
      },
      ticks: {
        color: palette.text,
        autoSkip: true,
        maxRotation: 60,
        callback: (value: number | string) => {
          const g = spec.groups[Number(value)];
          return g ? columnName(g, spec.groups) : '';
        },
      },
    },
    y: {
      type: 'linear',
      // Room above and below the extreme GPUs, so an outlier's triangle and name are not cut at the edge.
      grace: '8%',
      grid: { color: palette.grid },
      ticks: { color: palette.text },
      title: { display: true, text: t('fleetView.chart.axis'), color: palette.text },
    },
  };
}

/** The chart configuration of `spec` (a fresh object each call: one for the screen, one per export). */
export function fleetChart(spec: FleetChartSpec): WorkbenchChartConfig {
  const t = translatorFor(spec.locale);
  const palette = chartPalette(spec.theme);
  const config = {
    type: 'line',
    data: { datasets: fleetDatasets(spec, palette, t) },
    plugins: [...(spec.plot === 'box' ? [boxPlugin(spec.groups, palette)] : []), outlierNamesPlugin(palette)],
    options: {
      animation: false,
      maintainAspectRatio: false,
      layout: { padding: { top: 4, right: 16, bottom: 4, left: 8 } },
      scales: fleetScales(spec, palette, t),
      plugins: {
        title: { display: true, text: spec.title, color: palette.text, font: { size: 14, weight: 'bold' } },
        legend: { labels: { color: palette.text, usePointStyle: true, boxHeight: 8 } },
        tooltip: {
          filter: (item: TooltipItem<'lineWithErrorBars'>) => item.datasetIndex !== FLEET_DATASETS.medians,
          callbacks: { label: (item: TooltipItem<'lineWithErrorBars'>) => tooltipLine(item, spec.locale) },
        },
        background: { color: palette.background },
        flagLabels: false,
        provenance: { lines: spec.provenance, color: palette.text },
      },
    },
  };
  // The figure pipeline's configuration type names the result charts' entries; the fleet's entries are its own
  // (FleetDatum, yMin = yMax = y), drawn by Chart.js's line controller as points only.
  return config as unknown as WorkbenchChartConfig;
}

/** The GPU under a click: the datum of dataset `datasetIndex` at `index` (null for a median mark). */
export function fleetDatumAt(
  config: WorkbenchChartConfig,
  datasetIndex: number,
  index: number,
): FleetDatum | null {
  if (datasetIndex === FLEET_DATASETS.medians) return null;
  const data = config.data.datasets[datasetIndex]?.data as unknown as FleetDatum[] | undefined;
  return data?.[index] ?? null;
}
