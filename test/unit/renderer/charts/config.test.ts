import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Chart, ScriptableContext, TooltipItem } from 'chart.js';
import {
  appendPoints,
  buildChartModel,
  ERROR_BAR_NOTE,
  logAxisNote,
  resolutionNote,
  type ChartSpec,
} from '../../../../renderer/figures/config';
import { logAxisTicks, logTickLabel } from '../../../../renderer/figures/log-ticks';
import type { ResultFile } from '../../../../electron/model/results/schema';
import { type WorkbenchChartType } from '../../../../renderer/figures/datasets';
import { isDatum, type ChartEntry } from '../../../../renderer/figures/datum';
import { backgroundPlugin, flagText, type FlagTexts } from '../../../../renderer/figures/plugins';
import { syntheticResult } from '../../../fixtures/synthetic-result';
import { SWEEP_X_AXIS, sweepPoints } from '../points';

const LINE: ChartSpec = {
  kind: 'line',
  xAxis: SWEEP_X_AXIS,
  units: 'ns',
  axis: 'linear',
  theme: 'light',
  title: 'sweep — H200 (live)',
  replay: false,
};
const BARS: ChartSpec = { ...LINE, kind: 'bars', xAxis: null, title: 'modes' };

type Scriptable<T> = (context: ScriptableContext<WorkbenchChartType>) => T;
const contextFor = (raw: ChartEntry) => ({ raw }) as ScriptableContext<WorkbenchChartType>;
const valuesOf = (entries: ChartEntry[]) => entries.filter(isDatum);

