import { describe, expect, it, vi } from 'vitest';

import { API_METHODS } from '../../../electron/contract';
import { createDispatch } from '../../../electron/core/service/dispatch';
import { makePoint, makeResult } from './doubles';
import { setup } from './setup';

describe('unreadable files', () => {
  it('lists them with their reasons and moves a removable one away', async () => {
    const t = setup();
    t.library.unreadableFiles = [
      { file: '/r/a.json', code: 'BAD_JSON', reason: '/r/a.json: truncated', removable: true },
      { file: '/ref/b.json', code: 'INVALID', reason: '/ref/b.json: bad', removable: false },
    ];
    expect(await t.service.listUnreadable()).toEqual({ ok: true, value: t.library.unreadableFiles });
    expect(await t.service.removeUnreadable('/ref/b.json')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await t.service.removeUnreadable('/r/zzz.json')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await t.service.removeUnreadable('/r/a.json')).toEqual({
      ok: true,
      value: { movedTo: '/trash//r/a.json' },
    });
    expect((await t.service.listUnreadable()).ok && t.library.unreadableFiles).toHaveLength(1);
  });

  it('a non-finite number is named as such, not "expected number, received number"', async () => {
    const t = setup();
    const r = await t.service.startReplay({ resultId: 'x', speed: Number.POSITIVE_INFINITY });
    expect(r).toMatchObject({ ok: false, code: 'INVALID', fieldErrors: { speed: expect.any(String) } });
    const stopping = await t.service.startRun({
      mode: 'sweep',
      params: {},
      stopping: { maxReps: Number.NaN },
    });
    expect(stopping).toMatchObject({
      ok: false,
      fieldErrors: { 'stopping.maxReps': 'must be a finite number, got NaN' },
    });
  });
});

describe('payload validation', () => {
  it.each([
    [{ params: {} }, { mode: expect.any(String) }],
    [{ mode: 'sweep', params: { nwarps: { x: 1 } } }, { 'params.nwarps': expect.any(String) }],
    [{ mode: 'sweep', params: {}, bogus: 1 }, { bogus: 'is not a known field' }],
    [{ mode: 'sweep', params: {}, stopping: { maxReps: '10' } }, { 'stopping.maxReps': expect.any(String) }],
    [{ mode: 'sweep', params: {}, device: -1 }, { device: expect.any(String) }],
    [
      { mode: 'sweep', params: {}, gpuAccess: 'alone' },
      { gpuAccess: expect.stringContaining("'exclusive'") },
    ],
    [{ mode: 'sweep', params: {}, gpuWaitS: -1 }, { gpuWaitS: 'must be 0 or more seconds' }],
    [{ mode: 'sweep', params: {}, gpuWaitS: '5' }, { gpuWaitS: expect.any(String) }],
    ['sweep', { 'run request': expect.any(String) }],
    [null, { 'run request': expect.any(String) }],
  ])('startRun(%j) is INVALID with field messages', async (payload, fieldErrors) => {
    const t = setup();
    const r = await t.service.startRun(payload as never);
    expect(r).toMatchObject({ ok: false, code: 'INVALID', fieldErrors });
    expect(t.measure.requests).toHaveLength(0);
  });

  it('validateRun passes a well-formed request to the core and returns its field messages', async () => {
    const t = setup();
    expect(await t.service.validateRun({ mode: 'sweep', params: {} })).toEqual({
      ok: true,
      value: { points: 32 },
    });
    expect(await t.service.validateRun({ mode: 'nope', params: {} })).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { mode: expect.stringContaining('known modes: sweep') },
    });
  });

  it('passes the GPU access and its wait on to the core (the Run form switch)', async () => {
    const t = setup();
    const req = { mode: 'sweep', params: {}, gpuAccess: 'exclusive', gpuWaitS: 30 } as const;
    expect(await t.service.validateRun(req)).toMatchObject({ ok: true });
    expect(await t.service.startRun(req)).toMatchObject({ ok: true });
    expect(t.measure.requests[0]).toMatchObject({ gpuAccess: 'exclusive', gpuWaitS: 30 });
  });

  it.each([
    ['coopLimit', [{ device: 0, threadsPerBlock: 0 }], 'threadsPerBlock'],
    ['renameResult', ['result-1', '   '], 'name'],
    ['renameResult', [42, 'x'], 'id'],
    ['renameResult', ['result-1', 'a\u202Eevil\u202C name'], 'name'],
    ['renameResult', ['result-1', 'nul\u0000'], 'name'],
    ['renameResult', ['result-1', '\u200B\u2060'], 'name'],
    ['startRun', [{ mode: 'sweep', params: {}, name: 'two\nlines' }], 'name'],
    ['removeUnreadable', [''], 'file'],
    ['getResult', [''], 'id'],
    ['importResult', [{ fileName: 'a.json', content: 5, base64: false }], 'content'],
    ['exportResults', [{ ids: [], format: 'md' }], 'ids'],
    ['exportResults', [{ ids: ['a'], format: 'exe' }], 'format'],
    ['advise', [{ scope: 3 }], 'scope'],
    ['advise', [{ $tableVersion: 0 }], '$tableVersion'],
    ['listResults', [{ text: 1 }], 'text'],
  ])('%s(%j) is INVALID naming %s', async (method, args, field) => {
    const t = setup();
    const call = (t.service as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method]!;
    const r = (await call.apply(t.service, args)) as { ok: boolean; fieldErrors?: Record<string, string> };
    expect(r).toMatchObject({ ok: false, code: 'INVALID' });
    expect(Object.keys(r.fieldErrors ?? {})).toContain(field);
  });
});

