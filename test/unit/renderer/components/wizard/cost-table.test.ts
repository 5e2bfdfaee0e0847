// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cost } from '../../../../../electron/model/decide/costs';
import CostTable from '../../../../../renderer/components/wizard/CostTable.vue';

beforeEach(() => setActivePinia(createPinia()));

const wait = (over: Partial<Cost>): Cost => ({
  id: 'stream-sync',
  measurement: { mode: 'host_completion', workload: 'host_stream_sync', param: 0, unit: 'one wait' },
  perSyncNs: 8779.3,
  ciLowNs: 8701.2,
  ciHighNs: 8850.6,
  perWork: { unit: 'hand-off', ns: 8779.3, ciLowNs: 8701.2, ciHighNs: 8850.6, factor: 1, basis: 'once' },
  clusterSize: null,
  label: 'empty launch + cudaStreamSynchronize (spin)',
  source: { kind: 'reference', where: 'host_completion (spin) on NVIDIA H200' },
  sourceLabel: 'reference dataset, not this GPU: host_completion (spin) on NVIDIA H200',
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
      props: { costs: { unit: 'hand-off', recommendation: wait({}), alternatives: [], options: [] } },
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
      props: { costs: { unit: 'hand-off', recommendation: asked, alternatives: [other], options: [] } },
    });
    expect(wrapper.findAll('[data-testid="cost-schedule"]').map((s) => s.text())).toEqual([
      'host scheduling flag: yield',
    ]);
    expect(wrapper.find('[data-testid="cost-other-schedules"]').exists()).toBe(false);
  });

  it('prices every choice per unit of work, with its interval, its conversion and its dataset named as lists do', () => {
    const boundary = wait({
      id: 'kernel-boundary',
      measurement: {
        mode: 'kernel_boundary',
        workload: 'boundary_launches',
        param: null,
        unit: 'one phase + kernel launch boundary',
      },
      perSyncNs: 3522.2,
      perWork: {
        unit: 'phase',
        ns: 3522.2,
        ciLowNs: 3486.5,
        ciHighNs: 3556.7,
        factor: 1,
        basis: 'once-with-work',
      },
      schedule: null,
      otherSchedules: [],
      label: 'kernel launches, 8 warps × 132 blocks',
      source: {
        kind: 'reference',
        where: 'kernel_boundary on NVIDIA H200 (2026-12-01 · 0123abcd) · kernel_boundary · NVIDIA H200',
        dataset: {
          id: '0123abcdef',
          name: 'kernel_boundary on NVIDIA H200',
          createdAt: '2026-12-01T10:13:23.716Z',
          mode: 'kernel_boundary',
          deviceName: 'NVIDIA H200',
        },
      },
    });
    const cluster = wait({
      id: 'cluster-sync',
      measurement: {
        mode: 'cluster',
        workload: 'cluster_sync',
        param: null,
        unit: 'one this_cluster().sync()',
      },
      perSyncNs: 203.8,
      perWork: { unit: 'phase', ns: 203.8, ciLowNs: null, ciHighNs: null, factor: 1, basis: 'once' },
      clusterSize: 2,
      schedule: null,
      otherSchedules: [],
    });
    const wrapper = mount(CostTable, {
      props: { costs: { unit: 'phase', recommendation: boundary, alternatives: [cluster], options: [] } },
    });
    expect(wrapper.get('[data-testid="cost-per-work-head"]').text()).toBe('ns per phase');
    const row = wrapper.get('[data-cost="kernel-boundary"]');
    expect(row.get('[data-testid="cost-per-work"]').text()).toBe('3,522');
    expect(row.get('[data-testid="cost-ci"]').text()).toBe('3,487 to 3,557');
    expect(row.get('[data-testid="cost-measured"]').text()).toBe(
      '3,522 ns: one phase + kernel launch boundary',
    );
    expect(row.get('[data-testid="cost-conversion"]').text()).toBe(
      'per phase = 1 × one phase + kernel launch boundary (the phase’s own work, one update per thread, included)',
    );
    expect(row.get('[data-testid="cost-dataset"]').text()).toMatch(
      /^kernel_boundary on NVIDIA H200 \(.+ · 0123abcd\) · kernel_boundary · NVIDIA H200: kernel launches, 8 warps × 132 blocks$/,
    );
    const clusterRow = wrapper.get('[data-cost="cluster-sync"]');
    expect(clusterRow.get('[data-testid="cost-ci"]').text()).toBe('—');
    const near = { ...boundary, perWork: { ...boundary.perWork!, ciLowNs: 3522.1, ciHighNs: 3522.4 } };
    const narrow = mount(CostTable, {
      props: { costs: { unit: 'phase', recommendation: near, alternatives: [], options: [] } },
    });
    // 4 significant digits write both ends 3,522: one decimal tells them apart.
    expect(narrow.get('[data-testid="cost-ci"]').text()).toBe('3,522.1 to 3,522.4');
    expect(clusterRow.get('[data-testid="cost-cluster"]').text()).toBe(
      'priced at the smallest real cluster, 2 blocks launched with a cluster dimension (no cluster size was given)',
    );
    expect(wrapper.get('[data-testid="cost-footnote"]').text()).toMatch(/^Every price is per phase/);
  });
});
