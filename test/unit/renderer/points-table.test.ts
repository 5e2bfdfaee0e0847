// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import PointsTable from '../../../renderer/components/PointsTable.vue';
import { sweepPoints } from './points';

beforeEach(() => setActivePinia(createPinia()));

describe('PointsTable', () => {
  it('shows the first 100 rows of a long run until asked for all', async () => {
    const wrapper = mount(PointsTable, { props: { points: sweepPoints(150), xLabel: 'warps per block' } });
    expect(wrapper.findAll('tbody tr')).toHaveLength(100);
    expect(wrapper.get('.more').text()).toContain('100 of 150 points shown.');
    await wrapper.get('.more button').trigger('click');
    expect(wrapper.findAll('tbody tr')).toHaveLength(150);
    expect(wrapper.find('.more').exists()).toBe(false);
  });

  it('names the flags of a point in its row', () => {
    const [point] = sweepPoints(1);
    const flagged = { ...point!, noisy: true, incorrect: true };
    const wrapper = mount(PointsTable, { props: { points: [flagged], xLabel: null } });
    expect(wrapper.get('tbody tr').classes()).toContain('incorrect');
    expect(wrapper.get('tbody tr td:last-child').text()).toBe('incorrect (not a sync), noisy');
  });
});
