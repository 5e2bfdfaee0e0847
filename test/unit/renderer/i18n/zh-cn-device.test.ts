// @vitest-environment happy-dom
/**
 * The Device view in zh-CN: without a GPU, and with three GPUs and their pairs. Every word on screen
 * is Chinese, a number, or a technical name (CUDA, SM, NVML, NCCL, …); what the host wrote in its own words (the
 * no-GPU reason, a link's description, a refused variant's reason, how the cooperative limit was computed) is
 * marked lang="en", and variant ids are code.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { setApi } from '../../../../renderer/api/current';
import { setLocale } from '../../../../renderer/i18n';
import { useSettingsStore } from '../../../../renderer/stores/settings';
import DeviceView from '../../../../renderer/views/DeviceView.vue';
import { englishWords } from '../english-words';
import { createFakeApi, type FakeApi } from '../fake-api';
import { threeGpus } from '../gpu-pairs';

const THREE_GPUS = threeGpus('NVIDIA H200');

let api: FakeApi;

async function mountZh(): Promise<VueWrapper> {
  const wrapper = mount(DeviceView, {
    global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false })] },
  });
  useSettingsStore().locale = 'zh-CN';
  await flushPromises();
  return wrapper;
}

beforeAll(() => setLocale('zh-CN'));
afterAll(() => setLocale('en'));
beforeEach(() => {
  api = createFakeApi();
  setApi(api);
});

describe('Device view in zh-CN', () => {
  it('without a GPU: the panel is Chinese, the host’s reason is marked English', async () => {
    const wrapper = await mountZh();
    expect(wrapper.get('[data-testid="no-gpu"] h2').text()).toBe('没有可用的 GPU');
    expect(wrapper.find('.reason[lang="en"], .reason [lang="en"]').exists()).toBe(true);
    expect(wrapper.text()).toContain('其他功能照常可用');
    expect(englishWords(wrapper)).toEqual([]);
  });

  it('with three GPUs: every field label, yes/no, pair and the cooperative limit', async () => {
    api.device.mockResolvedValue({ ok: true, value: THREE_GPUS });
    api.coopLimit.mockResolvedValue({
      ok: true,
      value: { blockSize: 256, blocksPerSm: 8, smCount: 132, coResidentBlocks: 1056, how: 'occupancy API' },
    });
    const wrapper = await mountZh();
    expect(wrapper.findAll('.device-table th').map((th) => th.text())).toContain('计算能力');
    expect(wrapper.get('[data-testid="coop-limit"]').text()).toContain('1,056 个可同驻的线程块');
    const restricted = wrapper.get('[data-pair="0-2"]').findAll('td')[4]!;
    expect(restricted.text()).toContain('仅限 host-barrier, copy-hop');
    expect(englishWords(wrapper)).toEqual([]);
  });
});
