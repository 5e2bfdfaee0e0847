/**
 * Costs of a recommendation and of its alternatives (or of the options of a "not possible" outcome), from numbers
 * the caller supplies (the latest measurement on this GPU, or a reference dataset when there is none). This module
 * invents no number: a choice without a matching row gets `perSyncNs: null` and says what to run. Which measurement
 * prices which recommendation is data in the decision table (`recommendations[].measure`), carried by the advice.
 * Every price is also given in the answers' unit of work (per phase or per hand-off, work-units.ts) with its 95%
 * interval, the conversion said (docs/decision-engine.md#prices).
 */
import { z } from 'zod';

import { missingText, sourceText } from './advice-prose';
import { DecideError, issueLines } from './errors';
import { RECOMMENDATION_IDS, type Advice, type Measurement, type RecommendationId } from './types';
import { conversionOf, workUnitOf, type ConversionBasis, type WorkUnit } from './work-units';

export const COST_SOURCE_KINDS = ['measured', 'reference', 'published'] as const;

/** The host scheduling flags a host wait can be priced at (modes/host-completion.ts), `auto` included. */
export const HOST_SCHEDULES = ['auto', 'spin', 'yield', 'blocking-sync'] as const;
export type HostSchedule = (typeof HOST_SCHEDULES)[number];

/** The result a price comes from, as a list names it (format/run-line.ts). */
const DatasetSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  createdAt: z.string().min(1),
  mode: z.string().min(1),
  deviceName: z.string().nullable(),
});

const SourceSchema = z.strictObject({
  kind: z.enum(COST_SOURCE_KINDS),
  /** The result as a list names it (format/run-line.ts runLine), or a publication. */
  where: z.string().min(1),
  /** The result, for a shell that names it in its own words (the Results view's runLine). */
  dataset: DatasetSchema.optional(),
});
/** Where a price (or a quoted figure) comes from. */
export type CostSource = z.infer<typeof SourceSchema>;

/** The same host wait measured with another scheduling flag, shown beside the one that prices the choice. */
export const ScheduleCostSchema = z.strictObject({
  schedule: z.enum(HOST_SCHEDULES),
  perSyncNs: z.number().nonnegative(),
  label: z.string().min(1),
  source: SourceSchema,
});
export type ScheduleCost = z.infer<typeof ScheduleCostSchema>;

export const CostRowSchema = z.strictObject({
  /** The recommendation this row prices. */
  id: z.enum(RECOMMENDATION_IDS),
  /** Nanoseconds per unit of the measurement (its `unit`), by the difference method. */
  perSyncNs: z.number().nonnegative(),
  /** The 95% confidence interval of that median (null or absent: none, e.g. fewer than 6 samples). */
  ciLowNs: z.number().nullable().optional(),
  ciHighNs: z.number().nullable().optional(),
  /**
   * cluster-sync: the blocks per cluster of the point that priced it, launched with a cluster dimension (no
   * question asks the size: the smallest real cluster, 2).
   */
  clusterSize: z.number().int().min(2).optional(),
  /** e.g. "block, 8 warps x 132 blocks". */
  label: z.string().min(1),
  /** The workload measured; when given it must be the one the advice names (tells release-acquire scopes apart). */
  workload: z.string().min(1).optional(),
  source: SourceSchema,
  /**
   * Host waits: the scheduling flag the answers imply (`asked`, question host-schedule, default auto) and the one
   * the priced result was measured with (`measured`: spin for auto, see advice-costs.ts).
   */
  schedule: z.strictObject({ asked: z.enum(HOST_SCHEDULES), measured: z.enum(HOST_SCHEDULES) }).optional(),
  /** Host waits: the same wait measured with the other flags. */
  otherSchedules: z.array(ScheduleCostSchema).optional(),
});
export type CostRow = z.infer<typeof CostRowSchema>;

/** A price in the answers' unit of work: factor × the measured per-unit cost, its interval likewise. */
export interface PerWork {
  unit: WorkUnit;
  ns: number;
  ciLowNs: number | null;
  ciHighNs: number | null;
  /** Measured units per unit of work (work-units.ts). */
  factor: number;
  /** Why the factor is what it is. */
  basis: ConversionBasis;
}

