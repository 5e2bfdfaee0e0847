/**
 * The Methods text in the UI's language: English is the core's own text, and zh-CN has every heading in Chinese
 * (mode ids kept as code, mode titles from words/zh-CN/modes.ts) and Chinese paragraphs except for the modes the core's
 * Chinese words do not describe yet, which are marked English.
 */
import { describe, expect, it } from 'vitest';
import { methodSections } from '../../../../electron/model/methods';
import { MODES } from '../../../../electron/model/modes';
import { methodSectionsIn } from '../../../../renderer/i18n/method-text';
import { MODES_ZH_CN } from '../../../../electron/model/words/zh-CN/modes';

const ids = MODES.map((m) => m.info.id);

describe('Methods text', () => {
  it('in English is the core’s own, titled with each mode’s own title and question', () => {
    const sections = methodSectionsIn(ids, 'en');
    expect(sections).toEqual(methodSections(ids));
    MODES.forEach((mode, i) => expect(sections[i]!.paragraphs[0]).toBe(mode.info.question));
  });

  it('in zh-CN translates every heading, keeping the mode id as code, with the zh-CN modes words', () => {
    const sections = methodSectionsIn(ids, 'zh-CN');
    sections.forEach((s, i) => {
      if (s.title !== 'compute-sanitizer') expect(s.title).toMatch(/[\u4e00-\u9fff]/);
      if (i < ids.length) {
        const zh = MODES_ZH_CN[ids[i]!]!;
        expect(s.title).toBe(`模式 \`${ids[i]}\`：${zh.title}`);
        if (!s.lang) expect(s.paragraphs[0]).toBe(zh.question);
      }
    });
    // compute-sanitizer is a tool's name: its heading is the same in both languages.
    expect(sections.some((s) => s.title === 'compute-sanitizer')).toBe(true);
    expect(sections.filter((s) => !s.lang).length).toBeGreaterThan(ids.length);
  });
});
