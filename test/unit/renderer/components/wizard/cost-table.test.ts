// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cost } from '../../../../../electron/core/decide/costs';
import CostTable from '../../../../../renderer/components/wizard/CostTable.vue';

beforeEach(() => setActivePinia(createPinia()));

const wait = (over: Partial<Cost>): Cost => ({
  id: 'stream-sync',
  measurement: { mode: 'host_completion', workload: 'host_stream_sync', param: 0, unit: 'one wait' },
  perSyncNs: 8779.3,
  label: 'empty launch + cudaStreamSynchronize (spin)',
  source: { kind: 'reference', where: 'host_completion (spin) on NVIDIA H200' },
  sourceLabel: 'reference dataset, not this GPU (host_completion (spin) on NVIDIA H200)',
  missing: null,
  schedule: { asked: 'auto', measured: 'spin' },
  otherSchedules: [
    { schedule: 'yield', perSyncNs: 9923.5, label: 'y', source: { kind: 'reference', where: 'y' } },
    { schedule: 'blocking-sync', perSyncNs: 25071.2, label: 'b', source: { kind: 'reference', where: 'b' } },
  ],
  ...over,
});

describe('CostTable', () => {
  it('names the scheduling flag that priced a host wait and shows the other flags beside it', () => {
    const wrapper = mount(CostTable, {
      props: { costs: { recommendation: wait({}), alternatives: [], options: [] } },
    });
    expect(wrapper.get('[data-testid="cost-schedule"]').text()).toBe(
      'host scheduling flag: auto, priced as spin (what auto does with one CUDA context per process)',
    );
    expect(wrapper.get('[data-testid="cost-other-schedules"]').text()).toBe(
      'with the other flags: yield 9,924 ns · blocking-sync 25,070 ns',
    );
  });

  it('says the flag plainly when the one asked for was measured, and nothing for other choices', () => {
    const asked = wait({ schedule: { asked: 'yield', measured: 'yield' }, otherSchedules: [] });
    const other = wait({ id: 'syncthreads', schedule: null, otherSchedules: [] });
    const wrapper = mount(CostTable, {
      props: { costs: { recommendation: asked, alternatives: [other], options: [] } },
    });
    expect(wrapper.findAll('[data-testid="cost-schedule"]').map((s) => s.text())).toEqual([
      'host scheduling flag: yield',
    ]);
    expect(wrapper.find('[data-testid="cost-other-schedules"]').exists()).toBe(false);
  });
});