describe('buildChartModel', () => {
  it('draws one line per series at plan.xAxis with the median and the p10–p90 error bar, without animation', () => {
    const points = sweepPoints(6);
    const { config, drawn } = buildChartModel(LINE, points);
    expect(config.type).toBe('lineWithErrorBars');
    expect(config.options?.animation).toBe(false);
    expect(config.data.datasets.map((d) => d.label)).toEqual(['block', 'warp']);
    const first = config.data.datasets[0]!.data[0]!;
    const stats = points[0]!.perSyncNs!;
    expect(first).toMatchObject({ x: 1, y: stats.median, yMin: stats.p10, yMax: stats.p90, n: stats.n });
    expect(drawn).toBe(6);
    expect(config.options?.scales?.x).toMatchObject({
      type: 'logarithmic',
      title: { text: 'warps per block' },
    });
    expect(config.options?.scales?.y).toMatchObject({
      type: 'linear',
      title: { text: 'per-sync cost (ns)' },
    });
  });

  it('says under the title that the error bars are p10–p90, not a confidence interval', () => {
    for (const spec of [LINE, BARS]) {
      const { config } = buildChartModel(spec, sweepPoints(2));
      expect(config.options?.plugins?.subtitle).toMatchObject({ display: true, text: ERROR_BAR_NOTE });
    }
    expect(ERROR_BAR_NOTE).toContain('p10 to p90');
    expect(ERROR_BAR_NOTE).toContain('not a 95% CI');
  });

  it('uses cycles, a log y axis, the dark background and a REPLAY title when asked', () => {
    const points = sweepPoints(2);
    const { config } = buildChartModel(
      { ...LINE, units: 'cycles', axis: 'log', theme: 'dark', replay: true },
      points,
    );
    expect(config.data.datasets[0]!.data[0]!.y).toBe(points[0]!.perSyncCycles!.median);
    expect(config.options?.scales?.y).toMatchObject({
      type: 'logarithmic',
      title: { text: 'per-sync cost (cycles)' },
    });
    expect(config.options?.plugins?.background?.color).toBe('#161b22');
    expect(config.options?.plugins?.title?.text).toBe('REPLAY — sweep — H200 (live)');
  });

  it('draws grouped bars: one category per point label, one dataset per series, an entry per category', () => {
    const result = syntheticResult();
    const { config } = buildChartModel(BARS, result.points);
    expect(config.type).toBe('barWithErrorBars');
    expect(config.data.labels).toEqual(result.points.map((p) => p.label));
    expect(config.data.datasets.map((d) => d.label)).toEqual(result.points.map((p) => p.series));
    expect(config.data.datasets[0]).toMatchObject({ skipNull: true });
    // The error-bar controller puts entry i in category i: each series has its bar at its label's index.
    config.data.datasets.forEach((dataset, i) => {
      expect(dataset.data).toHaveLength(result.points.length);
      expect(dataset.data.map((entry) => isDatum(entry))).toEqual(result.points.map((_, j) => j === i));
      expect(dataset.data[i]!.x).toBe(result.points[i]!.label);
    });
  });

  it('keeps bars aligned with their categories as batches add series and categories', () => {
    const [warp, block, grid] = syntheticResult().points;
    const model = buildChartModel(BARS, [warp!]);
    appendPoints(model, BARS, [block!, { ...warp!, label: block!.label }]);
    appendPoints(model, BARS, [grid!]);
    const table = model.config.data.datasets.map((d) => [
      d.label,
      d.data.map((e) => (isDatum(e) ? e.label : null)),
    ]);
    expect(model.config.data.labels).toEqual([warp!.label, block!.label, grid!.label]);
    expect(table).toEqual([
      ['warp', [warp!.label, block!.label, null]],
      ['block', [null, block!.label, null]],
      ['grid', [null, null, grid!.label]],
    ]);
  });

  it('marks flagged points of a line chart in overlays named in the legend, with static options only', () => {
    const result = syntheticResult();
    const model = buildChartModel(LINE, result.points);
    const byLabel = (label: string) => model.config.data.datasets.find((d) => d.label === label)!;
    const incorrect = byLabel('✗ incorrect (not a sync)');
    const flagged = byLabel('⚠ noisy or throttled');
    expect(incorrect.data).toEqual([byLabel('flag:volatile').data[0]]);
    expect(incorrect).toMatchObject({ pointStyle: 'crossRot', showLine: false });
    expect(flagged.data).toEqual([byLabel('grid').data[0]]);
    expect(flagged).toMatchObject({ pointStyle: 'triangle', showLine: false });
    expect(model.series).toBe(result.points.length);
    for (const dataset of model.config.data.datasets) {
      expect(Object.values(dataset).filter((value) => typeof value === 'function')).toEqual([]);
    }
    const filter = model.config.options!.plugins!.tooltip!.filter as unknown as (item: object) => boolean;
    expect(filter({ dataset: incorrect, raw: incorrect.data[0] })).toBe(false);
    expect(filter({ dataset: byLabel('grid'), raw: flagged.data[0] })).toBe(true);
  });

  it('marks flagged bars with a border in the flag colour', () => {
    const result = syntheticResult();
    const { config } = buildChartModel(BARS, result.points);
    const border = (series: string) => {
      const dataset = config.data.datasets.find((d) => d.label === series)!;
      const color = (dataset as unknown as { borderColor: Scriptable<string> }).borderColor;
      return color(contextFor(valuesOf(dataset.data)[0]!));
    };
    expect(border('flag:volatile')).toBe('#c00000');
    expect(border('grid')).toBe('#8a6d00');
    expect(border('warp')).toBe('#0072b2');
    expect(config.data.datasets.some((d) => 'overlay' in d)).toBe(false);
  });

  it('puts median, the p10–p90 interval with its unit, n and the flags in the tooltip', () => {
    const result = syntheticResult();
    const { config } = buildChartModel(BARS, result.points);
    const grid = valuesOf(config.data.datasets.find((d) => d.label === 'grid')!.data)[0]!;
    const label = config.options!.plugins!.tooltip!.callbacks!.label as unknown as (
      item: TooltipItem<'line'>,
    ) => string[];
    const lines = label({ raw: grid } as TooltipItem<'line'>);
    expect(lines[0]).toMatch(/^grid: median [\d,.]+ ns$/);
    expect(lines[1]).toMatch(/^p10–p90 [\d,.]+–[\d,.]+ ns · n = 12$/);
    expect(lines[2]).toBe('⚠ noisy, throttled');
  });

  it('falls back to the whole-kernel time for a run without per-sync figures', () => {
    const points = syntheticResult().points.map((p) => ({ ...p, perSyncNs: null, perSyncCycles: null }));
    const { config, metric } = buildChartModel(BARS, points);
    expect(metric).toBe('wholeKernel');
    expect(config.options?.scales?.y?.title).toMatchObject({ text: 'whole kernel (µs, launch included)' });
    // in µs, as the tables show it
    const datum = valuesOf(config.data.datasets[0]!.data)[0]!;
    expect(datum.y).toBeCloseTo(points[0]!.wholeKernelMs!.median * 1000);
    expect(datum.yMax).toBeCloseTo(points[0]!.wholeKernelMs!.p90! * 1000);
  });
});

const reference = (name: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../../resources/reference', name), 'utf8'),
  ) as ResultFile;

