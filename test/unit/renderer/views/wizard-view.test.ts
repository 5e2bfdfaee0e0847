// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { loadDecisionTable } from '../../../../electron/core/decide/load-table';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { createMemoryHistory, createRouter } from 'vue-router';
import WizardView from '../../../../renderer/views/WizardView.vue';
import { setApi } from '../../../../renderer/api/current';
import { routes } from '../../../../renderer/router';
import { attachCosts, type CostRow } from '../../../../electron/model/decide/costs';
import { advise } from '../../../../electron/model/decide/engine';
import { parseDecisionTable } from '../../../../electron/model/decide/table-schema';
import type { Answers } from '../../../../electron/model/decide/types';
import type { Result } from '../../../../electron/contract';
import { useSettingsStore } from '../../../../renderer/stores/settings';
import { useDeviceStore } from '../../../../renderer/stores/device';
import { failText } from '../../../../electron/core/service/failure';
import { createFakeApi, NO_GPU, type FakeApi } from '../fake-api';

/** The table as the host sends it: loaded from disk with each snippet's code. */
const RAW_TABLE: unknown = loadDecisionTable('resources/decision/decision-table.json');
const TABLE = parseDecisionTable(RAW_TABLE);

/** The engine's first case: a grid-sync kernel launched with <<<>>>, keeping shared-memory state across phases. */
const GRID_SYNC_NORMAL: Answers = {
  where: 'other-blocks',
  current: ['grid-sync-normal'],
  storage: 'global',
  'grid-pattern': 'all-blocks-phase',
  'all-reach': 'yes',
  state: 'yes',
  'cluster-launch': 'no',
  'grid-fits': 'fits',
  goal: 'correctness',
};

const MEASURED_GRID: CostRow = {
  id: 'grid-sync',
  perSyncNs: 1234.5,
  ciLowNs: 1220.1,
  ciHighNs: 1250.9,
  label: 'grid, 8 warps x 132 blocks',
  workload: 'boundary_grid_sync',
  source: { kind: 'measured', where: 'NVIDIA H200 2026-05-01' },
};
const REFERENCE_BOUNDARY: CostRow = {
  id: 'kernel-boundary',
  perSyncNs: 3603.5,
  label: 'kernel launches, 8 warps × 132 blocks',
  workload: 'boundary_launches',
  source: { kind: 'reference', where: 'kernel_boundary on NVIDIA H200' },
};

let api: FakeApi;
let costRows: CostRow[];

/** The host's advise: the real engine on the real table, priced from `costRows`. */
function hostAdvise(answers: Answers): Promise<Result<unknown>> {
  return Promise.resolve({ ok: true, value: attachCosts(advise(TABLE, answers), costRows) });
}

async function mountWizard() {
  const router = createRouter({ history: createMemoryHistory(), routes });
  await router.push('/wizard');
  const wrapper = mount(WizardView, {
    global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false }), router] },
    attachTo: document.body,
  });
  await flushPromises();
  return { wrapper, router };
}

const questionOnScreen = (wrapper: VueWrapper) =>
  wrapper.find('fieldset.question-step').exists()
    ? wrapper.get('fieldset.question-step').attributes('data-question')
    : null;

const forwardButton = (wrapper: VueWrapper) => wrapper.get('button[type="submit"]');
const backButton = (wrapper: VueWrapper) => wrapper.findAll('button').find((b) => b.text() === 'Back')!;

/** Chooses `value` for the question on screen (checking boxes for a multi-select question). */
async function choose(wrapper: VueWrapper, value: string | string[]): Promise<void> {
  for (const id of [value].flat()) {
    await wrapper.get(`[data-answer="${id}"] input`).setValue(true);
  }
}

/** Answers every question the wizard asks from `answers`, pressing Forward after each; returns the ids asked. */
async function walk(wrapper: VueWrapper, answers: Answers): Promise<string[]> {
  const asked: string[] = [];
  for (let id = questionOnScreen(wrapper); id; id = questionOnScreen(wrapper)) {
    asked.push(id);
    const value = answers[id];
    if (value === undefined) throw new Error(`the wizard asked "${id}", which the case does not answer`);
    await choose(wrapper, value);
    expect(forwardButton(wrapper).attributes('disabled')).toBeUndefined();
    await forwardButton(wrapper).trigger('click');
    await flushPromises();
  }
  return asked;
}

