/**
 * The CLI end to end on a machine without a GPU (the real addon, the real reference files): exit codes, messages,
 * and the commands that need no GPU (export, compare, advise, modes, selftest).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { main } from '../../../electron/cli/main';
import { MODES } from '../../../electron/model/modes';
import { err, out } from './capture';

const REF = 'resources/reference';

describe('syncbench without a GPU', () => {
  it('device: exit 3 and the reason', async () => {
    expect(await main(['device'])).toBe(3);
    expect(out).toMatch(/no usable GPU: No NVIDIA driver is installed/);
  });

  it('run: exit 3 with the reason, after the parameters were checked', async () => {
    expect(await main(['run', '--mode', 'modes'])).toBe(3);
    expect(err).toMatch(/No NVIDIA driver is installed/);
  });

  it('run: exit 2 for bad parameters, with what is allowed', async () => {
    expect(await main(['run', '--mode', 'grid', '--nwarps', '40', '--iters', 'x'])).toBe(2);
    expect(err).toMatch(/iters: 'x' is not a whole number; allowed: 1 to 1000000/);
    expect(err).toMatch(/nwarps: 40 is out of range; allowed: 1 to 32/);
  });

  it('run: names the CLI flags, not the core fields, and refuses hex numbers and inverted limits', async () => {
    expect(await main(['run', '--mode', 'warp', '--nwarps-list', '1,2'])).toBe(2);
    expect(err).toMatch(
      /--nwarps-list: unknown parameter; this mode takes --iters, --delta-iters, --nwarps, --nblocks/,
    );
    expect(await main(['run', '--mode', 'block', '--iters', '0x10'])).toBe(2);
    expect(err).toMatch(/--iters: '0x10' is not a whole number/);
    expect(await main(['run', '--mode', 'block', '--max-reps', '1', '--reps', '5'])).toBe(2);
    expect(err).toMatch(/--max-reps \(1\) must be at least --reps \(5\)/);
  });

  it('--out: refuses a folder or a missing folder (exit 2) and writes through a FIFO without replacing it', async () => {
    expect(await main(['export', `${REF}/h200-modes.json`, '--out', tmpdir()])).toBe(2);
    expect(err).toMatch(/is a folder; give a file name inside it/);
    expect(
      await main([
        'export',
        `${REF}/h200-modes.json`,
        '--out',
        path.join(tmpdir(), 'no-such-folder-xyz', 'a.md'),
      ]),
    ).toBe(2);
    expect(err).toMatch(/the folder .*no-such-folder-xyz does not exist/);
  });

  it('device --threads: refuses a block size that is not 1..1024', async () => {
    expect(await main(['device', '--threads', '0'])).toBe(2);
    expect(err).toMatch(/'0' is not a block size; use a whole number from 1 to 1024/);
  });

  it('run: exit 2 for an unknown mode, listing the known ones', async () => {
    expect(await main(['run', '--mode', 'barrier'])).toBe(2);
    expect(err).toContain(`unknown mode 'barrier'; known modes: ${MODES.map((m) => m.info.id).join(', ')}`);
  });

  it('run: exit 2 for a bad stopping rule and for a missing --mode', async () => {
    expect(await main(['run', '--mode', 'block', '--noise-target', '5'])).toBe(2);
    expect(err).toMatch(/--noise-target: 5 is not allowed; use a number from 0.0001 to 1/);
    expect(await main(['run'])).toBe(2);
    expect(err).toMatch(/required option '-m, --mode <mode>'/);
  });

  it('--help documents the exit codes', async () => {
    expect(await main(['--help'])).toBe(0);
    expect(out).toMatch(/3 +no usable GPU/);
  });

  it('modes: lists every mode with its parameters', async () => {
    expect(await main(['modes'])).toBe(0);
    for (const m of MODES) expect(out).toContain(m.info.id);
    expect(out).toMatch(/--nwarps=8/);
    // A parameter whose default depends on the device says what is used, and what is allowed.
    expect(out).toContain('--nblocks=<1..2147483647>(default: one block per SM)');
    expect(out).toContain('--pair=<0..63,...>(default: every pair of this machine)');
    expect(out).not.toMatch(/--[a-z-]+(?=[ \n])(?!=)/); // every parameter shows a value or what stands for one
  });

  it('selftest (no --gpu): the addon loads or says why', async () => {
    expect(await main(['selftest'])).toBe(0);
    expect(err).toMatch(/PASS addon/);
  });
});

describe('syncbench on saved results (no GPU needed)', () => {
  it('export: the H200 modes table as CSV', async () => {
    expect(await main(['export', `${REF}/h200-modes.json`, '--format', 'csv'])).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^index,series,label/);
    expect(lines).toHaveLength(6);
    expect(lines[2]).toMatch(/^1,block,/);
  });

  it('export: a malformed file is refused with the field that is wrong (exit 2)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-cli-'));
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{"format":"syncbench-result","version":2,"id":"12345678"}');
    expect(await main(['export', bad])).toBe(2);
    expect(err).toMatch(/bad\.json: .*name/);
  });

  it('export and compare: a folder, a missing file, an empty file each get exit 2 and say what is wrong', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-cli-'));
    const empty = path.join(dir, 'empty.json');
    writeFileSync(empty, '');
    expect(await main(['export', dir])).toBe(2);
    expect(err).toContain(`${dir}: is a folder, not a regular file; give a file inside it.`);
    expect(await main(['compare', path.join(dir, 'nope.json'), `${REF}/h200-modes.json`])).toBe(2);
    expect(err).toMatch(/nope\.json: cannot read the file: there is no such file \(check the path\)/);
    expect(err).not.toMatch(/ENOENT|EISDIR/);
    expect(await main(['export', empty])).toBe(2);
    expect(err).toMatch(/empty\.json: the file is empty/);
  });

  it('compare: two H200 modes tables, a verdict per row, written atomically to --out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-cli-'));
    const file = path.join(dir, 'cmp.md');
    expect(
      await main(['compare', `${REF}/h200-modes_a.json`, `${REF}/h200-modes_b.json`, '--out', file]),
    ).toBe(0);
    const { readFileSync } = await import('node:fs');
    const md = readFileSync(file, 'utf8');
    expect(md).toMatch(/same|faster|slower|unclear/);
    expect(md).toMatch(/block/);
  });

  it('compare: needs two files', async () => {
    expect(await main(['compare', `${REF}/h200-modes_a.json`])).toBe(2);
    expect(err).toMatch(/at least two result files/);
  });

  it('advise: recommendation, hazards, and costs labelled with their source (H200 reference here)', async () => {
    const results = mkdtempSync(path.join(tmpdir(), 'syncbench-cli-'));
    expect(
      await main([
        'advise',
        '--answers',
        'docs/examples/advise/grid-sync-normal-launch.json',
        '--format',
        'json',
        '--results',
        results,
      ]),
    ).toBe(0);
    const advice = JSON.parse(out) as {
      recommendation: string;
      hazards: { id: string }[];
      migrated: string[];
    };
    expect(advice.hazards.map((h) => h.id)).toContain('grid-sync-no-coop');
    expect(advice.migrated).toEqual([]);
    expect(['grid-sync', 'kernel-boundary']).toContain(advice.recommendation);
    expect(JSON.stringify(advice)).toMatch(/reference/);
  });

  it('advise: a missing answers file or a folder is said in words, with what is expected (exit 2)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-cli-'));
    const missing = path.join(dir, 'nope.json');
    expect(await main(['advise', '--answers', missing])).toBe(2);
    expect(err).toContain(
      `syncbench advise: --answers ${missing}: the file does not exist; give an answers file`,
    );
    expect(err).toContain('question id -> answer id');
    expect(err).not.toMatch(/ENOENT|EISDIR/);
    expect(await main(['advise', '--answers', dir])).toBe(2);
    expect(err).toContain(`--answers ${dir}: is a folder, not a regular file; give an answers file`);
  });

  it('advise: unknown answers are refused with the allowed ones (exit 2)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-cli-'));
    const file = path.join(dir, 'a.json');
    writeFileSync(file, JSON.stringify({ where: 'on-the-moon' }));
    expect(await main(['advise', '--answers', file])).toBe(2);
    expect(err).toMatch(/on-the-moon/);
    expect(err).toMatch(/same-warp/);
  });

  it('advise: contradictory answers are refused, naming the pair (exit 2)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-cli-'));
    const file = path.join(dir, 'contradictory.json');
    const tile = JSON.parse(readFileSync('docs/examples/advise/warps-share-tile.json', 'utf8')) as object;
    writeFileSync(file, JSON.stringify({ ...tile, current: ['syncthreads', 'nothing'] }));
    expect(await main(['advise', '--answers', file])).toBe(2);
    expect(err).toContain('syncbench advise: contradictory answers:');
    expect(err).toContain('current: "syncthreads" and "nothing" exclude each other');
    expect(out).toBe('');
  });
});
