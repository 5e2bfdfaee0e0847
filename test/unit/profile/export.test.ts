/**
 * `syncbench export` of a profile (by id in the library, or by its file) as Markdown, CSV and JSON, built from the
 * committed H200 ncu fixtures; refusals of a format a profile has not and of an invalid profile file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import '../cli/capture';
import { err, out } from '../cli/capture';
import { main } from '../../../electron/cli/main';
import { formatProfile } from '../../../electron/core/format/profile';
import { ProfileStore } from '../../../electron/core/results/profile-store';
import { validateProfile } from '../../../electron/model/profile/schema';
import { fixtureProfile } from './fixtures';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-profile-export-'));
const results = path.join(dir, 'results');
const price = {
  workload: 'syncthreads',
  param: 0,
  perSyncNs: 20,
  label: 'block: 8 warps',
  sourceLabel: 'measured on NVIDIA H200 (result r1)',
  sourceKind: 'measured' as const,
  threadsPerBlock: null,
  gridBlocks: null,
};
const profile = fixtureProfile('block_reduce', [price]);

beforeAll(async () => {
  await new ProfileStore(results).save(profile);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('syncbench export of a profile', () => {
  it('by id: Markdown names every kernel, the lower bound caveat and the cost source', async () => {
    expect(await main(['export', profile.id, '--results', results, '--format', 'md'])).toBe(0);
    expect(out).toContain('# Profile: fixture');
    expect(out).toMatch(/## reduce_syncthreads[\s\S]*## reduce_shuffle/);
    expect(out).toContain('load imbalance before the barrier');
    expect(out).toContain('measured on NVIDIA H200 (result r1)');
  });

  it('CSV: one row per kernel and priced kind, the numbers of the profile', async () => {
    expect(await main(['export', profile.id, '--results', results, '--format', 'csv'])).toBe(0);
    const rows = parse(out, { columns: true }) as Record<string, string>[];
    const kernels = profile.kernels;
    expect(rows).toHaveLength(kernels.reduce((n, k) => n + Math.max(1, k.pricing.prices.length), 0));
    const first = kernels[0]!;
    const block = rows.find((r) => r.kernel === first.name && r.syncKind === 'blockBarrier')!;
    expect(Number(block.syncsCounted)).toBe(first.syncCounts!.blockBarrier.syncs);
    expect(Number(block.barrierStallPct)).toBeCloseTo(first.stalls.find((s) => s.reason === 'barrier')!.pct!);
    expect(Number(block.perSyncNs)).toBe(20);
    expect(block.costSourceKind).toBe('measured');
    expect(block.grid).toBe(`${first.grid.x}x${first.grid.y}x${first.grid.z}`);
  });

  it('JSON: the stored profile, valid, and the same from its file as from its id', async () => {
    expect(await main(['export', profile.id, '--results', results, '--format', 'json'])).toBe(0);
    expect(validateProfile(JSON.parse(out))).toEqual(profile);
    const file = new ProfileStore(results).fileOf(profile.id);
    const target = path.join(dir, 'p.csv');
    expect(await main(['export', file, '--out', target])).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(formatProfile(profile, 'csv'));
  });

  it('refuses a format a profile has not, and an invalid profile file, naming the field', async () => {
    expect(await main(['export', profile.id, '--results', results, '--format', 'html'])).toBe(2);
    expect(err).toMatch(/a profile exports as md, csv, json/);
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...profile, kernels: [{ name: 'k' }] }));
    expect(await main(['export', bad])).toBe(2);
    expect(err).toMatch(/bad\.json is not a valid profile file: kernels\.0\./);
  });

  it('an id that is neither a file nor a profile is still refused as a result file', async () => {
    expect(await main(['export', 'no-such-profile', '--results', results])).toBe(2);
    expect(err).toMatch(/no-such-profile/);
  });
});
