/**
 * Prices advice with numbers from the results library: for the recommendation and each alternative that names a
 * measurement (mode + workload + param), the newest result that measured it — one measured on this machine first,
 * else a shipped reference dataset, else a published one — gives a cost row for `attachCosts`. Nothing is
 * invented: a choice with no matching point gets no row (the engine then says what to run).
 */
import type { ResultSummary } from '../../contract';
import type { CostRow } from '../decide/costs';
import type { Advice, Measurement, RecommendationId } from '../decide/types';
import type { Point } from '../results/schema';
import type { ResultsStore } from './ports';

type Kind = CostRow['source']['kind'];

function kindOf(summary: ResultSummary): Kind {
  if (summary.sourceKind === 'published') return 'published';
  return summary.reference ? 'reference' : 'measured';
}

const PREFERENCE: readonly Kind[] = ['measured', 'reference', 'published'];

function matches(point: Point, m: Measurement): boolean {
  return (
    point.workload === m.workload &&
    (m.param === null || point.param === m.param) &&
    !point.incorrect &&
    point.perSyncNs !== null &&
    point.perSyncNs.median >= 0
  );
}

function where(summary: ResultSummary): string {
  if (kindOf(summary) !== 'measured') return summary.name;
  return `${summary.deviceName ?? 'this machine'} ${summary.createdAt.slice(0, 10)}`;
}

/** Cost rows for the advice's recommendation and alternatives, from the library (newest result of each kind). */
export async function costRowsFromLibrary(advice: Advice, library: ResultsStore): Promise<CostRow[]> {
  const wanted: Array<{ id: RecommendationId; m: Measurement }> = [];
  if (advice.measurement) wanted.push({ id: advice.recommendation, m: advice.measurement });
  for (const alt of advice.alternatives) if (alt.measurement) wanted.push({ id: alt.id, m: alt.measurement });
  const rows: CostRow[] = [];
  const byMode = new Map<string, ResultSummary[]>();
  for (const { id, m } of wanted) {
    if (!byMode.has(m.mode)) byMode.set(m.mode, await library.list({ mode: m.mode }));
    const candidates = byMode
      .get(m.mode)!
      .filter((s) => s.status !== 'failed' || s.points > 0)
      .sort(
        (a, b) =>
          PREFERENCE.indexOf(kindOf(a)) - PREFERENCE.indexOf(kindOf(b)) ||
          b.createdAt.localeCompare(a.createdAt),
      );
    for (const summary of candidates) {
      const point = (await library.get(summary.id)).points.find((p) => matches(p, m));
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
