/**
 * The difference view of a comparison (docs/figures.md#compare): each later run's ratio to run 1 per row, with
 * the interval both medians' 95% CIs allow.
 */
import { describe, expect, it } from 'vitest';
import { compareResults } from '../../../../electron/model/compare/compare';
import {
  hasRatios,
  ratioBarCount,
  ratioChartConfig,
  ratioChartHeight,
  ratioInterval,
  type RatioBar,
} from '../../../../renderer/figures/ratio-chart';
import { reference } from './figure-fixtures';

describe('ratio to run 1', () => {
  it('takes its interval from both medians’ 95% CIs: own low over base high, own high over base low', () => {
    expect(ratioInterval({ ciLow: 9, ciHigh: 11 }, { ciLow: 18, ciHigh: 22 })).toEqual([18 / 11, 22 / 9]);
    expect(ratioInterval({ ciLow: null, ciHigh: 11 }, { ciLow: 18, ciHigh: 22 })).toBeNull();
    expect(ratioInterval({ ciLow: 0, ciHigh: 11 }, { ciLow: 18, ciHigh: 22 })).toBeNull();
  });

  it('draws one bar per row of each later run, the ratio inside its interval', () => {
    const runs = [reference('h200-modes_a.json'), reference('h200-modes_b.json')];
    const comparison = compareResults(runs);
    expect(hasRatios(comparison)).toBe(true);
    const config = ratioChartConfig(comparison, ['Run 1', 'Run 2'], { theme: 'light', locale: 'en' });
    expect(config.data.datasets).toHaveLength(1);
    // Horizontal bars: the row down the y axis, the ratio along x, its interval as xMin–xMax.
    expect((config.options as { indexAxis?: string }).indexAxis).toBe('y');
    const all = config.data.datasets[0]!.data as unknown as RatioBar[];
    const bars = all.filter((b) => b.x !== null);
    expect(bars).toHaveLength(comparison.rows.filter((r) => r.cells[1]?.ratio != null).length);
    expect(ratioBarCount(comparison)).toBe(bars.length);
    for (const bar of bars) {
      const row = comparison.rows.find((r) => r.label === bar.y)!;
      expect(bar.x).toBe(row.cells[1]!.ratio);
      expect(bar.xMin!).toBeLessThanOrEqual(bar.x!);
      expect(bar.xMax!).toBeGreaterThanOrEqual(bar.x!);
    }
    // Two agreement runs of one GPU: their ratios lie near 1.
    expect(bars.every((b) => b.x! > 0.5 && b.x! < 2)).toBe(true);
  });

  it('grows with its rows so that 70 rows of long names stay readable', () => {
    const runs = [reference('h200-pipeline.json'), reference('h200-pipeline_b.json')];
    const comparison = compareResults(runs);
    expect(comparison.rows.length).toBeGreaterThan(60);
    expect(ratioChartHeight(comparison.rows.length, 1)).toBeGreaterThanOrEqual(comparison.rows.length * 20);
    expect(ratioChartHeight(3, 1)).toBe(260);
    const config = ratioChartConfig(comparison, ['Run 1', 'Run 2'], { theme: 'light', locale: 'en' });
    const tick = (config.options?.scales?.y?.ticks as { callback: (v: unknown, i: number) => string })
      .callback;
    const names = comparison.rows.map((_, i) => tick(i, i));
    expect(Math.max(...names.map((n) => n.length))).toBeLessThanOrEqual(48);
  });

  it('has nothing to draw for a single run', () => {
    expect(hasRatios(compareResults([reference('h200-modes_a.json')]))).toBe(false);
  });
});
