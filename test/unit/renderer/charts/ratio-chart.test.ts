/**
 * The difference view of a comparison (docs/figures.md#compare): each later run's ratio to run 1 per row, with
 * the interval both medians' 95% CIs allow.
 */
import { describe, expect, it } from 'vitest';
import { compareResults } from '../../../../electron/model/compare/compare';
import { hasRatios, ratioChartConfig, ratioInterval } from '../../../../renderer/figures/ratio-chart';
import { isDatum, type ChartDatum } from '../../../../renderer/figures/datum';
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
    const bars = config.data.datasets[0]!.data.filter(isDatum) as ChartDatum[];
    expect(bars).toHaveLength(comparison.rows.filter((r) => r.cells[1]?.ratio != null).length);
    for (const bar of bars) {
      const row = comparison.rows.find((r) => r.label === bar.x)!;
      expect(bar.y).toBe(row.cells[1]!.ratio);
      expect(bar.yMin).toBeLessThanOrEqual(bar.y);
      expect(bar.yMax).toBeGreaterThanOrEqual(bar.y);
    }
    // Two agreement runs of one GPU: their ratios lie near 1.
    expect(bars.every((b) => b.y > 0.5 && b.y < 2)).toBe(true);
  });

  it('has nothing to draw for a single run', () => {
    expect(hasRatios(compareResults([reference('h200-modes_a.json')]))).toBe(false);
  });
});
