/**
 * "What surprised us, and the measurement that explains it" on the H200 results page (hopper-page.ts): each
 * sentence is chosen by the measured numbers it quotes, so regenerating the page from new runs cannot leave a stale
 * conclusion behind.
 */
import { RING_SLOTS } from '../electron/model/modes/cluster-arrive';
import { COPYTIME_SERIES } from '../electron/model/modes/pipeline';
import type { ResultFile } from '../electron/model/results/schema';

import {
  AGREEMENT_TARGET,
  agreementRows,
  cyc,
  fmt,
  med,
  over,
  pct,
  pipeAt,
  stagesOf,
  times,
  type HopperRuns,
} from './hopper-numbers';

/** The cluster hand-off: remote arrive round trip against cluster.sync(), explained by the one-way rings. */
export function clusterSurprise(r: ResultFile): string {
  const sizes = [...new Set(r.points.map((p) => p.x ?? 0))].sort((a, b) => a - b);
  const at = (w: string, x: number) => med(r.points.find((p) => p.workload === w && p.x === x));
  const span = (w: string) => {
    const v = sizes.map((s) => at(w, s)).filter((x): x is number => x !== undefined);
    return v.length ? [Math.min(...v), Math.max(...v)] : undefined;
  };
  const range = (v: number[] | undefined) => (v ? `${fmt(v[0])}–${fmt(v[1])} ns` : '—');
  const trip = span('cluster_arrive_ring');
  const sync = span('cluster_sync_ring');
  if (!trip || !sync) return 'The file holds no round-trip or no cluster.sync() point: nothing to compare.\n';
  const tripOverSync = sizes.map((s) => over(at('cluster_arrive_ring', s), at('cluster_sync_ring', s)));
  const dearer = tripOverSync.every((v) => v !== undefined && v > 1);
  const lines = [
    `**Remote arrive against cluster.sync().** The round-trip hand-off costs ${range(trip)} and cluster.sync() ` +
      `${range(sync)} per hand-off (${sizes.join(', ')} blocks per cluster)` +
      (dearer
        ? ': the remote arrive, which only neighbours wait for, is the dearer hand-off. '
        : '; the remote arrive is not dearer at every size. ') +
      'In the round trip the sender waits for the receiver’s reply (an arrive back on its empty barrier) before ' +
      'its next store, so one round holds two one-way arrive latencies (kernels/cluster_arrive.cu).',
  ];
  const oneway = span('cluster_arrive_oneway');
  if (!oneway) {
    lines.push(
      'This file has no one-way points (it was measured before `cluster_arrive_oneway` existed), so the split ' +
        'into one-way latencies is not measured here.',
    );
    return `${lines.join(' ')}\n`;
  }
  const tripOverOne = sizes.map((s) => over(at('cluster_arrive_ring', s), at('cluster_arrive_oneway', s)));
  const oneOverSync = sizes.map((s) => over(at('cluster_arrive_oneway', s), at('cluster_sync_ring', s)));
  const known = (v: Array<number | undefined>) => v.filter((x): x is number => x !== undefined);
  const lo = (v: Array<number | undefined>) => Math.min(...known(v));
  const hi = (v: Array<number | undefined>) => Math.max(...known(v));
  const twice = known(tripOverOne).every((v) => v >= 1.7 && v <= 2.3);
  lines.push(
    `With ${RING_SLOTS} slots, where the reply is awaited only when a slot is reused, one hand-off costs ${range(oneway)}: ` +
      `the round trip is ${times(lo(tripOverOne))}–${times(hi(tripOverOne))} the one-way hand-off` +
      (twice
        ? ', about the 2× that two one-way latencies per round give, so the reply explains the difference.'
        : ', not the 2× that two one-way latencies per round would give, so the reply does not explain all of it.'),
  );
  const cheaper = known(oneOverSync).every((v) => v <= 1.05);
  const near = known(oneOverSync).every((v) => v <= 1.15);
  lines.push(
    `One way against cluster.sync(): ${times(lo(oneOverSync))}–${times(hi(oneOverSync))}` +
      (cheaper
        ? ': a one-way remote arrive costs no more than the cluster barrier.'
        : near
          ? ': a one-way remote arrive costs about as much as the cluster barrier (within 15 %).'
          : ': a one-way remote arrive still costs more than the cluster barrier.'),
  );
  const alone = sizes.map((s) => at('cluster_arrive_only', s));
  if (known(alone).length) {
    const store = sizes.map((s, i) => {
      const o = at('cluster_arrive_oneway', s);
      return o !== undefined && alone[i] !== undefined ? o - alone[i] : undefined;
    });
    lines.push(
      `The arrive alone, without the DSMEM store and read, costs ${range(span('cluster_arrive_only'))}, so the ` +
        `store and its check add ${fmt(lo(store))} to ${fmt(hi(store))} ns to a one-way hand-off` +
        (known(store).every((v) => Math.abs(v) < 0.1 * lo(alone))
          ? ' (under 10 % of the arrive alone: the arrive’s latency is the hand-off).'
          : '.'),
    );
  }
  return `${lines.join(' ')}\n`;
}

