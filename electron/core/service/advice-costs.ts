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
 *
 * `cluster_sync` is priced only from a real cluster launch: a point whose launch set the cluster dimension
 * (`launch.clusterAttribute`; a file without the field: a cluster size above 1), of the smallest real cluster, 2
 * blocks (no question asks the cluster size), and the row says so. A size-1 point launched without the
 * attribute is an implicit cluster whose this_cluster().sync() costs what a block barrier does: never a price of a
 * cluster exchange (docs/decision-engine.md#prices).
 *
 * Every row names its result as lists do (format/run-line.ts) and carries the 95% interval of the median.
 *
 * Host waits (mode host_completion) depend on the host scheduling flag the result was measured with
 * (`plan.params.schedule`): they are priced from a result with the flag the answers name (question host-schedule,
 * default auto), and the same wait measured with each other flag goes beside it (`otherSchedules`). `auto` is
 * priced from an `auto` result, else from a `spin` one: cudaDeviceScheduleAuto spins while the process has no more
 * active CUDA contexts than the machine has logical processors, the case of a program with one context (CUDA
 * Runtime API, cudaSetDeviceFlags).
 */
import type { ResultSummary } from '../../contract';
import { isoDay, runLine } from '../../model/format/run-line';
import { HOST_SCHEDULES, type CostRow, type HostSchedule, type ScheduleCost } from '../../model/decide/costs';
import type { Advice, Measurement, RecommendationId } from '../../model/decide/types';
import type { Point, ResultFile } from '../../model/results/schema';
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

/** The workload whose points must come from a real cluster launch. */
const CLUSTER_SYNC = 'cluster_sync';
/** The smallest cluster launched with a cluster dimension that exchanges between blocks: what cluster-sync costs. */
export const SMALLEST_REAL_CLUSTER = 2;

/**
 * Whether a point's launch set the cluster dimension: `launch.clusterAttribute` where the file records it, else a
 * cluster size above 1 (what older files mean: the harness set the attribute only then).
 */
export function realClusterLaunch(point: Point): boolean {
  const launch = point.launch as Point['launch'] & { clusterAttribute?: boolean };
  return launch.clusterAttribute ?? launch.clusterSize > 1;
}

function matches(point: Point, m: Measurement): boolean {
  const cluster =
    m.workload !== CLUSTER_SYNC ||
    (realClusterLaunch(point) && point.launch.clusterSize === SMALLEST_REAL_CLUSTER);
  return (
    cluster &&
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

/**
 * Every point of `result` that may price `m`, in file order: its workload and param, correct, with a non-negative
 * median, and for `cluster_sync` from a real cluster launch of SMALLEST_REAL_CLUSTER blocks.
 */
export function matchingPoints(result: ResultFile, m: Measurement): Point[] {
  return result.points.filter((p) => matches(p, m));
}

/** The point of `result` that prices `m`, or undefined; among several the preferred one (see the module comment). */
export function pricingPoint(result: ResultFile, m: Measurement): Point | undefined {
  const smCount = result.provenance.device?.smCount ?? null;
  const byParticipants = m.param === null && PARTICIPANT_PARAM.has(m.workload);
  const ranked = matchingPoints(result, m)
    .map((point, order) => ({ point, order, distance: shapeDistance(point, smCount) }))
    .sort(
      (a, b) =>
        (byParticipants ? b.point.param - a.point.param : 0) || a.distance - b.distance || a.order - b.order,
    );
  return ranked[0]?.point;
}

/** The mode whose results depend on the host scheduling flag. */
const HOST_COMPLETION_MODE = 'host_completion';
/** What cudaDeviceScheduleAuto does with one context per process (see the module comment). */
const AUTO_MEASURED_AS: HostSchedule = 'spin';

/** The scheduling flag a result was measured with (null: not a host_completion result, or an unknown flag). */
function scheduleOf(result: ResultFile): HostSchedule | null {
  if (result.plan.mode !== HOST_COMPLETION_MODE) return null;
  const flag = result.plan.params.schedule;
  return HOST_SCHEDULES.find((s) => s === flag) ?? null;
}

/** The flag the answers ask host waits to be priced at (question host-schedule; auto when not asked). */
export function askedSchedule(advice: Advice): HostSchedule {
  const id = advice.answers.find((a) => a.question === 'host-schedule')?.answers[0]?.id;
  return HOST_SCHEDULES.find((s) => s === id) ?? 'auto';
}

/** The flags whose results may price `asked`, best first. */
function schedulesFor(asked: HostSchedule): HostSchedule[] {
  return asked === 'auto' ? ['auto', AUTO_MEASURED_AS] : [asked];
}

/** Where a row comes from: the result as lists name it, and the result itself. */
export function sourceOf(summary: ResultSummary): CostRow['source'] {
  const dataset = {
    id: summary.id,
    name: summary.name,
    createdAt: summary.createdAt,
    mode: summary.mode,
    deviceName: summary.deviceName,
  };
  return { kind: kindOf(summary), where: runLine(dataset, isoDay, 'unknown device'), dataset };
}

/** The candidates to price from, best first (see the module comment). */
export function rankedCandidates(list: readonly ResultSummary[]): ResultSummary[] {
  return list
    .filter((s) => s.status !== 'failed' || s.points > 0)
    .sort(
      (a, b) =>
        PREFERENCE.indexOf(kindOf(a)) - PREFERENCE.indexOf(kindOf(b)) ||
        b.createdAt.localeCompare(a.createdAt),
    );
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
  const candidates = rankedCandidates(await library.list());
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
  /** The first candidate's point that prices `m` among results measured with one of `flags` (any: null). */
  const first = async (m: Measurement, flags: readonly HostSchedule[] | null) => {
    for (const summary of candidates) {
      const result = await get(summary.id);
      if (!result) continue;
      const flag = scheduleOf(result);
      if (flags !== null && (flag === null || !flags.includes(flag))) continue;
      const point = pricingPoint(result, m);
      if (point?.perSyncNs) return { summary, point, stats: point.perSyncNs, flag };
    }
    return null;
  };
  const hostWaits = wanted.some(({ m }) => m.mode === HOST_COMPLETION_MODE);
  const asked = hostWaits ? askedSchedule(advice) : 'auto';
  const rows: CostRow[] = [];
  for (const { id, m } of wanted) {
    const hostWait = m.mode === HOST_COMPLETION_MODE;
    const found = await first(m, hostWait ? schedulesFor(asked) : null);
    if (!found) continue;
    const row: CostRow = {
      id,
      perSyncNs: found.stats.median,
      ciLowNs: found.stats.ciLow,
      ciHighNs: found.stats.ciHigh,
      label: found.point.label,
      workload: m.workload,
      source: sourceOf(found.summary),
    };
    if (m.workload === CLUSTER_SYNC) row.clusterSize = found.point.launch.clusterSize;
    if (hostWait && found.flag) {
      row.schedule = { asked, measured: found.flag };
      const others: ScheduleCost[] = [];
      for (const flag of HOST_SCHEDULES.filter((f) => f !== found.flag)) {
        const other = await first(m, [flag]);
        if (!other) continue;
        others.push({
          schedule: flag,
          perSyncNs: other.stats.median,
          label: other.point.label,
          source: sourceOf(other.summary),
        });
      }
      row.otherSchedules = others;
    }
    rows.push(row);
  }
  return rows;
}
