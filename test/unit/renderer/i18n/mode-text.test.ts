/** Mode titles and questions: English as the core words them, and a Simplified Chinese one for every mode. */
import { describe, expect, it } from 'vitest';
import { modeInfos } from '../../../../electron/model/modes';
import { modeText } from '../../../../renderer/i18n/mode-text';
import { messageIn } from '../../../../renderer/figures/translate';

describe('mode words', () => {
  it('in the English messages are the core’s title and question of every mode', () => {
    for (const mode of modeInfos()) {
      expect(messageIn('en', `modeTitles.${mode.id}`), mode.id).toBe(mode.title);
      expect(messageIn('en', `modeQuestions.${mode.id}`), mode.id).toBe(mode.question);
      expect(modeText(mode, 'en')).toEqual({ title: mode.title, question: mode.question });
    }
  });

  it('exist in zh-CN for every mode, and a mode the messages do not know keeps the host’s words', () => {
    for (const mode of modeInfos()) {
      const zh = modeText(mode, 'zh-CN');
      // Titles that are only names ("Warp：__syncwarp()") change only their punctuation.
      expect(zh.title, mode.id).not.toBe(mode.title);
      expect(zh.question, mode.id).toMatch(/[\u4e00-\u9fff]/);
    }
    const newer = { id: 'from_a_newer_host', title: 'Newer', question: 'New?' };
    expect(modeText(newer, 'zh-CN')).toEqual({ title: 'Newer', question: 'New?' });
  });
});