describe('log y axis', () => {
  const LOG: ChartSpec = { ...LINE, axis: 'log' };

  it('starts at or below the smallest value drawn (error-bar ends too): the H200 fences in cycles', () => {
    const fences = reference('h200-fences.json');
    const spec: ChartSpec = { ...LOG, units: 'cycles', xAxis: fences.plan.xAxis };
    const model = buildChartModel(spec, fences.points);
    const stats = fences.points.map((p) => p.perSyncCycles!);
    const measured = stats.filter((s) => s.median >= 1);
    const lowest = Math.min(...measured.flatMap((s) => [s.median, s.p10!]).filter((v) => v > 0), 1);
    const min = model.config.options!.scales!.y!.min as number;
    expect(min).toBeGreaterThan(0);
    expect(min).toBeLessThanOrEqual(lowest);
    // values below one SM cycle (the timer's resolution) are drawn up to it, never dropped or negative
    expect(stats.length - measured.length).toBeGreaterThan(0);
    expect(model.drawn).toBe(stats.length);
    expect(model.nonPositive).toBe(0);
    const drawn = model.config.data.datasets.flatMap((d) => d.data.filter(isDatum));
    expect(drawn.every((d) => d.y >= min)).toBe(true);
    const below = drawn.filter((d) => d.belowResolution !== null);
    expect(below).toHaveLength(stats.length - measured.length);
    expect(below.every((d) => d.y === 1)).toBe(true);
  });

  it('draws a per-sync value below the timer resolution at the resolution, labelled so (the H200 sweep)', () => {
    // The first H200 session's warp points: medians under one cycle, some negative (-0.04 ns).
    const measured = reference('h200-sweep.json');
    let warps = 0;
    const points = measured.points.map((p) => {
      if (p.series !== 'warp' || (warps += 1) > 3) return p;
      const cycles = [2.9e-7, -0.00015, 0.24][warps - 1]!;
      return {
        ...p,
        perSyncCycles: { ...p.perSyncCycles!, median: cycles },
        perSyncNs: { ...p.perSyncNs!, median: cycles / (p.clock.conversionMHz! / 1000) },
      };
    });
    const sweep = { ...measured, points };
    const model = buildChartModel(LOG, sweep.points);
    const warp = sweep.points.filter((p) => p.series === 'warp');
    const dataset = model.config.data.datasets.find((d) => d.label === 'warp')!;
    const resolutionNs = (p: (typeof warp)[number]) => 1000 / p.clock.conversionMHz!;
    expect(dataset.data.filter(isDatum).map((d) => d.y)).toEqual(
      warp.map((p) => (p.perSyncCycles!.median < 1 ? resolutionNs(p) : p.perSyncNs!.median)),
    );
    expect(warp.some((p) => p.perSyncCycles!.median < 1)).toBe(true);
    expect(model.nonPositive).toBe(0);
    const min = model.config.options!.scales!.y!.min as number;
    expect(min).toBeLessThanOrEqual(Math.min(...dataset.data.filter(isDatum).map((d) => d.y)));
    // a linear axis draws every point from 0, no value below it
    const linear = buildChartModel(LINE, sweep.points);
    expect(linear.drawn).toBe(sweep.points.length);
    expect(linear.config.options!.scales!.y!.min).toBe(0);
    const flags = linear.config.options!.plugins!.flagLabels!;
    const below = linear.config.data.datasets
      .flatMap((d) => d.data.filter(isDatum))
      .find((d) => d.belowResolution);
    expect(flagText(below!, flags.texts as FlagTexts)).toMatch(/^< 0\.\d+ ns \(timer resolution\)$/);
    // In cycles the resolution is one cycle, in the singular; one value below it is one value.
    const cycles = { ...LINE, units: 'cycles' as const };
    const inCycles = buildChartModel(cycles, sweep.points);
    expect(resolutionNote(inCycles, cycles)).toBe(
      '3 values lie below the timer resolution (one SM cycle, 1 cycle): drawn up to it, not as measured values.',
    );
    const one = buildChartModel(
      cycles,
      sweep.points.filter((p) => p !== warp[0] && p !== warp[1]),
    );
    expect(resolutionNote(one, cycles)).toBe(
      '1 value lies below the timer resolution (one SM cycle, 1 cycle): drawn up to it, not as a measured value.',
    );
    const cycleFlags = inCycles.config.options!.plugins!.flagLabels!.texts as FlagTexts;
    const belowInCycles = inCycles.config.data.datasets
      .flatMap((d) => d.data.filter(isDatum))
      .find((d) => d.belowResolution)!;
    expect(flagText(belowInCycles, cycleFlags)).toBe('< 1 cycle (timer resolution)');
  });

  it('lowers the start as batches bring smaller values; bars keep the category of a point it cannot draw', () => {
    const model = buildChartModel(LOG, sweepPoints(2));
    expect(model.config.options!.scales!.y!.min).toBe(1);
    const small = { ...sweepPoints(1, 2)[0]! };
    small.perSyncNs = { ...small.perSyncNs!, median: 0.05, p10: 0.04, p90: 0.06 };
    appendPoints(model, LOG, [small]);
    expect(model.config.options!.scales!.y!.min).toBe(0.01);

    const [warp, block] = syntheticResult().points;
    const negative = { ...block!, perSyncNs: { ...block!.perSyncNs!, median: -1 } };
    const bars = buildChartModel({ ...BARS, axis: 'log' }, [warp!, negative]);
    expect(bars.config.data.labels).toEqual([warp!.label, block!.label]);
    expect(bars.drawn).toBe(1);
    expect(bars.nonPositive).toBe(1);
  });

  it('names how many points a log axis cannot draw', () => {
    expect(logAxisNote(0)).toBeNull();
    expect(logAxisNote(1)).toBe(
      '1 point cannot be drawn on a log axis (its value is ≤ 0); the linear axis and the table show it.',
    );
    expect(logAxisNote(3)).toMatch(/^3 points cannot be drawn on a log axis \(values ≤ 0\)/);
  });
});

