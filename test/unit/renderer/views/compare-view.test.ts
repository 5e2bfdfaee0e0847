// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { createMemoryHistory, createRouter } from 'vue-router';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import CompareView from '../../../../renderer/views/CompareView.vue';
import { overlayChart, runDash } from '../../../../renderer/figures/overlay-chart';
import { isDatum } from '../../../../renderer/figures/datum';
import { setApi } from '../../../../renderer/api/current';
import { routes } from '../../../../renderer/router';
import { i18n } from '../../../../renderer/i18n';
import type { Result } from '../../../../electron/contract';
import { compareResults } from '../../../../electron/core/compare';
import type { ResultFile } from '../../../../electron/model/results/schema';
import { syntheticResult } from '../../../fixtures/synthetic-result';
import { createFakeApi, type FakeApi } from '../fake-api';
import { summarizeResult } from '../../../../electron/core/results/library';

const reference = (name: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../../resources/reference', name), 'utf8'),
  ) as ResultFile;

const A = reference('h200-modes_a.json');
const B = reference('h200-modes_b.json');
const MINE = syntheticResult({ id: 'synthetic-mine', name: 'SYNTHETIC local run' });
const PUBLISHED = syntheticResult({
  id: 'synthetic-published',
  name: 'SYNTHETIC published',
  sourceKind: 'published',
});
const FILES = [A, B, MINE, PUBLISHED];

let api: FakeApi;

beforeEach(() => {
  api = createFakeApi({
    listResults: vi.fn(() =>
      Promise.resolve({
        ok: true as const,
        value: [
          summarizeResult(A, true),
          summarizeResult(B, true),
          summarizeResult(MINE, false),
          summarizeResult(PUBLISHED, true),
        ],
      }),
    ),
    getResult: vi.fn((id: string): Promise<Result<ResultFile>> => {
      const file = FILES.find((f) => f.id === id);
      return Promise.resolve(
        file ? { ok: true, value: file } : { ok: false, code: 'NOT_FOUND', message: 'no such result' },
      );
    }),
    exportResults: vi.fn(() =>
      Promise.resolve({
        ok: true as const,
        value: {
          fileName: 'c.md',
          savedPath: '/tmp/c.md',
          mime: 'text/markdown',
          content: null,
          base64: false,
        },
      }),
    ),
  });
  setApi(api);
});

async function mountCompare(query = '') {
  const router = createRouter({ history: createMemoryHistory(), routes });
  await router.push(`/compare${query}`);
  const wrapper = mount(CompareView, {
    global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false }), router] },
  });
  await flushPromises();
  return { wrapper, router };
}

async function pick(wrapper: Awaited<ReturnType<typeof mountCompare>>['wrapper'], id: string) {
  await wrapper.get(`.pick[data-id="${id}"] input`).setValue(true);
  await flushPromises();
}

