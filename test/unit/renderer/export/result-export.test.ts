// @vitest-environment happy-dom
/** The export buttons ask the host for their report in the UI's language (ExportRequest.locale), and say so in it. */
import { flushPromises, mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

import ResultExport from '../../../../renderer/components/export/ResultExport.vue';
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
      {
        ids: ['run-a', 'run-b'],
        format: 'html',
        locale: 'zh-CN',
        exportId: expect.stringMatching(/^export-/),
      },
      { ids: ['run-a', 'run-b'], format: 'md', locale: 'zh-CN', exportId: expect.stringMatching(/^export-/) },
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
    expect(api.exportResults).toHaveBeenCalledWith({
      ids: ['run-a', 'run-b'],
      format: 'md',
      locale: 'en',
      exportId: expect.stringMatching(/^export-[0-9a-f]{32}$/),
    });
  });

  it('shows the phase and fraction of its export while it runs, and Cancel stops it', async () => {
    setLocale('en');
    let answer: (r: Awaited<ReturnType<FakeApi['exportResults']>>) => void = () => undefined;
    api.exportResults.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const wrapper = await mountWith('en');
    expect(wrapper.find('[data-testid="export-progress"]').exists()).toBe(false);
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'CSV')!
      .trigger('click');
    const { exportId } = api.exportResults.mock.calls[0]![0] as { exportId: string };
    // Another export's progress is not this one's.
    api.emitExportProgress({ exportId: 'export-other', phase: 'encode', fraction: null });
    api.emitExportProgress({ exportId, phase: 'read', fraction: 0.5 });
    await flushPromises();
    const progress = wrapper.get('[data-testid="export-progress"]');
    expect(wrapper.get('[data-testid="export-phase"]').text()).toBe('Reading the results…');
    expect(progress.text()).toContain('50%');
    expect(progress.get('progress').attributes('value')).toBe('50');
    expect(
      wrapper
        .findAll('button')
        .find((b) => b.text() === 'Markdown')!
        .attributes(),
    ).toHaveProperty('disabled');
    api.emitExportProgress({ exportId, phase: 'build', fraction: null });
    await flushPromises();
    expect(wrapper.get('[data-testid="export-phase"]').text()).toBe('Building the export…');
    expect(progress.text()).not.toContain('%');
    await wrapper.get('[data-testid="export-cancel"]').trigger('click');
    expect(api.cancelExport).toHaveBeenCalledWith(exportId);
    answer({ ok: false, code: 'CANCELLED', message: 'The export was cancelled; nothing was written.' });
    await flushPromises();
    expect(wrapper.find('[data-testid="export-progress"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="export-status"]').text()).toBe('Export cancelled.');
  });

  it('words the progress and Cancel in Chinese', async () => {
    api.exportResults.mockImplementation(() => new Promise(() => undefined));
    const wrapper = await mountWith('zh-CN');
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Markdown')!
      .trigger('click');
    const { exportId } = api.exportResults.mock.calls[0]![0] as { exportId: string };
    api.emitExportProgress({ exportId, phase: 'encode', fraction: null });
    await flushPromises();
    expect(wrapper.get('[data-testid="export-phase"]').text()).toBe('正在编码导出内容…');
    expect(wrapper.get('[data-testid="export-cancel"]').text()).toBe('取消');
  });
});
