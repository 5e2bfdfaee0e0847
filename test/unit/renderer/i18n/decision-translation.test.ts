/**
 * The decision table's texts exist in both languages: every question, answer, hazard, recommendation
 * (with each measurement's unit), snippet and rule text of resources/decision/decision-table.json has its
 * Simplified Chinese text in decision-table.zh-CN.json, and the translation names no id the table does not have.
 * The failure lists every missing id, for the translator. API names, masks and placeholders stay as they are, and
 * the wizard's advice and its Markdown export come out in zh-CN.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecisionTranslation } from '../../../../renderer/i18n/decision-text';
import { localizedHazard, localizedLaunch, localizedQuestion } from '../../../../renderer/i18n/decision-text';
import { launchText } from '../../../../electron/model/decide/launch-text';
import { attachCosts } from '../../../../electron/model/decide/costs';
import { advise } from '../../../../electron/model/decide/engine';
import { loadDecisionTable } from '../../../../electron/core/decide/load-table';
import { adviseToMarkdown } from '../../../../electron/model/decide/markdown';
import type { Answers } from '../../../../electron/model/decide/types';
import {
  adviceMarkdown,
  localizedAdvice,
  localizedRecommendation,
  localizedSnippet,
} from '../../../../renderer/i18n/decision-text';

const dir = path.resolve(import.meta.dirname, '../../../../resources/decision');
const table = loadDecisionTable(path.join(dir, 'decision-table.json'));
const zh = JSON.parse(
  readFileSync(path.join(dir, 'decision-table.zh-CN.json'), 'utf8'),
) as DecisionTranslation;

/** Keys of the English table: "question:ID", "question:ID/answer:ID", "hazard:ID". */
function tableKeys(): string[] {
  return [
    ...table.questions.flatMap((q) => [
      `question:${q.id}`,
      ...q.answers.map((a) => `question:${q.id}/answer:${a.id}`),
    ]),
    ...table.hazards.map((h) => `hazard:${h.id}`),
    ...table.recommendations.flatMap((r) => [
      `recommendation:${r.id}`,
      ...(r.unmeasured ? [`recommendation:${r.id}/unmeasured`] : []),
      ...r.measure.map((m) => `recommendation:${r.id}/measure:${m.workload}`),
    ]),
    ...table.snippets.map((s) => `snippet:${s.id}`),
    ...table.rules.flatMap((rule) => ruleTexts(rule).map(([key]) => `rule:${rule.id}/${key}`)),
  ];
}

type Rule = (typeof table.rules)[number];

/** A rule's texts as [key, English]: because, title, rationale, alternative:ID, option:ID/when|why, note. */
function ruleTexts(rule: Rule): [string, string][] {
  const r = rule.recommend;
  const np = rule.impossible;
  return [
    ...(r
      ? ([
          ['because', r.because],
          ...(r.title ? [['title', r.title]] : []),
          ...(r.rationale ? [['rationale', r.rationale]] : []),
          ...r.alternatives.map((a) => [`alternative:${a.id}`, a.why]),
        ] as [string, string][])
      : []),
    ...(np
      ? ([
          ['because', np.because],
          ...np.options.flatMap((o) => [
            [`option:${o.id}/when`, o.when],
            [`option:${o.id}/why`, o.why],
          ]),
        ] as [string, string][])
      : []),
    ...(rule.note ? ([['note', rule.note]] as [string, string][]) : []),
  ];
}

/** The zh-CN text of a rule's key (as ruleTexts names it), or undefined. */
function zhRuleText(id: string, key: string): string | undefined {
  const t = zh.rules[id];
  if (!t) return undefined;
  const [kind, rest] = key.split(':') as [string, string | undefined];
  if (kind === 'alternative') return t.alternatives?.[rest!];
  if (kind === 'option') {
    const [option, field] = rest!.split('/') as [string, 'when' | 'why'];
    return t.options?.[option]?.[field];
  }
  return t[kind as 'because' | 'title' | 'rationale' | 'note'];
}

