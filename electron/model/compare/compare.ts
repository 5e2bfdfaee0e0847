/**
 * Side-by-side comparison of runs: points matched across runs by (series, x) — and label where a run repeats a series
 * at one x — each run's medians, the delta,
 * ratio and verdict against the first run, and notes on whatever else differs (differences.ts).
 */
import type { Stats, ResultFile } from '../results/schema';
import { belowResolution, timerResolution } from '../measure/resolution';
import { difference, runDifferences, type Difference } from './differences';
import { verdictFloor, verdictOf, VERDICT_RULE, type FloorKind, type Verdict } from './verdict';

type Point = ResultFile['points'][number];

/** What a label's launch shape is built from: threads per block and blocks in the grid. */
export interface PointLaunch {
  threadsPerBlock: number;
  gridBlocks: number;
}

const launchOf = (p: Point): PointLaunch => ({
  threadsPerBlock: p.launch.threadsPerBlock,
  gridBlocks: p.launch.gridBlocks,
});

export interface ComparedRun {
  id: string;
  name: string;
  mode: string;
  deviceName: string | null;
  createdAt: string;
  sourceKind: ResultFile['source']['kind'];
}

/** The unit of a row's figure as stored (per-sync ns, whole-kernel ms) and of its delta and floor. */
export type ComparisonUnit = 'ns' | 'ms';

/** The floor a cell's difference from run 1 had to clear (compare/verdict.ts), in the row's unit. */
export interface ComparisonFloor {
  value: number;
  unit: ComparisonUnit;
  /** What set it: the timer's resolution (one SM cycle) or the relative floor (RELATIVE_FLOOR of run 1's median). */
  kind: FloorKind;
}

/** One run's figures for a row. */
export interface ComparisonCell {
  /** This run's own label of the point (its own launch shape and device: "grid: 8 warps × 170 blocks"). */
  label: string;
  /**
   * The point's launch the label's shape names: the view rebuilds the label in its locale from it
   * (words/point-labels.ts pointLabel), as the file records the label in English.
   */
  launch: PointLaunch;
  perSyncNs: Stats | null;
  wholeKernelMs: Stats | null;
  /** This run's median minus the first run's, on the row's basis (ns or ms); null for the first run. */
  delta: number | null;
  /** This run's median over the first run's, on the row's basis; null for the first run or a median ≤ 0. */
  ratio: number | null;
  /** Against the first run; null for the first run or when the row has no basis. */
  verdict: Verdict | null;
  /** The floor the verdict used; null where there is no verdict. */
  floor: ComparisonFloor | null;
  /**
   * One SM cycle in ns when this run's per-sync median lies below it (measure/resolution.ts): the median is then no
   * measurement and reads "< resolution"; null for a measured value (or a point without a cycle figure).
   */
  belowResolutionNs: number | null;
}

export interface ComparisonRow {
  series: string;
  x: number | null;
  /** The label every run with the point gives it; the series id when their labels differ (each cell has its own). */
  label: string;
  /**
   * The launch of the point whose label the row shows, to rebuild it in the view's locale (pointLabel); null when
   * the row shows its series id (the runs' labels differ: seriesName says it).
   */
  launch: PointLaunch | null;
  /** The figure compared: per-sync ns when every run with the point has it, else whole-kernel ms, else null. */
  basis: 'perSyncNs' | 'wholeKernelMs' | null;
  /** The unit of the basis, its deltas and floors (ns or ms); null without a basis. */
  unit: ComparisonUnit | null;
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
  const pairOf = (p: Point) => JSON.stringify([p.series, p.x]);
  const repeated = new Set<string>();
  for (const result of results) {
    const seen = new Set<string>();
    for (const p of result.points) {
      if (seen.has(pairOf(p))) repeated.add(pairOf(p));
      seen.add(pairOf(p));
    }
  }
  const keyOf = (p: Point) =>
    repeated.has(pairOf(p)) ? JSON.stringify([p.series, p.x, p.label]) : pairOf(p);
  const keys: string[] = [];
  const byRun = results.map((result) => {
    const points = new Map<string, Point>();
    for (const point of result.points) {
      const key = keyOf(point);
      if (points.has(key)) continue; // the first of same-keyed points is compared
      points.set(key, point);
      if (!keys.includes(key)) keys.push(key);
    }
    return points;
  });
  const rows = keys.map((key) =>
    rowOf(
      key,
      byRun.map((m) => m.get(key) ?? null),
    ),
  );
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

/** The row of `key` from each run's point (null where a run lacks it). */
function rowOf(key: string, points: (Point | null)[]): ComparisonRow {
  const present = points.filter((p) => p !== null);
  const basis = present.every((p) => p.perSyncNs)
    ? 'perSyncNs'
    : present.every((p) => p.wholeKernelMs)
      ? 'wholeKernelMs'
      : null;
  const first = points[0] ?? null;
  const base = basis && first ? first[basis] : null;
  const [series, x] = JSON.parse(key) as [string, number | null];
  const labels = new Set(present.map((p) => p.label));
  return {
    series,
    x,
    label: labels.size === 1 ? present[0]!.label : series,
    launch: labels.size === 1 ? launchOf(present[0]!) : null,
    basis,
    unit: basis === null ? null : basis === 'perSyncNs' ? 'ns' : 'ms',
    incorrect: present.some((p) => p.incorrect),
    cells: points.map((p, run) => {
      if (!p) return null;
      const own = basis ? p[basis] : null;
      const against = run > 0 && basis && base && own && first ? { base, own } : null;
      const floor = against ? floorOf(basis!, against.base.median, [first!, p]) : null;
      return {
        label: p.label,
        launch: launchOf(p),
        perSyncNs: p.perSyncNs,
        wholeKernelMs: p.wholeKernelMs,
        delta: against ? against.own.median - against.base.median : null,
        ratio: against && against.base.median > 0 ? against.own.median / against.base.median : null,
        verdict: against && floor ? verdictOf(against.base, against.own, floor.value) : null,
        floor,
        belowResolutionNs: belowResolution(p, 'ns'),
      };
    }),
  };
}

/**
 * The floor of a cell against run 1 (verdictFloor): per-sync ns take the coarser of the two points' timer
 * resolutions (one SM cycle at each one's conversion clock); the whole kernel has the relative floor alone.
 */
function floorOf(basis: 'perSyncNs' | 'wholeKernelMs', baseMedian: number, pair: Point[]): ComparisonFloor {
  const resolutions = pair.flatMap((p) => timerResolution(p, 'ns') ?? []);
  const resolution = basis === 'perSyncNs' && resolutions.length > 0 ? Math.max(...resolutions) : null;
  const floor = verdictFloor(basis, baseMedian, resolution);
  return { value: floor.value, unit: basis === 'perSyncNs' ? 'ns' : 'ms', kind: floor.kind };
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
