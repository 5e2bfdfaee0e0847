/**
 * Costs of a recommendation and of its alternatives (or of the options of a "not possible" outcome), from numbers the caller supplies (the latest measurement on
 * this GPU, or a reference dataset when there is none). This module invents no number: a choice without a matching
 * row gets `perSyncNs: null` and says what to run. Which measurement prices which recommendation is data in the
 * decision table (`recommendations[].measure`), carried by the advice.
 */
import { z } from 'zod';

import { missingText, sourceText } from './advice-prose';
import { DecideError, issueLines } from './errors';
import { RECOMMENDATION_IDS, type Advice, type Measurement, type RecommendationId } from './types';

export const COST_SOURCE_KINDS = ['measured', 'reference', 'published'] as const;

/** The host scheduling flags a host wait can be priced at (modes/host-completion.ts), `auto` included. */
export const HOST_SCHEDULES = ['auto', 'spin', 'yield', 'blocking-sync'] as const;
export type HostSchedule = (typeof HOST_SCHEDULES)[number];

const SourceSchema = z.strictObject({
  kind: z.enum(COST_SOURCE_KINDS),
  /** measured: "<device> <date>"; reference / published: the dataset or publication. */
  where: z.string().min(1),
});

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

export interface Cost {
  id: RecommendationId;
  measurement: Measurement | null;
  perSyncNs: number | null;
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
  /** `recommendation` is null for a not-possible outcome, whose `options` are priced instead. */
  costs: { recommendation: Cost | null; alternatives: Cost[]; options: Cost[] };
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
  return {
    ...advice,
    costs: {
      recommendation:
        advice.recommendation === null
          ? null
          : costOf(advice.recommendation, advice.measurement, advice.unmeasured, valid),
      alternatives: advice.alternatives.map((alt) => costOf(alt.id, alt.measurement, alt.unmeasured, valid)),
      options: advice.options.map((opt) => costOf(opt.id, opt.measurement, opt.unmeasured, valid)),
    },
  };
}

function costOf(
  id: RecommendationId,
  measurement: Measurement | null,
  unmeasured: string | null,
  rows: CostRow[],
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
      label: null,
      source: null,
      sourceLabel: null,
      missing,
      schedule: null,
      otherSchedules: [],
    };
  }
  return {
    id,
    measurement,
    perSyncNs: row.perSyncNs,
    label: row.label,
    source: row.source,
    sourceLabel: sourceLabel(row.source),
    missing: null,
    schedule: row.schedule ?? null,
    otherSchedules: row.otherSchedules ?? [],
  };
}
