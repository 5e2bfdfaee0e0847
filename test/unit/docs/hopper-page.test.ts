import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { startMeasuredRun } from '../../../electron/core/measure/run';
import type { NativePointResult, NativePointSpec } from '../../../electron/model/native/addon-types';
import {
  agreementRows,
  clusterSurprise,
  hopperPage,
  loadReferenceRuns,
  namedSurprise,
  tmaSurprise,
} from '../../../scripts/hopper-page';
import { fakeBackend, syntheticPointResult } from '../helpers/fake-backend';

/** A result of `mode` from the fake backend (synthetic costs, for the generator's arithmetic only; never shown). */
async function resultOf(
  mode: string,
  params: Record<string, string>,
  ns: (s: NativePointSpec) => number,
  extra: (s: NativePointSpec) => Partial<NativePointResult> = () => ({}),
) {
  const backend = fakeBackend({
    result: (spec) => syntheticPointResult(ns(spec), 12, { verified: 10, ...extra(spec) }),
  });
  const run = await startMeasuredRun({ mode, params }, backend);
  return (await run.done).result;
}

const payloadOf = (s: NativePointSpec) => (s.param & 0x1fff) * 16;

describe('docs/results/hopper-H200.md', () => {
  it('is exactly what scripts/hopper-page.ts makes from the committed result files', () => {
    expect(readFileSync('docs/results/hopper-H200.md', 'utf8')).toBe(hopperPage(loadReferenceRuns()));
  });
});

