/**
 * rewordAdvice writes an advice's prose again from a table: from the table the advice came from it gives back the
 * same advice on every path through the questions (so it puts the texts together exactly as the engine does), and
 * from a table whose texts were all replaced it replaces every prose field while ids, masks and numbers stay.
 */
import { describe, expect, it } from 'vitest';

import { ADVICE_WORDS, rewordAdvice, type AdviceWords } from '../../../electron/model/decide/advice-prose';
import { attachCosts, type CostRow } from '../../../electron/model/decide/costs';
import { advise } from '../../../electron/model/decide/engine';
import type { DecisionTable, Question } from '../../../electron/model/decide/table-schema';
import type { Advice } from '../../../electron/model/decide/types';
import { example, paths, table } from './load';

/**
 * The advice of every path where today's synchronization is "new code" and of every path with global storage and
 * correctness, once per distinct set of what its prose is made of (rules that fired, mask, atomic scope, prices).
 */
function allAdvice(): Advice[] {
  const all = (q: Question) => q.answers.map((a) => a.id);
  const distinct = new Map<string, Advice>();
  for (const answers of [
    ...paths({}, (q) => (q.id === 'current' ? ['new-code'] : all(q))),
    ...paths({}, (q) => (q.id === 'storage' ? ['global'] : q.id === 'goal' ? ['correctness'] : all(q))),
  ]) {
    const a = advise(table, answers);
    const key = JSON.stringify([a.sources, a.mask, a.atomicScope, a.measurement, a.alternatives, a.options]);
    if (!distinct.has(key)) distinct.set(key, a);
  }
  return [...distinct.values()];
}

/** `table` with every prose text marked ("«…»"), placeholders kept. */
function markedTable(): DecisionTable {
  const mark = (text: string) => `«${text}»`;
  return {
    ...table,
    questions: table.questions.map((q) => ({
      ...q,
      text: mark(q.text),
      answers: q.answers.map((a) => ({ ...a, label: mark(a.label) })),
    })),
    recommendations: table.recommendations.map((r) => ({
      ...r,
      title: mark(r.title),
      rationale: mark(r.rationale),
      unmeasured: r.unmeasured && mark(r.unmeasured),
      measure: r.measure.map((m) => ({ ...m, unit: mark(m.unit) })),
    })),
    hazards: table.hazards.map((h) => ({
      ...h,
      title: mark(h.title),
      explanation: mark(h.explanation),
      fix: mark(h.fix),
    })),
    snippets: table.snippets.map((s) => ({ ...s, title: mark(s.title) })),
    rules: table.rules.map((rule) => ({
      ...rule,
      ...(rule.note ? { note: mark(rule.note) } : {}),
      ...(rule.recommend
        ? {
            recommend: {
              ...rule.recommend,
              because: mark(rule.recommend.because),
              ...(rule.recommend.title ? { title: mark(rule.recommend.title) } : {}),
              ...(rule.recommend.rationale ? { rationale: mark(rule.recommend.rationale) } : {}),
              alternatives: rule.recommend.alternatives.map((a) => ({ ...a, why: mark(a.why) })),
            },
          }
        : {}),
      ...(rule.impossible
        ? {
            impossible: {
              because: mark(rule.impossible.because),
              options: rule.impossible.options.map((o) => ({ ...o, when: mark(o.when), why: mark(o.why) })),
            },
          }
        : {}),
    })),
  };
}

const WORDS: AdviceWords = {
  notPossibleTitle: '«not possible»',
  sentenceSeparator: '|',
  notMeasured: '«run {mode}/{workload}»',
  nothingMeasures: '«nothing»',
  measuredOn: '«on {where}»',
  referenceSource: '«ref {where}»',
  publishedSource: '«pub {where}»',
  phasesMeasured: '«{oneRound}/{perRound} {where}»',
  phasesUnmeasured: '«chapter {mode}»',
  gridBlockMeasured: '«{perSync} {where}»',
  gridBlockUnmeasured: '«chapter grid/block {mode}»',
};

