/**
 * The host's coded messages in the UI's language (renderer/i18n/host-text.ts): the English equals the host's
 * message word for word, zh-CN translates every code the host sends (nested codes and lists too), English prose
 * inside a message stays English and is marked so, and an unknown code, or a message without one, falls back to
 * the host's English.
 */
import { describe, expect, it } from 'vitest';
import { hostText, renderText, word, type TextTemplates } from '../../../../electron/model/words/host-text';
import { HOST_TEXT_EN } from '../../../../electron/model/words/en/host';
import { hostMessage, hostPieces } from '../../../../renderer/i18n/host-text';
import { UI_ZH_CN as zhCN } from '../../../../electron/model/words/zh-CN/ui';

const ZH = zhCN.hostText as unknown as TextTemplates;

function codes(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : codes(value as object, `${prefix}${key}.`),
  );
}

describe('host messages by code', () => {
  const newId = hostText('import.newId', {
    file: 'run.json',
    name: 'H200 sweep',
    id: '1234',
    why: word('import.whyTaken', { id: 'abc' }),
  });

  it('word the English exactly as the host always has', () => {
    expect(newId.message).toBe(
      'run.json: imported as "H200 sweep" under the new id 1234, because a different result with id "abc" is already in the library.',
    );
    expect(hostMessage(newId, 'en')).toBe(newId.message);
  });

  it('translate a code with a nested code in zh-CN', () => {
    expect(hostMessage(newId, 'zh-CN')).toBe(
      'run.json：已导入为“H200 sweep”，使用新 id 1234，因为结果库中已有另一个 id 为“abc”的结果。',
    );
    expect(hostPieces(newId, 'zh-CN').every((p) => !p.en)).toBe(true);
  });

  it('keep English prose inside a translated message, marked English', () => {
    const invalid = hostText('resultFile.invalid', {
      file: 'x.json',
      detail: { en: 'points.0.x: expected number' },
    });
    expect(hostPieces(invalid, 'zh-CN')).toEqual([
      { text: 'x.json：结果文件无效：', en: false },
      { text: 'points.0.x: expected number', en: true },
    ]);
  });

  it('join lists with the language’s separator', () => {
    const templates = { list: ', ', a: '{items}.' };
    expect(
      renderText({ code: 'a', params: { items: [1, word('b'), 'c'] } }, { ...templates, b: 'two' }),
    ).toBe('1, two, c.');
  });

  it('fall back to the host’s English for an unknown code, a missing parameter or no code at all', () => {
    const unknown = {
      message: 'x.json: something new went wrong.',
      text: { code: 'import.fromTheFuture', params: {} },
    };
    expect(hostPieces(unknown, 'zh-CN')).toEqual([{ text: unknown.message, en: true }]);
    const nestedUnknown = {
      message: 'run.json: imported as "a" under the new id 1, because of a new reason.',
      text: {
        code: 'import.newId',
        params: { file: 'run.json', name: 'a', id: '1', why: word('import.whyNew') },
      },
    };
    expect(hostMessage(nestedUnknown, 'zh-CN')).toBe(nestedUnknown.message);
    const missing = {
      message: 'x.json: imported as "a".',
      text: { code: 'import.added', params: { file: 'x.json' } },
    };
    expect(hostMessage(missing, 'zh-CN')).toBe(missing.message);
    expect(hostPieces({ message: 'Imported x.json.' }, 'zh-CN')).toEqual([
      { text: 'Imported x.json.', en: true },
    ]);
  });

  it('refuse to word an English message of an unknown code (a bug in the host)', () => {
    expect(() => hostText('import.nothing')).toThrow(/import\.nothing/);
  });

  it('has a zh-CN template for every code, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const code of codes(HOST_TEXT_EN)) {
      const en = code.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], HOST_TEXT_EN);
      const chinese = code.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], ZH);
      expect(typeof chinese, code).toBe('string');
      expect(names(chinese as string), code).toEqual(names(en as string));
      // Words outside the placeholders are translated; a unit alone (MHz) is the same word in Chinese.
      const words = (en as string).replace(/\{\w+\}/g, '');
      if (/[a-z]{2,}/i.test(words) && code !== 'compare.mhz') {
        expect(chinese as string, code).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });
});