beforeEach(() => {
  // The wizard keeps its last place in localStorage: each test starts a fresh session.
  localStorage.clear();
  costRows = [MEASURED_GRID, REFERENCE_BOUNDARY];
  api = createFakeApi({
    decisionTable: vi.fn(() => Promise.resolve({ ok: true as const, value: RAW_TABLE })),
    advise: vi.fn(hostAdvise),
  });
  setApi(api);
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('Wizard view', () => {
  it("shows the recommendation as the snippet file's code with a copy button that copies exactly it", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { wrapper } = await mountWizard();
    await walk(wrapper, GRID_SYNC_NORMAL);
    const snippet = wrapper.get('.advice-summary > section [data-snippet="grid-sync-cooperative"]');
    const file = readFileSync('resources/decision/snippets/grid-sync-cooperative.cu', 'utf8');
    expect(snippet.get('pre code').text()).toBe(file.trim());
    await snippet.get('[data-testid="copy-snippet"]').trigger('click');
    await flushPromises();
    expect(writeText).toHaveBeenCalledWith(file);
    expect(snippet.get('.copy-status').text()).toBe('Copied to the clipboard.');
    // a hazard's fix carries its own snippet
    expect(
      wrapper.find('[data-hazard="grid-sync-no-coop"] [data-snippet="grid-sync-cooperative"]').exists(),
    ).toBe(true);
  });

  it('selects the code instead when the clipboard refuses, and says so', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('denied')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { wrapper } = await mountWizard();
    await walk(wrapper, GRID_SYNC_NORMAL);
    const snippet = wrapper.get('.advice-summary > section [data-snippet="grid-sync-cooperative"]');
    await snippet.get('[data-testid="copy-snippet"]').trigger('click');
    await flushPromises();
    expect(snippet.get('.copy-status').text()).toContain('the code is selected');
    expect(window.getSelection()?.toString()).toContain('cudaLaunchCooperativeKernel');
  });

  it('shows "not possible as described" as its own state, with the options that work instead', async () => {
    const { wrapper } = await mountWizard();
    await walk(wrapper, {
      ...GRID_SYNC_NORMAL,
      current: ['syncthreads'],
      storage: 'shared',
      state: 'no',
      launch: 'normal',
    });
    expect(wrapper.find('.advice-summary').exists()).toBe(false);
    const card = wrapper.get('[data-outcome="not-possible"]');
    expect(card.get('#not-possible-title').text()).toBe('Not possible as described');
    expect(card.get('[data-testid="not-possible-why"]').text()).toContain('cannot read it');
    expect(card.findAll('[data-option]').map((o) => o.attributes('data-option'))).toEqual([
      'cluster-sync',
      'grid-sync',
      'kernel-boundary',
    ]);
    expect(card.find('[data-option="cluster-sync"] [data-snippet="cluster-dsmem"]').exists()).toBe(true);
    expect(card.find('[data-hazard="block-barrier-across-blocks"]').exists()).toBe(true);
    expect(card.find('[data-testid="measure-now"]').exists()).toBe(false);
    expect(card.get('[data-cost="grid-sync"]').classes()).not.toContain('recommended');
  });

  it('walks "a grid-sync kernel launched with <<<>>>" one question at a time to grid-sync with a cooperative launch', async () => {
    const { wrapper } = await mountWizard();
    expect(wrapper.get('[data-testid="question-position"]').text()).toBe('Question 1 · 0 answered so far');
    const asked = await walk(wrapper, GRID_SYNC_NORMAL);
    expect(asked).toEqual([
      'where',
      'current',
      'storage',
      'grid-pattern',
      'all-reach',
      'state',
      'cluster-launch',
      'grid-fits',
      'goal',
    ]);
    expect(api.advise).toHaveBeenCalledTimes(1);
    // the wizard names the table version, so the host never migrates its answers
    expect(api.advise).toHaveBeenCalledWith({ ...GRID_SYNC_NORMAL, $tableVersion: 2 });

    const card = wrapper.get('.advice-summary');
    expect(card.attributes('data-recommendation')).toBe('grid-sync');
    expect(card.get('#advice-title').text()).toBe('grid-sync grid.sync() with a cooperative launch');
    expect(card.get('[data-fact="scope"]').text()).toBe('device');
    expect(card.get('[data-fact="launch"]').text()).toContain('cooperative (cudaLaunchCooperativeKernel)');
    expect(card.get('[data-fact="launch"]').text()).toContain('co-resident limit');
    const hazard = card.get('[data-hazard="grid-sync-no-coop"]');
    expect(hazard.text()).toContain('grid.sync() without a cooperative launch');
    expect(hazard.get('.fix').text()).toContain('cudaLaunchCooperativeKernel');
    expect(card.get('[data-alternative="kernel-boundary"]').text()).toContain('Correct for any grid size');
    expect(card.get('.rationale').text()).toContain('cg::this_grid().sync()');
    // every answer is listed and the summary is marked as where the walk ends
    const listed = wrapper.findAll('.answers-so-far li').map((li) => li.attributes('data-question'));
    expect(listed).toEqual(asked);
    expect(wrapper.find('[aria-current="step"]').exists()).toBe(false);
  });

  it('shows the exact mask for a full-mask shuffle inside if (lane < 16)', async () => {
    const { wrapper } = await mountWizard();
    const asked = await walk(wrapper, {
      where: 'same-warp',
      current: ['shfl-full-mask'],
      storage: 'registers',
      lanes: 'lanes-0-15',
      width: 'width-32',
      'src-lane': 'in-mask',
      'all-reach': 'yes',
      goal: 'correctness',
    });
    expect(asked).toContain('lanes');
    expect(wrapper.get('.advice-summary').attributes('data-recommendation')).toBe('warp-collective');
    expect(wrapper.get('[data-fact="mask"]').text()).toBe('0x0000ffff');
    expect(wrapper.find('[data-hazard="mask-mismatch"]').exists()).toBe(true);
    expect(wrapper.find('[data-fact="atomic-scope"]').exists()).toBe(false);
  });

  it('Forward waits for an answer, Back goes back and keeps the answers, the list jumps to a question', async () => {
    const { wrapper } = await mountWizard();
    expect(backButton(wrapper).attributes('disabled')).toBeDefined();
    expect(forwardButton(wrapper).attributes('disabled')).toBeDefined();
    await choose(wrapper, 'other-blocks');
    expect(forwardButton(wrapper).attributes('disabled')).toBeUndefined();
    await forwardButton(wrapper).trigger('click');
    await flushPromises();

    // the multi-select question: checkboxes, several answers, unchecking removes one
    expect(questionOnScreen(wrapper)).toBe('current');
    expect(wrapper.findAll('fieldset input[type="checkbox"]')).toHaveLength(
      TABLE.questions.find((q) => q.id === 'current')!.answers.length,
    );
    await choose(wrapper, ['spin-flag', 'volatile-flag', 'grid-sync-normal']);
    await wrapper.get('[data-answer="volatile-flag"] input').setValue(false);
    await forwardButton(wrapper).trigger('click');
    await flushPromises();
    expect(questionOnScreen(wrapper)).toBe('storage');
    await choose(wrapper, 'global');

    await backButton(wrapper).trigger('click');
    expect(questionOnScreen(wrapper)).toBe('current');
    const checked = wrapper
      .findAll('fieldset input:checked')
      .map((input) => (input.element as HTMLInputElement).value);
    expect(checked).toEqual(['spin-flag', 'grid-sync-normal']);
    await backButton(wrapper).trigger('click');
    expect(questionOnScreen(wrapper)).toBe('where');
    expect((wrapper.get('[data-answer="other-blocks"] input').element as HTMLInputElement).checked).toBe(
      true,
    );

    const storageItem = wrapper.get('.answers-so-far li[data-question="storage"]');
    expect(storageItem.text()).toContain('Global (device) memory');
    expect(wrapper.get('.answers-so-far li[data-question="current"]').text()).toContain(
      'A spin-wait on a flag set by another block',
    );
    await storageItem.get('button').trigger('click');
    expect(questionOnScreen(wrapper)).toBe('storage');
    expect(wrapper.get('.answers-so-far [aria-current="step"]').text()).toContain(
      'Where does the value live',
    );
    await forwardButton(wrapper).trigger('click');
    expect(questionOnScreen(wrapper)).toBe('grid-pattern');
    expect(api.advise).not.toHaveBeenCalled();
  });

  it('sends only the answers of questions still asked after an earlier answer changes', async () => {
    const { wrapper } = await mountWizard();
    await walk(wrapper, GRID_SYNC_NORMAL);
    await wrapper.get('.answers-so-far li[data-question="where"] button').trigger('click');
    await choose(wrapper, 'same-block');
    await forwardButton(wrapper).trigger('click');
    const asked = await walk(wrapper, {
      ...GRID_SYNC_NORMAL,
      storage: 'shared',
      'block-pattern': 'phase-boundary',
    });
    expect(asked).toEqual(['current', 'storage', 'block-pattern', 'all-reach', 'goal']);
    expect(api.advise).toHaveBeenLastCalledWith({
      $tableVersion: 2,
      where: 'same-block',
      current: ['grid-sync-normal'],
      storage: 'shared',
      'block-pattern': 'phase-boundary',
      'all-reach': 'yes',
      goal: 'correctness',
    });
  });

  it('shows the costs side by side, each labelled with its source', async () => {
    const { wrapper } = await mountWizard();
    await walk(wrapper, GRID_SYNC_NORMAL);
    const grid = wrapper.get('[data-cost="grid-sync"]');
    expect(grid.classes()).toContain('recommended');
    // Per phase, as the answers describe: a grid.sync() phase, its interval and conversion beside it.
    expect(wrapper.get('[data-testid="cost-per-work-head"]').text()).toBe('ns per phase');
    expect(grid.get('[data-testid="cost-per-work"]').text()).toBe('1,235');
    expect(grid.get('[data-testid="cost-ci"]').text()).toBe('1,220 to 1,251');
    expect(grid.get('[data-testid="cost-conversion"]').text()).toMatch(
      /^per phase = 1 × one phase \+ grid\.sync\(\) boundary/,
    );
    expect(grid.get('.source').attributes('data-kind')).toBe('measured');
    expect(grid.get('.source .kind').text()).toBe('measured on this machine');
    expect(grid.get('.source .detail').text()).toBe('NVIDIA H200 2026-05-01: grid, 8 warps x 132 blocks');
    expect(grid.text()).toContain('one phase + grid.sync() boundary');
    const boundary = wrapper.get('[data-cost="kernel-boundary"]');
    expect(boundary.get('[data-testid="cost-per-work"]').text()).toBe('3,604');
    expect(boundary.get('[data-testid="cost-ci"]').text()).toBe('—');
    expect(boundary.get('.source .kind').text()).toBe('reference dataset, not this GPU');
    expect(boundary.get('.source .detail').text()).toBe(
      'kernel_boundary on NVIDIA H200: kernel launches, 8 warps × 132 blocks',
    );
  });

  it('numbers the questions one by one with the answered count, never a total that changes with the answers', async () => {
    const { wrapper } = await mountWizard();
    const positions: string[] = [];
    for (let id = questionOnScreen(wrapper); id; id = questionOnScreen(wrapper)) {
      positions.push(wrapper.get('[data-testid="question-position"]').text());
      await choose(wrapper, GRID_SYNC_NORMAL[id]!);
      await forwardButton(wrapper).trigger('click');
      await flushPromises();
    }
    expect(positions).toEqual(positions.map((_, i) => `Question ${i + 1} · ${i} answered so far`));
    expect(positions).toHaveLength(9);
    // back from the summary: the last question, every answer counted
    await backButton(wrapper).trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="question-position"]').text()).toBe('Question 9 · 9 answered so far');
  });

  it('heads the costs “Cost per unit of work”: a row may come from a reference dataset, not this GPU', async () => {
    costRows = [REFERENCE_BOUNDARY];
    const { wrapper } = await mountWizard();
    await walk(wrapper, GRID_SYNC_NORMAL);
    expect(wrapper.get('#costs-title').text()).toBe('Cost per unit of work');
    expect(wrapper.text()).not.toContain('Cost on this GPU');
    const boundary = wrapper.get('[data-cost="kernel-boundary"]');
    expect(boundary.get('.source .kind').text()).toBe('reference dataset, not this GPU');
  });

  it('says what to run when a choice has no measurement yet', async () => {
    costRows = [REFERENCE_BOUNDARY];
    const { wrapper } = await mountWizard();
    await walk(wrapper, GRID_SYNC_NORMAL);
    const grid = wrapper.get('[data-cost="grid-sync"]');
    expect(grid.get('[data-testid="cost-per-work"]').text()).toBe('—');
    expect(grid.get('.source').classes()).toContain('missing');
    expect(grid.get('.source').text()).toBe(
      'not measured yet: run mode kernel_boundary, workload boundary_grid_sync',
    );
  });

  it('disables "Measure this now" without a GPU and says why', async () => {
    const { wrapper } = await mountWizard();
    await walk(wrapper, GRID_SYNC_NORMAL);
    expect(wrapper.get('[data-testid="measure-now"]').attributes('disabled')).toBeDefined();
    expect(wrapper.get('#measure-why').text()).toBe(`No GPU can be used here: ${NO_GPU.reason}`);
    expect(api.startRun).not.toHaveBeenCalled();
  });

  it('"Measure this now" starts the matching run and opens the Run view', async () => {
    api.device.mockResolvedValue({ ok: true, value: { ...NO_GPU, available: true, reason: null } });
    const { wrapper, router } = await mountWizard();
    await walk(wrapper, GRID_SYNC_NORMAL);
    // A phase boundary is priced per phase: the grid.sync() phase of mode kernel_boundary is what to run.
    expect(wrapper.get('#measure-why').text()).toContain(
      'Runs mode kernel_boundary (workload boundary_grid_sync)',
    );
    await wrapper.get('[data-testid="measure-now"]').trigger('click');
    await flushPromises();
    expect(api.startRun).toHaveBeenCalledWith({ mode: 'kernel_boundary', params: {} });
    // the Run view's chunk loads before the route changes
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('run'), { timeout: 30_000 });
  });

  it('"Measure this now" refused by the host shows its code and words; a failed device query keeps it disabled', async () => {
    api.device.mockResolvedValue({ ok: true, value: { ...NO_GPU, available: true, reason: null } });
    api.startRun.mockResolvedValue(failText('BUSY', 'run.busy'));
    const { wrapper } = await mountWizard();
    await walk(wrapper, GRID_SYNC_NORMAL);
    await wrapper.get('[data-testid="measure-now"]').trigger('click');
    await flushPromises();
    const error = wrapper.get('[data-testid="start-error"]');
    expect(error.text()).toBe('BUSY: A run is already in progress: cancel it or wait until it ends.');
    expect(error.get('code').text()).toBe('BUSY');

    api.device.mockResolvedValue(failText('WORKER_CRASHED', 'worker.restartedTryAgain'));
    await useDeviceStore().load();
    await flushPromises();
    expect(wrapper.get('[data-testid="measure-now"]').attributes('disabled')).toBeDefined();
    expect(wrapper.get('#measure-why').text()).toBe(
      'The device could not be queried: The measuring process was restarted; try again.',
    );
  });

  it('exports the summary as a Markdown file', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:advice';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    const { wrapper } = await mountWizard();
    await walk(wrapper, GRID_SYNC_NORMAL);
    await wrapper.get('[data-testid="export-md"]').trigger('click');

    expect(downloads).toEqual(['which-barrier-grid-sync.md blob:advice']);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('text/markdown');
    const text = await blobs[0]!.text();
    expect(text.startsWith('# Which barrier? grid.sync() with a cooperative launch\n')).toBe(true);
    expect(text).toContain('- **Launch:** cooperative (cudaLaunchCooperativeKernel)');
    expect(text).toContain('(`grid-sync-no-coop`)');
    expect(text).toContain(
      '| **`grid-sync`** (recommended) | 1235 | 1220 to 1251 | 1235 ns: one phase + grid.sync() boundary | per phase = 1 ×',
    );
    expect(text).toContain('| measured on this machine: NVIDIA H200 2026-05-01');
    expect(text).toContain('reference dataset, not this GPU: kernel\\_boundary on NVIDIA H200');
  });

  it('shows the advice and exports it in zh-CN: the decision table’s translation, ids and code unchanged', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:advice';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { wrapper } = await mountWizard();
    await walk(wrapper, GRID_SYNC_NORMAL);
    useSettingsStore().locale = 'zh-CN';
    await flushPromises();
    const card = wrapper.get('.advice-summary');
    expect(card.get('#advice-title').text()).toBe('grid-sync grid.sync() 配合协作启动');
    expect(card.get('.rationale').text()).toContain('cudaLaunchCooperativeKernel');
    expect(card.get('.rationale').text()).toMatch(/^每个线程块都必须完成一个阶段/);
    // Nothing marked English but the host's own no-GPU reason (the CUDA driver's words) beside "Measure this now".
    expect(card.findAll('[lang="en"]').filter((n) => !n.element.closest('#measure-why'))).toEqual([]);
    expect(card.get('[data-alternative="kernel-boundary"]').text()).toContain('内核边界');
    expect(card.get('[data-snippet="grid-sync-cooperative"] .title').text()).toBe(
      '在同时常驻上限内协作启动并使用 grid.sync()',
    );
    expect(card.get('[data-cost="grid-sync"]').text()).toContain('一个阶段加一次 grid.sync() 边界');
    expect(card.get('[data-cost="grid-sync"]').text()).toContain('每个阶段 = 1 ×');
    await wrapper.get('[data-testid="export-md"]').trigger('click');
    const text = await blobs[0]!.text();
    expect(text.startsWith('# 选哪种屏障？grid.sync() 配合协作启动\n')).toBe(true);
    expect(text).toContain('- **启动方式：** 协作启动（cudaLaunchCooperativeKernel）');
    expect(text).toContain(
      '| **`grid-sync`**（推荐） | 1235 | 1220 至 1251 | 1235 ns: 一个阶段加一次 grid.sync() 边界 | 每个阶段 = 1 ×',
    );
    expect(text).toContain('在本机测得：NVIDIA H200 2026-05-01');
    useSettingsStore().locale = 'en';
    await flushPromises();
    expect(card.get('#advice-title').text()).toBe('grid-sync grid.sync() with a cooperative launch');
  });

  it('reports a decision table the host cannot give', async () => {
    api.decisionTable.mockResolvedValue({ ok: false, code: 'IO', message: 'decision-table.json is missing' });
    const { wrapper } = await mountWizard();
    expect(wrapper.get('[role="alert"]').text()).toContain('decision-table.json is missing');
    expect(wrapper.find('fieldset').exists()).toBe(false);
  });
});

