/**
 * The library's summaries of results and the matching of a listing query (browser-safe logic, no file access).
 */
import type { ResultQuery, ResultSummary } from '../../contract/index';
import { LibraryError } from './errors';
import type { ResultFile } from '../../model/results/schema';

/**
 * The library's summary of a result. `ratios` maps each headline ratio's name to its value; when two ratios share a
 * name, the per-sync one wins.
 */
export function summarizeResult(result: ResultFile, reference: boolean): ResultSummary {
  return summarizeFields(result, result.points.length, reference);
}

/** summarizeResult from a result's fields other than its points, and how many points it has. */
export function summarizeFields(
  result: Omit<ResultFile, 'points'>,
  pointCount: number,
  reference: boolean,
): ResultSummary {
  const ratios: Record<string, number> = {};
  for (const r of [...result.ratios].sort(
    (a, b) => Number(a.basis === 'perSyncNs') - Number(b.basis === 'perSyncNs'),
  )) {
    ratios[r.name] = r.value;
  }
  return {
    id: result.id,
    name: result.name,
    mode: result.plan.mode,
    deviceName: result.provenance.device?.name ?? null,
    createdAt: result.createdAt,
    status: result.status,
    points: pointCount,
    sourceKind: result.source.kind,
    reference,
    ratios,
  };
}

/**
 * A predicate for `query`: `text` matches name, id, mode or device (case-insensitive substring); `mode` is exact;
 * `device` is a case-insensitive substring of the device name; `from`/`to` bound `createdAt` (ISO dates; a
 * date-only `to` includes that whole day, UTC).
 * @throws LibraryError INVALID when `from` or `to` is not a date.
 */
export function queryMatcher(query: ResultQuery): (summary: ResultSummary) => boolean {
  const text = query.text?.trim().toLowerCase() ?? '';
  const device = query.device?.trim().toLowerCase() ?? '';
  const from = query.from ? dateOf('from', query.from) : null;
  const to = query.to
    ? dateOf('to', query.to) + (/^\d{4}-\d{2}-\d{2}$/.test(query.to) ? 86_399_999 : 0)
    : null;
  return (s) => {
    const created = Date.parse(s.createdAt);
    return (
      (text === '' ||
        [s.name, s.id, s.mode, s.deviceName ?? ''].some((f) => f.toLowerCase().includes(text))) &&
      (!query.mode || s.mode === query.mode) &&
      (device === '' || (s.deviceName ?? '').toLowerCase().includes(device)) &&
      (from === null || created >= from) &&
      (to === null || created <= to)
    );
  };
}

function dateOf(field: 'from' | 'to', value: string): number {
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw new LibraryError(
      'INVALID',
      `${field}: expected a date such as 2025-01-31 or 2025-01-31T12:00:00Z, got "${value}".`,
    );
  }
  return time;
}
