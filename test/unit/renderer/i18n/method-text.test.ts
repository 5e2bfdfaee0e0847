/**
 * The Methods text in the UI's language: English is the core's own text, and zh-CN has every heading in Chinese
 * (mode ids kept as code, mode titles from the messages) and Chinese paragraphs except for the modes the core's
 * Chinese words do not describe yet, which are marked English.
 */
import { describe, expect, it } from 'vitest';
import { methodSections } from '../../../../electron/model/methods';
import { MODES } from '../../../../electron/model/modes';
import { methodSectionsIn } from '../../../../renderer/i18n/method-text';
import en from '../../../../electron/model/words/en/ui';
import zhCN from '../../../../electron/model/words/zh-CN/ui';

const ids = MODES.map((m) => m.info.id);

describe('Methods text', () => {
  it('in English is the core’s own, and the mode titles of the messages are the core’s', () => {
    expect(methodSectionsIn(ids, 'en')).toEqual(methodSections(ids));
    for (const mode of MODES)
      expect(en.modeTitles[mode.info.id as keyof typeof en.modeTitles]).toBe(mode.info.title);
    expect(Object.keys(en.modeTitles).sort()).toEqual([...ids].sort());
  });

  it('in zh-CN translates every heading, keeping the mode id as code, with the messages’ mode texts', () => {
    const sections = methodSectionsIn(ids, 'zh-CN');
    sections.forEach((s, i) => {
      if (s.title !== 'compute-sanitizer') expect(s.title).toMatch(/[\u4e00-\u9fff]/);
      if (i < ids.length) {
        const id = ids[i]! as keyof typeof zhCN.modeTitles;
        expect(s.title).toBe(`模式 \`${id}\`：${zhCN.modeTitles[id]}`);
        if (!s.lang) expect(s.paragraphs[0]).toBe(zhCN.modeQuestions[id as keyof typeof zhCN.modeQuestions]);
      }
    });
    // compute-sanitizer is a tool's name: its heading is the same in both languages.
    expect(sections.some((s) => s.title === 'compute-sanitizer')).toBe(true);
    expect(sections.filter((s) => !s.lang).length).toBeGreaterThan(ids.length);
  });
});
