import { describe, expect, it } from 'vitest';

import { DecideError } from '../../../electron/model/decide/errors';
import { PlanError } from '../../../electron/model/modes/plan-error';
import { noAddonReasonText } from '../../../electron/core/native/addon-reasons';
import { codedFileError, LibraryError, ResultFileError } from '../../../electron/core/results/errors';
import { toFailure } from '../../../electron/core/service/failure';
import { word } from '../../../electron/model/words/host-text';

describe('toFailure', () => {
  it.each([
    [
      PlanError.fields({ iters: word('plan.outOfRange', { value: 5, range: '1 to 4' }) }),
      'INVALID',
      { iters: '5 is out of range; allowed: 1 to 4' },
    ],
    [new PlanError('NO_ADDON', 'not built'), 'NO_ADDON', undefined],
    [new LibraryError('READ_ONLY', 'reference'), 'FORBIDDEN', undefined],
    [new LibraryError('NOT_FOUND', 'gone'), 'NOT_FOUND', undefined],
    [new LibraryError('CONFLICT', 'exists'), 'INVALID', undefined],
    [new ResultFileError('IO', 'EACCES'), 'IO', undefined],
    [new ResultFileError('NOT_UTF8', 'bytes'), 'INVALID', undefined],
    [new DecideError('answers', ['q: x'], 'bad'), 'INVALID', undefined],
    [new DecideError('table', ['gap'], 'bad'), 'INTERNAL', undefined],
    [Object.assign(new Error('launch failed'), { code: 'SB_CUDA', sticky: false }), 'CUDA', undefined],
    [Object.assign(new Error('gone'), { code: 'WORKER_CRASHED' }), 'WORKER_CRASHED', undefined],
    [new TypeError('x is undefined'), 'INTERNAL', undefined],
    ['a string', 'INTERNAL', undefined],
  ])('%s -> %s', (err, code, fieldErrors) => {
    const f = toFailure(err);
    expect(f.code).toBe(code);
    expect(f.fieldErrors).toEqual(fieldErrors);
    expect(f.message.length).toBeGreaterThan(0);
  });

  it('keeps the codes of field messages beside their English, and drops malformed ones', () => {
    const texts = {
      iters: word('plan.outOfRange', { value: 0, range: '1 to 4' }),
      nwarps: word('plan.handoffWarps'),
    };
    const failure = toFailure(PlanError.fields(texts));
    expect(failure.fieldErrors).toEqual({
      iters: '0 is out of range; allowed: 1 to 4',
      nwarps: 'the hand-off needs at least 2 warps (a writer and a reader)',
    });
    expect(failure.fieldTexts).toEqual(texts);
    // an error from elsewhere (another process) with malformed texts, or texts of fields it has no message for
    const foreign = Object.assign(new Error('x: bad'), {
      code: 'INVALID',
      fieldErrors: { x: 'bad' },
      fieldTexts: { x: 'not a text', y: word('plan.handoffWarps') },
    });
    expect(toFailure(foreign)).toEqual({
      ok: false,
      code: 'INVALID',
      message: 'x: bad',
      fieldErrors: { x: 'bad' },
    });
  });

  it('keeps a coded message’s code and parameters (a refused import, a missing addon), and drops a malformed one', () => {
    const refused = codedFileError('BAD_JSON', 'resultFile.empty', { file: 'x.json' });
    expect(toFailure(refused)).toEqual({
      ok: false,
      code: 'INVALID',
      message: 'x.json: the file is empty; a result file is a JSON object.',
      text: { code: 'resultFile.empty', params: { file: 'x.json' } },
    });
    const { message, text } = noAddonReasonText('win32', { places: ['/a/syncbench.node'], nvcc: false });
    expect(toFailure(Object.assign(new PlanError('NO_ADDON', message), { text }))).toEqual({
      ok: false,
      code: 'NO_ADDON',
      message,
      text,
    });
    expect(
      toFailure(Object.assign(new PlanError('NO_ADDON', 'x'), { text: 'not coded' })),
    ).not.toHaveProperty('text');
  });
});
