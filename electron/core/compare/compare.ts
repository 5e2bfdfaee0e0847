/**
 * Side-by-side comparison of runs: points matched across runs by (series, x) — and label where a run repeats a series
 * at one x — each run's medians, the delta,
 * ratio and verdict against the first run, and notes on whatever else differs (differences.ts).
 */
import type { Stats, ResultFile } from '../results/schema';
import { belowResolution } from '../measure/resolution';
import { difference, runDifferences, type Difference } from './differences';
import { verdictOf, VERDICT_RULE, type Verdict } from './verdict';

export interface ComparedRun {
  id: string;
  name: string;
  mode: string;
  deviceName: string | null;
  createdAt: string;
  sourceKind: ResultFile['source']['kind'];
}

/** One run's figures for a row. */
export interface ComparisonCell {
  perSyncNs: Stats | null;
  wholeKernelMs: Stats | null;
  /** This run's median minus the first run's, on the row's basis (ns or ms); null for the first run. */
  delta: number | null;
  /** This run's median over the first run's, on the row's basis; null for the first run or a median ≤ 0. */
  ratio: number | null;
  /** Against the first run; null for the first run or when the row has no basis. */
  verdict: Verdict | null;
  /**
   * One SM cycle in ns when this run's per-sync median lies below it (measure/resolution.ts): the median is then no
   * measurement and reads "< resolution"; null for a measured value (or a point without a cycle figure).
   */
  belowResolutionNs: number | null;
}

export interface ComparisonRow {
  series: string;
  x: number | null;
  label: string;
  /** The figure compared: per-sync ns when every run with the point has it, else whole-kernel ms, else null. */
  basis: 'perSyncNs' | 'wholeKernelMs' | null;
  /** Some run marks the point incorrect (not synchronization): shown, never ranked. */
  incorrect: boolean;
  /** One per run, in the order of `runs`; null when the run has no such point. */
  cells: (ComparisonCell | null)[];
}

export interface Comparison {
  runs: ComparedRun[];
  rows: ComparisonRow[];
  differences: Difference[];
  /** How verdicts are made (VERDICT_RULE). */
  rule: string;
}

/**
 * Compares runs against the first. Rows follow the first run's point order, then points only later runs have.
 * @throws RangeError when `results` is empty.
 */
export function compareResults(results: readonly ResultFile[]): Comparison {
  if (results.length === 0) throw new RangeError('compareResults: no results to compare');
  // Points match by series and x, so the same measurement on two devices matches although its label names a
  // different launch shape (132 vs 170 blocks); where a run repeats a series at one x, the label tells them apart.
  const pairOf = (p: ResultFile['points'][number]) => JSON.stringify([p.series, p.x]);
  const repeated = new Set<string>();
  for (const result of results) {
    const seen = new Set<string>();
    for (const p of result.points) {
      if (seen.has(pairOf(p))) repeated.add(pairOf(p));
      seen.add(pairOf(p));
    }
  }
  const keyOf = (p: ResultFile['points'][number]) =>
    repeated.has(pairOf(p)) ? JSON.stringify([p.series, p.x, p.label]) : pairOf(p);
  const keys: string[] = [];
  const byRun = results.map((result) => {
    const points = new Map<string, ResultFile['points'][number]>();
    for (const point of result.points) {
      const key = keyOf(point);
      if (points.has(key)) continue; // the first of same-keyed points is compared
      points.set(key, point);
      if (!keys.includes(key)) keys.push(key);
    }
    return points;
  });
  const rows = keys.map((key): ComparisonRow => {
    const points = byRun.map((m) => m.get(key) ?? null);
    const present = points.filter((p) => p !== null);
    const basis = present.every((p) => p.perSyncNs)
      ? 'perSyncNs'
      : present.every((p) => p.wholeKernelMs)
        ? 'wholeKernelMs'
        : null;
    const base = basis && points[0] ? points[0][basis] : null;
    const [series, x] = JSON.parse(key) as [string, number | null];
    const label = present[0]?.label ?? series;
    return {
      series,
      x,
      label,
      basis,
      incorrect: present.some((p) => p.incorrect),
      cells: points.map((p, run) => {
        if (!p) return null;
        const own = basis ? p[basis] : null;
        const compared = run > 0 && base && own;
        return {
          perSyncNs: p.perSyncNs,
          wholeKernelMs: p.wholeKernelMs,
          delta: compared ? own.median - base.median : null,
          ratio: compared && base.median > 0 ? own.median / base.median : null,
          verdict: compared ? verdictOf(base, own) : null,
          belowResolutionNs: belowResolution(p, 'ns'),
        };
      }),
    };
  });
  return {
    runs: results.map((r) => ({
      id: r.id,
      name: r.name,
      mode: r.plan.mode,
      deviceName: r.provenance.device?.name ?? null,
      createdAt: r.createdAt,
      sourceKind: r.source.kind,
    })),
    rows,
    differences: [...runDifferences(results), ...missingPoints(rows, results.length)],
    rule: VERDICT_RULE,
  };
}

function missingPoints(rows: ComparisonRow[], runs: number): Difference[] {
  const out: Difference[] = [];
  for (let run = 0; run < runs; run += 1) {
    const missing = rows.filter((r) => r.cells[run] === null).length;
    if (missing > 0) {
      out.push(difference('points', 'compare.missingPoints', { run: run + 1, missing, total: rows.length }));
    }
  }
  return out;
}
