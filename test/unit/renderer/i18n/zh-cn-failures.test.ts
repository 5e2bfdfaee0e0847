// @vitest-environment happy-dom
/**
 * Host failures in zh-CN: a failed run (a CUDA error, a crash of the measuring process), a BUSY start,
 * a failed device query, a failed replay start and a failed export each show Chinese; what stays the host's own
 * English (a CUDA error's words from the native addon, a browser's error) is marked lang="en", the error code is
 * `code`. The failures are made by the host's own functions (failText, WorkerCrashedError's codes), so a code
 * without a Chinese template would show here as unmarked English.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { Failure, RunEvent } from '../../../../electron/contract';
import { failText } from '../../../../electron/core/service/failure';
import { hostText, word } from '../../../../electron/model/words/host-text';
import { setApi } from '../../../../renderer/api/current';
import ResultExport from '../../../../renderer/components/export/ResultExport.vue';
import { setLocale } from '../../../../renderer/i18n';
import { routes } from '../../../../renderer/router';
import { useSettingsStore } from '../../../../renderer/stores/settings';
import DeviceView from '../../../../renderer/views/DeviceView.vue';
import ResultsView from '../../../../renderer/views/ResultsView.vue';
import { syntheticResult } from '../../../fixtures/synthetic-result';
import { englishWords } from '../english-words';
import { createFakeApi, WITH_GPU, type FakeApi } from '../fake-api';
import { mountRunView, settleValidation } from '../views/run-view-mount';

/** What the native addon says of a CUDA error (English; it names the CUDA error as it is). */
const CUDA_WORDS = 'cudaErrorIllegalAddress: an illegal memory access was encountered';

let api: FakeApi;

