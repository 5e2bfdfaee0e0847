/** Mode titles and questions: English as the core words them, and a Simplified Chinese one for every mode. */
import { describe, expect, it } from 'vitest';
import { modeInfos } from '../../../../electron/model/modes';
import { modeText } from '../../../../renderer/i18n/mode-text';
import { messageIn } from '../../../../renderer/figures/translate';
import { MODES_ZH_CN } from '../../../../electron/model/words/zh-CN/modes';

describe('mode words', () => {
  it('in English are the mode’s own title and question, written once (no English copy in the messages)', () => {
    for (const mode of modeInfos()) {
      expect(modeText(mode, 'en')).toEqual({ title: mode.title, question: mode.question });
      expect(messageIn('en', `modeTitles.${mode.id}`), mode.id).toBeUndefined();
    }
  });

  it('exist in zh-CN for every mode, and a mode the words do not know keeps the host’s words', () => {
    for (const mode of modeInfos()) {
      const zh = modeText(mode, 'zh-CN');
      expect(zh, mode.id).toEqual({
        title: MODES_ZH_CN[mode.id]!.title,
        question: MODES_ZH_CN[mode.id]!.question,
      });
      // Titles that are only names ("Warp：__syncwarp()") change only their punctuation.
      expect(zh.title, mode.id).not.toBe(mode.title);
      expect(zh.question, mode.id).toMatch(/[\u4e00-\u9fff]/);
    }
    const newer = { id: 'from_a_newer_host', title: 'Newer', question: 'New?' };
    expect(modeText(newer, 'zh-CN')).toEqual({ title: 'Newer', question: 'New?' });
  });
});
