import { describe, expect, it } from 'vitest';
import { decadeTicks, logTickLabel, placeYLogTicks } from '../../../../renderer/figures/log-ticks';
import { buildChartModel, type ChartSpec } from '../../../../renderer/figures/config';
import { SWEEP_X_AXIS, sweepPoints } from '../points';

describe('log y axis ticks: 1, 2, 5 × 10ⁿ', () => {
  it('ticks at 1, 2 and 5 of every decade between the ends', () => {
    expect(decadeTicks(1, 1000, 20)).toEqual([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]);
    expect(decadeTicks(0.01, 0.5, 20)).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5]);
    // never 0.30000000000000004 or 7 × 10ⁿ
    expect(decadeTicks(0.1, 10, 20)).toEqual([0.1, 0.2, 0.5, 1, 2, 5, 10]);
  });

  it('keeps only powers of ten, then every second one, when the axis is short', () => {
    expect(decadeTicks(1, 10_000, 6)).toEqual([1, 10, 100, 1000, 10_000]);
    expect(decadeTicks(0.01, 100_000, 4)).toEqual([0.01, 1, 100, 10_000]);
  });

  it('labels with thousands separators and only the decimals a tick needs, never "30.000"', () => {
    expect([1, 2, 5, 10, 1000, 20_000, 30_000].map((v) => logTickLabel(v, 'en'))).toEqual([
      '1',
      '2',
      '5',
      '10',
      '1,000',
      '20,000',
      '30,000',
    ]);
    expect([0.5, 0.05, 0.002].map((v) => logTickLabel(v, 'en'))).toEqual(['0.5', '0.05', '0.002']);
    expect(logTickLabel(10_000, 'zh-CN')).toBe('10,000');
  });

  it('is how a log y axis of a chart places and labels its ticks', () => {
    const spec: ChartSpec = {
      kind: 'line',
      xAxis: SWEEP_X_AXIS,
      units: 'ns',
      axis: 'log',
      theme: 'light',
      title: 'sweep',
      replay: false,
    };
    const { config } = buildChartModel(spec, sweepPoints(4));
    const y = config.options!.scales!.y as unknown as {
      type: string;
      afterBuildTicks: typeof placeYLogTicks;
      ticks: { callback: (v: number) => string };
    };
    expect(y.type).toBe('logarithmic');
    const scale = { min: 1, max: 100, height: 400, ticks: [] as { value: number }[] };
    y.afterBuildTicks(scale as never);
    expect(scale.ticks.map((t) => t.value)).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(y.ticks.callback(7000)).toBe('7,000');
  });
});
