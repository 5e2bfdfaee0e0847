// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { createMemoryHistory, createRouter } from 'vue-router';
import ResultsView from '../../../../renderer/views/ResultsView.vue';
import { setApi } from '../../../../renderer/api/current';
import { routes } from '../../../../renderer/router';
import type { ResultSummary } from '../../../../electron/contract';
import { syntheticResult } from '../../../fixtures/synthetic-result';
import { createFakeApi, type FakeApi } from '../fake-api';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResultFile } from '../../../../electron/model/results/schema';
import { formatDay } from '../../../../renderer/figures/numbers';
import { summarizeResult } from '../../../../electron/core/results/library';

const reference = (name: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../../resources/reference', name), 'utf8'),
  ) as ResultFile;

const ROWS: ResultSummary[] = [
  summary('a', 'H200 modes', 'modes', 'NVIDIA H200', '2025-11-20T10:00:00.000Z', 5, { 'grid/block': 60.1 }),
  summary('b', 'RTX 5090 chapter table', 'modes', 'RTX 5090', '2025-06-01T10:00:00.000Z', 3, {
    'grid/block': 17.2,
  }),
  summary('c', 'Big sweep', 'sweep', 'NVIDIA H200', '2025-11-25T10:00:00.000Z', 64, {}),
];

let api: FakeApi;

async function mountResultsView() {
  const router = createRouter({ history: createMemoryHistory(), routes });
  await router.push('/results');
  const wrapper = mount(ResultsView, {
    global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false }), router] },
  });
  await flushPromises();
  return { wrapper, router };
}

const names = (wrapper: Awaited<ReturnType<typeof mountResultsView>>['wrapper']) =>
  wrapper.findAll('.results-table tbody tr').map((row) => row.get('button.link').text());

beforeEach(() => {
  api = createFakeApi({ listResults: vi.fn(() => Promise.resolve({ ok: true as const, value: ROWS })) });
  setApi(api);
});

