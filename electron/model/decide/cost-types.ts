/**
 * The shapes of prices: the rows a caller supplies (validated with zod) and the costs attached to an advice
 * (costs.ts). Types only and their schemas, no logic, so that the prose (advice-prose.ts), the price texts and the
 * Markdown can name them without importing costs.ts, which imports the prose.
 */
import { z } from 'zod';

import { SourceSchema } from './cost-source';
import { RECOMMENDATION_IDS, type Advice, type Measurement, type RecommendationId } from './types';
import type { ConversionBasis, WorkUnit } from './work-units';

/** The host scheduling flags a host wait can be priced at (modes/host-completion.ts), `auto` included. */
export const HOST_SCHEDULES = ['auto', 'spin', 'yield', 'blocking-sync'] as const;
export type HostSchedule = (typeof HOST_SCHEDULES)[number];

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