beforeAll(() => setLocale('zh-CN'));
afterAll(() => setLocale('en'));
beforeEach(() => {
  api = createFakeApi();
  setApi(api);
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** The Run view in zh-CN with a run `r1` started, the events of `events` then emitted. */
async function runViewAfter(...events: RunEvent[]) {
  const wrapper = await mountRunView();
  useSettingsStore().locale = 'zh-CN';
  api.emit({
    type: 'started',
    runId: 'r1',
    replay: false,
    plan: syntheticResult().plan,
    totalPoints: 3,
    sourceLabel: 'NVIDIA H200 (live)',
  });
  for (const event of events) api.emit(event);
  await flushPromises();
  return wrapper;
}

/** A failed event of run `r1`, as the run manager makes it. */
function failed(failure: Failure, workerRestarted: boolean): RunEvent {
  return {
    type: 'failed',
    runId: 'r1',
    replay: false,
    code: failure.code,
    message: failure.message,
    ...(failure.text ? { text: failure.text } : {}),
    workerRestarted,
    partial: null,
    savedId: null,
  };
}

describe('host failures in zh-CN', () => {
  it('a run failed by a CUDA error: Chinese around the addon’s words, marked English, and the code', async () => {
    const cuda: Failure = {
      ok: false,
      code: 'CUDA',
      ...hostText('run.contextLostRestarted', { detail: { en: CUDA_WORDS } }),
    };
    const wrapper = await runViewAfter(failed(cuda, true));
    const message = wrapper.get('[data-testid="run-message"]');
    expect(message.text()).toBe(`CUDA：${CUDA_WORDS} CUDA 上下文已丢失；测量进程已重启。测量进程已重启。`);
    expect(message.get('code').text()).toBe('CUDA');
    expect(message.get('[lang="en"]').text()).toBe(CUDA_WORDS);
    expect(englishWords(message)).toEqual([]);
  });

  it('a run failed without a frame of its own: run.failed words the CUDA error in Chinese', async () => {
    const cuda: Failure = {
      ok: false,
      code: 'CUDA',
      ...hostText('run.failed', { detail: { en: CUDA_WORDS } }),
    };
    expect(cuda.message).toBe(CUDA_WORDS);
    const message = (await runViewAfter(failed(cuda, false))).get('[data-testid="run-message"]');
    expect(message.text()).toBe(`CUDA：运行出错：${CUDA_WORDS}`);
    expect(message.get('[lang="en"]').text()).toBe(CUDA_WORDS);
    expect(englishWords(message)).toEqual([]);
  });

  it('a failed run from a host that sent no code: its English, marked so, after the code', async () => {
    const older: Failure = { ok: false, code: 'CUDA', message: CUDA_WORDS };
    const message = (await runViewAfter(failed(older, false))).get('[data-testid="run-message"]');
    expect(message.text()).toBe(`CUDA：${CUDA_WORDS}`);
    expect(message.get('[lang="en"]').text()).toBe(CUDA_WORDS);
    expect(englishWords(message)).toEqual([]);
  });

  it('a run failed by a crash of the measuring process: all Chinese, nothing marked English', async () => {
    const crash = failText('WORKER_CRASHED', 'worker.crashedRestarted', {
      reason: word('worker.silent', { seconds: 60 }),
    });
    expect(crash.message).toBe(
      'The measuring process stopped reporting for 60 s during a run and was ended; it was restarted.',
    );
    const message = (await runViewAfter(failed(crash, true))).get('[data-testid="run-message"]');
    expect(message.text()).toBe(
      'WORKER_CRASHED：测量进程在运行中 60 秒没有报告，已被结束；它已重启。测量进程已重启。',
    );
    expect(message.find('[lang="en"]').exists()).toBe(false);
    expect(englishWords(message)).toEqual([]);
  });

  it('a BUSY start: the host’s refusal in Chinese', async () => {
    vi.useFakeTimers();
    api.device.mockResolvedValue({ ok: true, value: WITH_GPU });
    api.startRun.mockResolvedValue(failText('BUSY', 'run.busy'));
    const wrapper = await mountRunView();
    useSettingsStore().locale = 'zh-CN';
    await settleValidation();
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    const message = wrapper.get('[data-testid="form-message"]');
    expect(message.text()).toBe('已有一次运行正在进行：请取消它，或等它结束。');
    expect(englishWords(message)).toEqual([]);
  });

  it('a failed device query: the frame and the host’s words in Chinese', async () => {
    api.device.mockResolvedValue(
      failText('WORKER_CRASHED', 'worker.crashedRestarted', {
        reason: word('worker.noAnswer', { method: 'queryDevices', seconds: 30 }),
      }),
    );
    const wrapper = mount(DeviceView, {
      global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false })] },
    });
    useSettingsStore().locale = 'zh-CN';
    await flushPromises();
    const error = wrapper.get('[data-testid="device-error"]');
    expect(error.text()).toBe('无法查询设备：测量进程未在 30 秒内回应 queryDevices；它已重启。');
    expect(englishWords(error, /queryDevices/g)).toEqual([]);
  });

  it('a failed replay start: Chinese, the host’s words by their code', async () => {
    const result = syntheticResult({ id: 'a', name: 'H200 modes' });
    api.getResult.mockResolvedValue({ ok: true, value: result });
    api.startReplay.mockResolvedValue(failText('BUSY', 'run.busy'));
    const router = createRouter({ history: createMemoryHistory(), routes });
    await router.push('/results');
    const wrapper = mount(ResultsView, {
      global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false }), router] },
    });
    useSettingsStore().locale = 'zh-CN';
    await flushPromises();
    const { useResultsStore } = await import('../../../../renderer/stores/results');
    await useResultsStore().open('a');
    await flushPromises();
    await wrapper.get('[data-testid="replay-button"]').trigger('click');
    await flushPromises();
    const message = wrapper.get('[data-testid="results-message"]');
    expect(message.text()).toBe('无法开始回放：已有一次运行正在进行：请取消它，或等它结束。');
    expect(englishWords(message)).toEqual([]);
  });

  it('a failed export: the browser shell’s BUSY in Chinese; a download that cannot start keeps the browser’s English marked', async () => {
    api.exportResults.mockResolvedValueOnce(
      failText('BUSY', 'serve.busyCalls', { which: word('serve.onConnection', { max: 16 }) }),
    );
    const wrapper = mount(ResultExport, {
      props: { ids: ['a'] },
      global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false })] },
    });
    useSettingsStore().locale = 'zh-CN';
    await flushPromises();
    await wrapper.findAll('button')[0]!.trigger('click');
    await flushPromises();
    const status = () => wrapper.get('[data-testid="export-status"]');
    expect(status().text()).toBe('进行中的调用过多（此连接上 16 个）：请等收到回复后再发送。');
    expect(englishWords(status())).toEqual([]);

    // A browser that refuses the download: its own words stay English, marked so, inside a Chinese sentence.
    api.exportResults.mockResolvedValueOnce({
      ok: true,
      value: { fileName: 'a.csv', savedPath: null, content: 'x', mime: 'text/csv', base64: false },
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      throw new Error('Blob URLs are disabled');
    });
    await wrapper.findAll('button')[0]!.trigger('click');
    await flushPromises();
    expect(status().text()).toBe('无法开始下载：Blob URLs are disabled');
    expect(status().get('[lang="en"]').text()).toBe('Blob URLs are disabled');
    expect(englishWords(status())).toEqual([]);
    createObjectURL.mockRestore();
  });

  it('what an export came to: the UI’s own words in either language, the path as it is', async () => {
    api.exportResults.mockResolvedValue({
      ok: true,
      value: {
        fileName: 'a.csv',
        savedPath: '/home/u/a.csv',
        content: null,
        mime: 'text/csv',
        base64: false,
      },
    });
    const wrapper = mount(ResultExport, {
      props: { ids: ['a'] },
      global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false })] },
    });
    await flushPromises();
    await wrapper.findAll('button')[0]!.trigger('click');
    await flushPromises();
    setLocale('en');
    useSettingsStore().locale = 'en';
    await flushPromises();
    expect(wrapper.get('[data-testid="export-status"]').text()).toBe('Saved /home/u/a.csv.');
    setLocale('zh-CN');
    useSettingsStore().locale = 'zh-CN';
    await flushPromises();
    expect(wrapper.get('[data-testid="export-status"]').text()).toBe('已保存 /home/u/a.csv。');
  });
});
