import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electron-fake'));

import { MAX_RESULT_FILE_BYTES } from '../../../electron/contract';
import { importResultFiles } from '../../../electron/main/import-files';
import {
  isResultFileName,
  RESULT_FILE_EXTENSION,
  resultFilesInArgv,
} from '../../../electron/main/open-files';
import { makePoint, makeResult } from '../service/doubles';
import { setup } from '../service/setup';

describe('result files on the command line', () => {
  it('takes .syncbench.json and .json arguments, resolved against the instance\u2019s working directory', () => {
    const argv = ['/opt/Sync Workbench/sync-workbench', 'run.syncbench.json', '/data/b.json', 'notes.txt'];
    expect(resultFilesInArgv(argv, '/home/u')).toEqual(['/home/u/run.syncbench.json', '/data/b.json']);
  });

  it('skips the executable, switches and the app folder of `electron .`', () => {
    const argv = [
      '/usr/bin/electron',
      '.',
      '--no-sandbox',
      '--enable-logging',
      'x.syncbench.json',
      '--inspect=0',
    ];
    expect(resultFilesInArgv(argv, '/w')).toEqual(['/w/x.syncbench.json']);
    expect(resultFilesInArgv(['/opt/app/sync-workbench.json'], '/w')).toEqual([]);
  });

  it('accepts file:// URIs (the desktop entry passes %U) and lists a file once', () => {
    const file = path.join(os.tmpdir(), 'with space.syncbench.json');
    const argv = ['exe', pathToFileURL(file).href, file, 'file://%zz'];
    expect(resultFilesInArgv(argv, '/w')).toEqual([file]);
  });

  it('knows the document extension', () => {
    expect(RESULT_FILE_EXTENSION).toBe('.syncbench.json');
    expect(isResultFileName('A.SYNCBENCH.JSON')).toBe(true);
    expect(isResultFileName('a.csv')).toBe(false);
  });
});

describe('importing files from disk (the same checks for every way a file arrives)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-open-'));
  const write = (name: string, content: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };

  it('imports a result file and gives its library id', async () => {
    const t = setup();
    const file = write(
      'h200.syncbench.json',
      JSON.stringify(makeResult([makePoint(0)], { id: 'res-open-1', name: 'H200 sweep' })),
    );
    const [r] = await importResultFiles(t.service, [file]);
    expect(r).toMatchObject({
      ok: true,
      resultId: 'res-open-1',
      message: expect.stringMatching(/^h200\.syncbench\.json: imported as /),
    });
    expect((await t.service.getResult('res-open-1')).ok).toBe(true);
  });

  it('refuses, each with its reason: a broken file, a missing one, a folder, one over the size limit', async () => {
    const t = setup();
    const big = path.join(dir, 'big.json');
    writeFileSync(big, Buffer.alloc(MAX_RESULT_FILE_BYTES + 1, 0x20));
    const results = await importResultFiles(t.service, [
      write('broken.syncbench.json', '{"not": "a result"'),
      path.join(dir, 'missing.json'),
      dir,
      big,
    ]);
    expect(results.map((r) => r.ok)).toEqual([false, false, false, false]);
    expect(results[0]!.message).toMatch(/^broken\.syncbench\.json: .+/);
    expect(results[0]!.message).not.toMatch(/^broken\.syncbench\.json: broken\.syncbench\.json/);
    expect(results[1]!.message).toBe('missing.json: the file does not exist');
    expect(results[2]!.message).toMatch(/it is not a file$/);
    expect(results[3]!.message).toBe('big.json: the file is too large to be a result file');
    expect(results.every((r) => r.resultId === null)).toBe(true);
  });
});
