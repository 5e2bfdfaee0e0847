// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { setApi } from '../../../../renderer/api/current';
import { mountRunView, settleValidation } from './run-view-mount';
import { APPLY_POINTS_EVERY_MS } from '../../../../renderer/stores/runs/point-batcher';
import { CANCEL_GRACE_MS, type ModeInfo } from '../../../../electron/contract';
import { syntheticResult } from '../../../fixtures/synthetic-result';
import { createFakeApi, NO_GPU, SWEEP_MODE, WITH_GPU, type FakeApi } from '../fake-api';
import { SWEEP_X_AXIS, sweepPoints } from '../points';

/** A bar mode besides the sweep. */
const MODES_MODE: ModeInfo = {
  id: 'modes',
  title: 'Modes table',
  question: 'What does each barrier cost?',
  group: 'chapter',
  chart: 'bars',
  minCc: 0,
  params: [],
};

const startButton = (wrapper: Awaited<ReturnType<typeof mountRunView>>) =>
  wrapper.get('button[type="submit"]');

let api: FakeApi;

beforeEach(() => {
  vi.useFakeTimers();
  api = createFakeApi();
  setApi(api);
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('Run view', () => {
  it('renders every parameter of the mode with its default, range and help', async () => {
    const wrapper = await mountRunView();
    for (const param of SWEEP_MODE.params) {
      const field = wrapper.get(`[data-param="${param.name}"]`);
      expect(field.get('label').text()).toBe(param.label);
      expect(field.text()).toContain(param.help);
    }
    expect((wrapper.get('#param-iters').element as HTMLInputElement).value).toBe('256');
    expect((wrapper.get('#param-sizes').element as HTMLInputElement).value).toBe('32, 64');
    expect(
      wrapper
        .get('#param-timer')
        .findAll('option')
        .map((o) => o.text()),
    ).toEqual(['events', 'clock64']);
    expect(wrapper.get('[data-param="nwarps"]').text()).toContain('1–32 warps');
  });

  it('shows a range message next to an out-of-range field and disables Start', async () => {
    const wrapper = await mountRunView();
    await wrapper.get('#param-nwarps').setValue('99');
    expect(wrapper.get('#param-nwarps-error').text()).toBe('Must be between 1 and 32 warps.');
    expect(wrapper.get('#param-nwarps').attributes('aria-invalid')).toBe('true');
    expect(wrapper.get('button[type="submit"]').attributes('disabled')).toBeDefined();
    await wrapper.get('#param-sizes').setValue('32, 2048');
    expect(wrapper.get('#param-sizes-error').text()).toBe('"2048": Must be between 32 and 1024.');
  });

  it("shows the host's field errors from validateRun next to the field", async () => {
    api.validateRun.mockResolvedValue({
      ok: false,
      code: 'INVALID',
      message: 'invalid parameters',
      fieldErrors: { iters: 'iters must be a power of two for this mode' },
    });
    const wrapper = await mountRunView();
    await wrapper.get('#param-iters').setValue('300');
    await settleValidation();
    expect(api.validateRun).toHaveBeenLastCalledWith(
      expect.objectContaining({
        mode: 'sweep',
        params: expect.objectContaining({ iters: 300, sizes: [32, 64] }),
      }),
    );
    expect(wrapper.get('#param-iters-error').text()).toBe('iters must be a power of two for this mode');
  });

  it('starts a run with the typed parameters and shows a refusal without a field', async () => {
    api.device.mockResolvedValue({ ok: true, value: WITH_GPU });
    api.startRun.mockResolvedValue({ ok: false, code: 'NO_GPU', message: 'No NVIDIA driver.' });
    const wrapper = await mountRunView();
    await wrapper.get('#param-nwarps').setValue('8');
    await settleValidation();
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(api.startRun).toHaveBeenCalledWith(
      expect.objectContaining({ params: expect.objectContaining({ nwarps: 8 }) }),
    );
    expect(wrapper.get('[data-testid="form-message"]').text()).toBe('No NVIDIA driver.');
    // the refused start leaves no empty run, chart or picture export behind
    expect(wrapper.find('.run-progress').exists()).toBe(false);
    expect(wrapper.find('.live-chart').exists()).toBe(false);
    expect(wrapper.findAll('button').filter((b) => b.text().startsWith('Export'))).toHaveLength(0);
    expect(wrapper.get('.run-output').text()).toContain('Choose a mode and press Start');
  });

  it('passes the GPU access switch and its wait to startRun; a bad wait disables Start', async () => {
    api.device.mockResolvedValue({ ok: true, value: WITH_GPU });
    const wrapper = await mountRunView();
    await settleValidation();
    await wrapper.get('[data-testid="gpu-access-exclusive"]').setValue(true);
    await wrapper.get('[data-testid="gpu-wait"]').setValue('abc');
    expect(wrapper.get('[data-testid="gpu-wait-error"]').text()).toBe('Must be between 0 and 3600 s.');
    expect(startButton(wrapper).attributes('disabled')).toBeDefined();
    await wrapper.get('[data-testid="gpu-wait"]').setValue('30');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(api.startRun).toHaveBeenLastCalledWith(
      expect.objectContaining({ gpuAccess: 'exclusive', gpuWaitS: 30 }),
    );
    await wrapper.get('[data-testid="gpu-access-shared"]').setValue(true);
    expect(wrapper.find('[data-testid="gpu-wait"]').exists()).toBe(false);
  });

  it('without a GPU, Start is disabled with the host’s reason next to it, and replays are pointed to', async () => {
    // validateRun refuses with the same reason: it is said once, beside Start, not again below the form.
    api.validateRun.mockResolvedValue({ ok: false, code: 'NO_GPU', message: NO_GPU.reason! });
    const wrapper = await mountRunView();
    await settleValidation();
    expect(api.validateRun).toHaveBeenCalled();
    expect(wrapper.find('[data-testid="form-message"]').exists()).toBe(false);
    expect(startButton(wrapper).attributes('disabled')).toBeDefined();
    expect(startButton(wrapper).attributes('aria-describedby')).toBe('start-why');
    const why = wrapper.get('#start-why');
    expect(why.text()).toContain(`No GPU can be used here: ${NO_GPU.reason}`);
    // The reason heads the form (in view on load) and stands in the right pane for "press Start", with the links to
    // what works without a GPU in both.
    expect(wrapper.get('form > h2 + .run-blocked').find('#start-why').exists()).toBe(true);
    const pane = wrapper.get('.run-output .run-blocked');
    expect(pane.text()).toContain(`No GPU can be used here: ${NO_GPU.reason}`);
    expect(wrapper.text()).not.toContain('press Start');
    for (const block of [wrapper.get('form .run-blocked'), pane]) {
      expect(block.get('[data-testid="blocked-replay"]').attributes('href')).toBe('#/results');
      expect(block.get('[data-testid="blocked-reference"]').attributes('href')).toMatch(/^#\/results/);
      expect(block.get('[data-testid="blocked-wizard"]').attributes('href')).toBe('#/wizard');
    }
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(api.startRun).not.toHaveBeenCalled();
  });

  it('without the native addon, Start is disabled with the addon’s reason', async () => {
    api.device.mockResolvedValue({
      ok: true,
      value: { ...NO_GPU, addon: { ...NO_GPU.addon, loaded: false, reason: 'addon.node not built' } },
    });
    const wrapper = await mountRunView();
    expect(startButton(wrapper).attributes('disabled')).toBeDefined();
    expect(wrapper.get('#start-why').text()).toContain(
      'The native addon is not loaded: addon.node not built',
    );
  });

  it('with a GPU, Start is enabled and no reason is shown', async () => {
    api.device.mockResolvedValue({ ok: true, value: WITH_GPU });
    const wrapper = await mountRunView();
    await settleValidation();
    expect(startButton(wrapper).attributes('disabled')).toBeUndefined();
    expect(wrapper.find('#start-why').exists()).toBe(false);
  });

  it('a run that fails before its first point leaves no empty chart; an empty chart cannot be exported', async () => {
    const wrapper = await mountRunView();
    api.emit({
      type: 'started',
      runId: 'r1',
      replay: false,
      plan: sweepPlan(),
      totalPoints: 6,
      sourceLabel: 'H200',
    });
    await flushPromises();
    const exports = () => wrapper.findAll('.live-chart button').filter((b) => b.text().startsWith('Export'));
    expect(exports()).toHaveLength(2);
    for (const button of exports()) {
      expect(button.attributes('disabled')).toBeDefined();
      expect(button.attributes('title')).toBe('Nothing is drawn yet.');
    }
    api.emit({
      type: 'failed',
      runId: 'r1',
      replay: false,
      code: 'CUDA',
      message: 'an illegal memory access was encountered',
      workerRestarted: true,
      partial: null,
      savedId: null,
    });
    await flushPromises();
    expect(wrapper.get('.run-progress .phase').text()).toBe('Failed');
    // The code, the host's words, and that the measuring process was restarted, as the run view always said.
    expect(wrapper.get('[data-testid="run-message"]').text()).toBe(
      'CUDA: an illegal memory access was encountered The measuring process was restarted.',
    );
    expect(wrapper.find('.live-chart').exists()).toBe(false);
  });

  it('while a replay streams, the Mode select shows the replayed run, not the form’s mode', async () => {
    api.modes.mockResolvedValue({ ok: true, value: [SWEEP_MODE, MODES_MODE] });
    const wrapper = await mountRunView();
    const select = () => wrapper.get('#mode-select').element as HTMLSelectElement;
    expect(select().value).toBe('sweep');
    const fields = () => wrapper.findAll('[data-param]').length;
    expect(fields()).toBeGreaterThan(0);
    api.emit({
      type: 'started',
      runId: 'p1',
      replay: true,
      plan: { ...sweepPlan(), mode: 'modes', xAxis: null },
      totalPoints: 5,
      sourceLabel: 'replay of H200 modes',
    });
    await flushPromises();
    expect(select().disabled).toBe(true);
    // (happy-dom keeps `value` apart from the selectedIndex Vue sets; Chromium agrees: test/e2e/run.spec.ts)
    const shown = () => select().options[select().selectedIndex]!.textContent;
    expect(shown()).toBe('replaying H200 modes (Modes table)');
    expect(wrapper.get('[data-testid="mode-replaying"]').text()).toContain('replay of H200 modes');
    // The form's fields describe the form, not the replayed run: the replayed run's mode and parameters stand in
    // for them, read-only, while it streams and after it ended, until "Set up a new run".
    expect(fields()).toBe(0);
    const replayed = () => wrapper.get('[data-testid="replayed-plan"]');
    expect(replayed().get('[data-testid="replayed-mode"]').text()).toBe('Modes table (modes)');
    for (const [name, value] of Object.entries(sweepPlan().params)) {
      expect(replayed().get(`[data-replayed-param="${name}"]`).text()).toBe(String(value));
    }
    expect(wrapper.get('[data-testid="new-run"]').attributes('disabled')).toBeDefined();
    const result = syntheticResult({ id: 'm', name: 'H200 modes' });
    api.emit({ type: 'finished', runId: 'p1', replay: true, result, savedId: null });
    await flushPromises();
    expect(select().disabled).toBe(true);
    expect(shown()).toBe('replaying H200 modes (Modes table)');
    expect(wrapper.get('[data-testid="mode-replaying"]').text()).toContain('The form shows the replayed run');
    expect(fields()).toBe(0);
    expect(replayed().get('[data-testid="replayed-mode"]').text()).toBe('Modes table (modes)');
    expect(startButton(wrapper).attributes('disabled')).toBeDefined();
    await wrapper.get('[data-testid="new-run"]').trigger('click');
    expect(select().disabled).toBe(false);
    expect(shown()).toBe('Block vs warp sweep (sweep)');
    expect(wrapper.find('[data-testid="mode-replaying"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="replayed-plan"]').exists()).toBe(false);
    expect(fields()).toBeGreaterThan(0);
    // The ended run's points table mounts in a task after the frame that draws the chart's last points.
    expect(wrapper.find('.points-table').exists()).toBe(false);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    await flushPromises();
    expect(wrapper.find('.points-table').exists()).toBe(true);
  });

  it('grows the live chart with each points batch, shows progress, and enables Cancel while running', async () => {
    const wrapper = await mountRunView();
    const plan = { ...sweepPlan() };
    api.emit({
      type: 'started',
      runId: 'r1',
      replay: false,
      plan,
      totalPoints: 6,
      sourceLabel: 'H200 (live)',
    });
    await flushPromises();
    const chart = () => wrapper.get('.live-chart');
    expect(chart().attributes('data-points')).toBe('0');

    api.emit({
      type: 'points',
      runId: 'r1',
      replay: false,
      points: sweepPoints(2),
      done: 2,
      total: 6,
      etaMs: 4000,
    });
    await flushPromises();
    expect(chart().attributes('data-points')).toBe('2');
    expect(chart().attributes('data-series')).toBe('2');
    expect(wrapper.get('[data-testid="progress-counts"]').text()).toBe('2 / 6 points');
    expect(wrapper.text()).toContain('about 4 s left');

    api.emit({
      type: 'points',
      runId: 'r1',
      replay: false,
      points: sweepPoints(3, 2),
      done: 5,
      total: 6,
      etaMs: 900,
    });
    await flushPromises();
    // A batch right after another waits, so a fast stream re-renders the view a few times a second.
    expect(chart().attributes('data-points')).toBe('2');
    vi.advanceTimersByTime(APPLY_POINTS_EVERY_MS);
    await flushPromises();
    expect(chart().attributes('data-points')).toBe('5');
    expect(wrapper.get('[data-testid="progress-counts"]').text()).toBe('5 / 6 points');

    const cancel = wrapper.findAll('button').find((b) => b.text() === 'Cancel');
    expect(cancel?.attributes('disabled')).toBeUndefined();
    await cancel?.trigger('click');
    expect(api.cancelRun).toHaveBeenCalledWith('r1');
    await flushPromises();
    // Until the run ends, the view says what happens if the GPU does not stop.
    expect(wrapper.get('[data-testid="stopping"]').text()).toBe(
      `Stopping after the point in progress. If the GPU has not stopped within ${CANCEL_GRACE_MS / 1000} s, the measuring process is killed; the finished points are kept.`,
    );
    api.emit({
      type: 'failed',
      runId: 'r1',
      replay: false,
      code: 'WORKER_CRASHED',
      message:
        'The measuring process did not stop within 5 s of Cancel (the GPU was still busy), so it was killed; it was restarted.',
      workerRestarted: true,
      partial: null,
      savedId: null,
    });
    await flushPromises();
    expect(wrapper.find('[data-testid="stopping"]').exists()).toBe(false);
    expect(wrapper.text()).toContain('did not stop within 5 s of Cancel');
  });

  it('labels a replay in the banner, the progress and the chart', async () => {
    const wrapper = await mountRunView();
    api.emit({
      type: 'started',
      runId: 'p1',
      replay: true,
      plan: sweepPlan(),
      totalPoints: 4,
      sourceLabel: 'replay of H200 sweep',
    });
    await flushPromises();
    // "replay" once: the banner and the chart say it, then name the run.
    expect(wrapper.get('.replay-banner').text()).toContain(
      'REPLAY — H200 sweep. These points were measured earlier',
    );
    expect(wrapper.get('.replay-banner').text()).not.toMatch(/replay of/i);
    expect(wrapper.get('.run-progress .phase').text()).toBe('REPLAY · Running');
    expect(wrapper.get('canvas').attributes('aria-label')).toMatch(/^REPLAY — [^:]* — H200 sweep: /);
  });
});

function sweepPlan() {
  return {
    mode: 'sweep',
    device: 0,
    params: { iters: 256 },
    stopping: { warmup: 3, minReps: 10, maxReps: 200, minTimeMs: 20, maxTimeMs: 500, targetRelCi: 0.01 },
    throttleThreshold: 0.9,
    xAxis: SWEEP_X_AXIS,
  };
}
