import { describe, expect, it } from 'vitest';

import type { Advice } from '../../../electron/core/decide/types';
import { costRowsFromLibrary } from '../../../electron/core/service/advice-costs';
import { MemoryLibrary, makePoint, makeResult } from './doubles';

const advice = {
  recommendation: 'syncthreads',
  measurement: { mode: 'sweep', workload: 'block_sync', param: 2, unit: 'one __syncthreads()' },
  alternatives: [
    {
      id: 'grid-sync',
      measurement: { mode: 'grid', workload: 'grid_sync', param: null, unit: 'one grid.sync()' },
    },
    { id: 'kernel-boundary', measurement: null },
  ],
} as unknown as Advice;

class Lib extends MemoryLibrary {
  kinds = new Map<string, { reference: boolean; sourceKind: 'measured' | 'published' }>();
  override summary(r: Parameters<MemoryLibrary['summary']>[0]) {
    return { ...super.summary(r), deviceName: 'NVIDIA H200', ...this.kinds.get(r.id) };
  }
}

describe('costRowsFromLibrary', () => {
  it('prices each choice from a matching point: a measurement on this machine over a reference dataset', async () => {
    const lib = new Lib();
    const ref = lib.add(
      makeResult([makePoint(0), makePoint(1)], {
        name: 'H200 reference',
        createdAt: '2030-01-01T00:00:00.000Z',
      }),
    );
    lib.kinds.set(ref.id, { reference: true, sourceKind: 'measured' });
    lib.add(makeResult([makePoint(0), makePoint(1)], { createdAt: '2024-05-01T00:00:00.000Z' }));
    const rows = await costRowsFromLibrary(advice, lib);
    expect(rows).toEqual([
      {
        id: 'syncthreads',
        perSyncNs: 11,
        label: 'block, 2 warps',
        workload: 'block_sync',
        source: { kind: 'measured', where: 'NVIDIA H200 2024-05-01' },
      },
    ]);
  });

  it('falls back to a reference dataset, labelled by its name, and invents nothing', async () => {
    const lib = new Lib();
    const ref = lib.add(makeResult([makePoint(1)], { name: 'H200 reference' }));
    lib.kinds.set(ref.id, { reference: true, sourceKind: 'measured' });
    const rows = await costRowsFromLibrary(advice, lib);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toEqual({ kind: 'reference', where: 'H200 reference' });
    expect(await costRowsFromLibrary(advice, new Lib())).toEqual([]);
  });

  it('skips points marked incorrect and results of other modes', async () => {
    const lib = new Lib();
    lib.add(makeResult([{ ...makePoint(1), incorrect: true }]));
    lib.add(makeResult([makePoint(1)], { plan: { ...makeResult([]).plan, mode: 'modes' } }));
    expect(await costRowsFromLibrary(advice, lib)).toEqual([]);
  });
});