/** The pipeline's TMA hand-off at 0 B against 4 KiB, explained by the 16-B bulk copy and the code at 0 B. */
export function tmaSurprise(r: ResultFile): string {
  const stages = [...new Set(r.points.map(stagesOf).filter((s): s is string => !!s))];
  const s = stages[0];
  if (!s) return 'The file holds no pipeline stage points.\n';
  const tma = 'TMA + mbarrier (expect_tx)';
  const h0 = med(pipeAt(r, tma, s, 0));
  const h4 = med(pipeAt(r, tma, s, 4096));
  const c4 = med(pipeAt(r, 'copies alone: TMA bulk copy', s, 4096));
  if (h0 === undefined) return 'The file holds no 0-B TMA point.\n';
  const lines = [
    `**The TMA hand-off at 0 B against 4 KiB** (${s} stages). At 0 B the TMA variant issues no bulk copy: its ` +
      'producer thread does a plain `mbarrier.arrive` on the full barrier (kernels/pipeline.cu), so its ' +
      `${fmt(h0)} ns per stage is the mbarrier full/empty hand-off alone, not the TMA unit.`,
  ];
  if (h4 !== undefined && c4 !== undefined) {
    lines.push(
      `At 4 KiB the hand-off row (${fmt(h4)} ns) is the pipeline minus the same bulk copies alone ` +
        `(${fmt(c4)} ns per stage), so the whole stage is ${fmt(h4 + c4)} ns` +
        (c4 >= h0
          ? `; the copies alone take at least as long as the whole 0-B hand-off, so the hand-off runs while the ` +
            `copy is in flight and only ${fmt(h4)} ns of it show.`
          : '; the copies alone are shorter than the 0-B hand-off, so overlap alone does not explain the small row.'),
    );
  }
  const spin0 = med(pipeAt(r, 'TMA + mbarrier, test_wait spin', s, 0));
  if (spin0 === undefined) {
    lines.push(
      'This file has no test_wait points, so try_wait’s share of the hand-off is not measured here.',
    );
  } else {
    const saved = h0 - spin0;
    lines.push(
      `With every wait polling \`mbarrier.test_wait\` instead of \`try_wait\` the same 0-B hand-off costs ` +
        `${fmt(spin0)} ns` +
        (saved > 0.05 * h0
          ? `: ${fmt(saved)} ns of the ${fmt(h0)} ns are try_wait’s suspend and wake-up.`
          : saved < -0.05 * h0
            ? ': polling is dearer, so try_wait’s suspension is not what makes the hand-off cost.'
            : ': about the same (within 5 %), so try_wait’s suspension is not what makes the hand-off cost.'),
    );
  }
  const h16 = med(pipeAt(r, tma, s, 16));
  const c16 = med(pipeAt(r, 'copies alone: TMA bulk copy', s, 16));
  if (h16 === undefined || c16 === undefined) {
    lines.push('This file has no 16-B points, so the smallest bulk copy’s share is not measured here.');
  } else {
    const whole16 = h16 + c16;
    lines.push(
      `With the smallest bulk copy (16 B) a stage takes ${fmt(whole16)} ns, of which the bulk copies alone take ` +
        `${fmt(c16)} ns per stage: the 16-B copy adds ${fmt(whole16 - h0)} ns to a stage over the mbarrier ` +
        `hand-off alone (${fmt(h0)} ns)` +
        (whole16 - h0 > 0.5 * h0
          ? ', so the TMA unit’s completion is a large share of a small stage.'
          : ', so the mbarrier hand-off, not the TMA unit’s completion, is most of a small stage.'),
    );
  }
  return `${lines.join(' ')}\n`;
}

