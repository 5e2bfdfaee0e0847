/**
 * The CLI under bad input, end to end through `main` on a machine without a GPU (the real addon and reference
 * files): every rule that needs no GPU is refused with exit 2 before "no GPU", output paths are checked before the
 * first launch, a missing driver is exit 3 (never "internal error"), and the terminal output is compact.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { exitCodeOf } from '../../../electron/cli/errors';
import { main } from '../../../electron/cli/main';
import { err, out, resetErr, resetOut } from './capture';
import { markdownForTerminal } from '../../../electron/cli/output';
import { createProgress } from '../../../electron/cli/progress';
import { syntheticResult } from '../../fixtures/synthetic-result';

const MISSING = path.join(mkdtempSync(path.join(tmpdir(), 'syncbench-robust-')), 'missing', 'dir');
/** A file where a folder is expected (`--out <file>/x.json`). */
const FILE_AS_FOLDER = path.join(mkdtempSync(path.join(tmpdir(), 'syncbench-robust-')), 'afile');
writeFileSync(FILE_AS_FOLDER, 'a file, not a folder');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const REF = 'resources/reference';
const NO_GPU = /No NVIDIA driver|native addon|no usable GPU/i;
const tmp = () => mkdtempSync(path.join(tmpdir(), 'syncbench-robust-'));

describe('bad arguments are exit 2, before any GPU is asked', () => {
  it.each([
    [
      ['--mode', 'host_completion', '--schedule', 'bogus'],
      /--schedule: 'bogus' is not allowed; use one of auto, spin/,
    ],
    [['-m', 'tiles', '--tile-sizes', '6'], /--tile-sizes: 6 is not a power of two; allowed: 4, 8/],
    [
      ['-m', 'named', '--participants', '16', '--nwarps', '8'],
      /--participants: 16 warps is more than the block has/,
    ],
    [['-m', 'sweep', '--nwarps-list', ''], /--nwarps-list: an empty value is not allowed/],
    [['-m', 'block', '--reps', 'Infinity'], /--reps 'Infinity' is not a finite number/],
    [['-m', 'block', '--name', 'a\u202Eevil\u202C name'], /--name: the name must not contain bidirectional/],
    [['-m', 'block', '--name', 'two\nlines'], /--name: the name must not contain control characters/],
    // A folder that surely does not exist: under a fresh temporary folder (a fixed path such as /nonexistent can
    // exist on a shared machine).
    [
      ['-m', 'block', '--out', path.join(MISSING, 'x.json')],
      new RegExp(
        `--out ${escaped(path.join(MISSING, 'x.json'))}: the folder ${escaped(MISSING)} does not exist`,
      ),
    ],
    [
      ['-m', 'block', '--out', path.join(FILE_AS_FOLDER, 'x.json')],
      new RegExp(`${escaped(FILE_AS_FOLDER)} is a file, not a folder`),
    ],
    [['-m', 'block', '--out', 'x.png'], /cannot write \.png files; it writes formats table, md, csv, json/],
  ])('run %j', async (args, message) => {
    expect(await main(['run', ...args])).toBe(2);
    expect(err).toMatch(message);
    expect(err).not.toMatch(NO_GPU);
    expect(err).not.toMatch(/internal error/);
  });

  it('export of a figure into a path under a file says so before drawing, with no temporary name', async () => {
    const target = path.join(FILE_AS_FOLDER, 'x.png');
    expect(await main(['export', `${REF}/h200-sweep.json`, '--out', target])).toBe(2);
    expect(err).toMatch(
      new RegExp(`--out ${escaped(target)}: ${escaped(FILE_AS_FOLDER)} is a file, not a folder`),
    );
    expect(err).not.toMatch(/ENOTDIR|\.png\.\d+/);
  });

  it('--schedule spin without a GPU is exit 3 with the reason, not "internal error"', async () => {
    expect(await main(['run', '-m', 'host_completion', '--schedule', 'spin', '-q'])).toBe(3);
    expect(err).toMatch(NO_GPU);
    expect(err).not.toMatch(/internal error/);
  });

  it('selftest --gpu: checks --out and creates --results-dir before it measures', async () => {
    const dir = tmp();
    const missing = path.join(dir, 'not', 'yet', 'there');
    expect(await main(['selftest', '--gpu', '--results-dir', missing])).toBe(3);
    expect(existsSync(missing)).toBe(true);
    const file = path.join(dir, 'file');
    writeFileSync(file, '');
    expect(await main(['selftest', '--gpu', '--results-dir', file])).toBe(2);
    expect(err).toMatch(/--results-dir .*file is a file; give a folder/);
    resetErr();
    expect(await main(['selftest', '--gpu', '-o', path.join(dir, 'nope', 'r.json')])).toBe(2);
    expect(err).toMatch(/the folder .*nope does not exist/);
    expect(err).not.toMatch(NO_GPU);
  });
});

