// @vitest-environment happy-dom
/**
 * In zh-CN no view renders an English string of the message files: the Methods view with an opened
 * result, the Run form of every mode, the stopping rule, the wizard's summaries and hazard list, the sanitizer and
 * import panels, the export buttons, the Results badges, the Compare picker and the Lab. What stays English on
 * purpose — code, and text written from core data marked lang="en" (with a note saying so) — is left out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { createMemoryHistory, createRouter } from 'vue-router';
import { attachCosts } from '../../../../electron/model/decide/costs';
import { advise } from '../../../../electron/model/decide/engine';
import { loadDecisionTable } from '../../../../electron/core/decide/load-table';
import type { Answers } from '../../../../electron/model/decide/types';
import { modeInfos } from '../../../../electron/model/modes';
import type { ResultFile } from '../../../../electron/model/results/schema';
import { stoppingFields, withStoppingFields } from '../../../../electron/core/service/stopping-fields';
import type { ResultSummary } from '../../../../electron/contract';
import { setApi } from '../../../../renderer/api/current';
import ImportResult from '../../../../renderer/components/ImportResult.vue';
import ParamField from '../../../../renderer/components/ParamField.vue';
import ResultsTable from '../../../../renderer/components/ResultsTable.vue';
import ResultExport from '../../../../renderer/components/export/ResultExport.vue';
import SanitizerReport from '../../../../renderer/components/SanitizerReport.vue';
import ComparePicker from '../../../../renderer/components/compare/ComparePicker.vue';
import StoppingFields from '../../../../renderer/components/methods/StoppingFields.vue';
import AdviceSummary from '../../../../renderer/components/wizard/AdviceSummary.vue';
import AnswersSoFar from '../../../../renderer/components/wizard/AnswersSoFar.vue';
import HazardList from '../../../../renderer/components/wizard/HazardList.vue';
import NotPossibleSummary from '../../../../renderer/components/wizard/NotPossibleSummary.vue';
import { setLocale } from '../../../../renderer/i18n';
import { localizedAdvice } from '../../../../renderer/i18n/decision-text';
import { UI_EN as en } from '../../../../electron/model/words/en/ui';
import { UI_ZH_CN as zhCN } from '../../../../electron/model/words/zh-CN/ui';
import { MODES_ZH_CN } from '../../../../electron/model/words/zh-CN/modes';
import { routes } from '../../../../renderer/router';
import { useResultsStore } from '../../../../renderer/stores/results';
import { useSettingsStore } from '../../../../renderer/stores/settings';
import LabView from '../../../../renderer/views/LabView.vue';
import MethodsView from '../../../../renderer/views/MethodsView.vue';
import RunView from '../../../../renderer/views/RunView.vue';
import { loadLazyParts } from '../views/run-view-mount';
import { compareResults } from '../../../../electron/model/compare/compare';
import { DEFAULT_PLACEMENTS } from '../../../../electron/model/decide/lab-placement';
import { noAddonReasonText } from '../../../../electron/core/native/addon-reasons';
import { hostText, word } from '../../../../electron/model/words/host-text';
import DifferenceNotes from '../../../../renderer/components/compare/DifferenceNotes.vue';
import NoGpuPanel from '../../../../renderer/components/NoGpuPanel.vue';
import RatiosList from '../../../../renderer/components/RatiosList.vue';
import PlacementTable from '../../../../renderer/components/lab/PlacementTable.vue';
import { useDeviceStore } from '../../../../renderer/stores/device';
import { createFakeApi, NO_GPU } from '../fake-api';

const ROOT = path.join(import.meta.dirname, '../../../..');
const reference = (name: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'resources/reference', name), 'utf8')) as ResultFile;
const RAW_TABLE: unknown = loadDecisionTable(path.join(ROOT, 'resources/decision/decision-table.json'));
/** The advice for an example as the wizard shows it in zh-CN (WizardView localizes the host's advice). */
const adviceFor = (example: string) =>
  localizedAdvice(
    attachCosts(
      advise(
        RAW_TABLE as Parameters<typeof advise>[0],
        JSON.parse(readFileSync(path.join(ROOT, 'docs/examples/advise', example), 'utf8')) as Answers,
      ),
      [],
    ),
    RAW_TABLE as Parameters<typeof advise>[0],
    'zh-CN',
  );

function flatten(messages: object): string[] {
  return Object.values(messages).flatMap((v) => (typeof v === 'string' ? [v] : flatten(v as object)));
}

