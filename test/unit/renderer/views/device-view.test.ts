// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import DeviceView from '../../../../renderer/views/DeviceView.vue';
import { setApi } from '../../../../renderer/api/current';
import type { DeviceStatus } from '../../../../electron/contract';
import { syntheticResult } from '../../../fixtures/synthetic-result';
import { createFakeApi, NO_GPU, WITH_GPU, type FakeApi } from '../fake-api';
import { REFUSED_REASON, threeGpus } from '../gpu-pairs';

let api: FakeApi;

async function mountDeviceView() {
  const wrapper = mount(DeviceView, {
    global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false })] },
  });
  await flushPromises();
  return wrapper;
}

beforeEach(() => {
  api = createFakeApi();
  setApi(api);
});

describe('Device view', () => {
  it('shows the no-GPU panel with the reason the host gave', async () => {
    const wrapper = await mountDeviceView();
    const panel = wrapper.get('[data-testid="no-gpu"]');
    expect(panel.text()).toContain('No GPU can be used');
    expect(panel.get('.reason').text()).toBe(NO_GPU.reason);
    expect(panel.text()).toContain('Everything else keeps working');
    expect(wrapper.find('.device-table').exists()).toBe(false);
  });

  it("falls back to the addon's reason when the addon did not load", async () => {
    const status: DeviceStatus = {
      ...NO_GPU,
      reason: null,
      addon: {
        loaded: false,
        reason: 'The native addon was not built.',
        cudaRuntimeBuild: null,
        architectures: null,
      },
    };
    api.device.mockResolvedValue({ ok: true, value: status });
    const wrapper = await mountDeviceView();
    expect(wrapper.get('[data-testid="no-gpu"] .reason').text()).toBe('The native addon was not built.');
    // Said once: the addon's line points up to it instead of repeating it.
    expect(wrapper.text().split('The native addon was not built.')).toHaveLength(2);
    expect(wrapper.text()).toContain('not loaded (the reason is above)');
  });

  it('lists every property of the device and the cooperative limit with how it was computed', async () => {
    const device = syntheticResult().provenance.device!;
    api.device.mockResolvedValue({
      ok: true,
      value: { ...NO_GPU, available: true, reason: null, driverVersion: '580.1', devices: [device] },
    });
    const wrapper = await mountDeviceView();
    expect(wrapper.find('[data-testid="no-gpu"]').exists()).toBe(false);
    const fields = wrapper.findAll('.device-table tr').map((row) => row.attributes('data-field'));
    expect(fields.sort()).toEqual(Object.keys(device).sort());
    expect(wrapper.get('[data-field="smCount"] td').text()).toBe('100');
    expect(api.coopLimit).toHaveBeenCalledWith({ device: 0, threadsPerBlock: 256 });
    expect(wrapper.get('[data-testid="coop-limit"]').text()).toContain('264 co-resident blocks');
    expect(wrapper.text()).toContain('occupancy × SMs');
  });

  it('says plainly that one GPU has no pairs, and what NCCL is', async () => {
    api.device.mockResolvedValue({ ok: true, value: WITH_GPU });
    const wrapper = await mountDeviceView();
    expect(wrapper.get('[data-testid="pairs-note"]').text()).toBe('one GPU: no pairs');
    expect(wrapper.find('[data-testid="gpu-pairs"] table').exists()).toBe(false);
    expect(wrapper.get('[data-testid="nccl"]').text()).toBe('NCCL: missing: NCCL is not installed.');
  });

  it('lists every GPU pair with link, peer access, native atomics, rank, and the restriction with its reason', async () => {
    const reason = REFUSED_REASON;
    api.device.mockResolvedValue({ ok: true, value: threeGpus() });
    const wrapper = await mountDeviceView();
    expect(wrapper.find('[data-testid="pairs-note"]').exists()).toBe(false);
    const rows = wrapper.findAll('[data-testid="gpu-pairs"] tbody tr');
    expect(rows.map((r) => r.attributes('data-pair'))).toEqual(['0-1', '0-2', '1-2']);
    const cells = rows[1]!.findAll('td').map((c) => c.text());
    expect(cells[0]).toBe('PCIe, across NUMA nodes (SYS); no NVLink');
    expect(cells[1]).toBe('0→2 no · 2→0 no');
    expect(cells[2]).toBe('0→2 no · 2→0 —');
    expect(cells[3]).toBe('0→2 0 · 2→0 1');
    expect(cells[4]).toContain('restricted to host-barrier, copy-hop');
    expect(cells[4]).toContain(reason);
    expect(rows[0]!.findAll('td')[4]!.text()).toBe('every variant');
    expect(wrapper.get('[data-testid="nccl"]').text()).toBe('NCCL: loaded (2.27.3)');
  });

  it('reports a failed device query instead of hiding it', async () => {
    api.device.mockResolvedValue({
      ok: false,
      code: 'WORKER_CRASHED',
      message: 'The measuring process exited.',
    });
    const wrapper = await mountDeviceView();
    expect(wrapper.get('[role="alert"]').text()).toContain('The measuring process exited.');
  });
});
