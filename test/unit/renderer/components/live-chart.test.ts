// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { markRaw, nextTick } from 'vue';
import LiveChart from '../../../../renderer/components/LiveChart.vue';
import { useSettingsStore } from '../../../../renderer/stores/settings';
import type { Point } from '../../../../electron/model/results/schema';
import { SWEEP_X_AXIS, sweepPoints } from '../points';

beforeEach(() => {
  localStorage.clear();
  setActivePinia(createPinia());
});

async function mountChart(points: Point[], batches = 0) {
  const wrapper = mount(LiveChart, {
    props: { kind: 'line', xAxis: SWEEP_X_AXIS, title: 'sweep', replay: false, points, batches },
  });
  await nextTick();
  return wrapper;
}

describe('LiveChart', () => {
  it('draws only the new points of each batch, and starts over for a new run', async () => {
    const points = markRaw(sweepPoints(2));
    const wrapper = await mountChart(points);
    const figure = () => wrapper.get('figure');
    expect([figure().attributes('data-series'), figure().attributes('data-points')]).toEqual(['2', '2']);
    points.push(...sweepPoints(4, 2));
    await wrapper.setProps({ batches: 1 });
    expect(figure().attributes('data-points')).toBe('6');
    expect(figure().text()).toContain('6 points in 2 series');
    await wrapper.setProps({ points: markRaw(sweepPoints(1)), batches: 0 });
    expect([figure().attributes('data-series'), figure().attributes('data-points')]).toEqual(['1', '1']);
  });

  it('redraws in the chosen unit and says how many points have no value in it', async () => {
    const points = markRaw([...sweepPoints(3), { ...sweepPoints(1, 3)[0]!, perSyncCycles: null }]);
    const wrapper = await mountChart(points);
    expect(wrapper.get('figure').attributes('data-points')).toBe('4');
    useSettingsStore().units = 'cycles';
    await nextTick();
    expect(wrapper.get('figure').attributes('data-points')).toBe('3');
    expect(wrapper.get('figcaption').text()).toContain('1 without a value in cycles');
  });

  it('notes under a log-axis chart how many points it cannot draw (values ≤ 0)', async () => {
    const [first, ...rest] = sweepPoints(4);
    const negative = { ...first!, perSyncNs: { ...first!.perSyncNs!, median: -0.02 } };
    const wrapper = await mountChart(markRaw([negative, ...rest]));
    expect(wrapper.find('[data-testid="log-axis-note"]').exists()).toBe(false);
    useSettingsStore().axis = 'log';
    await nextTick();
    expect(wrapper.get('figure').attributes('data-points')).toBe('3');
    expect(wrapper.get('[data-testid="log-axis-note"]').text()).toBe(
      '1 point cannot be drawn on a log axis (its value is ≤ 0); the linear axis and the table show it.',
    );
  });
});
