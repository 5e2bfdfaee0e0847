// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResultFile } from '../../../../electron/model/results/schema';
import { useSettingsStore } from '../../../../renderer/stores/settings';
import PointsTable from '../../../../renderer/components/PointsTable.vue';
import { sweepPoints } from '../points';

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

  it('lays out its rows a few per frame when progressive, up to the first 100', async () => {
    const wrapper = mount(PointsTable, {
      props: { points: sweepPoints(150), xLabel: 'warps per block', progressive: true },
    });
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    expect(wrapper.findAll('tbody tr')).toHaveLength(20);
    expect(wrapper.get('.more').text()).toContain('100 of 150 points shown.');
    for (let i = 0; i < 6; i += 1) await frame();
    await nextTick();
    expect(wrapper.findAll('tbody tr')).toHaveLength(100);
    await wrapper.get('.more button').trigger('click');
    expect(wrapper.findAll('tbody tr')).toHaveLength(150);
  });

  it('shows the 95% CI of the median in the chosen unit, an em dash where it is not known', async () => {
    const [point, other] = sweepPoints(2);
    const unknown = { ...other!, perSyncNs: { ...other!.perSyncNs!, ciLow: null, ciHigh: null } };
    const wrapper = mount(PointsTable, { props: { points: [point!, unknown], xLabel: null } });
    const headers = wrapper.findAll('thead th').map((th) => th.text());
    expect(headers).toContain('95% CI of median');
    const ci = wrapper.findAll('[data-testid="median-ci"]').map((td) => td.text());
    const fmt = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });
    const { ciLow, ciHigh } = point!.perSyncNs!;
    expect(ciLow).not.toBeNull();
    expect(ci).toEqual([`${fmt.format(ciLow!)} – ${fmt.format(ciHigh!)}`, '—']);
    // the column sits under its header
    const column = headers.indexOf('95% CI of median');
    expect(wrapper.findAll('tbody tr')[1]!.findAll('td')[column]!.text()).toBe('—');
    useSettingsStore().units = 'cycles';
    await nextTick();
    const cycles = point!.perSyncCycles!;
    expect(wrapper.get('[data-testid="median-ci"]').text()).toBe(
      `${fmt.format(cycles.ciLow!)} – ${fmt.format(cycles.ciHigh!)}`,
    );
  });

  it('shows the whole kernel in µs', () => {
    const [point] = sweepPoints(1);
    const wrapper = mount(PointsTable, { props: { points: [point!], xLabel: null } });
    expect(wrapper.findAll('thead th').map((th) => th.text())).toContain('whole kernel (µs)');
    const us = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 }).format(
      point!.wholeKernelMs!.median * 1000,
    );
    expect(wrapper.get('[data-testid="whole-kernel"]').text()).toBe(us);
  });

  it('names the flags of a point in its row', () => {
    const [point] = sweepPoints(1);
    const flagged = { ...point!, noisy: true, incorrect: true };
    const wrapper = mount(PointsTable, { props: { points: [flagged], xLabel: null } });
    expect(wrapper.get('tbody tr').classes()).toContain('incorrect');
    expect(wrapper.get('tbody tr td:last-child').text()).toBe('incorrect (not a sync)');
    expect(wrapper.get('[data-testid="noisy"]').text()).toBe('yes');
    expect(wrapper.get('[data-testid="throttled"]').text()).toBe('no');
  });

  it('shows noisy and throttled as not known (—) for a published figure, never “no”', () => {
    const chapter = JSON.parse(
      readFileSync(
        path.join(import.meta.dirname, '../../../../resources/reference/chapter-rtx5090-modes.json'),
        'utf8',
      ),
    ) as ResultFile;
    expect(chapter.points.every((p) => p.stoppedBy === 'published')).toBe(true);
    const [measured] = sweepPoints(1);
    const wrapper = mount(PointsTable, { props: { points: [...chapter.points, measured!], xLabel: null } });
    const column = (id: string) => wrapper.findAll(`[data-testid="${id}"]`).map((td) => td.text());
    const unknown = chapter.points.map(() => '—');
    expect(column('noisy')).toEqual([...unknown, 'no']);
    expect(column('throttled')).toEqual([...unknown, 'no']);
  });
});
