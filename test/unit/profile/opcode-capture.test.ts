/**
 * The opcode page as ncu exports it on its own (test/fixtures/ncu/h200-2026-12-02b/, the command `syncbench profile`
 * runs: docs/profile.md#speed) against the same column in the first capture's full export with every metric's
 * instances. Measured on the H200: the kernels without a waiting loop give the same mix in both captures; in the
 * kernels that poll (a flag, an mbarrier try_wait, grid.sync()'s arrival count) the polls vary from run to run
 * (phases_coop: 140,597 then 129,125 polling loads), while their barriers, fences, arrives and atomics do not.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { readNcuText } from '../../../electron/model/profile/ncu-rows';
import { OpcodePageReader } from '../../../electron/model/profile/opcode-page';
import { page } from './fixtures';

const SECOND = path.resolve(__dirname, '../../fixtures/ncu/h200-2026-12-02b/exports');
const examples = readdirSync(SECOND)
  .filter((f) => f.endsWith('.opcodes.csv'))
  .map((f) => f.replace('.opcodes.csv', ''));

/** The examples whose kernels wait in a loop (docs/profile.md#instruction-counts). */
const POLLING = new Set(['async_barrier', 'flag_handoff_fenced', 'flag_handoff_racy', 'phases_coop']);
/** Opcodes that run a fixed number of times even in those kernels: barriers, fences, arrives, atomics. */
const NOT_POLLED = /^(BAR|MEMBAR|ERRBAR|CGAERRBAR|WARPSYNC|SYNCS\.ARRIVE|SYNCS\.EXCH|ATOM|RED)/;

const mixesOf = (text: string) => readNcuText(text, new OpcodePageReader()).mixes();

describe('the opcode page ncu exports on its own', () => {
  it('exists for every example of the second capture', () => {
    expect(examples).toEqual(expect.arrayContaining(['block_reduce', 'phases_kernels', 'cluster_sync']));
  });

  it.each(examples)('%s: the same opcodes, and the same counts of all but the polls', (name) => {
    const own = mixesOf(readFileSync(path.join(SECOND, `${name}.opcodes.csv`), 'utf8'));
    const full = mixesOf(page(name, 'raw_instances'));
    expect(own.size).toBeGreaterThan(0);
    expect([...own.keys()]).toEqual([...full.keys()]);
    for (const [launch, mix] of own) {
      const first = full.get(launch)!;
      expect([...mix.keys()].sort()).toEqual([...first.keys()].sort());
      const counted = (m: Map<string, number>) =>
        Object.fromEntries([...m].filter(([op]) => (POLLING.has(name) ? NOT_POLLED.test(op) : true)));
      expect(counted(mix)).toEqual(counted(first));
    }
  });

  it('block_reduce: 64 rounds of 11 barriers per warp (10 halving steps and one before the block total)', () => {
    const own = mixesOf(readFileSync(path.join(SECOND, 'block_reduce.opcodes.csv'), 'utf8'));
    const warps = 264 * (1024 / 32);
    expect(own.get(0)?.get('BAR.SYNC.DEFER_BLOCKING')).toBe(warps * 64 * 11);
  });
});
