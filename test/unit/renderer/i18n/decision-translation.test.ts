/**
 * The decision table's texts exist in both languages (issue 13 §6): every question, answer and hazard id of
 * resources/decision/decision-table.json has its Simplified Chinese text in decision-table.zh-CN.json, and the
 * translation names no id the table does not have. The failure lists every missing id, for the translator.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecisionTranslation } from '../../../../renderer/i18n/decision-text';
import { localizedHazard, localizedLaunch, localizedQuestion } from '../../../../renderer/i18n/decision-text';
import { launchText } from '../../../../electron/core/decide/launch-text';

const dir = path.resolve(import.meta.dirname, '../../../../resources/decision');
const table = JSON.parse(readFileSync(path.join(dir, 'decision-table.json'), 'utf8')) as {
  questions: { id: string; text: string; help: string; answers: { id: string; label: string }[] }[];
  hazards: { id: string; title: string; explanation: string; fix: string }[];
};
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
  ];
}

describe('decision table translations', () => {
  it('zh-CN has a text for every question, answer and hazard id of the table', () => {
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
