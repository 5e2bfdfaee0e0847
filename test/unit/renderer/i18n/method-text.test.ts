/** The Methods headings in Simplified Chinese: every section the core writes has one, mode ids kept as they are. */
import { describe, expect, it } from 'vitest';
import { methodSections } from '../../../../electron/core/methods';
import { MODES } from '../../../../electron/core/modes';
import { methodHeading } from '../../../../renderer/i18n/method-text';
import en from '../../../../renderer/i18n/messages/en';

const ids = MODES.map((m) => m.info.id);
const sections = methodSections(ids);

describe('Methods headings', () => {
  it('in English are the core’s own titles, and the mode titles of the messages are the core’s', () => {
    sections.forEach((s, i) => expect(methodHeading(s, ids[i] ?? null, 'en')).toBe(s.title));
    for (const mode of MODES)
      expect(en.modeTitles[mode.info.id as keyof typeof en.modeTitles]).toBe(mode.info.title);
    expect(Object.keys(en.modeTitles).sort()).toEqual([...ids].sort());
  });

  it('in zh-CN translate every heading, keeping the mode id as code', () => {
    sections.forEach((s, i) => {
      const heading = methodHeading(s, ids[i] ?? null, 'zh-CN');
      if (s.title !== 'compute-sanitizer') expect(heading, s.title).toMatch(/[\u4e00-\u9fff]/);
      if (i < ids.length) expect(heading).toContain(`\`${ids[i]}\``);
    });
    // compute-sanitizer is a tool's name: its heading is the same in both languages.
    const sanitizer = sections.find((s) => s.title === 'compute-sanitizer')!;
    expect(methodHeading(sanitizer, null, 'zh-CN')).toBe('compute-sanitizer');
  });
});
