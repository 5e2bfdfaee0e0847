import { describe, expect, it } from 'vitest';

import { attachCosts, sourceLabel, type CostRow } from '../../../electron/model/decide/costs';
import { advise } from '../../../electron/model/decide/engine';
import { DecideError } from '../../../electron/model/decide/errors';
import { conversionText } from '../../../electron/model/decide/price-text';
import { parseDecisionTable } from '../../../electron/model/decide/table-schema';
import { conversionOf } from '../../../electron/model/decide/work-units';
import { example, rawTable, table } from './load';

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
      sourceLabel: 'measured on this machine: NVIDIA H200 2026-05-01',
      missing: null,
    });
    expect(costs.recommendation?.measurement?.workload).toBe('boundary_launches');
    expect(costs.alternatives).toEqual([
      expect.objectContaining({
        id: 'grid-sync',
        perSyncNs: 1400,
        sourceLabel: 'reference dataset, not this GPU: chapter C-04, RTX 5090',
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
    // Per phase, the grid.sync() alternative is priced by a grid.sync() phase of the kernel_boundary mode.
    expect(costs.alternatives[0]?.missing).toBe(
      'not measured yet: run mode kernel_boundary, workload boundary_grid_sync',
    );
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
      'published, not this GPU: Zhang et al., IPDPS 2020',
    );
  });

  it('converts every priced option of the table to the unit of work, and says how', () => {
    const workloads = table.recommendations.flatMap((r) => r.measure.map((m) => m.workload));
    expect(workloads.length).toBeGreaterThan(15);
    for (const workload of workloads) {
      const { factor, basis } = conversionOf(workload);
      expect(factor, workload).toBe(basis === 'half-round-trip' ? 0.5 : 1);
    }
    // A flag round trip is two one-way hand-offs: half of one per hand-off, its interval likewise.
    const counter = advise(table, example('counter-block-scope-atomic'));
    const row: CostRow = {
      id: 'release-acquire',
      perSyncNs: 900,
      ciLowNs: 880,
      ciHighNs: 930,
      label: 'blocks',
      workload: 'handoff_blocks',
      source: H200,
    };
    const { costs } = attachCosts(counter, [row]);
    expect(costs.unit).toBe('hand-off');
    expect(costs.recommendation?.perWork).toEqual({
      unit: 'hand-off',
      ns: 450,
      ciLowNs: 440,
      ciHighNs: 465,
      factor: 0.5,
      basis: 'half-round-trip',
    });
    expect(conversionText(costs.recommendation!.perWork!, costs.recommendation!.measurement!.unit)).toBe(
      'per hand-off = ½ × one flag round trip between two blocks (release/acquire) (a round trip is two one-way hand-offs)',
    );
    // A phase boundary: every option per phase, a missing interval said as none.
    const { costs: phased } = attachCosts(phases, [
      { id: 'kernel-boundary', perSyncNs: 3522, label: 'launches', source: H200 },
    ]);
    expect(phased.unit).toBe('phase');
    expect(phased.recommendation?.perWork).toMatchObject({
      ns: 3522,
      ciLowNs: null,
      basis: 'once-with-work',
    });
  });

  it('refuses a table whose measurement has no conversion, naming the field', () => {
    const broken = rawTable();
    const syncthreads = broken.recommendations.find((r) => r.id === 'syncthreads') as unknown as {
      measure: { workload: string }[];
    };
    syncthreads.measure[0]!.workload = 'mystery';
    expect(() => parseDecisionTable(broken)).toThrow(DecideError);
    try {
      parseDecisionTable(broken);
    } catch (err) {
      expect((err as DecideError).issues.join('\n')).toMatch(
        /measure\[0\]\.workload: "mystery" has no conversion/,
      );
    }
    expect(() => conversionOf('mystery')).toThrow('workload "mystery" has no conversion');
  });

  it('refuses a {figure:…} that names no figure', () => {
    const broken = structuredClone(table);
    broken.hazards[0]!.explanation += ' {figure:nope}';
    expect(() => parseDecisionTable(broken)).toThrow(
      /explanation: \{figure:nope\} names no figure \(known: phases, gridBlock\)/,
    );
  });
});
