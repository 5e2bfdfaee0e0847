import { describe, expect, it } from 'vitest';
import type { Point } from '../../../../electron/model/results/schema';
import { buildChartModel, type ChartSpec } from '../../../../renderer/figures/config';
import { decimate, DECIMATE_ABOVE } from '../../../../renderer/figures/decimate';
import { isDatum, toDatum, type ChartDatum } from '../../../../renderer/figures/datum';
import { chartPalette, seriesSlot } from '../../../../renderer/figures/palette';
import { belowResolution, timerResolution } from '../../../../electron/model/measure/resolution';
import { syntheticResult } from '../../../fixtures/synthetic-result';

const BARS: ChartSpec = {
  kind: 'bars',
  xAxis: null,
  units: 'ns',
  axis: 'auto',
  theme: 'light',
  title: 'modes',
  replay: false,
};

/** A point whose per-sync median is `cycles` SM cycles at 2000 MHz (0.5 ns per cycle). */
function pointAt(cycles: number, series = 'warp', base?: Point): Point {
  const point = base ?? syntheticResult().points[0]!;
  const stats = (median: number) => ({
    ...point.perSyncCycles!,
    median,
    p10: median - 0.1,
    p90: median + 0.1,
  });
  return {
    ...point,
    series,
    label: `${series} ${cycles}`,
    perSyncCycles: stats(cycles),
    perSyncNs: stats(cycles / 2),
    clock: { ...point.clock, conversionMHz: 2000 },
  };
}

describe('"< resolution": a per-sync value below one SM cycle', () => {
  it('is one SM cycle: 1 cycle, or 1000 / the conversion clock in ns; none for host-timed points', () => {
    expect(timerResolution(pointAt(5), 'cycles')).toBe(1);
    expect(timerResolution(pointAt(5), 'ns')).toBe(0.5);
    expect(timerResolution({ ...pointAt(5), perSyncCycles: null }, 'ns')).toBeNull();
  });

  it('holds for medians under one cycle, negative ones too, and not for measured values', () => {
    expect(belowResolution(pointAt(0.3), 'ns')).toBe(0.5);
    expect(belowResolution(pointAt(-0.08), 'cycles')).toBe(1);
    expect(belowResolution(pointAt(1), 'ns')).toBeNull();
    expect(belowResolution(pointAt(12), 'ns')).toBeNull();
  });

  it('draws the value from 0 up to the resolution, never below 0', () => {
    const datum = toDatum(pointAt(-0.08), 'bars', 'perSync', 'ns')!;
    expect([datum.y, datum.yMin, datum.yMax, datum.belowResolution]).toEqual([0.5, 0, 0.5, 0.5]);
    const measured = toDatum(pointAt(8), 'bars', 'perSync', 'ns')!;
    expect([measured.y, measured.belowResolution]).toEqual([4, null]);
  });
});

describe('cost axes', () => {
  it('start at 0 on a linear axis', () => {
    const model = buildChartModel({ ...BARS, axis: 'linear' }, [pointAt(8), pointAt(-0.5, 'block')]);
    expect(model.config.options!.scales!.y).toMatchObject({ type: 'linear', beginAtZero: true, min: 0 });
  });

  it("'auto' picks log when the values span more than two decades, linear otherwise", () => {
    const wide = buildChartModel(BARS, [pointAt(0.3), pointAt(8, 'block'), pointAt(15_600, 'grid')]);
    expect(wide.logY).toBe(true);
    expect(wide.config.options!.scales!.y!.type).toBe('logarithmic');
    const narrow = buildChartModel(BARS, [pointAt(8), pointAt(30, 'block')]);
    expect(narrow.logY).toBe(false);
    expect(narrow.axisNote).toBeNull();
  });

  it("'auto' says why it stays linear when a value ≤ 0 rules a log axis out", () => {
    const hostTimed = { ...pointAt(1), perSyncCycles: null };
    const zero = { ...hostTimed, series: 'zero', perSyncNs: { ...hostTimed.perSyncNs!, median: 0 } };
    const model = buildChartModel(BARS, [pointAt(4), pointAt(20_000, 'grid'), zero]);
    expect(model.logY).toBe(false);
    expect(model.axisNote).toMatch(/^The values span 3 decades, but some are ≤ 0/);
  });
});

describe('series colours', () => {
  it('give a series the same slot wherever it appears, other series of a chart another', () => {
    const palette = chartPalette('light');
    expect(seriesSlot(palette, 'warp', [])).toBe(0);
    expect(seriesSlot(palette, 'block', [])).toBe(1);
    expect(seriesSlot(palette, '__syncthreads()', [])).toBe(1);
    const alone = seriesSlot(palette, 'fence:device × 1 block', []);
    expect(seriesSlot(palette, 'fence:device × 1 block', [])).toBe(alone);
    expect(seriesSlot(palette, 'fence:device × 1 block', [alone])).not.toBe(alone);
    const a = buildChartModel(BARS, [pointAt(8, 'block'), pointAt(2, 'warp')]);
    const b = buildChartModel(BARS, [pointAt(2, 'warp'), pointAt(8, 'block')]);
    const colour = (m: typeof a, label: string) =>
      m.config.data.datasets.find((d) => d.label === label)!.errorBarColor;
    expect(colour(a, 'warp')).toBe(colour(b, 'warp'));
    expect(colour(a, 'block')).toBe(colour(b, 'block'));
  });
});

describe('decimation', () => {
  const datum = (x: number, y: number): ChartDatum => ({
    x,
    y,
    yMin: y,
    yMax: y,
    p10: y,
    p90: y,
    n: 1,
    series: 's',
    label: String(x),
    incorrect: false,
    noisy: false,
    throttled: false,
    belowResolution: null,
  });

  it('keeps a short series whole and draws a long one as the extremes of each slice', () => {
    const short = Array.from({ length: DECIMATE_ABOVE }, (_, i) => datum(i + 1, i));
    expect(decimate(short, true)).toHaveLength(DECIMATE_ABOVE);
    const long = Array.from({ length: 10_000 }, (_, i) => datum(i + 1, i % 97 === 0 ? 1000 : Math.sin(i)));
    const marks = decimate(long, false, 100);
    expect(marks.length).toBeLessThanOrEqual(200);
    expect(Math.max(...marks.map((d) => d.y))).toBe(1000);
    expect(Math.min(...marks.map((d) => d.y))).toBe(Math.min(...long.map((d) => d.y)));
    const xs = marks.map((d) => Number(d.x));
    expect(xs).toEqual([...xs].sort((p, q) => p - q));
  });

  it('is what a chart draws of 10,000 points, counting every point', () => {
    const base = syntheticResult().points[0]!;
    const points = Array.from({ length: 10_000 }, (_, i) => ({
      ...pointAt(5 + (i % 13), 'warp', base),
      x: i + 1,
    }));
    const model = buildChartModel(
      { ...BARS, kind: 'line', xAxis: { key: 'n', label: 'n', log: true } },
      points,
    );
    expect(model.drawn).toBe(10_000);
    const marks = model.config.data.datasets[0]!.data.filter(isDatum);
    expect(marks.length).toBeLessThanOrEqual(1200);
    expect(marks.length).toBeGreaterThan(100);
  });
});
