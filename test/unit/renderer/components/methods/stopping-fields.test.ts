// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { setApi } from '../../../../../renderer/api/current';
import { mountRunView, settleValidation } from '../../views/run-view-mount';
import type { ModeInfo, Result, RunRequest } from '../../../../../electron/contract';
import {
  DEFAULT_STOPPING,
  parseStopping,
  STOPPING_LIMITS,
} from '../../../../../electron/core/measure/stopping';
import { PlanError } from '../../../../../electron/model/modes/plan-error';
import { stoppingFields, withStoppingFields } from '../../../../../electron/core/service/stopping-fields';
import { createFakeApi, SWEEP_MODE, WITH_GPU, type FakeApi } from '../../fake-api';

const MODE: ModeInfo = withStoppingFields([SWEEP_MODE])[0]!;

/** validateRun as the core answers it: parseStopping's messages as field errors. */
function coreValidate(req: RunRequest): Promise<Result<{ points: number }>> {
  try {
    parseStopping(req.stopping);
    return Promise.resolve({ ok: true, value: { points: 64 } });
  } catch (err) {
    const e = err as PlanError;
    return Promise.resolve({ ok: false, code: e.code, message: e.message, fieldErrors: e.fieldErrors });
  }
}

let api: FakeApi;

const input = (wrapper: Awaited<ReturnType<typeof mountRunView>>, name: string) =>
  wrapper.get(`#param-${name}`).element as HTMLInputElement;

beforeEach(() => {
  vi.useFakeTimers();
  api = createFakeApi({
    device: vi.fn(() => Promise.resolve({ ok: true as const, value: WITH_GPU })),
    modes: vi.fn(() => Promise.resolve({ ok: true as const, value: [MODE] })),
    validateRun: vi.fn(coreValidate),
  });
  setApi(api);
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('stopping fields (core side)', () => {
  it('offers one field per key of the stopping rule, with the core’s defaults', () => {
    const fields = stoppingFields();
    expect(fields.map((f) => f.name).sort()).toEqual(Object.keys(DEFAULT_STOPPING).sort());
    for (const f of fields) expect(f.default).toBe(DEFAULT_STOPPING[f.name as keyof typeof DEFAULT_STOPPING]);
    expect(MODE.stopping).toEqual(fields);
    for (const f of fields) {
      expect([f.min, f.max], f.name).toEqual(
        STOPPING_LIMITS[f.name as keyof typeof STOPPING_LIMITS].slice(0, 2),
      );
    }
  });
});

describe('Run view: stopping rule', () => {
  it('shows the noise target, minimum and maximum time, repetitions and warm-up with the core’s defaults', async () => {
    const wrapper = await mountRunView();
    const fieldset = wrapper.get('[data-testid="stopping-fields"]');
    expect(fieldset.get('legend').text()).toBe('Stopping rule');
    for (const [name, value] of Object.entries(DEFAULT_STOPPING)) {
      expect(input(wrapper, name).value, name).toBe(String(value));
    }
    expect(fieldset.get('[data-param="targetRelCi"] label').text()).toBe('Noise target');
    expect(fieldset.get('[data-param="maxTimeMs"]').text()).toContain('ms');
  });

  it('refuses a bad value next to its field and disables Start', async () => {
    const wrapper = await mountRunView();
    await wrapper.get('#param-targetRelCi').setValue('one percent');
    expect(wrapper.get('#param-targetRelCi-error').text()).toBe('Must be a number.');
    expect(wrapper.get('#param-targetRelCi').attributes('aria-invalid')).toBe('true');
    expect(wrapper.get('button[type="submit"]').attributes('disabled')).toBeDefined();
  });

  it('shows the core’s parseStopping message next to the field it names', async () => {
    const wrapper = await mountRunView();
    await wrapper.get('#param-maxReps').setValue('5');
    await settleValidation();
    expect(api.validateRun).toHaveBeenLastCalledWith(
      expect.objectContaining({ stopping: expect.objectContaining({ maxReps: 5, minReps: 10 }) }),
    );
    expect(wrapper.get('#param-maxReps-error').text()).toBe('maxReps (5) must be at least minReps (10)');
    expect(wrapper.get('button[type="submit"]').attributes('disabled')).toBeDefined();
    await wrapper.get('#param-targetRelCi').setValue('2');
    await settleValidation();
    expect(wrapper.get('#param-targetRelCi-error').text()).toMatch(/^Must be between 0\.0001 and 1\b/);
    await wrapper.get('#param-targetRelCi').setValue('0.02');
    await wrapper.get('#param-maxReps').setValue('50');
    await settleValidation();
    expect(wrapper.get('#param-maxReps-error').text()).toBe('');
    expect(wrapper.get('button[type="submit"]').attributes('disabled')).toBeUndefined();
  });

  it('refuses an out-of-range value as it is typed, even while a field of the mode is refused too', async () => {
    const wrapper = await mountRunView();
    await wrapper.get('#param-nwarps').setValue('0');
    await wrapper.get('#param-targetRelCi').setValue('-1');
    await wrapper.get('#param-warmup').setValue('5000');
    await settleValidation();
    expect(wrapper.get('#param-nwarps-error').text()).not.toBe('');
    expect(wrapper.get('#param-targetRelCi-error').text()).toMatch(/^Must be between 0\.0001 and 1\b/);
    expect(wrapper.get('#param-warmup-error').text()).toMatch(/^Must be between 0 and 1000\b/);
  });

  it('sends the rule in RunRequest.stopping', async () => {
    const wrapper = await mountRunView();
    await wrapper.get('#param-targetRelCi').setValue('0.005');
    await wrapper.get('#param-maxTimeMs').setValue('1000');
    await settleValidation();
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(api.startRun).toHaveBeenCalledWith(
      expect.objectContaining({
        mode: 'sweep',
        stopping: { ...DEFAULT_STOPPING, targetRelCi: 0.005, maxTimeMs: 1000 },
      }),
    );
  });

  it('leaves the rule to the host when it offers no fields', async () => {
    api.modes.mockResolvedValue({ ok: true, value: [SWEEP_MODE] });
    const wrapper = await mountRunView();
    expect(wrapper.find('[data-testid="stopping-fields"]').exists()).toBe(false);
    await settleValidation();
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(api.startRun).toHaveBeenCalledWith(expect.objectContaining({ stopping: {} }));
  });
});
