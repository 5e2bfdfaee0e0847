// @vitest-environment happy-dom
/**
 * The Run view in zh-CN with the host's refusals of fields: validateRun answers as the real core does
 * (the modes' plans and parseStopping over the fake backend), so a refused parameter, a refused stopping-rule field
 * and a field the form does not show are said in Chinese by their codes; a message without a code (an older host)
 * is the host's English, marked lang="en".
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Failure, Result, RunRequest } from '../../../../electron/contract';
import { validateRunRequest } from '../../../../electron/core/measure/plan-run';
import { modeInfos } from '../../../../electron/model/modes';
import { toFailure } from '../../../../electron/core/service/failure';
import { withStoppingFields } from '../../../../electron/core/service/stopping-fields';
import { setApi } from '../../../../renderer/api/current';
import { setLocale } from '../../../../renderer/i18n';
import { useSettingsStore } from '../../../../renderer/stores/settings';
import { fakeBackend } from '../../helpers/fake-backend';
import { englishWords, TECHNICAL } from '../english-words';
import { createFakeApi, WITH_GPU, type FakeApi } from '../fake-api';
import { mountRunView, settleValidation } from './run-view-mount';

/** Technical names, the architecture's name, and the parameter and API names a field message quotes (maxReps). */
const NAMES = new RegExp(`${TECHNICAL.source}|Hopper|[A-Za-z.]*[a-z][A-Z][A-Za-z.]*`, 'g');

/** validateRun as the service answers it over the real core and a fake native backend (one H200). */
async function coreValidate(req: RunRequest): Promise<Result<{ points: number }>> {
  try {
    return { ok: true, value: await validateRunRequest(req, fakeBackend()) };
  } catch (err) {
    return toFailure(err);
  }
}

let api: FakeApi;

async function mountZh(mode: string) {
  const wrapper = await mountRunView();
  useSettingsStore().locale = 'zh-CN';
  await wrapper.get('#mode-select').setValue(mode);
  await settleValidation();
  return wrapper;
}

beforeAll(() => setLocale('zh-CN'));
afterAll(() => setLocale('en'));
beforeEach(() => {
  vi.useFakeTimers();
  api = createFakeApi({
    device: vi.fn(() => Promise.resolve({ ok: true as const, value: WITH_GPU })),
    modes: vi.fn(() => Promise.resolve({ ok: true as const, value: withStoppingFields(modeInfos()) })),
    validateRun: vi.fn(coreValidate),
  });
  setApi(api);
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('Run view in zh-CN: the host’s refusals of fields', () => {
  it('a refused parameter: Chinese next to its field, nothing left in English', async () => {
    const wrapper = await mountZh('tiles');
    await wrapper.get('#param-tileSizes').setValue('12');
    await settleValidation();
    const reply = (await api.validateRun.mock.results.at(-1)!.value) as Failure;
    expect(reply.fieldErrors?.tileSizes).toBe(
      '12 is not a power of two; allowed: 4, 8, 16, 32, 64, 128, 256, 512',
    );
    const error = wrapper.get('#param-tileSizes-error');
    expect(error.text()).toBe('12 不是 2 的幂；允许的值：4、8、16、32、64、128、256、512');
    expect(error.find('[lang="en"]').exists()).toBe(false);
    expect(englishWords(error, NAMES)).toEqual([]);
    expect(wrapper.get('#param-tileSizes').attributes('aria-invalid')).toBe('true');
  });

  it('the runtime’s own words inside a Chinese message stay English, marked so', async () => {
    const wrapper = await mountZh('cluster');
    const backend = fakeBackend();
    backend.maxActiveClusters = async () => ({ maxActiveClusters: 0, reason: 'invalid cluster size' });
    api.validateRun.mockImplementation(async (req) => {
      try {
        return { ok: true, value: await validateRunRequest(req, backend) };
      } catch (err) {
        return toFailure(err);
      }
    });
    await wrapper.get('#param-clusterSizes').setValue('16');
    await settleValidation();
    const error = wrapper.get('#param-clusterSizes-error');
    expect(error.text()).toMatch(/^集群大小 16、每个线程块 256 个线程无法在 NVIDIA H200 上启动/);
    expect(error.get('[lang="en"]').text()).toBe('invalid cluster size');
    expect(englishWords(error, NAMES)).toEqual([]);
  });

  it('a refused stopping-rule field: Chinese next to it', async () => {
    const wrapper = await mountZh('modes');
    await wrapper.get('#param-maxReps').setValue('5');
    await settleValidation();
    const error = wrapper.get('#param-maxReps-error');
    expect(error.text()).toBe('maxReps（5）不得小于 minReps（10）');
    expect(englishWords(error, NAMES)).toEqual([]);
  });

  it('a field the form does not show: on the form’s line, after its name, in Chinese', async () => {
    const wrapper = await mountZh('modes');
    api.validateRun.mockImplementation((req) => coreValidate({ ...req, device: 3 }));
    await wrapper.get('#param-iters').setValue('300');
    await settleValidation();
    const line = wrapper.get('[data-testid="form-message"]');
    expect(line.text()).toBe('device：设备 3 不存在；本机的设备为 0..0');
    expect(line.find('[lang="en"]').exists()).toBe(false);
  });

  it('a message without a code is the host’s English, marked lang="en"', async () => {
    const wrapper = await mountZh('modes');
    api.validateRun.mockResolvedValue({
      ok: false,
      code: 'INVALID',
      message: 'iters: iters must be a power of two for this mode; mystery: not known',
      fieldErrors: { iters: 'iters must be a power of two for this mode', mystery: 'not known' },
    });
    await wrapper.get('#param-iters').setValue('300');
    await settleValidation();
    expect(wrapper.get('#param-iters-error [lang="en"]').text()).toBe(
      'iters must be a power of two for this mode',
    );
    expect(wrapper.get('[data-testid="form-message"] [lang="en"]').text()).toBe('mystery: not known');
  });
});
