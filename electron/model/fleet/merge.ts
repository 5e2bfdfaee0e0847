/**
 * Merges a fleet's runs into a fleet file (docs/fleet.md#how-outliers-are-found). Runs arrive one at a time
 * (`addRun`) with only what the statistics need — one per-sync median per point — so memory grows with the number of
 * points, never with the size of the files. Pure; browser-safe.
 */
import {
  DEFAULT_THRESHOLDS,
  isOutlier,
  relDeviation,
  robustCentre,
  robustZ,
  type OutlierThresholds,
} from './robust';
import {
  FLEET_FORMAT,
  FLEET_VERSION,
  type FleetFailure,
  type FleetFile,
  type FleetPoint,
  type FleetRun,
} from './fleet-schema';

/** One point of a run, reduced to what the merge compares: its per-sync median in ns. */
export interface RunPoint {
  series: string;
  label: string;
  /** How the timed body ran, e.g. "back-to-back ×32": points of different bodies are never compared. */
  variant: string;
  perSyncNs: number;
}

interface Group {
  mode: string;
  series: string;
  label: string;
  variant: string;
  model: string;
  runs: number[];
  values: number[];
}

/** What the merge counted besides runs and failures. */
export interface MergeCounts {
  files: number;
  tasks: number;
  skipped: number;
}

/** Collects runs and failures; `finish` computes the statistics and returns the fleet file. */
export class FleetMerge {
  private readonly runs: FleetRun[] = [];
  private readonly groups = new Map<string, Group>();
  private readonly failures: FleetFailure[] = [];

  /** Adds one run (one result file) and its points; points without a finite per-sync cost are left out. */
  addRun(run: FleetRun, points: readonly RunPoint[]): void {
    const index = this.runs.push(run) - 1;
    for (const p of points) {
      if (!Number.isFinite(p.perSyncNs)) continue;
      const key = [run.mode, p.series, p.label, p.variant, run.model].join('\u0000');
      let group = this.groups.get(key);
      if (!group) {
        group = {
          mode: run.mode,
          series: p.series,
          label: p.label,
          variant: p.variant,
          model: run.model,
          runs: [],
          values: [],
        };
        this.groups.set(key, group);
      }
      group.runs.push(index);
      group.values.push(p.perSyncNs);
    }
  }

  addFailure(failure: FleetFailure): void {
    this.failures.push(failure);
  }

  /**
   * The fleet file. `createdAt` (ISO) and `app` are given so the result is reproducible.
   * @throws RangeError when a threshold is not a positive finite number (minGroupSize: a whole number ≥ 1).
   */
  finish(args: {
    createdAt: string;
    app: FleetFile['app'];
    counts: MergeCounts;
    thresholds?: OutlierThresholds;
  }): FleetFile {
    const thresholds = args.thresholds ?? DEFAULT_THRESHOLDS;
    checkThresholds(thresholds);
    const points = [...this.groups.values()].sort(byPoint).map((g) => pointOf(g, thresholds));
    const outliers = outliersOf(points, this.runs);
    const failures = [...this.failures].sort(
      (a, b) => a.node.localeCompare(b.node) || a.file.localeCompare(b.file),
    );
    return {
      format: FLEET_FORMAT,
      version: FLEET_VERSION,
      createdAt: args.createdAt,
      app: args.app,
      synthetic: this.runs.some((r) => r.synthetic),
      thresholds: { ...thresholds },
      counts: { ...args.counts, results: this.runs.length },
      runs: this.runs,
      points,
      outliers,
      groups: groupsOf(this.runs, outliers),
      failures,
      rerun: rerunOf(failures, outliers, this.runs),
    };
  }
}

function checkThresholds(t: OutlierThresholds): void {
  if (!(Number.isFinite(t.robustZ) && t.robustZ > 0))
    throw new RangeError(`robust z threshold must be > 0, got ${t.robustZ}`);
  if (!(Number.isFinite(t.relDeviation) && t.relDeviation >= 0)) {
    throw new RangeError(`relative deviation floor must be ≥ 0, got ${t.relDeviation}`);
  }
  if (!(Number.isInteger(t.minGroupSize) && t.minGroupSize >= 1)) {
    throw new RangeError(`minimum group size must be a whole number ≥ 1, got ${t.minGroupSize}`);
  }
}

