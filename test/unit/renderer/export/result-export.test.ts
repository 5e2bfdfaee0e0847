// @vitest-environment happy-dom
/** The export buttons ask the host for their report in the UI's language (ExportRequest.locale), and say so in it. */
import { flushPromises, mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

import ResultExport from '../../../../renderer/export/ResultExport.vue';
import { setApi } from '../../../../renderer/api/current';
import { setLocale } from '../../../../renderer/i18n';
import { useSettingsStore } from '../../../../renderer/stores/settings';
import { createFakeApi, type FakeApi } from '../fake-api';

let api: FakeApi;

beforeEach(() => {
  api = createFakeApi({
    exportResults: vi.fn(() =>
      Promise.resolve({
        ok: true as const,
        value: { fileName: 'x.md', savedPath: null, mime: 'text/markdown', content: null, base64: false },
      }),
    ),
  });
  setApi(api);
});

afterAll(() => setLocale('en'));

async function mountWith(locale: 'en' | 'zh-CN' | null) {
  const wrapper = mount(ResultExport, {
    props: { ids: ['run-a', 'run-b'] },
    global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false })] },
  });
  useSettingsStore().locale = locale;
  if (locale) setLocale(locale);
  await flushPromises();
  return wrapper;
}

describe('ResultExport', () => {
  it('sends the chosen language with a report export', async () => {
    const wrapper = await mountWith('zh-CN');
    const buttons = wrapper.findAll('button');
    await buttons.find((b) => b.text() === 'HTML 报告')!.trigger('click');
    await buttons.find((b) => b.text() === 'Markdown')!.trigger('click');
    await flushPromises();
    expect(api.exportResults.mock.calls.map((c) => c[0])).toEqual([
      { ids: ['run-a', 'run-b'], format: 'html', locale: 'zh-CN' },
      { ids: ['run-a', 'run-b'], format: 'md', locale: 'zh-CN' },
    ]);
    // What became of it is said in the UI's language too (the desktop's dialog was cancelled here).
    expect(wrapper.get('[data-testid="export-status"]').text()).toBe('导出已取消。');
  });

  it('sends English when the UI is in English', async () => {
    setLocale('en');
    const wrapper = await mountWith('en');
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Markdown')!
      .trigger('click');
    await flushPromises();
    expect(api.exportResults).toHaveBeenCalledWith({ ids: ['run-a', 'run-b'], format: 'md', locale: 'en' });
  });
});
