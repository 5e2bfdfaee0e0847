import { describe, expect, it } from 'vitest';
import { appendPoints, buildChartModel, type ChartSpec } from '../../../../renderer/figures/config';
import { holdingYAxis, releaseYAxis } from '../../../../renderer/figures/held-axis';
import type { Point } from '../../../../electron/model/results/schema';
import { SWEEP_X_AXIS, sweepPoints } from '../points';

const SPEC: ChartSpec = {
  kind: 'line',
  xAxis: SWEEP_X_AXIS,
  units: 'ns',
  axis: 'auto',
  theme: 'light',
  title: 'sweep',
  replay: false,
};

/** A point of the sweep whose median (and interval) is `ns`: a batch that moves the auto y axis. */
function pointAt(ns: number, index: number): Point {
  const point = sweepPoints(1, index)[0]!;
  return { ...point, perSyncNs: { ...point.perSyncNs!, median: ns, p10: ns, p90: ns, min: ns, max: ns } };
}

const y = (model: ReturnType<typeof buildChartModel>) =>
  model.config.options!.scales!.y as unknown as Record<string, unknown>;

describe('a zoomed live chart holds its y axis while batches arrive', () => {
  it('a batch alone chooses the y axis again: it undoes a zoomed range (what holding prevents)', () => {
    const model = buildChartModel(SPEC, sweepPoints(6));
    Object.assign(y(model), { min: 8, max: 12 }); // as the zoom plugin leaves a zoomed axis
    appendPoints(model, SPEC, sweepPoints(4, 6));
    expect(y(model).min).toBe(0);
  });

  it('keeps the zoomed range, type and ticks through batches; the data and counts follow', () => {
    const model = buildChartModel(SPEC, sweepPoints(6));
    Object.assign(y(model), { min: 8, max: 12 });
    const ticksBefore = { ...(y(model).ticks as object) };
    holdingYAxis(model, () => appendPoints(model, SPEC, sweepPoints(4, 6)));
    expect([y(model).min, y(model).max, y(model).type]).toEqual([8, 12, 'linear']);
    expect(model.drawn).toBe(10);
    // A batch spanning three decades would switch 'auto' to a log axis: held, it stays linear, ticks and all.
    holdingYAxis(model, () => appendPoints(model, SPEC, [pointAt(5000, 10)]));
    expect([y(model).min, y(model).max, y(model).type]).toEqual([8, 12, 'linear']);
    expect(y(model).afterBuildTicks).toBeUndefined();
    expect(y(model).ticks).toEqual(ticksBefore);
    expect(model.logY).toBe(false);
    expect(model.drawn).toBe(11);
  });

  it('after a reset the y axis is chosen again from every value drawn', () => {
    const model = buildChartModel(SPEC, sweepPoints(6));
    Object.assign(y(model), { min: 8, max: 12 });
    holdingYAxis(model, () => appendPoints(model, SPEC, [pointAt(5000, 6)]));
    expect(y(model).type).toBe('linear');
    delete y(model).max; // the zoom plugin's reset puts back the range it found (no max)
    releaseYAxis(model, SPEC);
    expect(y(model).type).toBe('logarithmic');
    expect(model.logY).toBe(true);
    expect(y(model).min).toBe(1); // the power of ten at or below the smallest value (5 ns)
  });
});
