/**
 * A refusal's field messages as the Run form shows them (renderer/i18n/host-text.ts fieldWords, namedFieldWords):
 * each field's English with its code where the host sent one, worded in zh-CN by the code; a field without a code,
 * or a code this UI does not know, is the host's English; a field the form does not show is named first.
 */
import { describe, expect, it } from 'vitest';
import { PlanError } from '../../../../electron/model/modes/plan-error';
import { toFailure } from '../../../../electron/core/service/failure';
import { word } from '../../../../electron/model/words/host-text';
import { fieldWords, hostMessage, hostPieces, namedFieldWords } from '../../../../renderer/i18n/host-text';

const refusal = toFailure(
  PlanError.fields({
    nwarps: word('plan.handoffWarps'),
    device: word('plan.noDevice', { ordinal: 3, last: 0 }),
  }),
);

describe('field messages of a refusal', () => {
  it('keep each field’s English beside its code', () => {
    const words = fieldWords(refusal);
    expect(words.nwarps).toEqual({
      message: 'the hand-off needs at least 2 warps (a writer and a reader)',
      text: { code: 'plan.handoffWarps', params: {} },
    });
    expect(hostMessage(words.nwarps!, 'en')).toBe(
      'the hand-off needs at least 2 warps (a writer and a reader)',
    );
    expect(hostMessage(words.nwarps!, 'zh-CN')).toBe('交接至少需要 2 个线程束（一个写入者和一个读取者）');
  });

  it('name a field the form does not show, in either language', () => {
    const device = namedFieldWords('device', fieldWords(refusal).device!);
    expect(hostMessage(device, 'en')).toBe('device: device 3 does not exist; this machine has devices 0..0');
    expect(hostMessage(device, 'zh-CN')).toBe('device：设备 3 不存在；本机的设备为 0..0');
  });

  it('show the host’s English, marked, without a code or with one this UI does not know', () => {
    const words = fieldWords({
      fieldErrors: { iters: 'must be even', nblocks: 'too many' },
      fieldTexts: { nblocks: word('plan.fromANewerHost') },
    });
    expect(words.iters).toEqual({ message: 'must be even' });
    expect(hostPieces(words.iters!, 'zh-CN')).toEqual([{ text: 'must be even', en: true }]);
    expect(hostPieces(words.nblocks!, 'zh-CN')).toEqual([{ text: 'too many', en: true }]);
    expect(hostPieces(namedFieldWords('iters', words.iters!), 'zh-CN')).toEqual([
      { text: 'iters: must be even', en: true },
    ]);
  });
});