describe('export: formats and extensions', () => {
  it.each(['pdf', 'exe'])(
    'refuses --out x.%s with exit 2, naming the allowed ones, writing nothing',
    async (ext) => {
      const file = path.join(tmp(), `x.${ext}`);
      expect(await main(['export', `${REF}/h200-modes.json`, '--out', file])).toBe(2);
      expect(err).toMatch(
        new RegExp(
          `cannot write \\.${ext} files; it writes formats table, md, csv, json, html, png, svg \\(extensions \\.md.*\\.png, \\.svg\\)`,
        ),
      );
      expect(existsSync(file)).toBe(false);
    },
  );

  it('refuses an extension that contradicts --format', async () => {
    expect(
      await main(['export', `${REF}/h200-modes.json`, '-f', 'md', '-o', path.join(tmp(), 'x.csv')]),
    ).toBe(2);
    expect(err).toMatch(
      /--format md does not match --out .*x\.csv \(\.csv is csv\); drop one or make them agree/,
    );
  });

  it('names --format csv with --out x.png as a mismatch, not as an extension it cannot write', async () => {
    const file = path.join(tmp(), 'x.png');
    expect(await main(['export', `${REF}/h200-modes.json`, '--format', 'csv', '--out', file])).toBe(2);
    expect(err).toContain(
      `--format csv does not match --out ${file} (.png is png); drop one or make them agree`,
    );
    expect(err).not.toMatch(/cannot write \.png/);
    expect(existsSync(file)).toBe(false);
  });

  it('-o - writes to stdout; -f and -o are the short flags', async () => {
    expect(await main(['export', `${REF}/h200-modes.json`, '-f', 'csv', '-o', '-'])).toBe(0);
    expect(out.split('\n')[0]).toMatch(/^index,series,label/);
    expect(existsSync('-')).toBe(false);
    const file = path.join(tmp(), 'x.json');
    expect(await main(['export', `${REF}/h200-modes.json`, '-o', file])).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'syncbench-result' });
  });

  it('the default table fits 120 columns with point, ns, cycles, CI, whole-kernel µs and flags; --columns all is wide', async () => {
    for (const name of ['h200-modes', 'h200-fences', 'h200-tiles', 'h200-sweep_grid', 'h200-handoff']) {
      resetOut();
      expect(await main(['export', `${REF}/${name}.json`, '-f', 'table'])).toBe(0);
      const rows = out.split('\n').filter((l) => /^[│┌├└]/.test(l));
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) expect([...row].length).toBeLessThanOrEqual(120);
      expect(rows[1]).toMatch(/# +│ point +│ ns\/sync +│ cycles +│ 95% CI \(ns\) +│ kernel µs +│ flags/);
    }
    expect(out).toMatch(/\[\d/); // an interval
    resetOut();
    expect(await main(['export', `${REF}/h200-modes.json`, '-f', 'table', '--columns', 'all'])).toBe(0);
    expect(Math.max(...out.split('\n').map((l) => [...l].length))).toBeGreaterThan(200);
    expect(out).toMatch(/perSyncNs_p10/);
  });

  it('markdown printed to a terminal has no backslash escapes; to a file or pipe it keeps them', async () => {
    const answers = 'docs/examples/advise/counter-block-scope-atomic.json';
    const results = tmp();
    expect(await main(['advise', '--answers', answers, '--results', results])).toBe(0);
    expect(out).toMatch(/\\_/); // not a terminal: Markdown as written
    resetOut();
    Object.defineProperty(process.stdout, 'isTTY', { value: true, configurable: true });
    try {
      expect(await main(['advise', '--answers', answers, '--results', results])).toBe(0);
    } finally {
      Object.defineProperty(process.stdout, 'isTTY', { value: undefined, configurable: true });
    }
    expect(out).toMatch(/cuda::thread_scope_device/);
    expect(out).not.toMatch(/\\[_<>*]/);
    expect(markdownForTerminal('a \\| b \\_c\\_')).toBe('a \\| b _c_');
  });
});

describe('progress', () => {
  const point = syntheticResult().points[1]!;

  it('is one plain line per point when stderr is not a terminal', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;
    let text = '';
    (stream as unknown as PassThrough).on('data', (c: Buffer) => (text += c.toString()));
    const progress = createProgress(stream);
    progress.started(5);
    progress.point(point, 2, 5);
    progress.stop();
    expect(text).toBe(
      `[2/5] ${point.label}: ${point.perSyncNs!.median.toPrecision(4)} ns, ${point.perSyncCycles!.median.toPrecision(4)} cycles per unit (${point.reps} reps)\n`,
    );
  });

  it('is a line redrawn in place with the current point and an ETA on a terminal', () => {
    let text = '';
    const stream = {
      isTTY: true,
      columns: 120,
      write: (c: string) => ((text += c), true),
      cursorTo: () => true,
      clearLine: () => true,
      moveCursor: () => true,
      on: () => stream,
      removeListener: () => stream,
    } as unknown as NodeJS.WriteStream;
    const progress = createProgress(stream);
    progress.started(4);
    progress.point(point, 1, 4);
    progress.stop();
    expect(text).toMatch(/1\/4 points \| ETA \S+ \| /);
    expect(text).toContain(point.label);
    const quiet = createProgress(stream, { quiet: true });
    text = '';
    quiet.started(4);
    quiet.point(point, 1, 4);
    expect(text).toBe('');
  });
});

describe('exit codes of errors', () => {
  it('maps each kind of error to its documented code', () => {
    const cuda = Object.assign(new Error('cudaSetDeviceFlags failed: cudaErrorInsufficientDriver'), {
      code: 'SB_CUDA',
    });
    expect(exitCodeOf(cuda)).toMatchObject({ code: 3, message: expect.stringMatching(/^no usable GPU: /) });
    expect(exitCodeOf(Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' })).code).toBe(2);
    expect(
      exitCodeOf(Object.assign(new Error('bad'), { name: 'ResultFileError', code: 'INVALID' })).code,
    ).toBe(2);
    expect(exitCodeOf(new Error('a bug')).message).toMatch(/^internal error: a bug/);
    expect(exitCodeOf(new Error('a bug')).code).toBe(1);
  });
});