/** The English text of every table key and its zh-CN counterpart (undefined when missing). */
function textPairs(): { key: string; en: string; zh: string | undefined }[] {
  return [
    ...table.recommendations.flatMap((r) => {
      const t = zh.recommendations[r.id];
      return [
        { key: `recommendation:${r.id}/title`, en: r.title, zh: t?.title },
        { key: `recommendation:${r.id}/rationale`, en: r.rationale, zh: t?.rationale },
        ...(r.unmeasured
          ? [{ key: `recommendation:${r.id}/unmeasured`, en: r.unmeasured, zh: t?.unmeasured ?? undefined }]
          : []),
        ...r.measure.map((m) => ({
          key: `recommendation:${r.id}/measure:${m.workload}`,
          en: m.unit,
          zh: t?.measure[m.workload],
        })),
      ];
    }),
    ...table.snippets.map((s) => ({ key: `snippet:${s.id}`, en: s.title, zh: zh.snippets[s.id]?.title })),
    ...table.rules.flatMap((rule) =>
      ruleTexts(rule).map(([key, en]) => ({
        key: `rule:${rule.id}/${key}`,
        en,
        zh: zhRuleText(rule.id, key),
      })),
    ),
  ];
}

/** Keys of the translation whose every text is non-empty. */
function translatedKeys(): string[] {
  const filled = (...texts: (string | undefined)[]) =>
    texts.every((t) => typeof t === 'string' && t.trim() !== '');
  return [
    ...Object.entries(zh.questions).flatMap(([id, q]) => [
      ...(filled(q.text, q.help) ? [`question:${id}`] : []),
      ...Object.entries(q.answers)
        .filter(([, label]) => filled(label))
        .map(([answer]) => `question:${id}/answer:${answer}`),
    ]),
    ...Object.entries(zh.hazards)
      .filter(([, h]) => filled(h.title, h.explanation, h.fix))
      .map(([id]) => `hazard:${id}`),
    ...Object.entries(zh.recommendations).flatMap(([id, r]) => [
      ...(filled(r.title, r.rationale) ? [`recommendation:${id}`] : []),
      ...(r.unmeasured !== null && filled(r.unmeasured) ? [`recommendation:${id}/unmeasured`] : []),
      ...Object.entries(r.measure)
        .filter(([, unit]) => filled(unit))
        .map(([workload]) => `recommendation:${id}/measure:${workload}`),
    ]),
    ...Object.entries(zh.snippets)
      .filter(([, s]) => filled(s.title))
      .map(([id]) => `snippet:${id}`),
    ...Object.entries(zh.rules).flatMap(([id, r]) => [
      ...(['because', 'title', 'rationale', 'note'] as const)
        .filter((key) => filled(r[key]))
        .map((key) => `rule:${id}/${key}`),
      ...Object.entries(r.alternatives ?? {})
        .filter(([, why]) => filled(why))
        .map(([alt]) => `rule:${id}/alternative:${alt}`),
      ...Object.entries(r.options ?? {}).flatMap(([option, o]) => [
        ...(filled(o.when) ? [`rule:${id}/option:${option}/when`] : []),
        ...(filled(o.why) ? [`rule:${id}/option:${option}/why`] : []),
      ]),
    ]),
  ];
}