function byPoint(a: Group, b: Group): number {
  return (
    a.mode.localeCompare(b.mode) ||
    a.series.localeCompare(b.series) ||
    a.label.localeCompare(b.label) ||
    a.variant.localeCompare(b.variant) ||
    a.model.localeCompare(b.model)
  );
}

function pointOf(g: Group, thresholds: OutlierThresholds): FleetPoint {
  const centre = robustCentre(g.values);
  return {
    mode: g.mode,
    series: g.series,
    label: g.label,
    variant: g.variant,
    model: g.model,
    n: centre.n,
    medianNs: centre.median,
    madNs: centre.mad,
    values: g.values.map((v, i) => {
      const run = g.runs[i] as number;
      const z = robustZ(v, centre);
      const rel = relDeviation(v, centre);
      return {
        run,
        perSyncNs: v,
        robustZ: z,
        relDeviation: rel,
        outlier: isOutlier(z, rel, centre.n, thresholds),
      };
    }),
  };
}

function outliersOf(points: FleetPoint[], runs: FleetRun[]): FleetFile['outliers'] {
  return points.flatMap((p) =>
    p.values
      .filter((v) => v.outlier)
      .map((v) => {
        const run = runs[v.run] as FleetRun;
        return {
          run: v.run,
          gpu: run.gpu,
          node: run.node,
          model: run.model,
          driver: run.driver,
          mode: p.mode,
          label: p.label,
          variant: p.variant,
          file: run.file,
          perSyncNs: v.perSyncNs,
          medianNs: p.medianNs,
          robustZ: v.robustZ,
          relDeviation: v.relDeviation ?? 0,
        };
      }),
  );
}

function groupsOf(runs: FleetRun[], outliers: FleetFile['outliers']): FleetFile['groups'] {
  const groups = new Map<
    string,
    { model: string; driver: string; node: string; runs: number; outlierGpus: Set<string> }
  >();
  const keyOf = (r: { model: string; driver: string; node: string }) =>
    [r.model, r.driver, r.node].join('\u0000');
  for (const r of runs) {
    const key = keyOf(r);
    const g = groups.get(key) ?? {
      model: r.model,
      driver: r.driver,
      node: r.node,
      runs: 0,
      outlierGpus: new Set(),
    };
    g.runs += 1;
    groups.set(key, g);
  }
  for (const o of outliers) groups.get(keyOf(o))?.outlierGpus.add(o.gpu);
  return [...groups.values()]
    .sort(
      (a, b) =>
        a.model.localeCompare(b.model) || a.driver.localeCompare(b.driver) || a.node.localeCompare(b.node),
    )
    .map((g) => ({ ...g, outlierGpus: [...g.outlierGpus].sort() }));
}

function rerunOf(
  failures: FleetFailure[],
  outliers: FleetFile['outliers'],
  runs: FleetRun[],
): FleetFile['rerun'] {
  const rerun = new Map<string, FleetFile['rerun'][number]>();
  for (const f of failures) {
    const key = `${f.node}\u0000${f.gpu ?? f.file}`;
    if (!rerun.has(key)) rerun.set(key, { node: f.node, gpu: f.gpu, job: f.job, why: `failed: ${f.reason}` });
  }
  const outlying = new Map<string, number>();
  for (const o of outliers)
    outlying.set(`${o.node}\u0000${o.gpu}`, (outlying.get(`${o.node}\u0000${o.gpu}`) ?? 0) + 1);
  for (const o of outliers) {
    const key = `${o.node}\u0000${o.gpu}`;
    if (rerun.has(key)) continue;
    const n = outlying.get(key) ?? 0;
    rerun.set(key, {
      node: o.node,
      gpu: o.gpu,
      job: runs[o.run]?.job ?? null,
      why: `outlier in ${n} point${n === 1 ? '' : 's'}`,
    });
  }
  return [...rerun.values()].sort(
    (a, b) => a.node.localeCompare(b.node) || (a.gpu ?? '').localeCompare(b.gpu ?? ''),
  );
}