const ZH_TEXT = flatten(zhCN).join('\n');

/**
 * The English words these views take from the message files, as they would appear on screen: each message split
 * at its {placeholders}, pieces of two words or more (or a long single word), and the words QA found left over.
 */
const ENGLISH = [
  ...new Set(
    [
      en.methodsBody,
      en.paramField,
      en.params,
      en.stopping,
      en.advice,
      en.adviceText,
      en.sanitizer,
      en.importer,
      en.library,
      en.labView,
      en.exports,
      Object.fromEntries(modeInfos().map((m) => [m.id, { title: m.title, question: m.question }])),
      en.views.run,
      en.table,
      en.hostText,
      en.compare,
      en.ratios,
      en.noGpu,
      en.labAgents,
      en.resultDetail,
      en.replayBanner,
    ]
      .flatMap(flatten)
      .flatMap((m) => m.split(/\{\w+\}/))
      .map((piece) => piece.trim().replace(/^[(:,.;"“]+|[):,.;"”]+$/g, ''))
      .filter((piece) => /[a-z]{3,}\s+[a-z]{2,}/i.test(piece) || /^[a-z]{8,}$/i.test(piece))
      // Names the same in both languages (compute-sanitizer, Markdown) are not English words.
      .filter((piece) => !ZH_TEXT.includes(piece)),
  ),
  'Stopping rule',
  'Import a result file',
  'reference',
  'Reference datasets',
  'Output y',
  'How these numbers were made',
  'not answered yet',
  'Search results',
];

/** What the view says in the UI's language: its text without code and without what is marked lang="en". */
function localText(wrapper: VueWrapper): string {
  const copy = wrapper.element.cloneNode(true) as HTMLElement;
  for (const node of copy.querySelectorAll('code, pre, [lang="en"]')) node.remove();
  return copy.textContent ?? '';
}

function englishIn(wrapper: VueWrapper): string[] {
  const text = localText(wrapper);
  return ENGLISH.filter((english) => text.includes(english));
}

const pinia = () => createTestingPinia({ createSpy: vi.fn, stubActions: false });

beforeAll(() => setLocale('zh-CN'));
afterAll(() => setLocale('en'));
beforeEach(() => {
  setApi(
    createFakeApi({
      decisionTable: vi.fn(() => Promise.resolve({ ok: true as const, value: RAW_TABLE })),
      modes: vi.fn(() => Promise.resolve({ ok: true as const, value: withStoppingFields(modeInfos()) })),
    }),
  );
});

/** Mounts `component` with a testing Pinia whose UI language is zh-CN. */
async function mountZh(component: Parameters<typeof mount>[0], options: Record<string, unknown> = {}) {
  await loadLazyParts();
  const store = pinia();
  const router = createRouter({ history: createMemoryHistory(), routes });
  const wrapper = mount(component, {
    ...options,
    global: { plugins: [store, router] },
    attachTo: document.body,
  } as Parameters<typeof mount>[1]);
  useSettingsStore().locale = 'zh-CN';
  await flushPromises();
  return wrapper;
}

describe('zh-CN views', () => {
  it('Which barrier?: the answers so far name the unanswered question on screen in zh-CN', async () => {
    const { questions } = RAW_TABLE as { questions: Array<{ id: string }> };
    const wrapper = await mountZh(AnswersSoFar, {
      props: { questions, answers: {}, currentId: questions[0]!.id },
    });
    expect(englishIn(wrapper)).toEqual([]);
    expect(wrapper.text()).toContain('尚未回答');
    expect(wrapper.get('nav').attributes('aria-label')).toBe('已答问题');
  });

  it('the check knows the English it looks for', () => {
    expect(ENGLISH).toContain('Stopping rule');
    expect(ENGLISH).toContain('How these numbers were made');
    expect(ENGLISH.length).toBeGreaterThan(80);
  });

  it('Methods: headings, contents, the opened result’s panel', async () => {
    const wrapper = await mountZh(MethodsView);
    useResultsStore().opened = reference('h200-correctness_sanitizer.json');
    await flushPromises();
    expect(englishIn(wrapper)).toEqual([]);
    expect(wrapper.get('.method-section h3').text()).toMatch(/^模式 warp：/);
    // Every section is translated: Chinese paragraphs, nothing marked English, no note that says so.
    const sections = wrapper.findAll('.method-section');
    expect(sections.length).toBeGreaterThan(20);
    expect(wrapper.find('.method-section p[lang="en"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="methods-body-note"]').exists()).toBe(false);
    expect(sections[0]!.findAll('p')[1]!.text()).toMatch(/每次迭代运行/);
    // Numbers keep their locale's format.
    expect(wrapper.get('[data-testid="result-method"]').text()).toMatch(/\d+ 次重复/);
    // The opened result's own plan is written in Chinese too.
    expect(wrapper.get('[data-testid="result-method"] ul').text()).toContain('本次运行的停止规则：');
    expect(wrapper.get('[data-testid="result-method"] table').text()).toMatch(/通过（校验了 \d+ 个值）/);
    expect(wrapper.find('[data-testid="result-method"] [lang="en"]').exists()).toBe(false);
  });

  it('Run: every parameter field of every mode, and the stopping rule', async () => {
    for (const mode of modeInfos()) {
      for (const param of mode.params) {
        const wrapper = await mountZh(ParamField, {
          props: { param, modeId: mode.id, error: null, modelValue: '' },
        });
        expect(englishIn(wrapper), `${mode.id}.${param.name}`).toEqual([]);
        expect(wrapper.get('label').text(), `${mode.id}.${param.name}`).toMatch(/[\u4e00-\u9fff]/);
        wrapper.unmount();
      }
    }
    const stopping = await mountZh(StoppingFields, {
      props: { fields: stoppingFields(), request: null, modelValue: {} },
    });
    expect(englishIn(stopping)).toEqual([]);
    expect(stopping.get('legend').text()).toBe('停止规则');
  });

  it('Run: the form of each mode, its title, question, parameters and stopping rule', async () => {
    const wrapper = await mountZh(RunView);
    const select = wrapper.get('#mode-select');
    for (const mode of modeInfos()) {
      await select.setValue(mode.id);
      await flushPromises();
      expect(englishIn(wrapper), mode.id).toEqual([]);
      const question = wrapper.get('#mode-select ~ .help').text();
      expect(question, mode.id).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(wrapper.get('legend').text()).toBe('停止规则');
  });

  it('Which barrier?: recommendations (mask, atomic scope, migrated answers, no hazards) and not possible', async () => {
    for (const example of [
      'legacy-warp-reduce.json',
      'counter-block-scope-atomic.json',
      'data-dependent-grid-syncs.json',
      'phases-global-only.json',
      'table-v1-grid-sync-normal-launch.json',
    ]) {
      const advice = adviceFor(example);
      const wrapper = await mountZh(AdviceSummary, { props: { advice } });
      expect(englishIn(wrapper), example).toEqual([]);
      // The decision table's texts are translated now: shown as they are, nothing marked English but the host's
      // own reason for having no GPU (the CUDA driver's words, beside "Measure this now").
      const english = wrapper.findAll('[lang="en"]').filter((n) => !n.element.closest('#measure-why'));
      expect(english, example).toEqual([]);
      expect(wrapper.get('#advice-title').text(), example).toContain(advice.title);
      expect(wrapper.get('.rationale').text(), example).toMatch(/[\u4e00-\u9fff]/);
      wrapper.unmount();
    }
    const none = await mountZh(NotPossibleSummary, {
      props: { advice: adviceFor('shared-across-blocks.json') },
    });
    expect(englishIn(none)).toEqual([]);
    expect(none.find('[lang="en"]').exists()).toBe(false);
    expect(none.get('#not-possible-title').text()).toBe('按所述方式无法实现');
    const hazards = await mountZh(HazardList, {
      props: { hazards: adviceFor('early-return-syncthreads.json').hazards },
    });
    expect(englishIn(hazards)).toEqual([]);
    expect(hazards.text()).toContain('修正：');
  });

  it('the sanitizer and import panels, the Results badges, the Compare picker and the Lab', async () => {
    const sanitizer = await mountZh(SanitizerReport, {
      props: { report: reference('h200-correctness_sanitizer.json').sanitizer },
    });
    expect(englishIn(sanitizer)).toEqual([]);
    expect(await mountZh(ImportResult).then(englishIn)).toEqual([]);
    const exports = await mountZh(ResultExport, { props: { ids: ['a', 'b'] } });
    expect(englishIn(exports)).toEqual([]);
    expect(exports.text()).toContain('HTML 报告');
    const summary = (over: Partial<ResultSummary>): ResultSummary => ({
      id: 'a',
      name: 'H200 块',
      mode: 'modes',
      deviceName: 'NVIDIA H200',
      createdAt: '2026-12-01T10:00:00.000Z',
      status: 'complete',
      points: 5,
      sourceKind: 'measured',
      reference: true,
      ratios: {},
      ...over,
    });
    const rows = [summary({}), summary({ id: 'b', reference: false, sourceKind: 'published' })];
    const table = await mountZh(ResultsTable, {
      props: { rows, sortKey: 'createdAt', sortDescending: true, openedId: null },
    });
    expect(englishIn(table)).toEqual([]);
    expect(table.text()).toContain('参考数据');
    const picker = await mountZh(ComparePicker, { props: { summaries: rows, modelValue: ['b'] } });
    expect(englishIn(picker)).toEqual([]);
    expect(picker.findAll('legend').map((l) => l.text())).toEqual(['你的运行', '参考数据集']);
    const lab = await mountZh(LabView);
    expect(englishIn(lab)).toEqual([]);
    expect(lab.get('label[for="lab-output"]').text()).toBe('输出 y');
    expect(lab.get('.ordering-edges tbody td:last-child').text()).toBe('无');
    // Each edge's recommendation title is the table's translation, not the engine's English.
    const titles = lab.findAll(
      '.ordering-edges .recommendation .title, .ordering-edges .not-possible strong',
    );
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) {
      expect(title.text()).toMatch(/[\u4e00-\u9fff]/);
      expect(title.attributes('lang')).toBeUndefined();
    }
    // The storage choices are the decision table's answers, in their translation.
    expect(lab.findAll('.placement-table select').at(-1)!.text()).toMatch(/[\u4e00-\u9fff]/);
  });

  it('the host’s import messages, by their code: added, under a new id, already present, refused', async () => {
    const added = hostText('import.newId', {
      file: 'run.json',
      name: 'H200 sweep',
      id: 'new-id',
      why: word('import.whyReference', { id: 'old', name: 'modes on NVIDIA H200' }),
    });
    const refused = hostText('resultFile.invalid', {
      file: 'bad.json',
      detail: { en: 'points.0.x: Invalid input: expected number, received string' },
    });
    const summary = { ...reference('h200-modes.json'), points: 1, deviceName: 'NVIDIA H200' } as unknown;
    const importResult = vi
      .fn()
      .mockResolvedValueOnce({
        ok: true,
        value: { ...(summary as ResultSummary), importOutcome: { status: 'added-with-new-id', ...added } },
      })
      .mockResolvedValueOnce({ ok: false, code: 'INVALID', ...refused });
    setApi(createFakeApi({ importResult }));
    const wrapper = await mountZh(ImportResult);
    const input = wrapper.get('#import-file');
    for (const name of ['run.json', 'bad.json']) {
      Object.defineProperty(input.element, 'files', {
        value: [new File(['{}'], name, { type: 'application/json' })],
        configurable: true,
      });
      await input.trigger('change');
      await flushPromises();
      expect(englishIn(wrapper), name).toEqual([]);
    }
    expect(importResult).toHaveBeenCalledTimes(2);
    const message = wrapper.get('[data-testid="import-message"]');
    expect(message.text()).toBe(
      'bad.json：结果文件无效：points.0.x: Invalid input: expected number, received string',
    );
    // The validator's own words stay English, marked so.
    expect(message.get('[lang="en"]').text()).toBe(
      'points.0.x: Invalid input: expected number, received string',
    );
  });

  it('the import panel said the first message in Chinese, naming the new id and why', async () => {
    const added = hostText('import.newId', {
      file: 'run.json',
      name: 'H200 sweep',
      id: 'new-id',
      why: word('import.whyTaken', { id: 'old' }),
    });
    const importResult = vi.fn().mockResolvedValue({
      ok: true,
      value: {
        ...({} as ResultSummary),
        id: 'new-id',
        importOutcome: { status: 'added-with-new-id', ...added },
      },
    });
    setApi(createFakeApi({ importResult }));
    const wrapper = await mountZh(ImportResult);
    const input = wrapper.get('#import-file');
    Object.defineProperty(input.element, 'files', {
      value: [new File(['{}'], 'run.json')],
      configurable: true,
    });
    await input.trigger('change');
    await flushPromises();
    expect(wrapper.get('[data-testid="import-message"]').text()).toBe(
      'run.json：已导入为“H200 sweep”，使用新 id new-id，因为结果库中已有另一个 id 为“old”的结果。',
    );
  });

  it('the headline ratios: words, names and labels in Chinese, the file’s notes marked English', async () => {
    for (const file of ['h200-sweep.json', 'chapter-rtx5090-modes.json', 'h200-fences.json']) {
      const result = reference(file);
      const wrapper = await mountZh(RatiosList, { props: { result } });
      expect(englishIn(wrapper), file).toEqual([]);
      expect(wrapper.get('.basis').text(), file).toMatch(/每次同步开销|整个内核，含启动/);
      // The ratio names and the labels they divide are rebuilt in Chinese: none is left marked English.
      expect(wrapper.findAll('[data-testid="ratio"] [lang="en"]'), file).toHaveLength(0);
      expect(wrapper.get('[data-testid="ratio"] strong').text(), file).toMatch(/线程/);
      const fileWords = result.notes.length > 0 || result.source.note !== null;
      expect(wrapper.find('[data-testid="ratios-english-note"]').exists(), file).toBe(fileWords);
      // Nothing English is left outside lang="en".
      expect(localText(wrapper), file).not.toMatch(/per-sync cost|whole kernel|Published figures/);
      wrapper.unmount();
    }
  });

  it('Methods: each mode’s question is the Run view’s translation, not the English paragraph', async () => {
    const wrapper = await mountZh(MethodsView);
    const text = wrapper.text();
    for (const mode of modeInfos()) {
      expect(text, mode.id).toContain(MODES_ZH_CN[mode.id]!.question);
    }
    expect(localText(wrapper)).not.toContain(modeInfos().find((m) => m.id === 'warp')!.question);
  });

  it('Run and Device without a GPU: the host’s reason marked English, with the note; the rest in Chinese', async () => {
    const noAddon = {
      ...NO_GPU,
      addon: { ...NO_GPU.addon, loaded: false, reason: 'The native addon (syncbench.node) was not built.' },
    };
    for (const status of [NO_GPU, noAddon]) {
      setApi(
        createFakeApi({
          device: vi.fn(() => Promise.resolve({ ok: true as const, value: status })),
          modes: vi.fn(() => Promise.resolve({ ok: true as const, value: withStoppingFields(modeInfos()) })),
        }),
      );
      const run = await mountZh(RunView);
      await useDeviceStore().load();
      await flushPromises();
      const why = run.get('[data-testid="start-blocked"]');
      expect(why.get('[data-testid="host-reason"] [lang="en"]').text()).toBe(
        status.addon.loaded ? status.reason : status.addon.reason,
      );
      expect(localText(run)).not.toContain('No GPU can be used');
      expect(localText(run)).not.toContain('The native addon is not loaded');
      expect(why.text()).toMatch(/^(此处没有可用的 GPU|未加载原生插件)：/);
      expect(run.get('[data-testid="host-reason-note"]').text()).toMatch(/英文/);
      run.unmount();
      const panel = await mountZh(NoGpuPanel, { props: { status } });
      expect(englishIn(panel)).toEqual([]);
      expect(panel.get('.reason [lang="en"]').text()).toBe(status.reason ?? status.addon.reason);
      expect(panel.get('[data-testid="host-reason-note"]').text()).toMatch(/英文/);
      panel.unmount();
    }
  });

  it('Run and Device without the addon: its reason by its code in Chinese, with no English note', async () => {
    const { message, text } = noAddonReasonText('linux', { places: ['/a/syncbench.node'], nvcc: false });
    const status = {
      ...NO_GPU,
      addon: { ...NO_GPU.addon, loaded: false, reason: message, reasonText: text },
    };
    setApi(
      createFakeApi({
        device: vi.fn(() => Promise.resolve({ ok: true as const, value: status })),
        modes: vi.fn(() => Promise.resolve({ ok: true as const, value: withStoppingFields(modeInfos()) })),
      }),
    );
    const run = await mountZh(RunView);
    await useDeviceStore().load();
    await flushPromises();
    const why = run.get('[data-testid="start-blocked"]');
    expect(why.text()).toMatch(/^未加载原生插件：原生插件文件（syncbench\.node）缺失/);
    expect(why.find('[lang="en"]').exists()).toBe(false);
    expect(run.find('[data-testid="host-reason-note"]').exists()).toBe(false);
    run.unmount();
    const panel = await mountZh(NoGpuPanel, {
      props: { status: { ...status, reason: message, reasonText: text } },
    });
    expect(panel.get('.reason').text()).toContain('glibc 2.34');
    expect(panel.get('.reason').text()).toMatch(/^原生插件文件（syncbench\.node）缺失/);
    expect(panel.find('[data-testid="host-reason-note"]').exists()).toBe(false);
    expect(localText(panel)).not.toContain('is missing');
  });

  it('Compare: the “What differs” notes, by their code, and the verdict rule', async () => {
    const comparison = compareResults([
      reference('h200-modes.json'),
      reference('chapter-rtx5090-modes.json'),
      reference('h200-modes.json'),
    ]);
    expect(comparison.differences.length).toBeGreaterThan(5);
    const wrapper = await mountZh(DifferenceNotes, { props: { comparison } });
    expect(englishIn(wrapper)).toEqual([]);
    const notes = wrapper.findAll('[data-testid="difference"]').map((li) => li.text());
    expect(notes).toHaveLength(comparison.differences.length);
    expect(notes).toContain(
      '设备不同：运行 1 为 NVIDIA H200、运行 2 为 NVIDIA GeForce RTX 5090、运行 3 为 NVIDIA H200。',
    );
    expect(notes[0]).toMatch(/^同一个运行出现了两次：运行 1 和 3 都是/);
    for (const note of notes) expect(note).toMatch(/[\u4e00-\u9fff]/);
    expect(wrapper.get('.rule').text()).toMatch(/^每个运行都与第一个运行比较/);
  });

  it('Lab: the agents’ names and tooltips in Chinese, the ids kept as values', async () => {
    const table = await mountZh(PlacementTable, { props: { placements: DEFAULT_PLACEMENTS, table: null } });
    const options = table.findAll('select[id^="agent-"] option');
    expect(options.length).toBeGreaterThan(6);
    const englishHelp = Object.values(en.labAgents.help);
    for (const option of options) {
      expect(option.attributes('title')).toMatch(/[\u4e00-\u9fff]/);
      expect(englishHelp).not.toContain(option.attributes('title'));
      expect(option.text()).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(options.map((o) => o.attributes('value'))).toContain('warp');
    expect(table.get('select[id^="agent-"]').attributes('aria-label')).toMatch(/的执行主体$/);
    expect(englishIn(table)).toEqual([]);
  });

  it('Which barrier?: the scope is a word in Chinese, the atomic scope’s API name kept', async () => {
    const warp = await mountZh(AdviceSummary, { props: { advice: adviceFor('legacy-warp-reduce.json') } });
    expect(warp.get('[data-fact="scope"]').text()).toBe('线程束');
    expect(warp.get('[data-fact="scope"]').attributes('data-scope')).toBe('warp');
    const atomic = await mountZh(AdviceSummary, {
      props: { advice: adviceFor('counter-block-scope-atomic.json') },
    });
    const scope = atomic.find('[data-fact="atomic-scope"]');
    if (scope.exists()) {
      expect(scope.text()).toMatch(/^(线程块|设备|系统) \(cuda::thread_scope_(block|device|system)\)$/);
      expect(scope.get('code').text()).toMatch(/^cuda::thread_scope_/);
    }
    expect(atomic.get('[data-fact="scope"]').text()).toMatch(/[\u4e00-\u9fff]/);
  });

  it('Compare’s picker tells runs of one name apart by date and short id', async () => {
    const run = (id: string, createdAt: string): ResultSummary => ({
      id,
      name: 'modes on NVIDIA H200',
      mode: 'modes',
      deviceName: 'NVIDIA H200',
      createdAt,
      status: 'complete',
      points: 5,
      sourceKind: 'measured',
      reference: false,
      ratios: {},
    });
    const rows = [
      run('57ac4d37-aaaa', '2026-12-01T10:13:00.000Z'),
      run('340ce40d-bbbb', '2026-12-01T11:00:00.000Z'),
      { ...run('other', '2026-12-01T12:00:00.000Z'), name: 'another run' },
    ];
    const picker = await mountZh(ComparePicker, { props: { summaries: rows, modelValue: [] } });
    const suffixes = picker.findAll('[data-testid="run-suffix"]').map((s) => s.text());
    expect(suffixes).toHaveLength(2);
    expect(suffixes.map((s) => s.slice(-8)).sort()).toEqual(['340ce40d', '57ac4d37']);
    for (const s of suffixes) expect(s).toMatch(/^2026年12月1日 /);
    expect(picker.get('.pick[data-id="other"]').find('[data-testid="run-suffix"]').exists()).toBe(false);
  });
});