/** The named-barrier hand-off below zero at the largest payload, set against the producer's own copy time. */
export function namedSurprise(r: ResultFile): string {
  const stages = [...new Set(r.points.map(stagesOf).filter((s): s is string => !!s))];
  const xs = [...new Set(r.points.map((p) => p.x ?? 0))].sort((a, b) => a - b);
  const x = xs[xs.length - 1]!;
  const negative = stages.filter((s) => (med(pipeAt(r, 'named barriers', s, x)) ?? 0) < 0);
  const parts: string[] = [];
  if (!negative.length) {
    parts.push(
      `**Named barriers at ${x} B.** The named-barrier hand-off is not negative at the largest payload in this ` +
        'run, so there is nothing to explain here.',
    );
  } else {
    parts.push(
      `**Named barriers below zero at ${x} B.** The named-barrier hand-off is ` +
        negative.map((s) => `${fmt(med(pipeAt(r, 'named barriers', s, x)))} ns at ${s} stages`).join(', ') +
        ': the pipeline finishes sooner than the same ld/st copies alone.',
    );
  }
  const diag = COPYTIME_SERIES;
  const rows = stages
    .map((s) => {
      const inside = cyc(pipeAt(r, diag, s, x));
      const alonePoint = pipeAt(r, 'copies alone: ld/st', s, x);
      const alone = cyc(alonePoint);
      const mhz = alonePoint?.clock.conversionMHz ?? undefined;
      return { s, inside, alone, mhz };
    })
    .filter((v) => v.inside !== undefined && v.alone !== undefined);
  if (!rows.length) {
    parts.push(
      'This file has no producer-copy diagnostic (`pipe_named_copytime`), so why is not measured here.',
    );
    return `${parts.join(' ')}\n`;
  }
  for (const v of rows) {
    const perturbed = instrumented(r, v.s, x);
    if (perturbed) {
      parts.push(
        `${perturbed} Its copies take ${fmt(v.inside)} cycles per stage against ${fmt(v.alone)} cycles alone, a ` +
          'figure of the instrumented loop only.',
      );
      continue;
    }
    const faster = v.alone! - v.inside!;
    const ns = v.mhz ? (faster * 1000) / v.mhz : undefined;
    const rel = faster / v.alone!;
    parts.push(
      `At ${v.s} stages the producer warp’s own copies take ${fmt(v.inside)} cycles per stage inside the ` +
        `pipeline against ${fmt(v.alone)} cycles alone (${times(v.inside! / v.alone!)})` +
        (rel > AGREEMENT_TARGET
          ? `: the copies themselves are ${fmt(faster)} cycles${ns !== undefined ? ` (${fmt(ns)} ns)` : ''} faster ` +
            'inside the pipeline, which is where a negative hand-off comes from.'
          : rel < -AGREEMENT_TARGET
            ? ': the copies are slower inside the pipeline, so they do not explain a negative hand-off.'
            : ': the copies take the same time inside the pipeline (within 2 %), so they do not explain a ' +
              'negative hand-off.'),
    );
  }
  parts.push(residentWarps(r, stages, x));
  return `${parts.join(' ')}\n`;
}

/**
 * Whether the producer-copy diagnostic runs the pipeline it instruments: its whole stage (ns) against the
 * named-barrier pipeline's whole stage (hand-off + copies alone) at `stages` and payload `x`; a sentence when they
 * differ by more than 2 % (clock64() around each copy then changed the loop), else ''.
 */