describe('results, export, import, advice', () => {
  it('lists (also with a null query from JSON), gets, renames, deletes and undoes', async () => {
    const t = setup();
    const r = t.library.add(makeResult([makePoint(0)]));
    expect(await t.service.listResults(null as never)).toMatchObject({ ok: true, value: [{ id: r.id }] });
    expect(await t.service.listResults({ mode: 'grid' })).toEqual({ ok: true, value: [] });
    expect(await t.service.getResult(r.id)).toMatchObject({ ok: true, value: { id: r.id } });
    expect(await t.service.getResult('missing-id')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await t.service.renameResult(r.id, '  My sweep ')).toMatchObject({
      ok: true,
      value: { name: 'My sweep' },
    });
    const del = await t.service.deleteResult(r.id);
    expect(del.ok && del.value.undoToken).toBeTruthy();
    expect(await t.service.getResult(r.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await t.service.undoDelete(del.ok ? del.value.undoToken : '')).toMatchObject({ ok: true });
    expect(await t.service.getResult(r.id)).toMatchObject({ ok: true });
  });

  it('maps a read-only reference to FORBIDDEN', async () => {
    const t = setup();
    t.library.add(makeResult([], { id: 'ref-rtx5090' }));
    expect(await t.service.renameResult('ref-rtx5090', 'x')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('exports one run with the formatter, several as a comparison', async () => {
    const t = setup();
    const a = t.library.add(makeResult([], { name: 'sweep: H200 / run 1' }));
    const b = t.library.add(makeResult([]));
    expect(await t.service.exportResults({ ids: [a.id], format: 'md' })).toEqual({
      ok: true,
      value: {
        fileName: 'sweep-H200-run-1.md',
        savedPath: null,
        mime: 'text/markdown',
        content: 'md:sweep: H200 / run 1',
        base64: false,
      },
    });
    const cmp = await t.service.exportResults({ ids: [a.id, b.id], format: 'csv' });
    expect(cmp).toMatchObject({
      ok: true,
      value: { fileName: 'comparison-of-2-runs.csv', content: `csv:${a.id}+${b.id}` },
    });
    expect(await t.service.exportResults({ ids: [a.id, 'missing-id'], format: 'csv' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
  });

  it('hands the report language to the formatter (English by default) and refuses an unknown one', async () => {
    const seen: unknown[][] = [];
    const t = setup({
      formatResult: (r, f, locale) => (seen.push(['result', f, locale]), `${f}:${r.name}`),
      formatComparison: (rs, f, locale) => (seen.push(['comparison', f, locale]), `${f}:${rs.length}`),
      htmlReport: (rs, locale) => (seen.push(['html', rs.length, locale]), '<html></html>'),
    });
    const a = t.library.add(makeResult([]));
    const b = t.library.add(makeResult([]));
    expect(await t.service.exportResults({ ids: [a.id], format: 'md', locale: 'zh-CN' })).toMatchObject({
      ok: true,
    });
    expect(await t.service.exportResults({ ids: [a.id, b.id], format: 'md', locale: 'zh-CN' })).toMatchObject(
      {
        ok: true,
      },
    );
    expect(await t.service.exportResults({ ids: [a.id], format: 'html', locale: 'zh-CN' })).toMatchObject({
      ok: true,
    });
    expect(await t.service.exportResults({ ids: [a.id], format: 'md' })).toMatchObject({ ok: true });
    expect(seen).toEqual([
      ['result', 'md', 'zh-CN'],
      ['comparison', 'md', 'zh-CN'],
      ['html', 1, 'zh-CN'],
      ['result', 'md', 'en'],
    ]);
    const bad = await t.service.exportResults({ ids: [a.id], format: 'md', locale: 'fr' as never });
    expect(bad).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { locale: "must be one of 'en', 'zh-CN' (the report's language)" },
    });
    expect(seen).toHaveLength(4);
  });

  it('says plainly when a format is not available here (PDF outside the desktop, no HTML report builder)', async () => {
    const t = setup();
    const a = t.library.add(makeResult([]));
    const pdf = await t.service.exportResults({ ids: [a.id], format: 'pdf' });
    expect(pdf).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { format: expect.stringContaining('desktop') },
    });
    const html = await t.service.exportResults({ ids: [a.id], format: 'html' });
    expect(html).toMatchObject({ ok: false, message: expect.stringContaining('not available') });
  });

  it('imports text and base64; refuses malformed base64 and bytes that are not UTF-8', async () => {
    const t = setup();
    const file = JSON.stringify(makeResult([], { id: 'result-imported' }));
    expect(await t.service.importResult({ fileName: 'a.json', content: file, base64: false })).toMatchObject({
      ok: true,
    });
    const b64 = Buffer.from(file, 'utf8').toString('base64');
    expect(await t.service.importResult({ fileName: 'b.json', content: b64, base64: true })).toMatchObject({
      ok: true,
    });
    expect(t.library.imported.map((i) => i.content)).toEqual([file, file]);
    expect(await t.service.importResult({ fileName: 'c.json', content: '!!!', base64: true })).toMatchObject({
      ok: false,
      code: 'INVALID',
    });
    const latin1 = Buffer.from([0x7b, 0xe9, 0x7d]).toString('base64');
    expect(await t.service.importResult({ fileName: 'd.json', content: latin1, base64: true })).toMatchObject(
      {
        ok: false,
        code: 'INVALID',
        message: expect.stringContaining('not UTF-8'),
      },
    );
  });

  it('hands the library a file name with its control and bidi characters shown as code points', async () => {
    const t = setup();
    const file = JSON.stringify(makeResult([], { id: 'result-bidi-name' }));
    const reply = await t.service.importResult({
      fileName: 'evil\u202Etxt\n.json',
      content: file,
      base64: false,
    });
    expect(reply).toMatchObject({ ok: true });
    // Every message about the file names it this way: it cannot reverse the rest of a line or split it.
    expect(t.library.imported.at(-1)?.fileName).toBe('evil<U+202E>txt<U+000A>.json');
  });

  it('imports bytes (IPC, the browser upload), and names the field of the form that was meant', async () => {
    const t = setup();
    const file = JSON.stringify(makeResult([], { id: 'result-bytes-1' }));
    expect(
      await t.service.importResult({ fileName: 'e.json', bytes: new TextEncoder().encode(file) }),
    ).toMatchObject({ ok: true, value: { id: 'result-bytes-1' } });
    expect(t.library.imported.at(-1)).toEqual({ content: file, fileName: 'e.json' });
    const notBytes = await t.service.importResult({
      fileName: 'f.json',
      bytes: [1, 2] as unknown as Uint8Array,
    });
    expect(notBytes).toMatchObject({ ok: false, code: 'INVALID', message: expect.stringContaining('bytes') });
    expect(notBytes.ok || notBytes.message).not.toContain('content');
  });

  it('advises, mapping bad answers to INVALID', async () => {
    const t = setup();
    expect(await t.service.decisionTable()).toEqual({ ok: true, value: { version: 7 } });
    expect(await t.service.advise({ scope: 'block' })).toEqual({
      ok: true,
      value: { recommendation: 'syncthreads' },
    });
    expect(await t.service.advise({ scope: 'nowhere' })).toMatchObject({ ok: false, code: 'INVALID' });
  });

  it('refuses answers over 256 KiB before reading them (a 100 MB answers object)', async () => {
    const t = setup();
    const advise = vi.spyOn(t.advisor, 'advise');
    const huge = { where: 'same-block', $comment: 'x'.repeat(100 * 1024 * 1024) };
    const reply = await t.service.advise(huge);
    expect(reply).toEqual({
      ok: false,
      code: 'INVALID',
      message: expect.stringMatching(/^the answers are over 256\.0 KiB .*at most 256 KiB/),
      fieldErrors: { answers: 'must be at most 256 KiB as JSON' },
    });
    const manyKeys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`question-${i}`, 'yes']));
    expect(await t.service.advise(manyKeys)).toMatchObject({ ok: false, code: 'INVALID' });
    expect(advise).not.toHaveBeenCalled();
    expect(await t.service.advise({ scope: 'block' })).toMatchObject({ ok: true });
  });
});

