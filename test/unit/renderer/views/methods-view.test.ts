// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import MethodsView from '../../../../renderer/views/MethodsView.vue';
import ResultMethodPanel from '../../../../renderer/components/methods/ResultMethodPanel.vue';
import { setApi } from '../../../../renderer/api/current';
import { useResultsStore } from '../../../../renderer/stores/results';
import { routes } from '../../../../renderer/router';
import { i18n } from '../../../../renderer/i18n';
import { methodSections } from '../../../../electron/model/methods';
import { MODES } from '../../../../electron/model/modes';
import type { ResultFile } from '../../../../electron/model/results/schema';
import { syntheticResult } from '../../../fixtures/synthetic-result';
import { createFakeApi } from '../fake-api';

const reference = (name: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../../resources/reference', name), 'utf8'),
  ) as ResultFile;

function mountView(opened: ResultFile | null = null) {
  const pinia = createTestingPinia({ createSpy: vi.fn, stubActions: false });
  const wrapper = mount(MethodsView, { global: { plugins: [pinia] } });
  if (opened) useResultsStore().opened = opened;
  return wrapper;
}

beforeEach(() => setApi(createFakeApi()));

describe('Methods view', () => {
  it('is in the navigation as “Methods” at /methods', () => {
    const key = routes.find((r) => r.path === '/methods')?.meta?.nav;
    expect(key && i18n.global.t(key)).toBe('Methods');
  });

  it('shows a section for every mode, then the shared sections, code in backticks as code', async () => {
    const wrapper = mountView();
    await flushPromises();
    const titles = wrapper.findAll('.method-section h3').map((h) => h.text());
    for (const mode of MODES) expect(titles).toContain(`Mode ${mode.info.id}: ${mode.info.title}`);
    expect(titles).toContain('Stopping rule, noisy and throttled points');
    expect(titles).toContain('compute-sanitizer');
    expect(titles).toHaveLength(methodSections(MODES.map((m) => m.info.id)).length);
    const fadd = wrapper.findAll('.method-section').find((s) => s.text().startsWith('Mode fadd_check'))!;
    expect(fadd.findAll('code').map((c) => c.text())).toContain(
      '((t(fadd_chain[64], hi) − t(fadd_chain[64], lo)) − (t(fadd_chain[32], hi) − t(fadd_chain[32], lo))) / (Δ × 32)',
    );
  });

  it('narrows to one mode', async () => {
    const wrapper = mountView();
    await wrapper.get('#methods-mode').setValue('fences');
    const modes = wrapper.findAll('.method-section h3').filter((h) => h.text().startsWith('Mode '));
    expect(modes.map((h) => h.text())).toEqual(['Mode fences: Fences at each scope']);
    expect(wrapper.text()).not.toContain('compute-sanitizer');
  });

  it('shows how the opened result’s numbers were made', async () => {
    const wrapper = mountView(reference('h200-modes_a.json'));
    await flushPromises();
    const panel = wrapper.get('[data-testid="result-method"]');
    expect(panel.text()).toContain('Stopping rule of this run: warm-up 2 repetitions');
    expect(panel.text()).toContain('Parameters: iters = 256 · deltaIters = 0 · nwarps = 8');
  });
});

describe('How these numbers were made (result panel)', () => {
  it('puts the per-sync and whole-kernel figures of the same run side by side', () => {
    const result = reference('h200-modes_a.json');
    const wrapper = mount(ResultMethodPanel, { props: { result } });
    const block = result.points.find((p) => p.series === 'block')!;
    const row = wrapper.get(`tr[data-index="${block.index}"]`);
    expect(row.text()).toContain('256 → 33,024');
    expect(row.get('[data-testid="per-sync"]').text()).toBe(
      new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 }).format(block.perSyncNs!.median),
    );
    expect(row.get('[data-testid="whole-kernel"]').text()).toBe(
      new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 }).format(
        block.wholeKernelMs!.median * 1000,
      ),
    );
    expect(row.text()).toMatch(/globaltimer 19\d\d(\.\d+)? MHz/);
    const twoKernels = wrapper.findAll('tbody tr').find((r) => r.text().includes('two kernels'))!;
    expect(twoKernels.text()).toMatch(/ok \(\d+ verified\)/);
  });

  it('flags noisy and throttled points, with the clock', () => {
    const wrapper = mount(ResultMethodPanel, { props: { result: syntheticResult() } });
    const grid = wrapper.get('tr[data-index="2"]');
    expect(grid.text()).toContain('max-time, 12 reps · noisy');
    expect(grid.text()).toContain('globaltimer 1500 MHz · throttled');
    expect(wrapper.text()).toContain('Noisy (noise target not met): 1 of 5 points.');
  });
});