describe('scripts/hopper-page.ts: what surprised us, chosen by the numbers', () => {
  const cluster = (oneway: number, only: number) =>
    resultOf(
      'cluster_arrive',
      { clusterSizes: '2,16' },
      (s) =>
        ({
          cluster_arrive_ring: 460,
          cluster_arrive_oneway: oneway,
          cluster_arrive_only: only,
          cluster_sync_ring: 225,
        })[s.workload]!,
    );

  it('says the reply explains the round trip when one way is half of it, and compares it with cluster.sync', async () => {
    const result = await cluster(230, 225);
    const ratio = (name: string) => result.ratios.find((r) => r.name === name)?.value;
    expect(ratio('remote arrive one way/cluster.sync, cluster of 16')).toBeCloseTo(230 / 225, 2);
    expect(ratio('remote arrive round trip/one way, cluster of 2')).toBeCloseTo(460 / 230, 2);
    expect(ratio('remote arrive alone/one way with store, cluster of 2')).toBeCloseTo(225 / 230, 2);
    const text = clusterSurprise(result);
    expect(text).toMatch(/the round trip is 2\.0\d×–2\.0\d× the one-way hand-off, about the 2×/);
    expect(text).toMatch(
      /One way against cluster\.sync\(\): 1\.0\d×–1\.0\d×: a one-way remote arrive costs no more/,
    );
    expect(text).toMatch(/the store and its check add [\d.]+ to [\d.]+ ns .*under 10 %/);
  });

  it('says the reply does not explain it when one way is not half the round trip', async () => {
    const text = clusterSurprise(await cluster(400, 150));
    expect(text).toMatch(/not the 2× that two one-way latencies per round would give/);
    expect(text).toMatch(/still costs more than the cluster barrier/);
    expect(text).not.toMatch(/under 10 %/);
  });

  it('says the split is not measured for a file without one-way points', async () => {
    const old = await resultOf('cluster_arrive', { clusterSizes: '2' }, () => 100);
    old.points = old.points.filter((p) => ['cluster_arrive_ring', 'cluster_sync_ring'].includes(p.workload));
    expect(clusterSurprise(old)).toMatch(/no one-way points .* not measured here/);
  });

  const pipeline = (copyCycles: (s: NativePointSpec) => number | undefined, spin0 = 268, diagNs = 2298) =>
    resultOf(
      'pipeline',
      { stages: '2' },
      (s) => {
        const p = payloadOf(s);
        if (s.workload === 'copy_ldst') return p === 0 ? 1 : 300 + p / 16;
        if (s.workload === 'copy_tma') return p === 0 ? 1 : 280;
        // The backend returns hand-off rows already net of their baseline (the native runner subtracts it).
        if (s.workload === 'pipe_tma') return p === 0 ? 270 : 60;
        if (s.workload === 'pipe_tma_spin') return p === 0 ? spin0 : 60;
        if (s.workload === 'pipe_named') return p === 32768 ? -50 : 80;
        // The diagnostic's whole stage: by default the pipeline's (2348 − 50 ns at 32 KiB), so not perturbed.
        if (s.workload === 'pipe_named_copytime') return p === 32768 ? diagNs : 400;
        return 400;
      },
      (s) => {
        const c = copyCycles(s);
        return c === undefined ? {} : { perUnitCycles: Array.from({ length: 12 }, () => c) };
      },
    );

  it('explains the 0-B TMA row from the code and prices the 16-B bulk copy from the points', async () => {
    const text = tmaSurprise(await pipeline(() => undefined));
    expect(text).toMatch(/At 0 B the TMA variant issues no bulk copy/);
    // Whole 16-B stage = hand-off (60) + copies alone (280) = 340; over the 0-B hand-off (270): +70 ns.
    expect(text).toMatch(
      /a stage takes (339|340)\.\d ns, of which the bulk copies alone take (279|280)\.\d ns/,
    );
    expect(text).toMatch(
      /adds (69|70)\.\d ns .*the mbarrier hand-off, not the TMA unit’s completion, is most/,
    );
    expect(text).toMatch(/costs 26\d\.\d ns: about the same \(within 5 %\), so try_wait’s suspension is not/);
    const spin = tmaSurprise(await pipeline(() => undefined, 120));
    expect(spin).toMatch(/costs 1(19|20)\.\d ns: 1(49|50)\.\d ns of the 269\.\d ns are try_wait’s suspend/);
  });

  it('reads the producer-copy diagnostic against the copies alone, in both directions', async () => {
    // Copies alone at 32 KiB: (300 + 2048) ns × 1.98 ≈ 4649 cycles.
    const faster = namedSurprise(
      await pipeline((s) => (s.workload === 'pipe_named_copytime' ? 4400 : undefined)),
    );
    expect(faster).toMatch(/Named barriers below zero at 32768 B/);
    expect(faster).toMatch(
      /4400 cycles per stage inside the pipeline against 46\d\d cycles alone \(0\.9\d×\)/,
    );
    expect(faster).toMatch(/the copies themselves are \d+\.\d cycles \(\d+\.\d ns\) faster/);
    expect(faster).not.toMatch(/instrumented/);
    // A diagnostic whose stages take 2600 ns against the pipeline's 2298: its copy time is not compared.
    const perturbed = namedSurprise(
      await pipeline((s) => (s.workload === 'pipe_named_copytime' ? 4400 : undefined), 268, 2600),
    );
    expect(perturbed).toMatch(
      /diagnostic’s own stages take 2(59\d|600) ns against 229\d(\.\d)? ns .*\(1\.1\d×\)/,
    );
    expect(perturbed).toMatch(
      /4400 cycles per stage against 46\d\d cycles alone, a figure of the instrumented loop only/,
    );
    expect(perturbed).not.toMatch(/faster inside the pipeline/);
    const same = namedSurprise(
      await pipeline((s) => (s.workload === 'pipe_named_copytime' ? 4650 : undefined)),
    );
    expect(same).toMatch(/take the same time inside the pipeline \(within 2 %\)/);
  });

  it('sets the copies with resident warps against the baseline and the pipeline, in both directions', async () => {
    // Copies alone at 32 KiB ≈ 4649 cycles; the pipeline's whole stage ≈ 4649 − 99 (the −50 ns hand-off) ≈ 4550.
    const resident = (c: number) =>
      pipeline((s) => (s.workload === 'copy_ldst_resident' ? c : undefined)).then(namedSurprise);
    const slower = await resident(4500);
    expect(slower).toMatch(
      /resident .* take 4500 cycles per stage at 2 stages, against 46\d\d with them exited/,
    );
    expect(slower).toMatch(
      /The exited warps slow the baseline's copies: .* hand-off is \d+\.?\d* cycles per stage, no longer below zero/,
    );
    const same = await resident(4640);
    expect(same).toMatch(
      /does not change the copies \(within 2 %\), so it does not explain the negative hand-off/,
    );
    const old = await pipeline(() => undefined);
    old.points = old.points.filter((p) => p.workload !== 'copy_ldst_resident');
    expect(namedSurprise(old)).toMatch(/no copies with the consumer warps resident .* not measured here/);
  });

  it('counts the rows of two runs within 2 %, and the differences of two loops against their gross cost', async () => {
    const a = await resultOf('cluster_arrive', { clusterSizes: '2' }, () => 100);
    const b = await resultOf('cluster_arrive', { clusterSizes: '2' }, (s) =>
      s.workload === 'cluster_sync_ring' ? 110 : 100.5,
    );
    const rows = agreementRows(a, b);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.relDiff! <= 0.02)).toHaveLength(3);
    expect(rows.find((r) => r.label.startsWith('cluster.sync'))!.relDiff).toBeCloseTo(10 / 105, 3);
    const page = hopperPage({
      cluster_arrive: { a: { file: 'a.json', result: a }, b: { file: 'b.json', result: b } },
    });
    expect(page).toMatch(/3 of 4 rows agree within 2 % \(`a\.json` vs `b\.json`\)/);
    expect(page).toMatch(/cluster_arrive: 1 row differs by more than 2 %: cluster\.sync\(\)/);
    expect(page).toMatch(/\| remote arrive, one way +\| 1\.00× +\|/);
  });
});