describe('decision table translations', () => {
  it('zh-CN has a text for every question, answer, hazard, recommendation, snippet and rule text of the table', () => {
    const have = new Set(translatedKeys());
    const missing = tableKeys().filter((k) => !have.has(k));
    expect(
      missing,
      `missing in decision-table.zh-CN.json (add these ids):\n  ${missing.join('\n  ')}`,
    ).toEqual([]);
  });

  it('zh-CN names no id that the English table lacks', () => {
    const known = new Set(tableKeys());
    const extra = translatedKeys().filter((k) => !known.has(k));
    expect(
      extra,
      `in decision-table.zh-CN.json but not in decision-table.json:\n  ${extra.join('\n  ')}`,
    ).toEqual([]);
  });

  it('keeps API names and masks untranslated', () => {
    for (const q of table.questions) {
      for (const a of q.answers) {
        for (const api of a.label.match(/__\w+|cuda\w+|0x[0-9a-f]{8}/g) ?? []) {
          expect(zh.questions[q.id]?.answers[a.id], `${q.id}/${a.id} keeps ${api}`).toContain(api);
        }
      }
    }
    for (const h of table.hazards) {
      for (const api of `${h.explanation} ${h.fix}`.match(/__\w+\(|cuda[A-Z]\w+/g) ?? []) {
        expect(`${zh.hazards[h.id]?.explanation} ${zh.hazards[h.id]?.fix}`, `${h.id} keeps ${api}`).toContain(
          api,
        );
      }
    }
  });

  it('keeps the API names, masks and placeholders of recommendations, snippets and rules', () => {
    const kept = (en: string) =>
      en.match(/__\w+|cuda[A-Z]\w+|cuda::\w+|0x[0-9a-f]{8}|\{\w+\}|`[^`]+`/g) ?? [];
    const lost = textPairs().flatMap(({ key, en, zh }) =>
      kept(en)
        .filter((name) => !zh?.includes(name))
        .map((name) => `${key}: ${name}`),
    );
    expect(lost).toEqual([]);
    const extraPlaceholders = textPairs().filter(({ en, zh }) =>
      (zh?.match(/\{\w+\}/g) ?? []).some((p) => !en.includes(p)),
    );
    expect(extraPlaceholders.map((p) => p.key)).toEqual([]);
  });

  it('writes each text in Chinese', () => {
    const english = textPairs().filter(({ zh }) => zh !== undefined && !/[\u4e00-\u9fff]/.test(zh));
    // Titles that are an API call alone stay as they are (__syncwarp(mask), cudaDeviceSynchronize()).
    expect(english.map((p) => `${p.key}: ${p.zh}`)).toEqual([
      'recommendation:syncwarp/title: __syncwarp(mask)',
      'recommendation:stream-sync/title: cudaStreamSynchronize(stream)',
      'recommendation:event-sync/title: cudaEventRecord + cudaEventSynchronize',
      'recommendation:device-sync/title: cudaDeviceSynchronize()',
    ]);
  });

  it('localizes a recommendation and a snippet, English unchanged', () => {
    const rec = table.recommendations.find((r) => r.id === 'release-acquire')!;
    const shown = localizedRecommendation(rec, 'zh-CN');
    expect(shown.title).toBe(zh.recommendations['release-acquire']!.title);
    expect(shown.measure.map((m) => [m.workload, m.param])).toEqual(
      rec.measure.map((m) => [m.workload, m.param]),
    );
    expect(shown.measure[0]!.unit).toBe(zh.recommendations['release-acquire']!.measure.handoff_warps);
    expect(localizedRecommendation(rec, 'en')).toBe(rec);
    const snippet = table.snippets[0]!;
    expect(localizedSnippet(snippet, 'zh-CN')).toEqual({ ...snippet, title: zh.snippets[snippet.id]!.title });
  });

  it('puts the wizard’s advice in zh-CN: every text Chinese, ids and code unchanged; English in en', () => {
    const examples = path.resolve(dir, '../../docs/examples/advise');
    for (const file of readdirSync(examples)) {
      const answers = JSON.parse(readFileSync(path.join(examples, file), 'utf8')) as Answers;
      const english = attachCosts(advise(table, answers), []);
      expect(localizedAdvice(english, table, 'en'), file).toBe(english);
      const shown = localizedAdvice(english, table, 'zh-CN');
      const texts = [
        shown.title,
        shown.rationale,
        shown.measurement?.unit ?? shown.unmeasured ?? '无',
        ...shown.alternatives.flatMap((a) => [a.title, a.why]),
        ...shown.options.flatMap((o) => [o.title, o.when, o.why, o.snippet.title]),
        ...shown.hazards.flatMap((h) => [h.title, h.explanation, h.fix, h.snippet.title]),
        ...(shown.snippet ? [shown.snippet.title] : []),
        ...[shown.costs.recommendation, ...shown.costs.alternatives, ...shown.costs.options].flatMap((c) =>
          c ? [c.missing ?? '无'] : [],
        ),
      ];
      const apiOnly = /^[\w:.*()\s+,&/<>-]*$/;
      expect(
        texts.filter((text) => !/[\u4e00-\u9fff]/.test(text) && !apiOnly.test(text)),
        file,
      ).toEqual([]);
      expect(shown.recommendation, file).toBe(english.recommendation);
      expect(shown.snippet?.code, file).toBe(english.snippet?.code);
      expect(
        shown.hazards.map((h) => h.id),
        file,
      ).toEqual(english.hazards.map((h) => h.id));
    }
  });

  it('exports the advice as Markdown in zh-CN, and in English as the CLI does', () => {
    const answers = JSON.parse(
      readFileSync(path.resolve(dir, '../../docs/examples/advise/shared-across-blocks.json'), 'utf8'),
    ) as Answers;
    const english = attachCosts(advise(table, answers), []);
    expect(adviceMarkdown(english, 'en')).toBe(adviseToMarkdown(english));
    const md = adviceMarkdown(localizedAdvice(english, table, 'zh-CN'), 'zh-CN');
    expect(md).toMatch(/^# 选哪种屏障？按所述方式无法实现\n/);
    expect(md).toContain('## 可行的替代做法');
    expect(md).toContain('`cluster-sync`');
    const headings = md.split('\n').filter((line) => /^#{1,2} /.test(line));
    expect(headings.filter((h) => !/[\u4e00-\u9fff]/.test(h))).toEqual([]);
    // Its sources are cited in Chinese: "作用域规则：生产者、消费者、存储与生命周期", not the table's English.
    const sources = md
      .slice(md.indexOf('## 依据'))
      .split('\n')
      .filter((l) => l.startsWith('- '));
    expect(sources.length).toBeGreaterThan(0);
    for (const line of sources) expect(line).toMatch(/^- `[\w-]+`: (原章节 |作用域规则：)/);
    expect(md).toContain('作用域规则：生产者、消费者、存储与生命周期');
  });

  it('is what the wizard shows in zh-CN, English in en, ids unchanged', () => {
    const question = table.questions[0]! as Parameters<typeof localizedQuestion>[0];
    const shown = localizedQuestion(question, 'zh-CN');
    expect(shown.text).toBe(zh.questions[question.id]!.text);
    expect(shown.answers.map((a) => a.id)).toEqual(question.answers.map((a) => a.id));
    expect(localizedQuestion(question, 'en')).toBe(question);
    const hazard = {
      ...table.hazards[0]!,
      id: table.hazards[0]!.id as never,
      snippet: { id: 'x', title: 'x', code: '' },
    };
    expect(localizedHazard(hazard, 'zh-CN').title).toBe(zh.hazards[hazard.id]!.title);
  });

  it('words a launch requirement in zh-CN, API names and limits as the table gives them', () => {
    const launch = { cooperative: true, gridLimit: 'co-resident limit', minComputeCapability: '9.0' };
    expect(localizedLaunch(launch, 'en')).toBe(launchText(launch));
    expect(localizedLaunch(launch, 'zh-CN')).toBe(
      '协作启动（cudaLaunchCooperativeKernel）；网格至多为 co-resident limit；计算能力 9.0 或更高',
    );
    expect(localizedLaunch(null, 'zh-CN')).toBe('无需特殊启动');
  });
});