describe('Which barrier? keeps its place in the address', () => {
  it('puts each question in the address: Back returns to the previous question, a new mount to the same place', async () => {
    const { wrapper, router } = await mountWizard();
    expect(router.currentRoute.value.query).toEqual({ at: 'where' });
    await choose(wrapper, 'same-block');
    await forwardButton(wrapper).trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.query).toEqual({ where: 'same-block', at: 'current' });
    await choose(wrapper, 'syncthreads');
    await flushPromises();
    // An answer on the same question replaces the entry; moving on pushes one.
    expect(router.currentRoute.value.query).toEqual({
      where: 'same-block',
      current: 'syncthreads',
      at: 'current',
    });
    router.back();
    await flushPromises();
    await vi.waitFor(() => expect(questionOnScreen(wrapper)).toBe('where'));
    const address = router.currentRoute.value.fullPath;
    wrapper.unmount();

    // A reload or a shared link: a fresh store at that address.
    const router2 = createRouter({ history: createMemoryHistory(), routes });
    await router2.push('/wizard?where=same-block&current=syncthreads&at=current');
    const again = mount(WizardView, {
      global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false }), router2] },
      attachTo: document.body,
    });
    await flushPromises();
    expect(questionOnScreen(again)).toBe('current');
    expect(again.get('[data-answer="syncthreads"] input').element).toHaveProperty('checked', true);
    expect(address).toContain('at=where');
    again.unmount();
  });

  it('continues the last session when the address names no place', async () => {
    const first = await mountWizard();
    await choose(first.wrapper, 'host');
    await forwardButton(first.wrapper).trigger('click');
    await flushPromises();
    first.wrapper.unmount();
    const { wrapper, router } = await mountWizard();
    expect(questionOnScreen(wrapper)).toBe('current');
    expect(router.currentRoute.value.query).toMatchObject({ where: 'host', at: 'current' });
  });

  it('offers no host call for warps of one block, and a tick of "Nothing" clears what it excludes', async () => {
    const { wrapper } = await mountWizard();
    await choose(wrapper, 'same-block');
    await forwardButton(wrapper).trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-answer="device-sync"]').exists()).toBe(false);
    await choose(wrapper, 'syncthreads');
    await choose(wrapper, 'nothing');
    await flushPromises();
    const ticked = wrapper
      .findAll('[data-answer] input')
      .filter((i) => (i.element as HTMLInputElement).checked);
    expect(ticked.map((i) => i.element.closest('[data-answer]')!.getAttribute('data-answer'))).toEqual([
      'nothing',
    ]);
  });
});
