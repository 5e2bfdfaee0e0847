/**
 * Prices advice with numbers from the results library: for the recommendation and each alternative that names a
 * measurement (workload + param), a point of that workload from any result, whatever its mode (a `modes`, `sweep`,
 * `tiles`, `named` or `async_barrier` run has `syncthreads` points, a `modes`, `sweep_grid` or `cluster` run has
 * `grid_sync` points), gives a cost row for `attachCosts`. Results measured on this machine come first, then shipped
 * reference datasets, then published ones; newest first within each kind. Within the chosen result the point is the
 * one closest to the chapter's default shape (8 warps = 256 threads per block, one block per SM); for a workload
 * whose param counts participants (a named barrier) and a measurement that names no param, the point with the most
 * participants wins (the wizard asks about every warp of the block). Nothing is invented: a choice with no matching
 * point gets no row (the engine then says what to run). The row's `label` is the label of the point that priced it.
 * A result that cannot be read (changed on disk since it was listed) is passed over.
 */
import type { ResultSummary } from '../../contract';
import type { CostRow } from '../decide/costs';
import type { Advice, Measurement, RecommendationId } from '../decide/types';
import type { Point, ResultFile } from '../results/schema';
import type { ResultsStore } from './ports';

type Kind = CostRow['source']['kind'];

function kindOf(summary: ResultSummary): Kind {
  if (summary.sourceKind === 'published') return 'published';
  return summary.reference ? 'reference' : 'measured';
}

const PREFERENCE: readonly Kind[] = ['measured', 'reference', 'published'];

/** The chapter's default block: 8 warps. */
const DEFAULT_THREADS_PER_BLOCK = 256;

/** Workloads whose `param` is the number of participating warps (kernels/named_barrier). */
const PARTICIPANT_PARAM: ReadonlySet<string> = new Set(['named_barrier']);

function matches(point: Point, m: Measurement): boolean {
  return (
    point.workload === m.workload &&
    (m.param === null || point.param === m.param) &&
    !point.incorrect &&
    point.perSyncNs !== null &&
    point.perSyncNs.median >= 0
  );
}

/** How far a point's launch is from the chapter's default shape (0: 256 threads per block, one block per SM). */
function shapeDistance(point: Point, smCount: number | null): number {
  const threads = Math.abs(Math.log2(point.launch.threadsPerBlock / DEFAULT_THREADS_PER_BLOCK));
  const blocks = smCount === null ? 0 : Math.abs(Math.log2(point.launch.gridBlocks / smCount));
  return threads + blocks;
}

/** The point of `result` that prices `m`, or undefined; among several the preferred one (see the module comment). */
export function pricingPoint(result: ResultFile, m: Measurement): Point | undefined {
  const smCount = result.provenance.device?.smCount ?? null;
  const byParticipants = m.param === null && PARTICIPANT_PARAM.has(m.workload);
  const ranked = result.points
    .filter((p) => matches(p, m))
    .map((point, order) => ({ point, order, distance: shapeDistance(point, smCount) }))
    .sort(
      (a, b) =>
        (byParticipants ? b.point.param - a.point.param : 0) || a.distance - b.distance || a.order - b.order,
    );
  return ranked[0]?.point;
}

function where(summary: ResultSummary): string {
  if (kindOf(summary) !== 'measured') return summary.name;
  return `${summary.deviceName ?? 'this machine'} ${summary.createdAt.slice(0, 10)}`;
}

/**
 * Cost rows for the advice's recommendation, alternatives and (for a not-possible outcome) options, from the
 * library (see the module comment).
 */
export async function costRowsFromLibrary(advice: Advice, library: ResultsStore): Promise<CostRow[]> {
  const wanted: Array<{ id: RecommendationId; m: Measurement }> = [];
  if (advice.measurement && advice.recommendation) {
    wanted.push({ id: advice.recommendation, m: advice.measurement });
  }
  for (const choice of [...advice.alternatives, ...advice.options]) {
    if (choice.measurement) wanted.push({ id: choice.id, m: choice.measurement });
  }
  if (wanted.length === 0) return [];
  const candidates = (await library.list())
    .filter((s) => s.status !== 'failed' || s.points > 0)
    .sort(
      (a, b) =>
        PREFERENCE.indexOf(kindOf(a)) - PREFERENCE.indexOf(kindOf(b)) ||
        b.createdAt.localeCompare(a.createdAt),
    );
  /** Results read so far (each file is read at most once per call; one that cannot be read prices nothing). */
  const read = new Map<string, Promise<ResultFile | null>>();
  const get = (id: string) => {
    let result = read.get(id);
    if (!result) {
      result = (async () => library.get(id))().catch(() => null);
      read.set(id, result);
    }
    return result;
  };
  const rows: CostRow[] = [];
  for (const { id, m } of wanted) {
    for (const summary of candidates) {
      const result = await get(summary.id);
      const point = result ? pricingPoint(result, m) : undefined;
      if (!point?.perSyncNs) continue;
      rows.push({
        id,
        perSyncNs: point.perSyncNs.median,
        label: point.label,
        workload: m.workload,
        source: { kind: kindOf(summary), where: where(summary) },
      });
      break;
    }
  }
  return rows;
}
