/**
 * Text from a result file cannot drive the terminal: every CLI text output (export as a table or Markdown, compare,
 * the run summary's table) shows control characters from data as code points, and a file whose name, label or
 * note carries one is refused with the field (the safe-text rule, electron/contract/names.ts).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { main } from '../../../electron/cli/main';
import type { ResultFile } from '../../../electron/model/results/schema';
import { syntheticResult } from '../../fixtures/synthetic-result';
import { err, out } from './capture';

/** An OSC title change, a screen clear, a CR that overwrites the line with a fake verdict, a C1 CSI, a bidi override. */
const HOSTILE = 'GPU\u001b]0;pwned\u0007\u001b[2J\u001b[H\rall checks PASSED\u001b[1A\u009b2J\u202Eevil';

function fileWith(result: ResultFile): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'syncbench-escapes-')), `${result.id}.json`);
  writeFileSync(file, JSON.stringify(result));
  return file;
}

/** Fails when `text` still holds a character a terminal would act on (other than the newline). */
function expectInert(text: string): void {
  expect(text.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/(?!\n)[\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
}

describe('terminal output neutralises control sequences from data', () => {
  // The device name is not a name, label or note: the schema takes it as it is, so only the output guard stands.
  const hostile = syntheticResult({ id: 'escapes-0001', deviceName: HOSTILE });
  const other = syntheticResult({ id: 'escapes-0002', seed: 2, deviceName: HOSTILE });

  it.each([['table'], ['md']])('export --format %s', async (format) => {
    expect(await main(['export', fileWith(hostile), '--format', format])).toBe(0);
    expectInert(out);
    // (Markdown escapes the bracket: `\]`.)
    expect(out).toMatch(/<U\+001B>\\?\]0;pwned<U\+0007>/);
    expect(out).toContain('<U+000D>all checks PASSED');
    expect(out).toContain('<U+009B>2J<U+202E>evil');
  });

  it.each([['md'], ['table']])('compare --format %s', async (format) => {
    const code = await main(['compare', fileWith(hostile), fileWith(other), '--format', format]);
    if (format === 'table') {
      // compare has no table format: refused as usage, its message inert too.
      expect(code).toBe(2);
      expectInert(err);
      return;
    }
    expect(code).toBe(0);
    expectInert(out);
    expect(out).toContain('<U+000D>all checks PASSED');
  });
});

describe('a file whose shown text carries control characters is refused by the CLI', () => {
  it.each([
    [
      'name',
      (r: ResultFile) => (r.name = `run\u001b]0;pwned\u0007`),
      /name: must not contain control characters such as U\+001B/,
    ],
    [
      'label',
      (r: ResultFile) => (r.points[0]!.label = 'warp\rPASSED'),
      /points\[0\]\.label: must not contain control characters such as U\+000D/,
    ],
    [
      'note',
      (r: ResultFile) => (r.notes = ['ok\u202Eevil']),
      /notes\[0\]: must not contain bidirectional control characters such as U\+202E/,
    ],
  ])('%s', async (_field, spoil, message) => {
    const result = syntheticResult({ id: 'escapes-0003' });
    spoil(result);
    expect(await main(['export', fileWith(result), '--format', 'table'])).toBe(2);
    expect(err).toMatch(message);
    expect(out).toBe('');
    expectInert(err.replace(/\n/g, ''));
  });
});

// Fields that are not names, labels or notes (a workload, an op) reach CSV and JSON as they are; written to a
// terminal their controls are `\uXXXX` (terminal-data.ts), piped they are the data byte for byte.
describe('CSV and JSON on a terminal carry no control sequence from data', () => {
  const hostileOps = (): ResultFile => {
    const result = syntheticResult({ id: 'escapes-0003' });
    for (const p of result.points) {
      p.op = `op\u009b2J\u202Eevil\u001b]0;t\u0007`;
      p.workload = `op\u009b2J\u202Eevil`;
    }
    return result;
  };
  const asTerminal = async (run: () => Promise<number>): Promise<number> => {
    const was = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
    Object.defineProperty(process.stdout, 'isTTY', { value: true, configurable: true });
    try {
      return await run();
    } finally {
      if (was) Object.defineProperty(process.stdout, 'isTTY', was);
      else delete (process.stdout as { isTTY?: boolean }).isTTY;
    }
  };

  it.each([['csv'], ['json']])('export --format %s to a terminal', async (format) => {
    const file = fileWith(hostileOps());
    expect(await asTerminal(() => main(['export', file, '--format', format]))).toBe(0);
    expectInert(out);
    expect(out).toContain('op\\u009b2J\\u202eevil');
    if (format === 'json') {
      // The same value: the escapes are JSON's own.
      const shown = JSON.parse(out) as ResultFile;
      expect(shown.points[0]!.op).toBe(hostileOps().points[0]!.op);
    }
  });

  it('export --format json piped is the file as it is', async () => {
    const file = fileWith(hostileOps());
    expect(await main(['export', file, '--format', 'json'])).toBe(0);
    expect(out).toContain('\u202E');
  });
});