describe('log x axis ticks', () => {
  const xsOf = (name: string) => reference(name).points.flatMap((p) => (p.x === null ? [] : [p.x]));

  it('ticks at the data’s x values when they fit, labelled as whole numbers', () => {
    expect(logAxisTicks(xsOf('h200-sweep.json'), 14)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(logAxisTicks(xsOf('h200-fences.json'), 14)).toEqual([1, 32, 128, 512, 1024]);
    expect(logAxisTicks(xsOf('h200-fences.json'), 14).map((v) => logTickLabel(v))).toEqual([
      '1',
      '32',
      '128',
      '512',
      '1,024',
    ]);
    expect(logTickLabel(1 / 132)).toBe('0.00758');
  });

  it('leaves out ticks that would crowd the one before, keeping the first and the last', () => {
    // the cluster sweep: 124, 128, 132 and 1024, 1056 lie too close together on a log axis
    const ticks = logAxisTicks(xsOf('h200-cluster.json'), 12);
    expect(ticks[0]).toBe(1);
    expect(ticks.at(-1)).toBe(1056);
    expect(ticks.length).toBeLessThanOrEqual(12);
    const gap = Math.log10(1056) / 11;
    ticks
      .slice(1)
      .forEach((t, i) => expect(Math.log10(t) - Math.log10(ticks[i]!)).toBeGreaterThanOrEqual(gap * 0.99));
    const xs = xsOf('h200-cluster.json');
    for (const t of ticks) expect(xs.includes(t) || Number.isInteger(Math.log2(t)), String(t)).toBe(true);
    // many whole-number values: powers of 2
    const many = Array.from({ length: 64 }, (_, i) => i + 1);
    expect(logAxisTicks(many, 8)).toEqual([1, 2, 4, 8, 16, 32, 64]);
  });

  it('is how the chart’s log x axis builds and labels its ticks', () => {
    const { config } = buildChartModel(LINE, sweepPoints(12));
    const x = config.options!.scales!.x as unknown as {
      afterBuildTicks: (scale: object) => void;
      ticks: { callback: (value: number) => string; autoSkip: boolean };
    };
    const scale = {
      chart: { data: config.data },
      width: 800,
      min: 1,
      max: 6,
      ticks: [] as { value: number }[],
    };
    x.afterBuildTicks(scale);
    expect(scale.ticks.map((t) => t.value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(x.ticks.callback(1024)).toBe('1,024');
    expect(x.ticks.autoSkip).toBe(false);
  });
});

describe('appendPoints', () => {
  it('adds a batch to the existing datasets and counts points it cannot draw', () => {
    const model = buildChartModel(LINE, []);
    expect(model.config.data.datasets).toHaveLength(0);
    appendPoints(model, LINE, sweepPoints(4));
    const block = model.config.data.datasets[0];
    const hostTimed = { ...sweepPoints(1, 4)[0]!, perSyncNs: null };
    appendPoints(model, LINE, [...sweepPoints(3, 5), hostTimed]);
    expect(model.config.data.datasets[0]).toBe(block);
    expect(model.config.data.datasets.map((d) => d.data.length)).toEqual([3, 4]);
    expect(model.drawn).toBe(7);
    expect(model.skipped).toBe(1);
  });
});

describe('backgroundPlugin', () => {
  it('fills the whole canvas beneath the drawing, so exported images are opaque', () => {
    const calls: unknown[][] = [];
    const ctx = {
      save: () => calls.push(['save']),
      restore: () => calls.push(['restore']),
      fillRect: (...args: number[]) =>
        calls.push(['fillRect', ...args, ctx.fillStyle, ctx.globalCompositeOperation]),
      fillStyle: '',
      globalCompositeOperation: 'source-over',
    };
    const chart = { ctx, width: 800, height: 400 } as unknown as Chart;
    const draw = backgroundPlugin.beforeDraw as unknown as (
      c: Chart,
      a: object,
      o: { color: string },
    ) => void;
    draw(chart, {}, { color: '#ffffff' });
    expect(calls).toEqual([
      ['save'],
      ['fillRect', 0, 0, 800, 400, '#ffffff', 'destination-over'],
      ['restore'],
    ]);
  });
});
