/**
 * The numbers the H200 results page (hopper-page.ts) is written from: the runs of each mode, medians of a point in
 * ns and cycles (incorrect points have none), their formatting, the gross per-unit cost before a baseline, the
 * pipeline's points by stages and payload, and the run-to-run agreement of two runs.
 */
import type { Point, ResultFile } from '../electron/model/results/schema';

/** One run of a mode and the file it came from. */
export interface RunFile {
  file: string;
  result: ResultFile;
}

/** Run A (and run B when measured) of each mode. */
export type HopperRuns = Partial<Record<'pdl' | 'pipeline' | 'cluster_arrive', { a: RunFile; b?: RunFile }>>;

/** The run-to-run target: per-sync medians of two runs within 2 %. */
export const AGREEMENT_TARGET = 0.02;

export const med = (p: Point | undefined) => (p && !p.incorrect ? p.perSyncNs?.median : undefined);
export const cyc = (p: Point | undefined) => (p && !p.incorrect ? p.perSyncCycles?.median : undefined);
export const fmt = (v: number | undefined, unit = '') =>
  v === undefined ? '—' : `${v.toFixed(Math.abs(v) < 10 ? 2 : Math.abs(v) < 1000 ? 1 : 0)}${unit}`;
export const times = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(2)}×`);
export const over = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || !(b > 0) ? undefined : a / b;
export const pct = (v: number | undefined) => (v === undefined ? '—' : `${(v * 100).toFixed(1)} %`);

/**
 * The gross per-unit ns of a point: median over repetitions of (main hi − main lo) ms × 1e6 / span, before any
 * baseline is subtracted (the figure the stopping rule's ±1 % target is relative to: native/src/point_runner.cc).
 */
export function grossNs(p: Point): number | undefined {
  const span = (p.iters.hi - p.iters.lo) * p.iters.unitsPerIter;
  const n = Math.min(p.raw.mainHiMs.length, p.raw.mainLoMs.length);
  if (n === 0 || !(span > 0)) return undefined;
  const v = Array.from(
    { length: n },
    (_, i) => ((p.raw.mainHiMs[i]! - p.raw.mainLoMs[i]!) * 1e6) / span,
  ).sort((x, y) => x - y);
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1]! + v[n / 2]!) / 2;
}

export const stagesOf = (p: Point) => /, (\d+) stages?/.exec(p.series)?.[1];

export function pipeAt(r: ResultFile, prefix: string, stages: string, x: number): Point | undefined {
  return r.points.find((p) => p.series.startsWith(`${prefix}, `) && stagesOf(p) === stages && p.x === x);
}

/** One row of the agreement table: both medians, |A − B| / mean, and the same difference over the gross cost. */
export interface AgreementRow {
  label: string;
  a: number | undefined;
  b: number | undefined;
  relDiff: number | undefined;
  /** |A − B| over the mean gross per-unit cost (differs from relDiff only for points with a baseline). */
  relDiffOfGross: number | undefined;
}

/** Per point of run A (matched by workload, param and label in run B): the two medians and their differences. */
export function agreementRows(a: ResultFile, b: ResultFile): AgreementRow[] {
  return a.points.map((p) => {
    const q = b.points.find((x) => x.workload === p.workload && x.param === p.param && x.label === p.label);
    const ma = p.perSyncNs?.median;
    const mb = q?.perSyncNs?.median;
    const d = ma !== undefined && mb !== undefined ? Math.abs(ma - mb) : undefined;
    const mean = ma !== undefined && mb !== undefined ? Math.abs(ma + mb) / 2 : undefined;
    const ga = grossNs(p);
    const gb = q ? grossNs(q) : undefined;
    const gross = ga !== undefined && gb !== undefined ? (ga + gb) / 2 : undefined;
    return {
      label: p.label,
      a: ma,
      b: mb,
      relDiff: d !== undefined && mean ? d / mean : undefined,
      relDiffOfGross: d !== undefined && gross ? d / gross : undefined,
    };
  });
}
