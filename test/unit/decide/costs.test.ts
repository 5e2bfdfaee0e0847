import { describe, expect, it } from 'vitest';

import { attachCosts, sourceLabel, type CostRow } from '../../../electron/core/decide/costs';
import { advise } from '../../../electron/core/decide/engine';
import { DecideError } from '../../../electron/core/decide/errors';
import { example, table } from './load';

const H200 = { kind: 'measured', where: 'NVIDIA H200 2026-05-01' } as const;
const REF = { kind: 'reference', where: 'chapter C-04, RTX 5090' } as const;

describe('attachCosts', () => {
  const phases = advise(table, example('phases-global-only'));

  it('attaches the cost of the recommendation and of each alternative, labelled by source', () => {
    const rows: CostRow[] = [
      { id: 'kernel-boundary', perSyncNs: 2500, label: 'boundary, 132 blocks', source: H200 },
      { id: 'grid-sync', perSyncNs: 1400, label: 'grid, 1 block/SM', source: REF },
    ];
    const { costs } = attachCosts(phases, rows);
    expect(costs.recommendation).toMatchObject({
      id: 'kernel-boundary',
      perSyncNs: 2500,
      sourceLabel: 'measured on NVIDIA H200 2026-05-01',
      missing: null,
    });
    expect(costs.recommendation?.measurement?.workload).toBe('boundary_launches');
    expect(costs.alternatives).toEqual([
      expect.objectContaining({
        id: 'grid-sync',
        perSyncNs: 1400,
        sourceLabel: 'reference dataset, not this GPU (chapter C-04, RTX 5090)',
      }),
    ]);
  });

  it('prefers a measured row over a reference row, whatever the order', () => {
    const rows: CostRow[] = [
      { id: 'kernel-boundary', perSyncNs: 9, label: 'reference', source: REF },
      { id: 'kernel-boundary', perSyncNs: 7, label: 'measured', source: H200 },
    ];
    expect(attachCosts(phases, rows).costs.recommendation?.perSyncNs).toBe(7);
  });

  it('invents nothing: a choice without a row says what to run', () => {
    const { costs } = attachCosts(phases, []);
    expect(costs.recommendation?.perSyncNs).toBeNull();
    expect(costs.recommendation?.missing).toBe(
      'not measured yet: run mode kernel_boundary, workload boundary_launches',
    );
    expect(costs.alternatives[0]?.missing).toBe('not measured yet: run mode grid, workload grid_sync');
  });

  it('says why an unmeasurable recommendation has no number', () => {
    const { costs } = attachCosts(advise(table, example('shfl-full-mask-half-warp')), []);
    expect(costs.recommendation?.measurement).toBeNull();
    expect(costs.recommendation?.missing).toMatch(/No workload times a shuffle/);
  });

  it('matches release-acquire rows by the workload of the atomic scope', () => {
    const counter = advise(table, example('counter-block-scope-atomic'));
    const rows: CostRow[] = [
      { id: 'release-acquire', perSyncNs: 300, label: 'warps', workload: 'handoff_warps', source: H200 },
      { id: 'release-acquire', perSyncNs: 900, label: 'blocks', workload: 'handoff_blocks', source: H200 },
    ];
    expect(attachCosts(counter, rows).costs.recommendation).toMatchObject({
      perSyncNs: 900,
      label: 'blocks',
    });
    expect(attachCosts(counter, rows.slice(0, 1)).costs.recommendation?.perSyncNs).toBeNull();
  });

  it('rejects malformed rows, naming the row and field', () => {
    const bad = [{ id: 'kernel-boundary', perSyncNs: -1, label: 'x', source: H200 }];
    expect(() => attachCosts(phases, bad)).toThrow(DecideError);
    expect(() => attachCosts(phases, bad)).toThrow(/\[0 "kernel-boundary"\]\.perSyncNs/);
    const unknown = [{ id: 'barrier', perSyncNs: 1, label: 'x', source: H200 }];
    expect(() => attachCosts(phases, unknown)).toThrow(/\[0 "barrier"\]\.id/);
  });

  it('labels published numbers as not from this GPU', () => {
    expect(sourceLabel({ kind: 'published', where: 'Zhang et al., IPDPS 2020' })).toBe(
      'published, not this GPU (Zhang et al., IPDPS 2020)',
    );
  });
});
