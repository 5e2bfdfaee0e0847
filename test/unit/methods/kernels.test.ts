import { describe, expect, it } from 'vitest';

import { defaultDeltaIters } from '../../../electron/model/modes/points';
import { MODE_METHODS } from '../../../electron/model/methods/kernels';
import type { KernelMethod } from '../../../electron/model/methods/types';
import { MODES } from '../../../electron/model/modes';
import { parseParams } from '../../../electron/model/modes/params';
import type { ModeDefinition, PlannedPoint } from '../../../electron/model/modes/types';
import { allReferences, h200Context } from './reference';

async function plan(mode: ModeDefinition, raw: Record<string, unknown> = {}): Promise<PlannedPoint[]> {
  const known = new Set(mode.info.params.map((p) => p.name));
  const given = Object.fromEntries(Object.entries(raw).filter(([k]) => known.has(k)));
  return mode.plan(parseParams(mode.info.params, given), h200Context());
}

function factFor(modeId: string, workload: string): KernelMethod {
  const fact = MODE_METHODS[modeId]?.kernels.find((k) => k.workload === workload);
  if (!fact) throw new Error(`no method fact for ${modeId}/${workload}`);
  return fact;
}

describe('MODE_METHODS against the modes’ plans', () => {
  it('describes exactly the app’s modes', () => {
    expect(Object.keys(MODE_METHODS).sort()).toEqual(MODES.map((m) => m.info.id).sort());
  });

  for (const mode of MODES) {
    it(`${mode.info.id}: every planned point matches its kernel’s facts, and every fact is planned`, async () => {
      const points = await plan(mode);
      expect(points.length).toBeGreaterThan(0);
      const iters = mode.info.params.find((p) => p.name === 'iters')?.default;
      for (const { spec, cooperative } of points) {
        const fact = factFor(mode.info.id, spec.workload);
        const where = `${mode.info.id}/${spec.workload}[${spec.param}]`;
        if (fact.param !== null) expect(spec.param, where).toBe(fact.param);
        expect(spec.unitsPerIter, where).toBe(fact.unitsPerIter);
        expect(spec.baseline, where).toEqual(
          fact.baseline && {
            workload: fact.baseline.workload,
            param: fact.baseline.param === 'same' ? spec.param : fact.baseline.param,
          },
        );
        expect(spec.itersLo, where).toBe(fact.itersLo === 'iters' ? iters : fact.itersLo);
        expect(spec.itersHi - spec.itersLo, where).toBe(defaultDeltaIters(spec.workload));
        expect(cooperative, where).toBe(fact.cooperative);
      }
      const planned = new Set(points.map((p) => p.spec.workload));
      expect([...planned].sort()).toEqual(MODE_METHODS[mode.info.id]!.kernels.map((k) => k.workload).sort());
    });

    it(`${mode.info.id}: deltaIters replaces Δ except where the facts say it is fixed`, async () => {
      const points = await plan(mode, { deltaIters: 1000 });
      for (const { spec } of points) {
        const fact = factFor(mode.info.id, spec.workload);
        expect(spec.itersHi - spec.itersLo, spec.workload).toBe(
          fact.fixedDelta ? defaultDeltaIters(spec.workload) : 1000,
        );
      }
    });
  }
});

describe('MODE_METHODS against the H200 results', () => {
  for (const [name, result] of allReferences().filter(([, r]) => r.source.kind === 'measured')) {
    it(`${name}: timer, cycles, verification and counts as each point was measured`, () => {
      // Points measured by an older harness (timing 'interleaved') keep that harness's baselines.
      for (const p of result.points.filter((x) => x.timing.body !== 'interleaved')) {
        const fact = factFor(result.plan.mode, p.workload);
        const where = `${name} #${p.index} ${p.workload}`;
        expect(p.hostTimed, where).toBe(fact.timer === 'host');
        expect(p.perSyncCycles !== null, where).toBe(fact.cycles);
        expect(p.verification !== null, where).toBe(fact.verified);
        expect(p.launch.cooperative, where).toBe(fact.cooperative);
        expect(p.iters.unitsPerIter, where).toBe(fact.unitsPerIter);
        expect(p.baseline?.workload ?? null, where).toBe(fact.baseline?.workload ?? null);
      }
    });
  }
});
