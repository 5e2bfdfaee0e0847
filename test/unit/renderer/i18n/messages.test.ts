/** The renderer's messages: en and zh-CN have the same keys, and every placeholder of a message in both. */
import { describe, expect, it } from 'vitest';
import { UI_EN as en } from '../../../../electron/model/words/en/ui';
import { UI_ZH_CN as zhCN } from '../../../../electron/model/words/zh-CN/ui';

function flatten(messages: object, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value as object, `${prefix}${key}.`)),
    ),
  );
}

describe('UI messages', () => {
  const english = flatten(en);
  const chinese = flatten(zhCN);

  it('exist in both languages under the same keys', () => {
    const missingZh = Object.keys(english).filter((k) => !(k in chinese));
    const missingEn = Object.keys(chinese).filter((k) => !(k in english));
    expect(missingZh, `missing in zh-CN.ts:\n  ${missingZh.join('\n  ')}`).toEqual([]);
    expect(missingEn, `missing in en.ts:\n  ${missingEn.join('\n  ')}`).toEqual([]);
  });

  it('keep every {placeholder} of the English message', () => {
    for (const [key, text] of Object.entries(english)) {
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(chinese[key] ?? ''), key).toEqual(names(text));
    }
  });
});