describe('Results view', () => {
  it('lists every run, newest first, and sorts by a column (again: reversed)', async () => {
    const { wrapper } = await mountResultsView();
    expect(names(wrapper)).toEqual(['Big sweep', 'H200 modes', 'RTX 5090 chapter table']);
    await wrapper.get('[data-sort="points"]').trigger('click');
    expect(names(wrapper)).toEqual(['RTX 5090 chapter table', 'H200 modes', 'Big sweep']);
    expect(wrapper.get('th[aria-sort="ascending"]').text()).toContain('Points');
    await wrapper.get('[data-sort="points"]').trigger('click');
    expect(names(wrapper)).toEqual(['Big sweep', 'H200 modes', 'RTX 5090 chapter table']);
    await wrapper.get('[data-sort="ratios"]').trigger('click');
    expect(names(wrapper)).toEqual(['RTX 5090 chapter table', 'H200 modes', 'Big sweep']);
  });

  it('filters by the search box across name, mode and device', async () => {
    const { wrapper } = await mountResultsView();
    await wrapper.get('#results-search').setValue('h200');
    expect(names(wrapper).sort()).toEqual(['Big sweep', 'H200 modes']);
    await wrapper.get('#results-search').setValue('SWEEP');
    expect(names(wrapper)).toEqual(['Big sweep']);
    await wrapper.get('#results-search').setValue('nothing like this');
    expect(names(wrapper)).toEqual([]);
    expect(wrapper.text()).toContain('No results match.');
  });

  it('shows the headline ratios of each run', async () => {
    const { wrapper } = await mountResultsView();
    expect(wrapper.get('[data-id="b"]').text()).toContain('grid/block 17.2×');
  });

  it('opens a run with its chart and table, deletes it and brings it back', async () => {
    const file = syntheticResult({ id: 'a-result', name: 'H200 modes' });
    api.getResult.mockResolvedValue({ ok: true, value: file });
    api.deleteResult.mockResolvedValue({ ok: true, value: { undoToken: 'undo-a' } });
    api.undoDelete.mockResolvedValue({ ok: true, value: ROWS[0] });
    const { wrapper } = await mountResultsView();
    await wrapper.get('[data-id="a"] button.link').trigger('click');
    await flushPromises();
    expect(api.getResult).toHaveBeenCalledWith('a');
    expect(wrapper.get('.result-detail .live-chart').attributes('data-points')).toBe(
      String(file.points.length),
    );
    expect(wrapper.findAll('.points-table tbody tr')).toHaveLength(file.points.length);

    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Delete')!
      .trigger('click');
    await flushPromises();
    expect(api.deleteResult).toHaveBeenCalledWith('a-result');
    expect(wrapper.get('.undo').text()).toContain('Deleted');
    await wrapper.get('.undo button').trigger('click');
    await flushPromises();
    expect(api.undoDelete).toHaveBeenCalledWith('undo-a');
    expect(wrapper.find('.undo').exists()).toBe(false);
  });

  it('labels a shipped H200 result as a reference dataset, not this GPU, and keeps it read-only', async () => {
    const fences = reference('h200-fences.json');
    api.listResults.mockResolvedValue({ ok: true, value: [summarizeResult(fences, true)] });
    api.getResult.mockResolvedValue({ ok: true, value: fences });
    const { wrapper } = await mountResultsView();
    await wrapper.get(`[data-id="${fences.id}"] button.link`).trigger('click');
    await flushPromises();
    const day = formatDay(fences.provenance.startedAt);
    expect(wrapper.get('[data-testid="reference-banner"]').text()).toBe(
      `Reference dataset: measured by Sync Workbench on NVIDIA H200 on ${day}, shipped with the app — not this GPU.`,
    );
    const rename = wrapper.findAll('button').find((b) => b.text() === 'Rename')!;
    const remove = wrapper.findAll('button').find((b) => b.text() === 'Delete')!;
    expect(rename.attributes('disabled')).toBeDefined();
    expect(remove.attributes('disabled')).toBeDefined();
    expect(wrapper.get('#rename-input').attributes('disabled')).toBeDefined();
    expect(remove.attributes('aria-describedby')).toBe('read-only-why');
    expect(wrapper.get('#read-only-why').text()).toContain('read-only');
    await wrapper.get('form.rename').trigger('submit');
    await remove.trigger('click');
    await flushPromises();
    expect(api.renameResult).not.toHaveBeenCalled();
    expect(api.deleteResult).not.toHaveBeenCalled();
    expect(wrapper.find('.published-banner').exists()).toBe(false);
  });

  it('a published reference keeps its published banner (no measured banner) and is read-only too', async () => {
    const chapter = reference('chapter-rtx5090-modes.json');
    api.listResults.mockResolvedValue({ ok: true, value: [summarizeResult(chapter, true)] });
    api.getResult.mockResolvedValue({ ok: true, value: chapter });
    const { wrapper } = await mountResultsView();
    await wrapper.get(`[data-id="${chapter.id}"] button.link`).trigger('click');
    await flushPromises();
    expect(wrapper.get('.published-banner').text()).toContain('not measured by this product');
    expect(wrapper.find('[data-testid="reference-banner"]').exists()).toBe(false);
    const remove = wrapper.findAll('button').find((b) => b.text() === 'Delete')!;
    expect(remove.attributes('disabled')).toBeDefined();
  });

  it('a run of the user has no reference banner and can be renamed and deleted', async () => {
    api.getResult.mockResolvedValue({ ok: true, value: syntheticResult({ id: 'a', name: 'H200 modes' }) });
    const { wrapper } = await mountResultsView();
    await wrapper.get('[data-id="a"] button.link').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="reference-banner"]').exists()).toBe(false);
    expect(wrapper.find('#read-only-why').exists()).toBe(false);
    const remove = wrapper.findAll('button').find((b) => b.text() === 'Delete')!;
    expect(remove.attributes('disabled')).toBeUndefined();
  });

  it('rename: at most 200 characters (the host’s limit), and no bidirectional control characters', async () => {
    const file = syntheticResult({ id: 'a', name: 'H200 modes' });
    api.getResult.mockResolvedValue({ ok: true, value: file });
    api.renameResult.mockResolvedValue({ ok: true, value: { ...ROWS[0]!, name: 'fine name' } });
    const { wrapper } = await mountResultsView();
    await wrapper.get('[data-id="a"] button.link').trigger('click');
    await flushPromises();
    const input = wrapper.get('#rename-input');
    expect(input.attributes('maxlength')).toBe('200');
    const submit = async (name: string) => {
      await input.setValue(name);
      await wrapper.get('form.rename').trigger('submit');
      await flushPromises();
      return wrapper.get('[data-testid="detail-message"]');
    };
    for (const control of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      const message = await submit(`invoice${control}fdp.json`);
      expect(message.text()).toMatch(
        /^The name must not contain bidirectional control characters such as U\+20/,
      );
      expect(message.classes()).toContain('error');
    }
    expect((await submit('x'.repeat(201))).text()).toBe(
      'The name must be at most 200 characters (it has 201).',
    );
    expect((await submit('tab\there')).text()).toMatch(/^The name must not contain control characters/);
    expect((await submit('\u200B\u200D')).text()).toBe(
      'The name must have a visible character (it has only invisible ones).',
    );
    expect(api.renameResult).not.toHaveBeenCalled();
    const done = await submit(`  ${'y'.repeat(200)}  `);
    expect(api.renameResult).toHaveBeenCalledWith('a', 'y'.repeat(200));
    expect(done.text()).toBe('Renamed.');
    expect(done.classes()).not.toContain('error');
  });

  it('tells results with the same name apart by date and short id', async () => {
    const rows = [0, 1, 2].map((i) => ({
      ...ROWS[0]!,
      id: `${i}abcdef0-1111-2222-3333-444444444444`,
      name: 'same name',
      createdAt: `2025-01-0${i + 1}T10:00:00.000Z`,
    }));
    api.listResults.mockResolvedValue({
      ok: true,
      value: [...rows, { ...ROWS[0]!, id: 'solo', name: 'other' }],
    });
    const { wrapper } = await mountResultsView();
    const shown = wrapper.findAll('.short-id').map((s) => s.text());
    expect(shown).toHaveLength(3);
    expect(new Set(shown).size).toBe(3);
    for (const row of rows) expect(shown.some((text) => text.includes(row.id.slice(0, 8)))).toBe(true);
    expect(wrapper.get('[data-id="solo"]').find('.short-id').exists()).toBe(false);
  });

  it('lists the files that could not be read, with the reason, and moves one to the trash', async () => {
    api.listUnreadable.mockResolvedValue({
      ok: true,
      value: [
        {
          file: '/r/half.json',
          code: 'BAD_JSON',
          reason: '/r/half.json: the JSON ends early',
          removable: true,
        },
        { file: '/ref/x.json', code: 'INVALID', reason: '/ref/x.json: points: missing', removable: false },
      ],
    });
    api.removeUnreadable.mockResolvedValue({
      ok: true,
      value: { movedTo: '/r/.trash/unreadable-1-half.json' },
    });
    const { wrapper } = await mountResultsView();
    const section = wrapper.get('section.unreadable');
    expect(section.get('h3').text()).toBe('Could not be read (2)');
    expect(section.text()).toContain('/r/half.json: the JSON ends early');
    expect(section.get('[data-file="/ref/x.json"]').find('button').exists()).toBe(false);
    await section.get('[data-file="/r/half.json"] button').trigger('click');
    await flushPromises();
    expect(api.removeUnreadable).toHaveBeenCalledWith('/r/half.json');
    expect(wrapper.text()).toContain('Moved /r/half.json to /r/.trash/unreadable-1-half.json.');
    expect(wrapper.get('section.unreadable h3').text()).toBe('Could not be read (1)');
  });

  it("shows an import refusal in the host's words", async () => {
    const refusal = 'points[0].perSyncNs.median: expected number, received string';
    api.importResult.mockResolvedValue({ ok: false, code: 'INVALID', message: refusal });
    const { wrapper } = await mountResultsView();
    const input = wrapper.get('#import-file');
    const file = new File(['{"format":"syncbench-result"}'], 'bad.json', { type: 'application/json' });
    Object.defineProperty(input.element, 'files', { value: [file] });
    await input.trigger('change');
    await flushPromises();
    // The file's bytes as they are (the host checks the encoding).
    expect(api.importResult).toHaveBeenCalledWith({
      fileName: 'bad.json',
      bytes: new TextEncoder().encode('{"format":"syncbench-result"}'),
    });
    expect(wrapper.get('[data-testid="import-message"]').text()).toBe(refusal);
  });

  it('says what the host did with an import (e.g. a new id beside a read-only reference), not just "Imported"', async () => {
    const note =
      'Imported as a new result (id n-1) because its id "r" is the id of the reference dataset "modes", which is read-only.';
    api.importResult.mockResolvedValue({
      ok: true,
      value: { ...ROWS[0]!, id: 'n-1', importOutcome: { status: 'added-with-new-id', message: note } },
    });
    const { wrapper } = await mountResultsView();
    const input = wrapper.get('#import-file');
    Object.defineProperty(input.element, 'files', { value: [new File(['{}'], 'same-id.json')] });
    await input.trigger('change');
    await flushPromises();
    const message = wrapper.get('[data-testid="import-message"]');
    expect(message.text()).toBe(note);
    expect(message.classes()).not.toContain('error');
  });

  it('refuses a file over 64 MiB with the host’s message, without reading or sending it', async () => {
    const { wrapper } = await mountResultsView();
    const input = wrapper.get('#import-file');
    const file = new File(['{}'], 'huge.json', { type: 'application/json' });
    Object.defineProperty(file, 'size', { value: 64 * 1024 * 1024 + 1 });
    const read = vi.spyOn(file, 'arrayBuffer');
    Object.defineProperty(input.element, 'files', { value: [file] });
    await input.trigger('change');
    await flushPromises();
    expect(api.importResult).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    const message = wrapper.get('[data-testid="import-message"]');
    expect(message.text()).toBe(
      'huge.json: the file is 64.0 MiB (67108865 bytes); result files are limited to 64.0 MiB (67108864 bytes).',
    );
    expect(message.classes()).toContain('error');
  });

  it('starts a replay of the opened run at the chosen pace and goes to the Run view', async () => {
    api.getResult.mockResolvedValue({
      ok: true,
      value: syntheticResult({ id: 'a-result', name: 'H200 modes' }),
    });
    const { wrapper, router } = await mountResultsView();
    await wrapper.get('[data-id="a"] button.link').trigger('click');
    await flushPromises();
    const routeWhenDetailLeft: unknown[] = [];
    new MutationObserver(() => {
      if (!wrapper.find('.result-detail').exists()) routeWhenDetailLeft.push(router.currentRoute.value.name);
    }).observe(wrapper.element, { childList: true, subtree: true });
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Replay')!
      .trigger('click');
    await flushPromises();
    expect(api.startReplay).toHaveBeenCalledWith({ resultId: 'a-result', speed: 1 });
    // the detail is taken down while the route is still Results: the view switch is a task of its own
    await vi.waitFor(() => expect(routeWhenDetailLeft[0]).toBe('results'));
    // the Run view's chunk loads before the route changes
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('run'), { timeout: 30_000 });
  });

  it('says the host is preparing a replay, keeps Replay from a second click, and says why one could not start', async () => {
    api.getResult.mockResolvedValue({
      ok: true,
      value: syntheticResult({ id: 'a-result', name: 'H200 modes' }),
    });
    let answer: (reply: { ok: false; code: 'NOT_FOUND'; message: string }) => void = () => undefined;
    api.startReplay.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { wrapper, router } = await mountResultsView();
    await wrapper.get('[data-id="a"] button.link').trigger('click');
    await flushPromises();
    const button = () => wrapper.get('[data-testid="replay-button"]');
    await button().trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="replay-starting"]').text()).toBe(
      'Preparing the replay of “H200 modes”: the host reads the whole file first.',
    );
    expect(button().attributes('disabled')).toBeDefined();
    answer({ ok: false, code: 'NOT_FOUND', message: 'No result has the id a-result.' });
    await flushPromises();
    expect(wrapper.find('[data-testid="replay-starting"]').exists()).toBe(false);
    expect(button().attributes('disabled')).toBeUndefined();
    expect(wrapper.get('[role="alert"]').text()).toBe(
      'Replay could not start: No result has the id a-result.',
    );
    expect(router.currentRoute.value.name).toBe('results');
  });
});

function summary(
  id: string,
  name: string,
  mode: string,
  deviceName: string,
  createdAt: string,
  points: number,
  ratios: Record<string, number>,
): ResultSummary {
  return {
    id,
    name,
    mode,
    deviceName,
    createdAt,
    status: 'complete',
    points,
    sourceKind: 'measured',
    reference: false,
    ratios,
  };
}