function instrumented(r: ResultFile, stages: string, x: number): string {
  const diagNs = med(pipeAt(r, COPYTIME_SERIES, stages, x));
  const handoff = med(pipeAt(r, 'named barriers', stages, x));
  const alone = med(pipeAt(r, 'copies alone: ld/st', stages, x));
  if (diagNs === undefined || handoff === undefined || alone === undefined) return '';
  const whole = handoff + alone;
  if (Math.abs(diagNs - whole) / whole <= AGREEMENT_TARGET) return '';
  return (
    `At ${stages} stages the diagnostic’s own stages take ${fmt(diagNs)} ns against ${fmt(whole)} ns in the ` +
    `pipeline it instruments (${times(diagNs / whole)}): clock64() around each copy changes the loop, so the ` +
    'producer copy time it reads is not the uninstrumented pipeline’s.'
  );
}

/**
 * The ld/st copies alone with the consumer warps resident (copy_ldst_resident) against the same copies with them
 * exited (copy_ldst, the baseline) and against the named-barrier pipeline's whole stage, in cycles per stage at
 * payload `x`: whether the exited warps of the baseline are what puts the hand-off below zero.
 */
function residentWarps(r: ResultFile, stages: string[], x: number): string {
  const rows = stages
    .map((s) => ({
      s,
      resident: cyc(pipeAt(r, 'copies alone: resident warps: ld/st', s, x)),
      alone: cyc(pipeAt(r, 'copies alone: ld/st', s, x)),
      named: pipeAt(r, 'named barriers', s, x),
    }))
    .filter((v) => v.resident !== undefined && v.alone !== undefined && v.named);
  if (!rows.length) {
    return 'This file has no copies with the consumer warps resident (`copy_ldst_resident`), so whether the exited warps of the baseline matter is not measured here.';
  }
  return rows
    .map((v) => {
      // The pipeline's whole stage in cycles: its hand-off plus the baseline it was taken against.
      const whole = cyc(v.named)! + v.alone!;
      const rel = (v.alone! - v.resident!) / v.alone!;
      const handoff = whole - v.resident!;
      const head =
        `With the consumer warps resident (waiting at a \`__syncthreads()\` instead of exited) the same ld/st copies ` +
        `alone take ${fmt(v.resident)} cycles per stage at ${v.s} stages, against ${fmt(v.alone)} with them exited ` +
        `(${times(v.resident! / v.alone!)}); the named-barrier pipeline takes ${fmt(whole)} cycles per stage.`;
      if (rel > AGREEMENT_TARGET) {
        return (
          `${head} The exited warps slow the baseline's copies: against the copies with the warps resident the ` +
          `hand-off is ${fmt(handoff)} cycles per stage${handoff >= 0 ? ', no longer below zero' : ', still below zero'}.`
        );
      }
      return `${head} The warps' presence does not change the copies (within 2 %), so it does not explain the negative hand-off.`;
    })
    .join(' ');
}

/** The agreement rows outside the target, named, with whether they are differences of two loops. */
export function agreementSurprise(runs: HopperRuns): string {
  const out: string[] = [];
  for (const [mode, run] of Object.entries(runs)) {
    if (!run?.b) continue;
    const bad = agreementRows(run.a.result, run.b.result).filter(
      (r) => r.relDiff !== undefined && r.relDiff > AGREEMENT_TARGET,
    );
    if (!bad.length) {
      out.push(`${mode}: every row agrees within ${AGREEMENT_TARGET * 100} %.`);
      continue;
    }
    out.push(
      `${mode}: ${bad.length} ${bad.length === 1 ? 'row differs' : 'rows differ'} by more than ` +
        `${AGREEMENT_TARGET * 100} %: ` +
        bad
          .map(
            (r) =>
              `${r.label} (${pct(r.relDiff)}` +
              (r.relDiffOfGross !== undefined && r.relDiffOfGross !== r.relDiff
                ? `; ${pct(r.relDiffOfGross)} of the gross loop`
                : '') +
              ')',
          )
          .join('; ') +
        '.',
    );
  }
  return out.length ? `**Run to run.** ${out.join(' ')}\n` : '';
}
