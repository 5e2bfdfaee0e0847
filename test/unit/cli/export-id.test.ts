/**
 * `syncbench export <id>`: the id `compare` prints (its run table's id column) names a reference dataset or a result
 * of the library (`--results`), and is exported as its file would be; an id no result has is still "no such file".
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { main } from '../../../electron/cli/main';
import { err, out, resetOut } from './capture';

const REF = 'resources/reference';
const idOf = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { id: string }).id;
const empty = () => mkdtempSync(path.join(tmpdir(), 'syncbench-export-id-'));

describe('export of a result named by its id', () => {
  it('exports a reference dataset by the id compare prints, as its file', async () => {
    const file = `${REF}/h200-modes_a.json`;
    const id = idOf(file);
    expect(await main(['compare', file, `${REF}/h200-modes_b.json`, '--format', 'md'])).toBe(0);
    expect(out).toContain(`| ${id} |`);
    resetOut();
    expect(await main(['export', file, '--format', 'csv', '--results', empty()])).toBe(0);
    const byFile = out;
    resetOut();
    expect(await main(['export', id, '--format', 'csv', '--results', empty()])).toBe(0);
    expect(out).toBe(byFile);
    expect(out.split('\n')[0]).toMatch(/^index,series,label/);
  });

  it('exports a result of the library by its id, whatever its file is called', async () => {
    const library = empty();
    const file = `${REF}/h200-sweep.json`;
    copyFileSync(file, path.join(library, 'renamed.json'));
    const id = idOf(file);
    expect(await main(['export', id, '--format', 'json', '--results', library])).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ id });
  });

  it('an id no result has, and a missing path, are still "no such file" (exit 2)', async () => {
    expect(await main(['export', 'no-result-has-this-id', '--results', empty()])).toBe(2);
    expect(err).toMatch(/no-result-has-this-id: cannot read the file: there is no such file/);
    expect(await main(['export', path.join(empty(), 'gone.json'), '--results', empty()])).toBe(2);
    expect(err).toMatch(/gone\.json: cannot read the file: there is no such file/);
  });
});
