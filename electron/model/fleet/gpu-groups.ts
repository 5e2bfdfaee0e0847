/**
 * What the Fleet view and its figure show of a fleet file (fleet-schema.ts, docs/fleet.md#the-fleet-file):
 * its modes, the points of a mode (series, label, timed body: the key the merge compared by, across GPU models),
 * the values of every GPU at one point with the filters applied, grouped by GPU model and node, and the filters'
 * choices. Pure: no Vue, no DOM.
 */
import { quantileSorted } from 'simple-statistics';

import type { FleetFile, FleetRun } from './fleet-schema';

/** One point of a mode, as the merge keyed it (per GPU model inside). */
export interface PointKey {
  mode: string;
  series: string;
  label: string;
  variant: string;
}

/** Filters by GPU model, driver and node; null: all. */
export interface FleetFilter {
  model: string | null;
  driver: string | null;
  node: string | null;
}

export const NO_FILTER: FleetFilter = { model: null, driver: null, node: null };

/** One GPU's value at the chosen point. */
export interface GpuValue {
  /** Index into `fleet.runs`. */
  run: number;
  gpu: string;
  node: string;
  model: string;
  driver: string;
  perSyncNs: number;
  robustZ: number | null;
  relDeviation: number | null;
  outlier: boolean;
  /** The median of the GPU's model at this point (ns). */
  medianNs: number;
}

/** A box plot of a group's values (ns): quartiles, and whiskers over the values that are not outliers. */
export interface GroupBox {
  q1: number;
  median: number;
  q3: number;
  low: number;
  high: number;
}

/** The GPUs of one model on one node, in the order the fleet file lists their runs. */
export interface GpuGroup {
  model: string;
  node: string;
  values: GpuValue[];
  /** The median of the model at this point (ns): what its outliers are judged against. */
  medianNs: number;
  box: GroupBox;
}

/** The box of `values` (not empty): quartiles of all, whiskers from the lowest to the highest non-outlier. */
export function groupBox(values: readonly GpuValue[]): GroupBox {
  const all = values.map((v) => v.perSyncNs).sort((a, b) => a - b);
  const kept = values.filter((v) => !v.outlier).map((v) => v.perSyncNs);
  const inner = kept.length ? kept : all;
  return {
    q1: quantileSorted(all, 0.25),
    median: quantileSorted(all, 0.5),
    q3: quantileSorted(all, 0.75),
    low: Math.min(...inner),
    high: Math.max(...inner),
  };
}

const EMPTY_BOX: GroupBox = { q1: 0, median: 0, q3: 0, low: 0, high: 0 };

const sameKey = (a: PointKey, b: PointKey) =>
  a.mode === b.mode && a.series === b.series && a.label === b.label && a.variant === b.variant;

/** "series · label · body", leaving out a series equal to the label and an empty body. */
export function pointName(key: PointKey): string {
  return [key.series === key.label ? '' : key.series, key.label, key.variant].filter(Boolean).join(' · ');
}

/** The modes of the fleet's points, in file order. */
export function modesOf(fleet: FleetFile): string[] {
  return [...new Set(fleet.points.map((p) => p.mode))];
}

/** The points of `mode`, each once (a point of several GPU models is one key), in file order. */
export function pointsOf(fleet: FleetFile, mode: string): PointKey[] {
  const keys: PointKey[] = [];
  for (const { mode: m, series, label, variant } of fleet.points) {
    const key = { mode: m, series, label, variant };
    if (m === mode && !keys.some((k) => sameKey(k, key))) keys.push(key);
  }
  return keys;
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b));

/** The models, drivers and nodes of the fleet's runs, sorted. */
export function filterChoices(fleet: FleetFile): { models: string[]; drivers: string[]; nodes: string[] } {
  return {
    models: sorted(fleet.runs.map((r) => r.model)),
    drivers: sorted(fleet.runs.map((r) => r.driver)),
    nodes: sorted(fleet.runs.map((r) => r.node)),
  };
}

function passes(run: FleetRun, filter: FleetFilter): boolean {
  return (
    (filter.model === null || run.model === filter.model) &&
    (filter.driver === null || run.driver === filter.driver) &&
    (filter.node === null || run.node === filter.node)
  );
}

/**
 * Every GPU's value at `key` that passes `filter`, grouped by model and node (sorted by model, then node).
 * @throws Error when a value names a run the file does not have (a fleet file that passed its schema has none).
 */
export function gpuGroups(fleet: FleetFile, key: PointKey, filter: FleetFilter = NO_FILTER): GpuGroup[] {
  const groups = new Map<string, GpuGroup>();
  for (const point of fleet.points) {
    if (!sameKey(point, key)) continue;
    for (const v of point.values) {
      const run = fleet.runs[v.run];
      if (!run)
        throw new Error(`the fleet file's point ${pointName(key)} names run ${v.run}, which it has not`);
      if (!passes(run, filter)) continue;
      const id = `${run.model}\u0000${run.node}`;
      let group = groups.get(id);
      if (!group) {
        group = { model: run.model, node: run.node, values: [], medianNs: point.medianNs, box: EMPTY_BOX };
        groups.set(id, group);
      }
      group.values.push({
        run: v.run,
        gpu: run.gpu,
        node: run.node,
        model: run.model,
        driver: run.driver,
        perSyncNs: v.perSyncNs,
        robustZ: v.robustZ,
        relDeviation: v.relDeviation,
        outlier: v.outlier,
        medianNs: point.medianNs,
      });
    }
  }
  return [...groups.values()]
    .map((g) => ({ ...g, box: groupBox(g.values) }))
    .sort((a, b) => a.model.localeCompare(b.model) || a.node.localeCompare(b.node));
}

/** The outliers among `groups`, largest |deviation| first. */
export function outliersOf(groups: readonly GpuGroup[]): GpuValue[] {
  return groups
    .flatMap((g) => g.values.filter((v) => v.outlier))
    .sort((a, b) => Math.abs(b.relDeviation ?? 0) - Math.abs(a.relDeviation ?? 0));
}