describe('Compare view', () => {
  it('says which ids of the address could not be opened, shown safely, and stops saying “opening”', async () => {
    const { wrapper } = await mountCompare(`?ids=${A.id},nope-1,x%E2%80%AEy`);
    const alert = wrapper.get('[role="alert"]').text();
    expect(alert).toBe('Could not open nope-1: no such result x<U+202E>y: no such result');
    expect(wrapper.text()).not.toContain('Opening');
    expect(wrapper.find('[role="status"].empty').exists()).toBe(false);
  });

  it('is in the navigation as “Compare” at /compare', () => {
    const key = routes.find((r) => r.path === '/compare')?.meta?.nav;
    expect(key && i18n.global.t(key)).toBe('Compare');
  });

  it('lists the user’s runs and the reference datasets, published ones labelled', async () => {
    const { wrapper } = await mountCompare();
    const legends = wrapper.findAll('legend').map((l) => l.text());
    expect(legends).toEqual(['Your runs', 'Reference datasets']);
    expect(wrapper.get(`.pick[data-id="${PUBLISHED.id}"]`).text()).toContain('published, not measured here');
    expect(wrapper.text()).toContain('Pick two or more runs to compare.');
  });

  it('gives every row a verdict per later run, the core’s, with delta and ratio', async () => {
    const { wrapper, router } = await mountCompare();
    await pick(wrapper, A.id);
    expect(wrapper.text()).toContain('Pick at least one more run.');
    await pick(wrapper, B.id);
    expect(router.currentRoute.value.query.ids).toBe(`${A.id},${B.id}`);
    const expected = compareResults([A, B]);
    const rows = wrapper.findAll('[data-testid="compare-row"]');
    expect(rows).toHaveLength(expected.rows.length);
    rows.forEach((row, i) => {
      const cell = expected.rows[i]!.cells[1]!;
      expect(row.get('[data-testid="verdict"]').text()).toBe(cell.verdict);
      expect(row.get('[data-testid="verdict"]').attributes('data-run')).toBe('2');
      expect(['same', 'faster', 'slower', 'unclear']).toContain(cell.verdict);
      expect(row.text()).toContain(
        `${new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 }).format(cell.ratio!)}×`,
      );
    });
    expect(wrapper.findAll('[data-testid="compared-run"]').map((r) => r.text())).toEqual([
      expect.stringMatching(/^Run 1 \(baseline\): modes on NVIDIA H200/),
      expect.stringMatching(/^Run 2: modes on NVIDIA H200/),
    ]);
  });

  it('shows whole-kernel figures in µs, with their CI and delta', async () => {
    const h200 = reference('h200-modes.json');
    const chapter = reference('chapter-rtx5090-modes.json');
    const files = [h200, chapter];
    api.getResult.mockImplementation((id: string) =>
      Promise.resolve({ ok: true, value: files.find((f) => f.id === id)! }),
    );
    const { wrapper } = await mountCompare(`?ids=${h200.id},${chapter.id}`);
    const expected = compareResults(files);
    expect(expected.rows[0]!.basis).toBe('wholeKernelMs');
    const row = wrapper.findAll('[data-testid="compare-row"]')[0]!;
    const cells = row.findAll('td');
    expect(cells[0]!.text()).toBe('µs whole kernel');
    const fmt = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });
    const own = expected.rows[0]!.cells[0]!.wholeKernelMs!;
    expect(cells[1]!.text()).toContain(fmt.format(own.median * 1000));
    expect(cells[1]!.text()).toContain(
      `[${fmt.format(own.ciLow! * 1000)}, ${fmt.format(own.ciHigh! * 1000)}]`,
    );
    // the published run has no CI: an em dash
    expect(cells[2]!.get('[data-testid="compare-ci"]').text()).toBe('—');
    const delta = expected.rows[0]!.cells[1]!.delta!;
    expect(cells[3]!.text()).toBe(`${delta > 0 ? '+' : ''}${fmt.format(delta * 1000)} µs`);
    // The floor in the unit shown, and what set it (whole kernel: the relative floor).
    const floor = expected.rows[0]!.cells[1]!.floor!;
    expect(row.get('[data-testid="compare-floor"]').text()).toBe(
      `floor ${fmt.format(floor.value * 1000)} µs (2% of run 1)`,
    );
    // Each run says its own configuration: the chapter's RTX 5090 ran 170 blocks, the H200 132.
    const grid = wrapper
      .findAll('[data-testid="compare-row"]')
      .find((r) => r.get('th').text().startsWith('grid'))!;
    expect(grid.findAll('[data-testid="compare-own-label"]').map((l) => l.text())).toEqual([
      'grid: 8 warps × 132 blocks',
      'grid: 8 warps × 170 blocks',
    ]);
  });

  it('two agreement runs: a sub-cycle delta is the same, with ns and the timer-resolution floor shown', async () => {
    const { wrapper } = await mountCompare(`?ids=${A.id},${B.id}`);
    const expected = compareResults([A, B]);
    const index = expected.rows.findIndex((r) => r.series === 'block');
    const cell = expected.rows[index]!.cells[1]!;
    expect(Math.abs(cell.delta!)).toBeLessThan(cell.floor!.value);
    const row = wrapper.findAll('[data-testid="compare-row"]')[index]!;
    expect(row.get('[data-testid="verdict"]').attributes('data-verdict')).toBe('same');
    expect(row.findAll('td')[3]!.text()).toMatch(/ ns$/);
    expect(row.get('[data-testid="compare-floor"]').text()).toMatch(
      /^floor 0\.5\d+ ns \(timer resolution, one SM cycle\)$/,
    );
  });

  it('notes what differs: devices, and published data', async () => {
    const { wrapper } = await mountCompare(`?ids=${A.id},${MINE.id},${PUBLISHED.id}`);
    const notes = wrapper.findAll('[data-testid="difference"]').map((d) => d.text());
    expect(notes).toEqual(compareResults([A, MINE, PUBLISHED]).differences.map((d) => d.message));
    expect(
      notes.some((n) => n.startsWith('Devices differ: run 1 NVIDIA H200, run 2 Synthetic fixture')),
    ).toBe(true);
    expect(notes.some((n) => n.startsWith('Run 3 is published data, not measured by this product'))).toBe(
      true,
    );
    expect(wrapper.text()).toContain('Each run is compared with the first');
  });

  it('says so when nothing else differs', async () => {
    const twin = { ...A, id: 'twin-of-a' };
    api.getResult.mockImplementation((id: string) =>
      Promise.resolve({ ok: true, value: id === twin.id ? twin : A }),
    );
    const { wrapper } = await mountCompare(`?ids=${A.id},${twin.id}`);
    expect(wrapper.get('[data-testid="no-differences"]').text()).toContain('Nothing else differs');
    const verdicts = wrapper.findAll('[data-testid="verdict"]').map((v) => v.text());
    expect(verdicts).toEqual(compareResults([A, twin]).rows.map((r) => r.cells[1]!.verdict));
    expect(verdicts).not.toContain('faster');
    expect(verdicts).not.toContain('slower');
  });

  it('shows a median below the timer resolution as "< resolution", with no delta or ratio of noise', async () => {
    const [first, ...rest] = A.points;
    const noise = {
      ...first!,
      perSyncNs: { ...first!.perSyncNs!, median: -0.04 },
      perSyncCycles: { ...first!.perSyncCycles!, median: -0.06 },
      clock: { ...first!.clock, conversionMHz: 1980 },
    };
    const twin = { ...A, id: 'twin-below-resolution', points: [noise, ...rest] };
    api.getResult.mockImplementation((id: string) =>
      Promise.resolve({ ok: true, value: id === twin.id ? twin : A }),
    );
    const { wrapper } = await mountCompare(`?ids=${A.id},${twin.id}`);
    const row = wrapper.findAll('[data-testid="compare-row"]')[0]!;
    expect(row.get('[data-testid="compare-below-resolution"]').text()).toBe('< 0.51');
    expect(row.text()).not.toContain('-0.04');
    expect(row.text()).not.toContain('−0.04');
    expect(row.find('[data-testid="verdict"]').exists()).toBe(false);
  });

  it('overlays the runs in one chart with one colour per run', async () => {
    const { wrapper } = await mountCompare(`?ids=${A.id},${B.id}`);
    const chart = wrapper.get('.compare-chart');
    expect(chart.attributes('data-runs')).toBe('2');
    expect(chart.attributes('data-datasets')).toBe('2');
    const swatches = wrapper.findAll('.compare-chart [data-testid="run-colour"] .swatch');
    const colours = swatches.map((s) => s.attributes('style'));
    expect(new Set(colours).size).toBe(2);
  });

  it('exports the comparison through exportResults with every id', async () => {
    const { wrapper } = await mountCompare(`?ids=${A.id},${B.id}`);
    const markdown = wrapper.findAll('.result-export button').find((b) => b.text() === 'Markdown')!;
    await markdown.trigger('click');
    await flushPromises();
    expect(api.exportResults).toHaveBeenCalledWith({
      ids: [A.id, B.id],
      format: 'md',
      locale: 'en',
      exportId: expect.stringMatching(/^export-[0-9a-f]+$/),
    });
  });
});