describe('rewordAdvice', () => {
  const advice = allAdvice();

  it('gives back the engine’s own advice from the table it came from, on every path', () => {
    expect(advice.length).toBeGreaterThan(100);
    const differing = advice.filter((a) => JSON.stringify(rewordAdvice(a, table)) !== JSON.stringify(a));
    expect(differing.map((a) => a.sources.map((s) => s.rule).join('+')).slice(0, 5)).toEqual([]);
  });

  it('replaces every prose field from another table, ids, masks and measurements kept', () => {
    const marked = markedTable();
    for (const a of advice) {
      const r = rewordAdvice(a, marked, WORDS);
      const where = a.sources.map((s) => s.rule).join('+');
      const prose = [
        r.title,
        ...r.alternatives.flatMap((x) => [x.title, x.why, x.measurement?.unit ?? x.unmeasured ?? '«»']),
        ...r.options.flatMap((x) => [x.title, x.when, x.why, x.snippet.title]),
        ...r.hazards.flatMap((h) => [h.title, h.explanation, h.fix, h.snippet.title]),
        ...r.answers.flatMap((x) => [x.text, ...x.answers.map((y) => y.label)]),
        ...(r.snippet ? [r.snippet.title] : []),
        ...(r.outcome === 'recommendation' ? [r.measurement?.unit ?? r.unmeasured ?? '«»'] : []),
      ];
      expect(
        prose.filter((text) => !/^«.*»$/s.test(text)),
        where,
      ).toEqual([]);
      expect(
        r.rationale.split('|').every((s) => /^«.*»$/s.test(s)),
        where,
      ).toBe(true);
      expect({ ...r, ...stripProse(r) }).toEqual({ ...a, ...stripProse(a) });
    }
  });

  it('rewords the costs: units, source texts and what to run', () => {
    const phases = advise(table, example('phases-global-only'));
    const rows: CostRow[] = [
      {
        id: 'kernel-boundary',
        perSyncNs: 2500,
        label: 'boundary',
        source: { kind: 'measured', where: 'H200' },
      },
    ];
    const english = attachCosts(phases, rows);
    expect(rewordAdvice(english, table)).toEqual(english);
    const { costs } = rewordAdvice(english, markedTable(), WORDS);
    expect(costs.recommendation).toMatchObject({ perSyncNs: 2500, sourceLabel: '«on H200»', missing: null });
    expect(costs.unit).toBe('phase');
    expect(costs.recommendation?.measurement?.unit).toMatch(/^«.*»$/);
    expect(costs.alternatives[0]).toMatchObject({
      id: 'grid-sync',
      perSyncNs: null,
      missing: '«run kernel_boundary/boundary_grid_sync»',
    });
  });

  it('fills the product’s figures in the other table’s words, from the advice’s own figures', () => {
    const figure = {
      id: 'phases' as const,
      values: { oneRound: 0.7084, perRound: 0.2404 },
      source: { kind: 'reference' as const, where: 'modes on NVIDIA H200' },
    };
    const measured = advise(table, example('phases-global-only'), [figure]);
    expect(measured.figures).toEqual([figure]);
    expect(measured.rationale).toContain(
      'this product measured 0.71 for one round (whole kernel, launch included) and 0.24 per further round ' +
        '(reference dataset, not this GPU: modes on NVIDIA H200); the chapter’s RTX 5090: about 1',
    );
    const zh = rewordAdvice(measured, markedTable(), WORDS);
    expect(zh.rationale).toContain('«0.71/0.24 «ref modes on NVIDIA H200»»');
    // Without a measured figure: the chapter's, and what to run.
    const bare = advise(table, example('phases-global-only'));
    expect(bare.rationale).toContain(
      'the chapter’s RTX 5090 measured about 1 (this product’s figure: run mode phases)',
    );
    expect(rewordAdvice(bare, markedTable(), WORDS).rationale).toContain('«chapter phases»');
  });

  it('names what a table lacks', () => {
    const a = advise(table, example('phases-global-only'));
    const deciding = a.sources[0]!.rule;
    const other = { ...table, rules: table.rules.filter((r) => r.id !== deciding) };
    expect(() => rewordAdvice(a, other, ADVICE_WORDS)).toThrow(
      `rule "${deciding}", which this decision table lacks`,
    );
  });
});

/** The advice without its prose fields: what rewording must keep. */
function stripProse(a: Advice) {
  return {
    title: '',
    rationale: '',
    unmeasured: null,
    measurement: a.measurement && { ...a.measurement, unit: '' },
    snippet: a.snippet && { ...a.snippet, title: '' },
    alternatives: a.alternatives.map((x) => ({
      ...x,
      title: '',
      why: '',
      unmeasured: null,
      measurement: x.measurement && { ...x.measurement, unit: '' },
    })),
    options: a.options.map((x) => ({
      ...x,
      title: '',
      when: '',
      why: '',
      unmeasured: null,
      measurement: x.measurement && { ...x.measurement, unit: '' },
      snippet: { ...x.snippet, title: '' },
    })),
    hazards: a.hazards.map((h) => ({
      ...h,
      title: '',
      explanation: '',
      fix: '',
      snippet: { ...h.snippet, title: '' },
    })),
    answers: a.answers.map((x) => ({ ...x, text: '', answers: x.answers.map((y) => ({ ...y, label: '' })) })),
  };
}
