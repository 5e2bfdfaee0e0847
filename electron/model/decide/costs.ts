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
import { CostRowSchema, type AdviceWithCosts, type Cost, type CostRow, type PerWork } from './cost-types';
import { COST_SOURCE_KINDS } from './cost-source';
import { DecideError, issueLines } from './errors';
import type { Advice, Measurement, RecommendationId } from './types';
import { conversionOf, workUnitOf, type WorkUnit } from './work-units';

// The shapes callers name together with attachCosts (the shell's pricing, the renderer's tables).
export {
  HOST_SCHEDULES,
  type AdviceWithCosts,
  type Cost,
  type CostRow,
  type HostSchedule,
  type ScheduleCost,
} from './cost-types';

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