export interface Cost {
  id: RecommendationId;
  measurement: Measurement | null;
  /** Per unit of the measurement (its `unit`); `perWork` is the same price in the unit of work. */
  perSyncNs: number | null;
  /** The 95% interval of `perSyncNs` (null: none known). */
  ciLowNs: number | null;
  ciHighNs: number | null;
  /** The price per unit of work; null without a number. */
  perWork: PerWork | null;
  /** cluster-sync: the blocks per cluster priced; null otherwise. */
  clusterSize: number | null;
  label: string | null;
  source: CostRow['source'] | null;
  /** "measured on <device> <date>" or "reference dataset, not this GPU (<where>)"; null when missing. */
  sourceLabel: string | null;
  /** Why there is no number, and what to run to get one; null when `perSyncNs` is set. */
  missing: string | null;
  /** Host waits: the flag asked for and the one measured (null for other choices or without a number). */
  schedule: { asked: HostSchedule; measured: HostSchedule } | null;
  /** Host waits: the same wait with the other scheduling flags (empty when none was measured). */
  otherSchedules: ScheduleCost[];
}

export interface AdviceWithCosts extends Advice {
  /**
   * `recommendation` is null for a not-possible outcome, whose `options` are priced instead; `unit` is the unit
   * of work every `perWork` is in.
   */
  costs: { unit: WorkUnit; recommendation: Cost | null; alternatives: Cost[]; options: Cost[] };
}

/** How a cost's source is shown beside the number (the English words of advice-prose.ts). */
export function sourceLabel(source: CostRow['source']): string {
  return sourceText(source);
}

/**
 * Attaches costs to advice.
 * @param rows cost rows (validated here); when several match one choice, a measured row wins over a reference row,
 *   which wins over a published one; among equals the first.
 * @throws DecideError (kind 'costs') when a row is malformed, naming the row and field.
 */
export function attachCosts(advice: Advice, rows: readonly unknown[]): AdviceWithCosts {
  const parsed = z.array(CostRowSchema).safeParse(rows);
  if (!parsed.success) throw new DecideError('costs', issueLines(parsed.error, rows), 'invalid cost rows');
  const valid = parsed.data;
  const unit = workUnitOf(advice);
  const costOf = (id: RecommendationId, measurement: Measurement | null, unmeasured: string | null) =>
    priceOf(id, measurement, unmeasured, valid, unit);
  return {
    ...advice,
    costs: {
      unit,
      recommendation:
        advice.recommendation === null
          ? null
          : costOf(advice.recommendation, advice.measurement, advice.unmeasured),
      alternatives: advice.alternatives.map((alt) => costOf(alt.id, alt.measurement, alt.unmeasured)),
      options: advice.options.map((opt) => costOf(opt.id, opt.measurement, opt.unmeasured)),
    },
  };
}

function priceOf(
  id: RecommendationId,
  measurement: Measurement | null,
  unmeasured: string | null,
  rows: CostRow[],
  unit: WorkUnit,
): Cost {
  const matching = rows.filter(
    (row) => row.id === id && (row.workload === undefined || row.workload === measurement?.workload),
  );
  const row = COST_SOURCE_KINDS.map((kind) => matching.find((r) => r.source.kind === kind)).find((r) => r);
  if (!row) {
    const missing = missingText(measurement, unmeasured);
    return {
      id,
      measurement,
      perSyncNs: null,
      ciLowNs: null,
      ciHighNs: null,
      perWork: null,
      clusterSize: null,
      label: null,
      source: null,
      sourceLabel: null,
      missing,
      schedule: null,
      otherSchedules: [],
    };
  }
  const ciLowNs = row.ciLowNs ?? null;
  const ciHighNs = row.ciHighNs ?? null;
  return {
    id,
    measurement,
    perSyncNs: row.perSyncNs,
    ciLowNs,
    ciHighNs,
    perWork: perWorkOf(row.workload ?? measurement?.workload ?? null, unit, row.perSyncNs, ciLowNs, ciHighNs),
    clusterSize: row.clusterSize ?? null,
    label: row.label,
    source: row.source,
    sourceLabel: sourceLabel(row.source),
    missing: null,
    schedule: row.schedule ?? null,
    otherSchedules: row.otherSchedules ?? [],
  };
}

/** A price in the unit of work (work-units.ts); null when the workload is not known (a row without one). */
function perWorkOf(
  workload: string | null,
  unit: WorkUnit,
  ns: number,
  ciLowNs: number | null,
  ciHighNs: number | null,
): PerWork | null {
  if (workload === null) return null;
  const { factor, basis } = conversionOf(workload);
  const times = (v: number | null) => (v === null ? null : v * factor);
  return { unit, ns: ns * factor, ciLowNs: times(ciLowNs), ciHighNs: times(ciHighNs), factor, basis };
}