describe('overlayChart', () => {
  const spec = { units: 'ns', axis: 'linear', theme: 'light', title: 't', replay: false } as const;

  it('bars: one dataset per run, each its own colour', () => {
    const chart = overlayChart([A, B, MINE], ['Run 1', 'Run 2', 'Run 3'], { ...spec, kind: 'bars' });
    expect(chart.datasets.map((d) => d.run)).toEqual([0, 1, 2]);
    expect(new Set(chart.runColors).size).toBe(3);
    const datasets = chart.model.config.data.datasets.filter((d) =>
      chart.datasets.some((x) => x.label === d.label),
    );
    datasets.forEach((d, i) => expect(d.errorBarColor).toBe(chart.runColors[i]));
  });

  it('lines: a series in its own colour in every run, each run its own dash', () => {
    const sweep = reference('h200-sweep.json');
    const other = { ...reference('h200-serve-sweep.json') };
    const chart = overlayChart([sweep, other], ['Run 1', 'Run 2'], { ...spec, kind: 'line' });
    const series = new Set(sweep.points.map((p) => p.series)).size;
    expect(chart.datasets).toHaveLength(2 * series);
    const look = (label: string) => {
      const d = chart.model.config.data.datasets.find((x) => x.label === label) as {
        borderColor: string;
        borderDash: number[];
      };
      return { color: d.borderColor, dash: JSON.stringify(d.borderDash) };
    };
    for (const { label, run } of chart.datasets) {
      expect(look(label).dash, label).toBe(JSON.stringify(runDash(run)));
      const twin = label.replace(/^Run \d/, run === 0 ? 'Run 2' : 'Run 1');
      expect(look(label).color, label).toBe(look(twin).color);
    }
    const colours = chart.datasets.filter((d) => d.run === 0).map((d) => look(d.label).color);
    expect(new Set(colours).size).toBe(series);
    expect(runDash(0)).not.toEqual(runDash(1));
  });

  it('bars: the same measurement on two GPUs shares one category (the comparison row), whatever its label', () => {
    const h200 = reference('h200-modes.json');
    const chapter = reference('chapter-rtx5090-modes.json');
    // the two runs label the same point differently: 132 vs 170 blocks
    expect(h200.points[0]!.label).toBe('warp: 8 warps × 132 blocks');
    expect(chapter.points[0]!.label).toBe('warp: 8 warps × 170 blocks');
    const comparison = compareResults([h200, chapter]);
    const chart = overlayChart([h200, chapter], ['Run 1', 'Run 2'], { ...spec, kind: 'bars' }, comparison);
    const { labels, datasets } = chart.model.config.data;
    expect(labels).toEqual(comparison.rows.map((r) => r.label));
    expect(labels).toHaveLength(h200.points.length);
    const [run1, run2] = datasets.filter((d) => chart.datasets.some((x) => x.label === d.label));
    comparison.rows.forEach((row, i) => {
      // both runs have a bar in the row's category, each with its own label in the tooltip
      const first = run1!.data[i]!;
      const second = run2!.data[i]!;
      expect(isDatum(first) && isDatum(second), row.label).toBe(true);
      expect(first.x).toBe(row.label);
      expect(second.x).toBe(row.label);
      if (isDatum(second)) expect(second.label).toBe(chapter.points[i]!.label);
    });
    // computed from the results when no comparison is given
    const computed = overlayChart([h200, chapter], ['Run 1', 'Run 2'], { ...spec, kind: 'bars' });
    expect(computed.model.config.data.labels).toEqual(labels);
  });

  it('bars: a point only a later run has gets the row’s category after run 1’s', () => {
    const extra = {
      ...B,
      id: 'b-with-extra',
      points: [...B.points, { ...B.points[0]!, index: 99, series: 'extra', label: 'extra: only in run 2' }],
    };
    const comparison = compareResults([A, extra]);
    const chart = overlayChart([A, extra], ['Run 1', 'Run 2'], { ...spec, kind: 'bars' }, comparison);
    expect(chart.model.config.data.labels).toEqual(comparison.rows.map((r) => r.label));
    expect(chart.model.config.data.labels?.at(-1)).toBe('extra: only in run 2');
    const run1 = chart.model.config.data.datasets.find((d) => d.label === 'Run 1')!;
    expect(isDatum(run1.data.at(-1))).toBe(false);
  });

  it('lines: the same measurement on two GPUs is drawn at the same x', () => {
    const h200 = reference('h200-sweep.json');
    const chapter = reference('chapter-rtx5090-sweep.json');
    const chart = overlayChart([h200, chapter], ['Run 1', 'Run 2'], { ...spec, kind: 'line' });
    const xs = (label: string) =>
      chart.model.config.data.datasets
        .find((d) => d.label === label)!
        .data.filter(isDatum)
        .map((d) => d.x);
    expect(xs('Run 2 · warp')).toEqual(xs('Run 1 · warp'));
    expect(xs('Run 2 · block')).toEqual(xs('Run 1 · block'));
  });

  it('falls back to the whole-kernel figure when a run has no per-sync figure', () => {
    const wholeOnly = {
      ...MINE,
      points: MINE.points.map((p) => ({ ...p, perSyncNs: null, perSyncCycles: null })),
    };
    expect(overlayChart([A, B], ['Run 1', 'Run 2'], { ...spec, kind: 'bars' }).model.metric).toBe('perSync');
    const chart = overlayChart([A, wholeOnly], ['Run 1', 'Run 2'], { ...spec, kind: 'bars' });
    expect(chart.model.metric).toBe('wholeKernel');
    expect(chart.model.drawn).toBe(A.points.length + wholeOnly.points.length);
  });
});
