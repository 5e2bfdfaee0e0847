/**
 * Every parameter of every mode, and every stopping-rule field, has its words in both message files, and the
 * English ones are the core's own (so the Run view's English never drifts from `syncbench modes`).
 */
import { describe, expect, it } from 'vitest';
import { modeInfos } from '../../../../electron/model/modes';
import { stoppingFields } from '../../../../electron/core/service/stopping-fields';
import { paramText } from '../../../../renderer/i18n/param-text';
import { messageIn } from '../../../../renderer/figures/translate';

const fields = [
  ...modeInfos().flatMap((mode) => mode.params.map((param) => ({ mode: mode.id as string | null, param }))),
  ...stoppingFields().map((param) => ({ mode: null, param })),
];

describe('parameter words', () => {
  it('in English are the core’s label, help and unit', () => {
    expect(fields.length).toBeGreaterThan(30);
    for (const { mode, param } of fields) {
      const where = `${mode ?? 'stopping'}.${param.name}`;
      const en = (part: string) => messageIn('en', `params.${param.name}.${part}`);
      const help = (mode && en(`helpByMode.${mode}`)) ?? en('help');
      expect(
        { label: en('label'), help, unit: param.unit && en('unit') ? en('unit') : param.unit },
        where,
      ).toEqual({
        label: param.label,
        help: param.help,
        unit: param.unit,
      });
      expect(paramText(param, mode, 'en'), where).toEqual({
        label: param.label,
        help: param.help,
        unit: param.unit,
      });
    }
  });

  it('exist in Simplified Chinese for every parameter, differing from the English', () => {
    for (const { mode, param } of fields) {
      const where = `${mode ?? 'stopping'}.${param.name}`;
      const zh = paramText(param, mode, 'zh-CN');
      expect(zh.label, where).not.toBe(param.label);
      expect(zh.help, where).not.toBe(param.help);
      expect(zh.label, where).toMatch(/[\u4e00-\u9fff]/);
      expect(zh.help, where).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('keep a parameter the messages do not know in the host’s English', () => {
    const unknown = {
      name: 'fromANewerHost',
      label: 'New',
      kind: 'int',
      default: 1,
      help: 'Newer.',
    } as const;
    expect(paramText(unknown, 'warp', 'zh-CN')).toMatchObject({ label: 'New', help: 'Newer.' });
  });
});