describe('dispatch by name', () => {
  const t = setup();
  const dispatch = createDispatch(t.service, { kind: 'browser', version: '1.2.3' });

  it('answers shell and every allowlisted method', async () => {
    expect(await dispatch('shell', [])).toEqual({ ok: true, value: { kind: 'browser', version: '1.2.3' } });
    for (const method of API_METHODS) {
      const r = await dispatch(method, []);
      expect(r.ok || r.code !== 'INTERNAL').toBe(true);
    }
  });

  it('checks the UI language a page tells the browser shell (which has no windows to word)', async () => {
    expect(await dispatch('setLocale', ['zh-CN'])).toEqual({ ok: true, value: null });
    expect(await dispatch('setLocale', ['en'])).toEqual({ ok: true, value: null });
    expect(await dispatch('setLocale', ['zh-TW'])).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { locale: "must be one of 'en', 'zh-CN' (the UI's language)" },
    });
  });

  it.each(['constructor', '__proto__', 'toString', 'onRunEvent', 'dispose', 42])(
    'refuses %j',
    async (method) => {
      expect(await dispatch(method, [])).toMatchObject({
        ok: false,
        code: 'INVALID',
        fieldErrors: { method: expect.any(String) },
      });
    },
  );

  it('refuses non-list arguments and too many arguments', async () => {
    expect(await dispatch('device', {})).toMatchObject({ ok: false, code: 'INVALID' });
    expect(await dispatch('getResult', ['a', 'b'])).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { args: 'at most 1' },
    });
  });
});
