import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartSpec } from '../../../../renderer/figures/config';
import { SWEEP_X_AXIS, sweepPoints } from '../points';

const built = vi.hoisted(() => ({ configs: [] as unknown[], destroyed: 0 }));
vi.mock('../../../../renderer/figures/register', () => ({ registerCharts: () => undefined }));
vi.mock('chart.js', () => ({
  Chart: class {
    scales = { y: { min: 0 } };
    constructor(_context: unknown, config: unknown) {
      built.configs.push(config);
    }
    update(): void {}
    destroy(): void {
      built.destroyed += 1;
    }
  },
}));

const { LiveChart } = await import('../../../../renderer/figures/live-chart');

const SPEC: ChartSpec = {
  kind: 'line',
  xAxis: SWEEP_X_AXIS,
  units: 'ns',
  axis: 'linear',
  theme: 'light',
  title: 'sweep',
  replay: true,
};
const canvasWith = (context: object | null) =>
  ({ getContext: () => context }) as unknown as HTMLCanvasElement;

describe('LiveChart building', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    built.configs.length = 0;
    built.destroyed = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('counts at once but creates Chart.js in a later task, with the points appended meanwhile', () => {
    const onDrawn = vi.fn();
    const chart = new LiveChart(canvasWith({}), SPEC, sweepPoints(2), onDrawn);
    expect(chart.drawable).toBe(true);
    expect(chart.counts().points).toBe(2);
    expect(built.configs).toHaveLength(0);
    expect(chart.yAxisStart).toBeNull();
    chart.append(sweepPoints(4).slice(2));
    expect(chart.counts().points).toBe(4);
    vi.runOnlyPendingTimers();
    expect(built.configs).toHaveLength(1);
    expect(onDrawn).toHaveBeenCalledTimes(1);
    expect(chart.yAxisStart).toBe(0);
    chart.destroy();
    expect(built.destroyed).toBe(1);
  });

  it('destroyed before its task, it never creates Chart.js', () => {
    const chart = new LiveChart(canvasWith({}), SPEC, sweepPoints(2));
    chart.destroy();
    vi.runAllTimers();
    expect(built.configs).toHaveLength(0);
  });

  it('without a drawing surface, it keeps the data and schedules nothing', () => {
    const chart = new LiveChart(canvasWith(null), SPEC, sweepPoints(3));
    expect(chart.drawable).toBe(false);
    expect(chart.counts().points).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
  });
});
